/**
 * Episodes a trainer steps, traced as rollouts are when the server traces
 * (`serve --trace`, `episodeSink`): one session per episode, with the session
 * tracer the rollouts use. Each step is a turn: the trainer's action is the
 * policy's event (an LM call of model `trainer`, the observation it acted on
 * as its input), and `stepTool` records the environment's event, its rewards
 * and the tool result as the agent loop does. The episode's return is its
 * outcome reward. An episode is handed to the sink when it is done, or when
 * it is left (a new reset, the session closed, terminated or idle too long).
 */
import type { Observation } from "../env/types.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createSessionTracer, type SessionTracer } from "../tracing/tracer.js";
import type { Session } from "./sessions.js";

/** Where traced episodes go. */
export interface EpisodeTracing {
  /** Stores a session (a trace store's sink); awaited when an episode ends on a step, so its reply finds it stored. */
  sink: (session: SessionTraceV3) => void | Promise<void>;
  appId: string;
  /** Logs a sink that failed (the episode goes on). */
  onError: (error: unknown, sessionId: string) => void;
}

/** Which wire a session came by: the OpenEnv WebSocket or synth-ai's env lifecycle. */
export type SessionWire = "openenv" | "env_lifecycle";

/** The open episode's tracer and return. */
export interface EpisodeTrace {
  tracer: SessionTracer;
  episodeReturn: number;
}

/** Opens the trace of the episode just reset in `session`. */
export function startEpisodeTrace(tracing: EpisodeTracing, session: Session, seed: number): EpisodeTrace {
  const metadata = { run_id: session.episodeId, app_id: tracing.appId, env_name: tracing.appId, env_id: session.id || undefined, seed, policy_name: "trainer", wire: session.wire, mode: "train" };
  return { tracer: createSessionTracer({ metadata: Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== undefined && v !== null)) }), episodeReturn: 0 };
}

/** Opens the step's turn and records the trainer's action as the policy's event. */
export function traceTrainerAction(trace: EpisodeTrace, observation: Observation, call: { id: string; type: "function"; function: { name: string; arguments: string } }): void {
  trace.tracer.startTurn();
  trace.tracer.recordLMCall({ model: "trainer", provider: "trainer", input: [{ role: "user", content: observation as never }], output: { role: "assistant", content: null, tool_calls: [call] } as never, latencyMs: 0 });
}

/**
 * Closes the episode's trace, if it has one with a step in it: its outcome
 * (the return, and how it ended) recorded, the session handed to the sink.
 * Never rejects.
 */
export async function finishEpisodeTrace(tracing: EpisodeTracing | undefined, session: Session, ended: "done" | "truncated" | "reset" | "closed"): Promise<void> {
  const trace = session.trace;
  session.trace = null;
  if (!tracing || !trace || session.stepCount === 0) return;
  const { tracer } = trace;
  tracer.finishTurn();
  tracer.recordOutcomeReward({ totalReward: trace.episodeReturn, totalSteps: session.stepCount, rewardMetadata: { episode_return: trace.episodeReturn, ended } });
  try {
    await tracing.sink(tracer.toSessionTrace());
  } catch (error) {
    tracing.onError(error, tracer.sessionId);
  }
}
