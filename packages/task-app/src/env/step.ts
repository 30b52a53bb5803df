/**
 * One step of a declared environment: one tool call checked against its Zod
 * schema, run, and its outcome applied to the state, with the environment
 * event and the tool result traced. The agent loop (loop.ts) calls it for
 * each call a model makes; the OpenEnv wire and synth-ai's env lifecycle
 * (src/openenv/) call it for each action a trainer sends. A bad call comes
 * back as its {@link ToolCallProblem}, never an exception.
 */
import type { SessionTracer } from "../tracing/tracer.js";
import type { ToolCall } from "./chat.js";
import { isThenable } from "../maybe-async.js";
import { checkToolArguments, checkToolCall, type ToolCallProblem } from "./tools.js";
import type { EnvironmentDefinition, Schema, ToolContext, ToolDefinition, ToolOutcome } from "./types.js";

type AnyDefinition = EnvironmentDefinition<any, Schema, Record<string, Schema>, any>;

/** Where a step is recorded: the session's tracer (null: not traced) and what the trace keeps of a state. */
export interface StepRecorder {
  tracer: Pick<SessionTracer, "recordEnvironmentEvent" | "recordEventReward" | "recordMessage"> | null;
  record: (state: unknown) => Record<string, unknown>;
  /** Told when user code that may change a state in place (a tool's `run`) has run. */
  changed?(): void;
  /** The caller sends no tool message (a trainer's step): the result is not serialised for one unless traced. */
  noToolMessage?: boolean;
}

/** An outcome applied: the next state, the reward (0 unless finite), whether it ends the episode, its info. */
export interface AppliedOutcome<State> {
  state: State;
  reward: number;
  done: boolean;
  info: Record<string, unknown>;
}

/** One call, stepped: what it did, or why it was not run. */
export type StepResult<State> =
  | ({ ok: true; id: string; tool: string; args: unknown; result: unknown; /** The result as the model's tool message says it: a string as it is, anything else as JSON ("" for a recorder with `noToolMessage`). */ content: string } & AppliedOutcome<State>)
  | { ok: false; id: string; tool: string; raw: string; problem: ToolCallProblem; state: State };

/**
 * Applies what a tool (or `onText`) returned to `state`, recording the
 * environment event (`recorded` is the state before, taken before the call
 * ran: a tool may change the state in place) and its event rewards.
 */
export function applyOutcome<State>(outcome: ToolOutcome<State> | undefined, state: State, recorded: Record<string, unknown>, metadata: Record<string, unknown> | null, lastTurn: boolean, recorder: StepRecorder): AppliedOutcome<State> {
  const reward = Number.isFinite(outcome?.reward) ? (outcome!.reward as number) : 0;
  const next = outcome && "state" in outcome ? (outcome.state as State) : state;
  const done = outcome?.done === true;
  if (recorder.tracer) {
    const eventId = recorder.tracer.recordEnvironmentEvent({ reward, terminated: done, truncated: !done && lastTurn, stateBefore: recorded, stateAfter: recorder.record(next), metadata: metadata ?? {}, unchanging: true });
    const credits = outcome?.eventRewards;
    if (credits)
      for (const credit of credits)
        recorder.tracer.recordEventReward({ eventId, rewardValue: credit.value, rewardType: credit.type ?? "environment", source: "environment", key: credit.key });
  }
  return { state: next, reward, done, info: outcome?.info ? { ...outcome.info } : {} };
}

/**
 * Checks one call against the environment's tools, runs it on `state` and applies its outcome; the
 * tool result (or the problem) is traced. The result comes at once when the tool answers at once
 * (a promise only for a tool that returns one): a step costs no microtask turns it does not need.
 * A tool that throws throws here (or rejects, when it returned a promise).
 */
export function stepTool<State>(env: AnyDefinition, state: State, call: ToolCall | ParsedCall, ctx: ToolContext<unknown>, recorder: StepRecorder): StepResult<State> | Promise<StepResult<State>> {
  const checked = "args" in call ? checkToolArguments(env.tools, call.id, call.tool, call.args) : checkToolCall(env.tools, call);
  if (!checked.ok) {
    recordProblem(recorder, checked);
    return { ...checked, state };
  }
  const tool = env.tools[checked.tool] as ToolDefinition<State, Schema, unknown>;
  // What the trace keeps of the state before, taken before the call runs (it may change the state in place); nothing when untraced.
  const recorded = recorder.tracer ? recorder.record(state) : NOT_RECORDED;
  const ran = tool.run(checked.args, state, ctx);
  // At once when the tool answered at once: no closure, no promise.
  if (!isThenable(ran)) return finishStep(ran, state, recorded, checked, ctx.lastTurn, recorder);
  return Promise.resolve(ran).then((outcome) => finishStep(outcome, state, recorded, checked, ctx.lastTurn, recorder));
}

/** A run call's outcome applied and its tool result traced. */
function finishStep<State>(outcome: ToolOutcome<State> | undefined | void, state: State, recorded: Record<string, unknown>, checked: { id: string; tool: string; args: unknown }, lastTurn: boolean, recorder: StepRecorder): StepResult<State> {
  const out = outcome ?? {};
  recorder.changed?.();
  const tracer = recorder.tracer;
  // The event's metadata only when it is traced.
  const applied = applyOutcome(out, state, recorded, tracer ? { tool: checked.tool, args: checked.args } : null, lastTurn, recorder);
  const result = out.result ?? null;
  // Serialised once, for the trace and for the model's tool message (a trainer's untraced step needs neither).
  const json = tracer || !recorder.noToolMessage ? JSON.stringify(result) : "";
  tracer?.recordMessage({ type: "tool_result", jsonText: json, metadata: { tool_call_id: checked.id, tool: checked.tool }, unchanging: true });
  const content = recorder.noToolMessage ? "" : typeof result === "string" ? result : json;
  return { ok: true, id: checked.id, tool: checked.tool, args: checked.args, result, content, state: applied.state, reward: applied.reward, done: applied.done, info: applied.info };
}

/** A call whose arguments are already parsed (a trainer's action), read as a model's call is. */
export interface ParsedCall {
  id: string;
  tool: string;
  args: unknown;
}

const NOT_RECORDED: Record<string, unknown> = Object.freeze({});

/** Traces a call that was not run, as its tool result. */
export function recordProblem(recorder: StepRecorder, call: { id: string; tool: string; raw: string; problem: ToolCallProblem }): void {
  recorder.tracer?.recordMessage({ type: "tool_result", json: { error: call.problem.message, code: call.problem.code }, metadata: { tool_call_id: call.id, tool: call.tool, error: true, arguments: call.raw }, unchanging: true });
}
