/**
 * A recorded tracing-v3 session (TRACING.md): what a session tracer produces
 * for one rollout and what a trace store writes, table by table. It is a
 * `FullTrace` (CONTRACT.md §7, shape 2) with typed events and messages, plus
 * the session's event and outcome rewards, so a trace returned over the wire
 * can be stored by whoever receives it. Keys keep synth-ai's snake_case.
 */
import { z } from "../zod.js";

const anyRecord = z.record(z.string(), z.unknown());

/** Event and message times (`TimeRecord`). */
export const TimeRecord = z
  .looseObject({
    event_time: z.number().meta({ description: "Unix time in seconds (fractional) when the event happened." }),
    message_time: z.number().int().nullable().optional().meta({ description: "Turn or message counter, when the caller keeps one." }),
  })
  .meta({ id: "TimeRecord", description: "When an event or message happened." });

/** One part of an LM message: text or an image (`LLMContentPart`). */
export const LMContentPart = z
  .looseObject({
    type: z.string().meta({ description: 'Part type: "text", "image_url" or "image".', examples: ["text", "image_url"] }),
    text: z.string().nullable().optional().meta({ description: "Text of a text part." }),
    uri: z.string().nullable().optional().meta({ description: "URL of an image part (a data URL for inline images)." }),
    mime_type: z.string().nullable().optional().meta({ description: "MIME type of an image part.", examples: ["image/png"] }),
    data: z.unknown().optional().meta({ description: "Inline payload of a non-text part, when not given as a URL." }),
  })
  .meta({ id: "LMContentPart", description: "A part of an LM message." });

/** An LM message (`LLMMessage`): a role and its parts. */
export const LMMessage = z
  .looseObject({
    role: z.string().meta({ description: "system, user, assistant or tool.", examples: ["user"] }),
    parts: z.array(LMContentPart).meta({ description: "Message parts in order." }),
    name: z.string().nullable().optional().meta({ description: "Tool name, for tool messages." }),
    tool_call_id: z.string().nullable().optional().meta({ description: "The tool call a tool message answers." }),
  })
  .meta({ id: "LMMessage", description: "A message sent to or received from a model." });

/** A tool call the model made. */
export const LMToolCall = z
  .looseObject({
    id: z.string().nullable().optional().meta({ description: "Tool call id." }),
    name: z.string().meta({ description: "Tool (function) name.", examples: ["interact"] }),
    arguments: z.string().meta({ description: "Arguments as a JSON string, as chat completions send them." }),
  })
  .meta({ id: "LMToolCall", description: "A tool call in a model's answer." });

/** One model call (`LLMCallRecord`): what `events.call_records` holds. */
export const LMCallRecord = z
  .looseObject({
    call_id: z.string().meta({ description: "Unique id of the call." }),
    api_type: z.string().meta({ description: "API used.", examples: ["chat_completions"] }),
    provider: z.string().nullable().optional().meta({ description: "Who served the call (host or vendor).", examples: ["openai", "task-app"] }),
    model_name: z.string().meta({ description: "Model id.", examples: ["Qwen/Qwen3-4B", "scripted"] }),
    input_messages: z.array(LMMessage).meta({ description: "Messages sent to the model." }),
    output_messages: z.array(LMMessage).optional().meta({ description: "Messages the model answered." }),
    output_text: z.string().nullable().optional().meta({ description: "The answer's text." }),
    output_tool_calls: z.array(LMToolCall).optional().meta({ description: "Tool calls in the answer." }),
    tools: z.array(anyRecord).optional().meta({ description: "Tool definitions offered to the model (OpenAI `tools`: `{type: \"function\", function: {name, description, parameters}}`)." }),
    usage: z
      .looseObject({
        input_tokens: z.number().int().nullable().optional().meta({ description: "Prompt tokens." }),
        output_tokens: z.number().int().nullable().optional().meta({ description: "Completion tokens." }),
        total_tokens: z.number().int().nullable().optional().meta({ description: "Prompt plus completion tokens." }),
      })
      .optional()
      .meta({ description: "Token usage." }),
    latency_ms: z.number().nullable().optional().meta({ description: "Wall time of the call in milliseconds." }),
    started_at: z.string().nullable().optional().meta({ description: "When the call started (ISO-8601)." }),
    completed_at: z.string().nullable().optional().meta({ description: "When the call ended (ISO-8601)." }),
    metadata: anyRecord.optional().meta({ description: "Free-form call metadata (e.g. the inference URL, redacted)." }),
  })
  .meta({ id: "LMCallRecord", description: "One model call: input messages, answer, tool calls, usage and timing." });

