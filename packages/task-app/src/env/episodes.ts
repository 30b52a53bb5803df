/**
 * How an episode of a declared environment starts outside the agent loop:
 * `defineEnvironment` registers, for its declaration, the same `start` its
 * rollouts use (the config read with the environment's schema, the dataset
 * loaded once, `reset` called) and what the trace keeps of a state. The
 * OpenEnv wire and synth-ai's env lifecycle (src/openenv/) read them here.
 */
import type { AnyEnvironment } from "./loop.js";

/** An episode's start and the state's record, as the environment's rollouts make them. */
export interface EpisodeStarter {
  /** Reads `config` with the environment's schema (RolloutRequestError when it refuses) and resets at `seed`. */
  start(seed: number, config: unknown): Promise<{ config: unknown; state: unknown }>;
  /** What the trajectory keeps of a state. */
  record(state: unknown): Record<string, unknown>;
}

const starters = new WeakMap<object, EpisodeStarter>();

/**
 * The property a declaration also carries its starter under: a registered
 * symbol (`Symbol.for`, the same in every copy of task-app), so a server
 * from another copy than the app's own (a global `task-app` serving a
 * project's app, two versions installed side by side) finds it too, where
 * this module's map is another copy's.
 */
const STARTER = Symbol.for("task-app.episode-starter");

/** Registers the starter of a declaration (called by `defineEnvironment`); a frozen declaration is found by this copy only. */
export function registerEpisodeStarter(env: AnyEnvironment, starter: EpisodeStarter): void {
  starters.set(env, starter);
  if (Object.isExtensible(env)) Object.defineProperty(env, STARTER, { value: starter, configurable: true });
}

/** The starter of a declaration made by `defineEnvironment` (this copy of task-app's, or another's), else undefined. */
export function findEpisodeStarter(env: object): EpisodeStarter | undefined {
  const own = starters.get(env);
  if (own) return own;
  const other = (env as { [STARTER]?: Partial<EpisodeStarter> })[STARTER];
  return typeof other?.start === "function" && typeof other.record === "function" ? (other as EpisodeStarter) : undefined;
}
