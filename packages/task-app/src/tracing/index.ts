/**
 * Session tracing (tracing v3): the tracer an executor records with
 * (`ctx.tracer`), the converters from chat-completions messages, and the
 * compact / full / v3-envelope renderings of a recorded session.
 */
export { createSessionTracer, type SessionTracer } from "./tracer.js";
export { rolloutSessionId } from "./session-id.js";
export type {
  EnvironmentEventInput,
  EventRewardInput,
  LMCallInput,
  MessageInput,
  OutcomeRewardInput,
  RuntimeEventInput,
  SessionTracerOptions,
  StartTurnOptions,
  UsageLike,
} from "./types.js";
export { toLMContentPart, toLMMessage, toLMParts, toLMToolCall, type ChatContentPartLike, type ChatMessageLike, type ToolCallLike } from "./messages.js";
export { renderCompactTrace, renderTrace, renderTraceEnvelope, type TraceRunSummary } from "./render.js";