const eventBase = {
  event_id: z.string().meta({ description: "Id unique in the session; what event rewards refer to." }),
  system_instance_id: z.string().meta({ description: "Which system produced the event (policy or environment name)." }),
  time_record: TimeRecord,
  metadata: anyRecord.meta({ description: "Event metadata; carries `turn` and `step_id` so rewards can be matched to turns." }),
  event_metadata: z.array(z.unknown()).nullable().optional().meta({ description: "Structured metadata entries." }),
};

/** An LM call event (`LMCAISEvent`, `events.event_type = 'cais'`). */
export const LMCallEvent = z
  .looseObject({
    ...eventBase,
    event_type: z.literal("cais").meta({ description: "Always cais for LM calls." }),
    model_name: z.string().meta({ description: "Model id.", examples: ["scripted"] }),
    provider: z.string().nullable().optional().meta({ description: "Who served the call.", examples: ["task-app"] }),
    input_tokens: z.number().int().nullable().optional().meta({ description: "Prompt tokens." }),
    output_tokens: z.number().int().nullable().optional().meta({ description: "Completion tokens." }),
    total_tokens: z.number().int().nullable().optional().meta({ description: "Prompt plus completion tokens." }),
    cost_usd: z.number().nullable().optional().meta({ description: "Cost in US dollars (stores write integer cents, as synth-ai's column holds)." }),
    latency_ms: z.number().int().nullable().optional().meta({ description: "Latency in milliseconds." }),
    span_id: z.string().nullable().optional().meta({ description: "Span id, when the call was traced elsewhere too." }),
    trace_id: z.string().nullable().optional().meta({ description: "Trace id, when the call was traced elsewhere too." }),
    call_records: z.array(LMCallRecord).meta({ description: "The call records (usually one)." }),
  })
  .meta({ id: "LMCallEvent", description: "A model call." });

/** An environment step (`EnvironmentEvent`). */
export const EnvironmentEvent = z
  .looseObject({
    ...eventBase,
    event_type: z.literal("environment").meta({ description: "Always environment for environment steps." }),
    reward: z.number().meta({ description: "Reward of the step." }),
    terminated: z.boolean().meta({ description: "The episode ended." }),
    truncated: z.boolean().meta({ description: "The episode was cut short (step or time limit)." }),
    system_state_before: anyRecord.nullable().optional().meta({ description: "Environment state before the step." }),
    system_state_after: anyRecord.nullable().optional().meta({ description: "Environment state after the step." }),
  })
  .meta({ id: "EnvironmentEvent", description: "An environment step with its reward and end flags." });

/** A runtime event (`RuntimeEvent`): actions taken. */
export const RuntimeEvent = z
  .looseObject({
    ...eventBase,
    event_type: z.literal("runtime").meta({ description: "Always runtime for runtime events." }),
    actions: z.array(z.unknown()).meta({ description: "Actions taken." }),
  })
  .meta({ id: "RuntimeEvent", description: "Actions taken by the runtime." });

/** Any traced event, by `event_type`. */
export const TracedEvent = z
  .discriminatedUnion("event_type", [LMCallEvent, EnvironmentEvent, RuntimeEvent])
  .meta({ id: "TracedEvent", description: "An LM call, environment step or runtime event." });
export type TracedEvent = z.infer<typeof TracedEvent>;

/** Message types synth-ai's readers accept (`messages.message_type`). */
export const TracedMessageType = z
  .enum(["user", "assistant", "system", "tool_use", "tool_result"])
  .meta({ id: "TracedMessageType", description: "Who sent a message." });

/** A message of the session (`SessionEventMarkovBlanketMessage`). */
export const TracedMessage = z
  .looseObject({
    message_id: z.string().meta({ description: "Id unique in the session." }),
    message_type: TracedMessageType,
    content: z
      .looseObject({
        text: z.string().nullable().optional().meta({ description: "Message text." }),
        json_payload: z.string().nullable().optional().meta({ description: "Structured content as a JSON string." }),
      })
      .meta({ description: "The message body: text and/or a JSON payload." }),
    time_record: TimeRecord,
    metadata: anyRecord.meta({ description: "Free-form message metadata." }),
  })
  .meta({ id: "TracedMessage", description: "A message exchanged during the session." });

