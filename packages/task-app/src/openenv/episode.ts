/**
 * A session's episode driven by a trainer: reset, one action stepped through
 * the same `stepTool` the agent loop calls, and the shapes OpenEnv's wire
 * reads. The action is one tagged object, `{tool, args}`: the tool's
 * arguments sit under `args`, never beside `tool`, so an argument named
 * `tool` cannot collide with the tag and each variant's `args` is the tool's
 * own JSON Schema, unchanged.
 */
import { randomUUID } from "node:crypto";
import { z } from "../zod.js";
import { findEpisodeStarter, type EpisodeStarter } from "../env/episodes.js";
import type { AnyEnvironment } from "../env/loop.js";
import { stepTool, type StepRecorder, type StepResult } from "../env/step.js";
import { isThenable } from "../maybe-async.js";
import { RolloutRequestError } from "../runtime/request-error.js";
import { argumentsSchema } from "../env/tools.js";
import type { Observation, ToolContext } from "../env/types.js";
import type { Session } from "./sessions.js";
import { finishEpisodeTrace, startEpisodeTrace, traceTrainerAction, type EpisodeTrace, type EpisodeTracing } from "./trace.js";

/** A problem a trainer caused (the session goes on): OpenEnv's error codes. */
export class OpenEnvError extends Error {
  override name = "OpenEnvError";
  constructor(
    readonly code: "INVALID_JSON" | "UNKNOWN_TYPE" | "VALIDATION_ERROR" | "EXECUTION_ERROR" | "CAPACITY_REACHED",
    message: string,
  ) {
    super(message);
  }
}

/** What a reset or a step answers: the observation (as `observe` returns it, with its metadata), the reward and done. */
export interface StepReply {
  observation: { observation: Observation; metadata: Record<string, unknown> };
  reward: number | null;
  done: boolean;
}

/** The starter of an environment app's declaration. */
export function requireStarter(env: AnyEnvironment): EpisodeStarter {
  const starter = findEpisodeStarter(env);
  if (!starter) throw new Error("this environment was not made by defineEnvironment");
  return starter;
}

/** Starts a new episode in `session` (its state replaced, the episode it leaves traced) and answers its first observation. */
export async function resetSession(env: AnyEnvironment, session: Session, data: Record<string, unknown>, tracing?: EpisodeTracing): Promise<StepReply> {
  const seed = data.seed ?? 0;
  if (typeof seed !== "number" || !Number.isInteger(seed)) throw new OpenEnvError("VALIDATION_ERROR", "seed must be an integer");
  if (data.episode_id !== undefined && typeof data.episode_id !== "string") throw new OpenEnvError("VALIDATION_ERROR", "episode_id must be a string");
  let started: { config: unknown; state: unknown };
  try {
    started = await requireStarter(env).start(seed, data.config ?? {});
  } catch (error) {
    if (error instanceof RolloutRequestError) throw new OpenEnvError("VALIDATION_ERROR", error.message);
    throw new OpenEnvError("EXECUTION_ERROR", `reset failed: ${(error as Error)?.message ?? String(error)}`);
  }
  await finishEpisodeTrace(tracing, session, "reset");
  Object.assign(session, { state: started.state, config: started.config, episodeId: (data.episode_id as string | undefined) ?? randomUUID(), stepCount: 0, done: false });
  if (tracing && session.wire) session.trace = startEpisodeTrace(tracing, session, seed);
  return { observation: { observation: env.observe(session.state), metadata: { seed } }, reward: null, done: false };
}

/**
 * Reads an action against the tools (VALIDATION_ERROR when it is not one), steps it (traced when
 * the session is) and answers the next observation. The reply comes at once when the tool answers
 * at once and no trace is to be stored (a promise otherwise), as `stepTool`'s does: a trainer's
 * step costs no microtask turns it does not need. A problem is thrown (or rejected) as an OpenEnvError.
 */
export function stepSession(env: AnyEnvironment, session: Session, action: unknown, signal: AbortSignal | (() => AbortSignal), tracing?: EpisodeTracing): StepReply | Promise<StepReply> {
  if (session.episodeId === null) throw new OpenEnvError("VALIDATION_ERROR", "no episode: send reset first");
  if (session.done) throw new OpenEnvError("VALIDATION_ERROR", "the episode is done: send reset to start another");
  const { tool, args } = readAction(env, action);
  const maxTurns = typeof env.maxTurns === "function" ? env.maxTurns(session.config, {}) : (env.maxTurns ?? 10);
  const lastTurn = session.stepCount >= maxTurns - 1;
  const ctx: ToolContext<unknown> = typeof signal === "function" ? new StepContext(session.stepCount, lastTurn, session.config, signal) : { turn: session.stepCount, lastTurn, config: session.config, signal };
  const id = `step_${session.stepCount}`;
  const trace = session.trace;
  if (trace) traceTrainerAction(trace, env.observe(session.state), { id, type: "function", function: { name: tool, arguments: JSON.stringify(args) } });
  let pending: StepResult<unknown> | Promise<StepResult<unknown>>;
  try {
    // The action's arguments go to the tool's schema as they came (no JSON round trip); the state is recorded only when traced.
    pending = stepTool(env, session.state, { id, tool, args }, ctx, trace ? { tracer: trace.tracer, record: requireStarter(env).record, noToolMessage: true } : UNTRACED);
  } catch (error) {
    throw toolFailed(trace, tool, error);
  }
  if (!isThenable(pending)) return applyStep(env, session, trace, tool, pending, maxTurns, tracing);
  return Promise.resolve(pending).then(
    (stepped) => applyStep(env, session, trace, tool, stepped, maxTurns, tracing),
    (error) => {
      throw toolFailed(trace, tool, error);
    },
  );
}

