/**
 * Trace builders (CONTRACT.md §7) for executors that keep trajectory steps
 * rather than a session tracer: a session rebuilt from the steps (the
 * fallback the server uses when an executor recorded nothing), the v3
 * envelope the eval CLI requires, and the compact summary.
 */
import { randomUUID } from "node:crypto";
import { CompactTrace, FullTrace, TraceEnvelopeV3 } from "../schemas/trace.js";
import type { RolloutMetrics, RolloutStepInput } from "../schemas/rollout.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createSessionTracer } from "../tracing/tracer.js";
import type { RewardLog } from "./rewards.js";

/** Inputs of `buildSessionTrace`. */
export interface SessionTraceInput {
  sessionId?: string;
  steps: readonly RolloutStepInput[];
  rewards?: RewardLog;
  metadata?: Record<string, unknown>;
  /** Clock for timestamps; defaults to now. */
  now?: () => Date;
}

/**
 * Rebuilds a session from trajectory steps: one turn per step, with a `user`
 * message holding the observation, a `tool_use` message for its tool calls,
 * and an environment event with the step's reward and end flags. Event
 * rewards of the log are credited to the environment event of their turn.
 * Prefer recording with `ctx.tracer`: this knows nothing of model calls.
 */
export function buildSessionTrace(input: SessionTraceInput): SessionTraceV3 {
  const tracer = createSessionTracer({
    ...(input.sessionId ? { sessionId: input.sessionId } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
    ...(input.now ? { now: input.now } : {}),
  });
  const envEvents: string[] = [];
  input.steps.forEach((step, index) => {
    tracer.startTurn({ turnNumber: index, metadata: step.info ?? {} });
    tracer.recordMessage({ type: "user", json: step.obs ?? {} });
    if (step.tool_calls?.length) tracer.recordMessage({ type: "tool_use", json: step.tool_calls });
    envEvents.push(tracer.recordEnvironmentEvent({ reward: step.reward ?? 0, terminated: step.done ?? false, truncated: step.truncated ?? false }));
    tracer.finishTurn();
  });
  for (const r of input.rewards?.eventRewards ?? []) {
    const eventId = envEvents[r.turn];
    if (eventId) tracer.recordEventReward({ eventId, turnNumber: r.turn, rewardValue: r.value, rewardType: r.type, source: r.source, annotation: r.meta ?? null });
  }
  return tracer.toSessionTrace();
}

/** Wraps a SessionTrace in the v3 envelope with the run's summary numbers. */
export function buildTraceEnvelope(input: {
  runId: string;
  policyId?: string | null;
  sessionTrace: FullTrace;
  metrics: RolloutMetrics;
}): TraceEnvelopeV3 {
  return TraceEnvelopeV3.parse({
    version: 3,
    session_trace: input.sessionTrace,
    run_id: input.runId,
    policy_id: input.policyId ?? null,
    reward: input.metrics.episode_returns.reduce((a, b) => a + b, 0),
    episode_returns: input.metrics.episode_returns,
    mean_return: input.metrics.mean_return,
    num_steps: input.metrics.num_steps,
  });
}

/** Builds a compact trace: session id, counts, per-turn rewards and metadata. */
export function buildCompactTrace(input: {
  sessionId?: string;
  steps: readonly RolloutStepInput[];
  rewards?: RewardLog;
  metadata?: Record<string, unknown>;
}): CompactTrace {
  const byTurn = input.rewards?.rewardsByTurn() ?? input.steps.map((s) => s.reward ?? 0);
  return CompactTrace.parse({
    session_id: input.sessionId ?? randomUUID(),
    created_at: new Date().toISOString(),
    metadata: input.metadata ?? {},
    events_count: input.steps.length + (input.rewards?.eventRewards.length ?? 0),
    messages_count: input.steps.length * 2,
    decision_rewards: byTurn,
  });
}
