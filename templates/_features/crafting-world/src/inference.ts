/**
 * A small OpenAI-compatible chat-completions client for the policy. Rollout
 * requests name the server in `policy.config.inference_url`; when they do
 * not, the app falls back to its built-in scripted policy. OPENAI_API_KEY
 * goes only to the hosts in INFERENCE_KEY_HOSTS (default: api.openai.com);
 * any other server named by a request gets no key.
 */
import { inferenceHeaders } from "task-app";

/** One chat message (text, or OpenAI multimodal content parts). */
export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string | ContentPart[] | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}

/** An OpenAI content part: text or an image URL (a `data:image/png;base64,...` URL here). */
export type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };

/** A tool call as the model returns it; `arguments` is a JSON string. */
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** A function tool offered to the model. */
export interface ToolSpec {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The chat-completions request body this app sends. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  tool_choice?: "auto" | "required";
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  [extra: string]: unknown;
}

/**
 * The full chat-completions URL for an `inference_url`: kept when it ends in
 * `/chat/completions`, `/chat/completions` added after `/v1`, and
 * `/v1/chat/completions` added otherwise. A query string (`?cid=...`) is kept.
 */
export function chatCompletionsUrl(inferenceUrl: string): string {
  const url = new URL(inferenceUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (!path.endsWith("/chat/completions")) {
    url.pathname = path.endsWith("/v1") ? `${path}/chat/completions` : `${path}/v1/chat/completions`;
  }
  return url.toString();
}

/** Token counts an OpenAI-compatible server reports with its answer. */
export interface Usage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
}

type CompleteOptions = { signal?: AbortSignal; apiKey?: string | undefined; allowedHosts?: readonly string[] };

/** Sends one chat-completions request and returns the first choice's message. */
export async function complete(inferenceUrl: string, body: ChatRequest, options: CompleteOptions = {}): Promise<ChatMessage> {
  return (await completeWithUsage(inferenceUrl, body, options)).message;
}

/** The same, with the token usage the server reported (null when it reported none), for the trace. */
export async function completeWithUsage(
  inferenceUrl: string,
  body: ChatRequest,
  options: CompleteOptions = {},
): Promise<{ message: ChatMessage; usage: Usage | null }> {
  const url = chatCompletionsUrl(inferenceUrl);
  const headers = inferenceHeaders(url, { apiKey: options.apiKey, ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}) });
  const response = await fetch(url, {
    method: "POST",
    headers,
    // A keyed request never follows a redirect to another host.
    redirect: headers.authorization ? "error" : "follow",
    body: JSON.stringify(body),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    throw new Error(`inference server answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  const data = (await response.json()) as { choices?: Array<{ message?: ChatMessage }>; usage?: unknown };
  const message = data.choices?.[0]?.message;
  if (!message) throw new Error("inference server returned no choices");
  const usage = typeof data.usage === "object" && data.usage !== null ? (data.usage as Usage) : null;
  return { message, usage };
}

/** The first tool call named `name`, with its arguments parsed; undefined when there is none or it is not JSON. */
export function findToolCall(message: ChatMessage, name: string): { id: string; args: Record<string, unknown> } | undefined {
  const call = message.tool_calls?.find((c) => c.function?.name === name);
  if (!call) return undefined;
  try {
    const args: unknown = JSON.parse(call.function.arguments || "{}");
    return typeof args === "object" && args !== null ? { id: call.id, args: args as Record<string, unknown> } : undefined;
  } catch {
    return undefined;
  }
}

/** An assistant message that calls `name` with `args`, the shape the scripted policies answer in. */
export function toolCallMessage(name: string, args: Record<string, unknown>, id = `call_${name}`): ChatMessage {
  return {
    role: "assistant",
    content: null,
    tool_calls: [{ id, type: "function", function: { name, arguments: JSON.stringify(args) } }],
  };
}
