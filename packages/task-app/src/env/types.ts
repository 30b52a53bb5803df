/**
 * What a user writes to declare an environment (`defineEnvironment`): the
 * types that carry the state from `reset` into `observe` and every tool's
 * `run`, and each tool's arguments from its Zod schema into `run`.
 */
import type { z } from "zod";
import type { TaskDatasetRegistry } from "../runtime/datasets.js";
import type { TaskDatasetSpec } from "../schemas/dataset.js";
import type { PolicyConfig } from "../schemas/policy-config.js";
import type { TaskInfoInput } from "../schemas/task-info.js";
import type { ContentPart } from "./chat.js";

type Awaitable<T> = T | Promise<T>;

/**
 * A Zod schema, as an environment's config and tool arguments are declared with (any Zod 4 schema:
 * `z` from task-app, from zod itself, or zod/mini). The constraint is Zod's core type rather than
 * `z.ZodType`: checking a schema against `z.ZodType` compares every method of Zod's classic API,
 * about 1.4 s of the type checker's time for each tool of an environment (a project's `tsc` and its
 * editor's every keystroke), against a tenth of that for the core type.
 */
export type Schema = z.core.$ZodType;

/** The next user message: text, or content parts (text and images) for a vision policy. */
export type Observation = string | ContentPart[];

/** What `reset` is given: the seed, the typed `env.config`, the dataset's data and the policy's config. */
export interface EnvironmentTask<Config, Data> {
  seed: number;
  config: Config;
  /** What the dataset's `load` returned (cached across rollouts); undefined without a dataset. */
  data: Data;
  /** Every dataset the environment declares, by id (`await task.datasets.get(id)`). */
  datasets: TaskDatasetRegistry;
  policy: PolicyConfig;
}

/** Where a tool runs: the turn (0-based), whether it is the episode's last, and the episode's config. */
export interface ToolContext<Config> {
  turn: number;
  lastTurn: boolean;
  config: Config;
  signal: AbortSignal;
}

/** What a tool's `run` returns. Every field may be left out: the state stays, the result is `null`, the reward 0, the episode goes on. */
export interface ToolOutcome<State> {
  /** The next state (the state is replaced, never merged). */
  state?: State;
  /** What the model reads back as the tool message (JSON, or text). */
  result?: unknown;
  /** This call's step reward. */
  reward?: number;
  /** The episode ends after this turn. */
  done?: boolean;
  /** Extra facts for the trajectory step's `info`. */
  info?: Record<string, unknown>;
  /** Rewards credited to this call's environment event in the trace, by key (an achievement, a milestone): `{ key, value, type? }`. */
  eventRewards?: readonly { key: string; value: number; type?: string }[];
}

/** One tool: what the model reads, the Zod schema of its arguments, and what a call does. */
export interface ToolDefinition<State, Args extends Schema, Config> {
  description: string;
  args: Args;
  run(args: z.output<Args>, state: State, ctx: ToolContext<Config>): Awaitable<ToolOutcome<State>>;
}

/** One call the policy made in a turn, as the turn's scorers see it. */
export type TurnCall =
  | { ok: true; tool: string; args: unknown; result: unknown; reward: number }
  | { ok: false; tool: string; error: string; code: "unknown_tool" | "malformed_arguments" | "invalid_arguments" | "not_run" };

/** A finished turn: the states around it, its calls and the text the model wrote. */
export interface TurnRecord<State> {
  turn: number;
  before: State;
  after: State;
  calls: readonly TurnCall[];
  text: string | null;
  reward: number;
}

/** A whole episode, for the outcome and details. */
export interface EpisodeRecord<State> {
  turns: readonly TurnRecord<State>[];
  /** The sum of the step rewards. */
  return: number;
}

/** The scripted policy's move: call tools (each as `{tool, args}`), or answer in text. */
export type ScriptedMove<Tools extends Record<string, Schema>> = { [K in keyof Tools & string]: { tool: K; args: z.input<Tools[K]> } }[keyof Tools & string];