/** The turn the step opened in its trace closed, and the tool's failure as an OpenEnvError. */
function toolFailed(trace: EpisodeTrace | null, tool: string, error: unknown): OpenEnvError {
  trace?.tracer.finishTurn();
  return new OpenEnvError("EXECUTION_ERROR", `${tool} failed: ${(error as Error)?.message ?? String(error)}`);
}

/** How an untraced step is recorded: not at all (`record` is read only with a tracer). */
const UNTRACED: StepRecorder = Object.freeze({ tracer: null, record: () => ({}), noToolMessage: true });

/**
 * A step's tool context whose signal is made when the tool first reads it: an AbortSignal costs
 * about 2 µs to make, and most tools never read it (a step over HTTP would otherwise make one
 * for each request).
 */
class StepContext implements ToolContext<unknown> {
  readonly #signalOf: () => AbortSignal;
  constructor(
    readonly turn: number,
    readonly lastTurn: boolean,
    readonly config: unknown,
    signalOf: () => AbortSignal,
  ) {
    this.#signalOf = signalOf;
  }
  get signal(): AbortSignal {
    return this.#signalOf();
  }
}

/** A stepped call applied to the session (the turn it opened in `trace` closed first): its next state, count and end (the episode's trace stored when it ended), and the reply. */
function applyStep(env: AnyEnvironment, session: Session, trace: EpisodeTrace | null, tool: string, stepped: StepResult<unknown>, maxTurns: number, tracing: EpisodeTracing | undefined): StepReply | Promise<StepReply> {
  trace?.tracer.finishTurn();
  if (!stepped.ok) throw new OpenEnvError("VALIDATION_ERROR", stepped.problem.message);
  session.state = stepped.state;
  session.stepCount++;
  session.done = stepped.done || env.stop?.(session.state) === true || session.stepCount >= maxTurns;
  if (session.trace) session.trace.episodeReturn += stepped.reward;
  const metadata: Record<string, unknown> = { tool, result: stepped.result, info: stepped.info };
  if (session.done && !stepped.done) metadata.truncated = true;
  // An ended episode's trace goes to the store first (nothing to wait for when the session is not traced).
  if (session.done && session.trace) return finishEpisodeTrace(tracing, session, stepped.done ? "done" : "truncated").then(() => replyOf(env, session, stepped.reward, metadata));
  return replyOf(env, session, stepped.reward, metadata);
}

function replyOf(env: AnyEnvironment, session: Session, reward: number, metadata: Record<string, unknown>): StepReply {
  return { observation: { observation: env.observe(session.state), metadata }, reward, done: session.done };
}

/** The session's state as OpenEnv reads it. */
export function describeState(session: Session | null): Record<string, unknown> {
  return { episode_id: session?.episodeId ?? null, step_count: session?.stepCount ?? 0, done: session?.done ?? false };
}

/** Reads `{tool, args}`: the tool must be declared and `args` an object (its schema is checked when it runs). */
export function readAction(env: AnyEnvironment, action: unknown): { tool: string; args: Record<string, unknown> } {
  if (typeof action !== "object" || action === null || Array.isArray(action)) throw new OpenEnvError("VALIDATION_ERROR", 'the action must be an object {"tool": name, "args": {...}}');
  const { tool, args = {} } = action as { tool?: unknown; args?: unknown };
  if (typeof tool !== "string" || !Object.hasOwn(env.tools, tool)) throw new OpenEnvError("VALIDATION_ERROR", `action.tool must be one of: ${Object.keys(env.tools).join(", ")}`);
  if (typeof args !== "object" || args === null || Array.isArray(args)) throw new OpenEnvError("VALIDATION_ERROR", "action.args must be an object");
  if (hasOtherKeys(action)) {
    const extra = Object.keys(action).filter((k) => k !== "tool" && k !== "args");
    throw new OpenEnvError("VALIDATION_ERROR", `unknown action keys: ${extra.join(", ")} (the tool's arguments go under "args")`);
  }
  return { tool, args: args as Record<string, unknown> };
}

/** Whether an object has an own enumerable key other than `tool` and `args` (no array made: a step reads every action). */
function hasOtherKeys(action: object): boolean {
  for (const key in action) if (key !== "tool" && key !== "args" && Object.hasOwn(action, key)) return true;
  return false;
}

/** The JSON Schemas of the action (one variant per tool), the observation and the state. */
export function describeSchemas(env: AnyEnvironment): Record<string, unknown> {
  const variants = Object.entries(env.tools).map(([name, tool]) => ({
    type: "object",
    description: tool.description,
    properties: { tool: { const: name }, args: argumentsSchema(tool.args) },
    required: ["tool", "args"],
    additionalProperties: false,
  }));
  const observation = z.toJSONSchema(
    z.object({
      observation: z.union([z.string(), z.array(z.record(z.string(), z.unknown()))]),
      reward: z.number().nullable(),
      done: z.boolean(),
      metadata: z.record(z.string(), z.unknown()),
    }),
  );
  const state = z.toJSONSchema(z.object({ episode_id: z.string().nullable(), step_count: z.number().int(), done: z.boolean() }));
  return { action: { oneOf: variants }, observation, state };
}
