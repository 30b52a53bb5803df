/**
 * Trace builders (CONTRACT.md §7): a SessionTrace from trajectory steps and
 * rewards, the v3 envelope the eval CLI requires, and the compact summary.
 */
import { randomUUID } from "node:crypto";
import { CompactTrace, FullTrace, TraceEnvelopeV3 } from "../schemas/trace.js";
import type { RolloutMetrics, RolloutStepInput } from "../schemas/rollout.js";
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
 * Builds a full SessionTrace: one time step per trajectory step, with an
 * observation message, an action message for its tool calls, and an
 * environment event carrying the step's reward and end flags. Event rewards
 * become events of their turn.
 */
export function buildSessionTrace(input: SessionTraceInput): FullTrace {
  const now = input.now ?? (() => new Date());
  const created = now().toISOString();
  const events: Record<string, unknown>[] = [];
  const messages: Record<string, unknown>[] = [];
  const steps = input.steps.map((step, index) => {
    const timestamp = now().toISOString();
    const stepEvents: Record<string, unknown>[] = [
      {
        system_instance_id: "environment",
        time_record: { event_time: timestamp },
        reward: step.reward ?? null,
        terminated: step.done ?? false,
        truncated: step.truncated ?? false,
        metadata: { step_index: index },
      },
      ...(input.rewards?.eventRewards ?? [])
        .filter((r) => r.turn === index)
        .map((r) => ({ system_instance_id: r.source, time_record: { event_time: timestamp }, reward: r.value, metadata: { type: r.type, ...r.meta } })),
    ];
    const stepMessages = [
      { content: { json_payload: JSON.stringify(step.obs) }, message_type: "observation", time_record: { message_time: timestamp }, metadata: {} },
      { content: { json_payload: JSON.stringify(step.tool_calls) }, message_type: "action", time_record: { message_time: timestamp }, metadata: {} },
    ];
    events.push(...stepEvents);
    messages.push(...stepMessages);
    return {
      step_id: `step_${index}`,
      step_index: index,
      timestamp,
      turn_number: index,
      events: stepEvents,
      markov_blanket_messages: stepMessages,
      step_metadata: step.info ?? {},
    };
  });
  return FullTrace.parse({
    session_id: input.sessionId ?? randomUUID(),
    created_at: created,
    session_time_steps: steps,
    event_history: events,
    markov_blanket_message_history: messages,
    metadata: input.metadata ?? {},
    session_metadata: [],
  });
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