/**
 * Everything `defineEnvironment` takes. The state's type is what `reset` returns: every other use is
 * `NoInfer`, so a mistake elsewhere is reported where it is, not turned into an `unknown` state.
 * `reset` makes the state; a tool's `run` and `onText` may change it (in
 * place, or by returning a new one); every other function (`observe`, `record`, `stop`, `scripted`,
 * `scoreTurn`, `outcome`, …) only reads it: the loop shows a state once, however often it is read.
 */
export interface EnvironmentDefinition<State, Config extends Schema, Tools extends Record<string, Schema>, Data> {
  appId: string;
  name: string;
  description?: string;
  /** The dataset rollouts draw from: its spec (advertised on /info and /task_info) and how to load it (once, cached); `reset` gets its data. */
  dataset?: { spec: TaskDatasetSpec; load: () => Awaitable<Data> };
  /** More datasets, advertised beside it; `reset` reaches them by id through `task.datasets`. */
  datasets?: readonly { spec: TaskDatasetSpec; load: () => unknown }[];
  /** The Zod schema of `env.config`; a request whose config it refuses gets 422 naming the key. Default: an object allowing anything. */
  config?: Config;
  system: string;
  reset(task: EnvironmentTask<z.output<Config>, Data>): Awaitable<State>;
  observe(state: NoInfer<State>): Observation;
  tools: { [K in keyof Tools]: ToolDefinition<NoInfer<State>, Tools[K], z.output<Config>> };
  /** Most turns an episode takes. Default 10, or `policy.config.max_llm_calls` when given. */
  maxTurns?: number | ((config: z.output<Config>, policy: PolicyConfig) => number);
  /** Ends the episode after a turn (a tool's `done` ends it too). */
  stop?(state: NoInfer<State>): boolean;
  /** More than one tool call in one answer: run them in order (true), or run the first and tell the model the rest were not (false, the default). */
  parallelToolCalls?: boolean;
  /** How the model is asked to use the tools: `required` (the default) or `auto`. `policy.config.use_tools = false` sends none. */
  toolChoice?: "required" | "auto";
  /** Keep only the last N finished turns of the conversation in each request (0: the system prompt and the current observation alone). Default: all. */
  historyTurns?: number;
  /** A model answer with no tool call. Default: nothing changes and the turn earns 0. */
  onText?(text: string, state: NoInfer<State>, ctx: ToolContext<z.output<Config>>): Awaitable<ToolOutcome<NoInfer<State>>>;
  /** The policy used when a rollout names no inference server: offline, for demos and tests. */
  scripted?(state: NoInfer<State>, turn: number): ScriptedMove<NoInfer<Tools>> | ScriptedMove<NoInfer<Tools>>[] | string;
  /** Per-turn scores by criterion id, scored by the `events` rubric. */
  scoreTurn?(turn: TurnRecord<NoInfer<State>>): Record<string, number>;
  /** Outcome facts by criterion id, scored by every rubric but `events`. */
  outcome?(state: NoInfer<State>, episode: EpisodeRecord<NoInfer<State>>): Record<string, number>;
  /**
   * The rubrics: a folder (`new URL("../rubrics/", import.meta.url)`) whose every JSON, TOML or
   * YAML file is a rubric bundle part named by its base name (`outcome`, `events`), or files by
   * name. A relative path is read from the working folder.
   */
  rubrics?: Record<string, string | URL> | string | URL;
  /** What the trajectory keeps of a state (each step's `obs`, the final observation). Default: the observation's text. */
  record?(state: NoInfer<State>): Record<string, unknown>;
  /** Extra facts for the metrics' `details`. */
  details?(state: NoInfer<State>, episode: EpisodeRecord<NoInfer<State>>): Record<string, unknown>;
  /** Achievements unlocked, counted by the outcome reward in the trace. */
  achievements?(state: NoInfer<State>): readonly string[];
  /** Fields of `/task_info` to add or replace (the rest is built from the declaration). */
  taskInfo?: Partial<TaskInfoInput>;
  /** Most seconds a rollout may take (`limits.max_time_s`). Default 600. */
  maxTimeS?: number;
}
