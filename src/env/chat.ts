/**
 * The OpenAI-compatible chat-completions client the agent loop calls. A
 * rollout names its server in `policy.config.inference_url`; the vendor key
 * (OPENAI_API_KEY) goes only to the hosts `INFERENCE_KEY_HOSTS` allows
 * (src/runtime/inference.ts), and every request goes through the project's
 * outgoing policy (src/http/policy.ts: redirects within the origin, a body
 * cap). 429 and 5xx answers are retried, honouring `Retry-After`; each
 * attempt has a deadline, and the rollout's abort signal ends the wait.
 */
import { createGuardedFetch } from "../http/policy.js";
import { inferenceHeaders, type InferenceKeyOptions } from "../runtime/inference.js";
import type { ChatMessage } from "../schemas/messages.js";

export type { ChatMessage, ContentPart, ToolCall } from "../schemas/messages.js";

/** A function tool offered to the model. */
export interface ToolSpec {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** The request body the loop sends. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ToolSpec[];
  tool_choice?: "auto" | "required" | "none";
  parallel_tool_calls?: boolean;
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  [extra: string]: unknown;
}

/** Token counts an OpenAI-compatible server reports with its answer. */
export interface Usage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
}

/** An answer: the first choice's message and the usage (null when the server reported none). */
export interface ChatAnswer {
  message: ChatMessage;
  usage: Usage | null;
}

/** The inference server failed the request (after retries) or answered something that is not a chat completion. */
export class InferenceError extends Error {
  override name = "InferenceError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Options of {@link createChatCompletion}. */
export interface ChatOptions extends Pick<InferenceKeyOptions, "apiKey" | "allowedHosts" | "env"> {
  signal?: AbortSignal;
  /** Deadline of one attempt. Default 120 s. */
  timeoutMs?: number;
  /** Attempts in all, for 429 and 5xx answers and connection failures. Default 3. */
  attempts?: number;
  /** Longest wait between attempts (a larger `Retry-After` is cut to it). Default 10 s. */
  maxDelayMs?: number;
  /** Largest answer read. Default 32 MiB. */
  maxResponseBytes?: number;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * The full chat-completions URL for an `inference_url`: kept when it ends in
 * `/chat/completions`, `/chat/completions` added after `/v1`, and
 * `/v1/chat/completions` added otherwise. A query string (`?cid=…`) is kept.
 */
export function chatCompletionsUrl(inferenceUrl: string): string {
  const url = new URL(inferenceUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (!path.endsWith("/chat/completions")) url.pathname = path.endsWith("/v1") ? `${path}/chat/completions` : `${path}/v1/chat/completions`;
  return url.toString();
}

const RETRIED = (status: number) => status === 429 || status >= 500;

/** Sends one chat-completions request; retries 429, 5xx and connection failures. Throws InferenceError, or the signal's reason when aborted. */
export async function createChatCompletion(inferenceUrl: string, body: ChatRequest, options: ChatOptions = {}): Promise<ChatAnswer> {
  const url = chatCompletionsUrl(inferenceUrl);
  const headers = inferenceHeaders(url, { apiKey: options.apiKey, ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}), ...(options.env ? { env: options.env } : {}) });
  const send = createGuardedFetch(options.fetch ?? ((request) => fetch(request)), { maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024 });
  const attempts = Math.max(1, options.attempts ?? 3);
  const payload = JSON.stringify(body);
  let last: InferenceError | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    options.signal?.throwIfAborted();
    const deadline = AbortSignal.timeout(options.timeoutMs ?? 120_000);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let response: Response;
    try {
      response = await send(new Request(url, { method: "POST", headers, body: payload, signal }));
    } catch (error) {
      options.signal?.throwIfAborted();
      const words = deadline.aborted ? `no answer within ${(options.timeoutMs ?? 120_000) / 1000} s` : (error as Error).message;
      last = new InferenceError(`inference server at ${new URL(url).origin}: ${words}`);
      if (attempt < attempts) await pause(backoff(attempt, null, options.maxDelayMs), options.signal);
      continue;
    }
    if (response.ok) return readAnswer(response, url);
    const text = (await response.text().catch(() => "")).slice(0, 300);
    last = new InferenceError(`inference server answered ${response.status}: ${text}`, response.status);
    if (!RETRIED(response.status) || attempt === attempts) break;
    await pause(backoff(attempt, response.headers.get("retry-after"), options.maxDelayMs), options.signal);
  }
  throw last ?? new InferenceError("inference server: no attempt was made");
}

async function readAnswer(response: Response, url: string): Promise<ChatAnswer> {
  let data: { choices?: Array<{ message?: ChatMessage }>; usage?: unknown };
  try {
    data = (await response.json()) as typeof data;
  } catch (error) {
    throw new InferenceError(`inference server at ${new URL(url).origin} answered something that is not JSON: ${(error as Error).message}`);
  }
  const message = data?.choices?.[0]?.message;
  if (!message || typeof message !== "object") throw new InferenceError("inference server returned no choices");
  const usage = typeof data.usage === "object" && data.usage !== null ? (data.usage as Usage) : null;
  return { message, usage };
}

/** The wait before attempt `attempt + 1`: `Retry-After` (seconds or a date) when given, else 0.5 s doubling; at most `maxMs`. */
export function backoff(attempt: number, retryAfter: string | null, maxMs = 10_000): number {
  let ms = 500 * 2 ** (attempt - 1);
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const date = Date.parse(retryAfter);
    if (Number.isFinite(seconds)) ms = seconds * 1000;
    else if (Number.isFinite(date)) ms = date - Date.now();
  }
  return Math.min(Math.max(0, ms), maxMs);
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}
