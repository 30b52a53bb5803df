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

/** Registers the starter of a declaration (called by `defineEnvironment`). */
export function registerEpisodeStarter(env: AnyEnvironment, starter: EpisodeStarter): void {
  starters.set(env, starter);
}

/** The starter of a declaration made by `defineEnvironment`, else undefined. */
export function findEpisodeStarter(env: object): EpisodeStarter | undefined {
  return starters.get(env);
}
