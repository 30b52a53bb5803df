/**
 * Wire shapes of the vendor proxy routes for the OpenAPI document. The
 * server checks only that the body is a JSON object and relays the rest to
 * the vendor, so these schemas describe what a caller sends and receives
 * (an OpenAI chat-completions body and the vendor's JSON answer) without
 * being stricter than the vendor: unknown keys are always allowed.
 */
import { z } from "../zod.js";
import { ChatMessage } from "../schemas/messages.js";
import { GPT5_MIN_COMPLETION_TOKENS, INTERACT_TOOL } from "../server/proxy.js";

/** The body a proxy route takes: an OpenAI chat-completions request. */
export const ChatCompletionsRequest = z
  .looseObject({
    model: z.string().optional().meta({
      description: `Vendor model id. A gpt-5 model gets max_completion_tokens (at least ${GPT5_MIN_COMPLETION_TOKENS}) instead of max_tokens, no temperature or top_p, and a forced \`${INTERACT_TOOL.function.name}\` tool choice.`,
      examples: ["gpt-5-mini", "qwen/qwen3-32b"],
    }),
    messages: z.array(ChatMessage).meta({
      description:
        "The conversation, in the task app's chat message shape (OpenAI's). Other message fields pass through untouched; the configured system hint is appended to a leading system message, or inserted as one.",
    }),
  })
  .meta({
    id: "ChatCompletionsRequest",
    description: `An OpenAI chat-completions request body; every other key (tools, tool_choice, max_tokens, temperature, ...) is forwarded. Before forwarding, the keys only task apps use (stop_after_tool_calls, thinking_mode, thinking_budget, reasoning) are removed, and when tools is missing or empty the \`${INTERACT_TOOL.function.name}\` tool is added.`,
    examples: [{ model: "gpt-5-mini", messages: [{ role: "user", content: "Which action next?" }], max_tokens: 512 }],
  });

/** What a proxy route answers on success: the vendor's JSON. */
export const ChatCompletionsResponse = z.looseObject({}).meta({
  id: "ChatCompletionsResponse",
  description: `The vendor's chat-completions response as the vendor sent it (any 2xx answer is relayed as 200), with one addition: when the first choice's message has no tool call and its text names actions, an \`${INTERACT_TOOL.function.name}\` tool call parsed from the text is added (id \`tool_interact_fallback\`). An answer that is not JSON comes back as \`{"raw": text}\`.`,
});
