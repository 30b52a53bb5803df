/**
 * `RolloutResponse.trace` (CONTRACT.md §7). The contract types it as any
 * dict; three shapes are known: the compact summary, a full SessionTrace and
 * the v3 envelope the eval CLI needs. Every shape keeps unknown keys, and
 * `Trace` falls back to any object, so nothing a task app sends is lost.
 */
import { z } from "../zod.js";

const anyRecord = z.record(z.string(), z.unknown());

/** Compact trace: a session summary (hosted crafter runner, banking77 evals). */
export const CompactTrace = z
  .looseObject({
    session_id: z.string().meta({ description: "Tracing session id.", examples: ["09eea16f-5ae9-43dd-a1d1-cec046e36b90"] }),
    created_at: z.string().optional().meta({ description: "When the session started (ISO-8601)." }),
    metadata: anyRecord.optional().meta({ description: "Run details: run_id, policy and env names, seed, achievements, ..." }),
    events_count: z.number().int().nonnegative().optional().meta({ description: "Number of events recorded." }),
    messages_count: z.number().int().nonnegative().optional().meta({ description: "Number of messages recorded." }),
    lm_calls: z.array(anyRecord).optional().meta({ description: "One summary per model call: turn, model, provider, token counts, latency_ms, tool_calls." }),
    decision_rewards: z.array(z.union([z.number(), anyRecord])).optional().meta({
      description: "Per-decision rewards: numbers, or objects {turn, ach_delta, unique_delta, achievements, unique_achievements}.",
      examples: [[1.0]],
    }),
  })
  .meta({ id: "CompactTrace", description: 'Compact trace (trace_format "compact"): counts, per-call summaries and decision rewards.' });
export type CompactTrace = z.infer<typeof CompactTrace>;

/** One time step of a full session trace. */
export const SessionTimeStep = z
  .looseObject({
    step_id: z.string().meta({ description: "Step id." }),
    step_index: z.number().int().meta({ description: "0-based step index." }),
    timestamp: z.unknown().optional().meta({ description: "When the step started (ISO string or Python repr)." }),
    turn_number: z.number().int().nullable().optional().meta({ description: "Turn number, when steps are turns." }),
    events: z.array(anyRecord).optional().meta({ description: "Runtime, environment and LM events of the step." }),
    markov_blanket_messages: z.array(anyRecord).optional().meta({ description: "Messages exchanged during the step." }),
    step_metadata: anyRecord.optional().meta({ description: "Free-form step metadata." }),
  })
  .meta({ id: "SessionTimeStep", description: "A step of a SessionTrace with its events and messages." });

/** Full trace: a tracing-v3 SessionTrace dumped as a dict. */
export const FullTrace = z
  .looseObject({
    session_id: z.string().meta({ description: "Tracing session id." }),
    created_at: z.unknown().optional().meta({ description: "When the session started (ISO string or Python repr)." }),
    session_time_steps: z.array(SessionTimeStep).meta({ description: "The session's steps in order." }),
    event_history: z.array(anyRecord).optional().meta({ description: "All events in order." }),
    markov_blanket_message_history: z.array(anyRecord).optional().meta({
      description: "All messages in order: {content{text, json_payload}, message_type, time_record, metadata}.",
    }),
    metadata: anyRecord.optional().meta({ description: "Free-form session metadata." }),
    session_metadata: z.unknown().optional().meta({ description: "Session metadata entries." }),
  })
  .meta({ id: "FullTrace", description: 'Full trace (trace_format "full"): a SessionTrace with steps, events and messages.' });
export type FullTrace = z.infer<typeof FullTrace>;

/** The v3 envelope the 0.2.13 eval CLI requires: `{version: 3, session_trace, ...}`. */
export const TraceEnvelopeV3 = z
  .looseObject({
    version: z.literal(3).meta({ description: "Trace format version; always 3." }),
    session_trace: FullTrace,
    run_id: z.string().optional().meta({ description: "Rollout run id." }),
    policy_id: z.string().nullable().optional().meta({ description: "Policy id." }),
    reward: z.number().nullable().optional().meta({ description: "Total reward of the episode." }),
    episode_returns: z.array(z.number()).optional().meta({ description: "Return of each episode." }),
    mean_return: z.number().optional().meta({ description: "Mean of episode_returns." }),
    num_steps: z.number().int().nonnegative().optional().meta({ description: "Steps taken." }),
  })
  .meta({ id: "TraceEnvelopeV3", description: "v3 trace envelope: version 3, the full session trace and the episode's summary numbers." });
export type TraceEnvelopeV3 = z.infer<typeof TraceEnvelopeV3>;

/** Any trace: one of the known shapes, else any object (the contract types it `dict`). */
export const Trace = z
  .union([TraceEnvelopeV3, FullTrace, CompactTrace, anyRecord])
  .meta({ id: "Trace", description: "A rollout trace: v3 envelope, full SessionTrace, compact summary, or any other object." });
export type Trace = z.infer<typeof Trace>;