/** A turn of the session (`SessionTimeStep`). */
export const TracedTimeStep = z
  .looseObject({
    step_id: z.string().meta({ description: 'Step id, unique in the session, e.g. "turn_3".', examples: ["turn_0"] }),
    step_index: z.number().int().nonnegative().meta({ description: "0-based index of the step." }),
    turn_number: z.number().int().nullable().meta({ description: "Turn number." }),
    timestamp: z.string().meta({ description: "When the step started (ISO-8601)." }),
    completed_at: z.string().nullable().meta({ description: "When the step ended (ISO-8601), null while open." }),
    events: z.array(TracedEvent).meta({ description: "Events of the step in order." }),
    markov_blanket_messages: z.array(TracedMessage).meta({ description: "Messages of the step in order." }),
    step_metadata: anyRecord.meta({ description: "Free-form step metadata." }),
  })
  .meta({ id: "TracedTimeStep", description: "A turn with its events and messages." });

/** A reward credited to one event (`event_rewards`). */
export const TracedEventReward = z
  .looseObject({
    event_id: z.string().meta({ description: "The `event_id` of the event credited." }),
    turn_number: z.number().int().nullable().meta({ description: "Turn of the event." }),
    reward_value: z.number().meta({ description: "Reward value." }),
    reward_type: z.string().meta({ description: "Kind of reward.", examples: ["achievement_delta", "shaped", "sparse", "evaluator"] }),
    key: z.string().nullable().meta({ description: "What the reward is for (an achievement name, a rubric criterion).", examples: ["collect_wood"] }),
    annotation: anyRecord.nullable().meta({ description: "Details, e.g. {new_unique: [...], turned_true: [...]}." }),
    source: z.string().nullable().meta({ description: "Who gave it: environment, runner, evaluator or human.", examples: ["environment"] }),
    message_id: z.string().nullable().optional().meta({ description: "The message credited, when any." }),
    objective_key: z.string().default("reward").meta({ description: "Objective the reward counts towards." }),
    created_at: z.string().meta({ description: "When it was recorded (ISO-8601)." }),
  })
  .meta({ id: "TracedEventReward", description: "A reward credited to one event of the session." });

/** The episode's outcome (`outcome_rewards`). */
export const TracedOutcomeReward = z
  .looseObject({
    objective_key: z.string().default("reward").meta({ description: "Objective this outcome is for." }),
    total_reward: z.number().meta({ description: "Total reward of the episode (e.g. the judged outcome score)." }),
    achievements_count: z.number().int().nonnegative().meta({ description: "Achievements unlocked." }),
    total_steps: z.number().int().nonnegative().meta({ description: "Steps taken." }),
    reward_metadata: anyRecord.meta({ description: "Details: achievements, judge scores, ..." }),
    annotation: anyRecord.nullable().optional().meta({ description: "Free-form annotation." }),
    created_at: z.string().meta({ description: "When it was recorded (ISO-8601)." }),
  })
  .meta({ id: "TracedOutcomeReward", description: "The outcome of the episode." });

/** One rollout's recorded session: what a tracer produces and a trace store writes. */
export const SessionTraceV3 = z
  .looseObject({
    session_id: z.string().meta({ description: "Session id, unique per rollout; stores are idempotent on it." }),
    created_at: z.string().meta({ description: "When the session started (ISO-8601)." }),
    metadata: anyRecord.meta({ description: "Run details: run_id, seed, env_name, policy_name, model, ..." }),
    session_time_steps: z.array(TracedTimeStep).meta({ description: "Turns in order." }),
    event_history: z.array(TracedEvent).meta({ description: "All events in order." }),
    markov_blanket_message_history: z.array(TracedMessage).meta({ description: "All messages in order." }),
    session_metadata: z.array(z.unknown()).meta({ description: "Session metadata entries." }),
    event_rewards: z.array(TracedEventReward).meta({ description: "Rewards credited to events." }),
    outcome_rewards: z.array(TracedOutcomeReward).meta({ description: "Outcome rewards (one per objective)." }),
  })
  .meta({ id: "SessionTraceV3", description: "A recorded tracing-v3 session: turns, events, messages, event and outcome rewards." });
export type SessionTraceV3 = z.infer<typeof SessionTraceV3>;
export type SessionTraceV3Input = z.input<typeof SessionTraceV3>;
export type TracedEventReward = z.infer<typeof TracedEventReward>;
export type TracedOutcomeReward = z.infer<typeof TracedOutcomeReward>;
export type TracedMessage = z.infer<typeof TracedMessage>;
export type TracedTimeStep = z.infer<typeof TracedTimeStep>;
export type LMCallRecord = z.infer<typeof LMCallRecord>;
export type LMMessage = z.infer<typeof LMMessage>;
export type LMToolCall = z.infer<typeof LMToolCall>;
export type LMCallEvent = z.infer<typeof LMCallEvent>;
export type EnvironmentEvent = z.infer<typeof EnvironmentEvent>;
export type RuntimeEvent = z.infer<typeof RuntimeEvent>;
export type TracedMessageType = z.infer<typeof TracedMessageType>;
