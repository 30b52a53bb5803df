/**
 * One policy decision, recorded in the rollout's trace as an LM call: the
 * inference server named by `policy.config.inference_url` (its model, and its
 * host as the provider), or the app's scripted policy (model `scripted`,
 * provider `task-app`) when no server is given, with the tools it was offered
 * and the token usage the server reported. The call's event id is what
 * judge rewards for this decision are credited to.
 */
import type { PolicyConfig, SessionTracer } from "task-app";
import { completeWithUsage, type ChatMessage, type ChatRequest } from "./inference.js";

/** A decision: the assistant message and the id of its LM-call event in the trace. */
export interface Decision {
  message: ChatMessage;
  eventId: string;
}

/**
 * Asks the policy for its next message and records the call with `tracer`.
 * `scripted` answers when the config names no inference server.
 */
export async function decide(
  tracer: SessionTracer,
  config: PolicyConfig,
  body: ChatRequest,
  scripted: () => ChatMessage,
  signal: AbortSignal,
): Promise<Decision> {
  if (!config.inference_url) {
    const message = scripted();
    const eventId = tracer.recordLMCall({ model: "scripted", provider: "task-app", input: body.messages, tools: body.tools, output: message, latencyMs: 0 });
    return { message, eventId };
  }
  const startedAt = new Date();
  const { message, usage } = await completeWithUsage(config.inference_url, body, { signal });
  const eventId = tracer.recordLMCall({
    model: body.model,
    provider: config.provider ?? new URL(config.inference_url).host,
    input: body.messages,
    tools: body.tools,
    output: message,
    usage,
    startedAt,
    completedAt: new Date(),
  });
  return { message, eventId };
}
