/**
 * The trace shapes of CONTRACT.md §7 rendered from a recorded session:
 * `compact` (a summary), `full` (the session itself) and the v3 envelope
 * (`structured`: `{version: 3, session_trace, run_id, ...}`, what the 0.2.13
 * eval CLI reads). Built from a session the tracer has checked, so their
 * types are their proof; no copy is made (tests hold them to the schemas).
 */
import type { RolloutMetrics, RolloutRecordConfig } from "../schemas/rollout.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import type { CompactTrace, Trace, TraceEnvelopeV3 } from "../schemas/trace.js";

/** The run's numbers the envelope carries. */
export interface TraceRunSummary {
  runId: string;
  policyId?: string | null;
  metrics: Pick<RolloutMetrics, "episode_returns" | "mean_return" | "num_steps">;
}

/**
 * The compact summary: counts, one entry per LM call (turn, model, provider,
 * tokens, latency, number of tool calls) and the decision rewards, the
 * environment's reward of each turn (turns 0..last).
 */
export function renderCompactTrace(session: SessionTraceV3): CompactTrace {
  const lmCalls = session.event_history.flatMap((e) =>
    e.event_type === "cais"
      ? [
          {
            turn: e.metadata.turn ?? null,
            model: e.model_name,
            provider: e.provider ?? null,
            total_tokens: e.total_tokens ?? null,
            input_tokens: e.input_tokens ?? null,
            output_tokens: e.output_tokens ?? null,
            latency_ms: e.latency_ms ?? null,
            tool_calls: e.call_records.reduce((n, r) => n + (r.output_tool_calls?.length ?? 0), 0),
          },
        ]
      : [],
  );
  const turns = session.session_time_steps.map((s) => s.turn_number ?? s.step_index);
  const rewards: number[] = new Array(turns.reduce((m, t) => Math.max(m, t + 1), 0)).fill(0);
  for (const step of session.session_time_steps) {
    const turn = step.turn_number ?? step.step_index;
    for (const e of step.events) if (e.event_type === "environment") rewards[turn] = (rewards[turn] ?? 0) + e.reward;
  }
  return {
    session_id: session.session_id,
    created_at: session.created_at,
    metadata: session.metadata,
    events_count: session.event_history.length,
    messages_count: session.markov_blanket_message_history.length,
    lm_calls: lmCalls,
    decision_rewards: rewards,
  } satisfies CompactTrace;
}

/** The v3 envelope around a session, with the run's summary numbers. */
export function renderTraceEnvelope(session: SessionTraceV3, run: TraceRunSummary): TraceEnvelopeV3 {
  const returns = run.metrics.episode_returns;
  return {
    version: 3,
    session_trace: session,
    run_id: run.runId,
    policy_id: run.policyId ?? null,
    reward: returns.reduce((a, b) => a + b, 0),
    episode_returns: returns,
    mean_return: run.metrics.mean_return,
    num_steps: run.metrics.num_steps,
  } satisfies TraceEnvelopeV3;
}

/** The trace a request asked for: `compact`, `full` (the session) or `structured` (the v3 envelope). */
export function renderTrace(session: SessionTraceV3, format: RolloutRecordConfig["trace_format"], run: TraceRunSummary): Trace {
  if (format === "compact") return renderCompactTrace(session);
  if (format === "full") return session;
  return renderTraceEnvelope(session, run);
}
