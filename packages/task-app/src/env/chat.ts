/**
 * The OpenAI-compatible chat-completions client the agent loop calls. A
 * rollout names its server in `policy.config.inference_url`; the vendor key
 * (OPENAI_API_KEY) goes only to the hosts `INFERENCE_KEY_HOSTS` allows
 * (src/runtime/inference.ts). Requests go through undici's connection pool
 * (kept-alive connections; loaded at the first request: src/undici.ts), under
 * the project's outgoing policy (src/http/policy.ts: redirects followed within
 * the origin only, the answer's size capped). undici rather than node:http:
 * a turn of the agent loop is mostly this request, and node:http's client
 * (its request and response streams, its header objects) costs about 60%
 * more CPU per request than undici's dispatcher for the same exchange
 * (bench/env-loop.mjs).
 * 429 and 5xx answers and dropped connections are retried, honouring
 * `Retry-After`; each attempt has a deadline, and the rollout's abort signal
 * ends the wait.
 */
import { urlToHttpOptions } from "node:url";
import type { Agent as Pool, Dispatcher } from "undici";
import { createByteCounter, declaredOver, isRedirectAnswer, nextRedirect } from "../http/policy.js";
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
export function createChatCompletion(inferenceUrl: string, body: ChatRequest, options: ChatOptions = {}): Promise<ChatAnswer> {
  let call: Call;
  try {
    const target = targetOf(inferenceUrl, options);
    call = { target, payload: Buffer.from(JSON.stringify(body)), options, limits: { signal: options.signal, timeoutMs: options.timeoutMs ?? 120_000, maxBytes: options.maxResponseBytes ?? 32 * 1024 * 1024 } };
    options.signal?.throwIfAborted();
  } catch (error) {
    return Promise.reject(error);
  }
  // The first attempt's answer is read in the callback that receives it: a call answered at once costs one promise.
  if (!pool) return loadPool().then(() => createChatCompletion(inferenceUrl, body, options));
  return new Promise((resolve, reject) => {
    send(call.target.options, "POST", call.target.headers, call.payload, call.limits, (error, answer) => {
      if (!error && answer!.status >= 200 && answer!.status < 300 && !("location" in answer!)) {
        try {
          resolve(readAnswer(answer!.body, call.target.url));
        } catch (failure) {
          reject(failure);
        }
        return;
      }
      resolve(finishAttempts(call, error, answer));
    });
  });
}

/** One call's request, made once for all its attempts. */
interface Call {
  target: Target;
  payload: Buffer;
  options: ChatOptions;
  limits: Limits;
}

/** The attempts after the first, given its outcome: a redirect followed, a 429 or 5xx answer or a failed connection tried again. */
async function finishAttempts(call: Call, firstError: Error | null, firstAnswer: Answer | Redirect | undefined): Promise<ChatAnswer> {
  const { target, payload, options, limits } = call;
  const attempts = Math.max(1, options.attempts ?? 3);
  let error = firstError;
  let reply = firstAnswer;
  let last: InferenceError | undefined;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) {
      options.signal?.throwIfAborted();
      error = null;
      try {
        reply = await exchange(target.options, "POST", target.headers, payload, limits);
      } catch (failure) {
        error = failure as Error;
      }
    }
    let answer: Answer | undefined;
    if (!error) {
      try {
        answer = "location" in reply! ? await followRedirects(target, target.headers, payload, reply, limits) : reply!;
      } catch (failure) {
        error = failure as Error;
      }
    }
    if (error || !answer) {
      options.signal?.throwIfAborted();
      last = new InferenceError(`inference server at ${target.url.origin}: ${(error as Error).message}`);
      if (error instanceof Refused || attempt === attempts) break;
      await pause(backoff(attempt, null, options.maxDelayMs), options.signal);
      continue;
    }
    if (answer.status >= 200 && answer.status < 300) return readAnswer(answer.body, target.url);
    last = new InferenceError(`inference server answered ${answer.status}: ${answer.body.toString("utf8", 0, 300)}`, answer.status);
    if (!RETRIED(answer.status) || attempt === attempts) break;
    await pause(backoff(attempt, answer.retryAfter, options.maxDelayMs), options.signal);
  }
  throw last ?? new InferenceError("inference server: no attempt was made");
}

/**
 * The request URL and headers for `inferenceUrl`, made once per URL, key and
 * allow-list (every turn of every rollout of a run asks for the same few):
 * the key's check parses the URL and the allow-list.
 */
function targetOf(inferenceUrl: string, options: ChatOptions): Target {
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? env.OPENAI_API_KEY ?? "";
  const hosts = options.allowedHosts?.join(",") ?? env.INFERENCE_KEY_HOSTS ?? "";
  // The same as the last request's (a loop's every turn): no key to build and look up.
  if (last && last.inferenceUrl === inferenceUrl && last.apiKey === apiKey && last.hosts === hosts) return last.target;
  const key = `${inferenceUrl}\0${apiKey}\0${hosts}`;
  let target = targets.get(key);
  if (!target) {
    const url = new URL(chatCompletionsUrl(inferenceUrl));
    const headers = inferenceHeaders(url.href, { apiKey: options.apiKey, ...(options.allowedHosts ? { allowedHosts: options.allowedHosts } : {}), env });
    if (targets.size >= 64) targets.clear();
    targets.set(key, (target = { url, origin: url.origin, options: requestOptionsOf(url), headers }));
  }
  last = { inferenceUrl, apiKey, hosts, target };
  return target;
}
/** A chat-completions URL with what each request to it needs, computed once: its origin and its request options. */
interface Target {
  url: URL;
  origin: string;
  options: RequestTarget;
  /** Its headers (the pool adds the body's length). */
  headers: Record<string, string>;
}
let last: { inferenceUrl: string; apiKey: string; hosts: string; target: Target } | undefined;
const targets = new Map<string, Target>();

function readAnswer(body: Buffer, url: URL): ChatAnswer {
  let data: { choices?: Array<{ message?: ChatMessage }>; usage?: unknown };
  try {
    data = JSON.parse(body.toString("utf8")) as typeof data;
  } catch (error) {
    throw new InferenceError(`inference server at ${url.origin} answered something that is not JSON: ${(error as Error).message}`);
  }
  const message = data?.choices?.[0]?.message;
  if (!message || typeof message !== "object") throw new InferenceError("inference server returned no choices");
  const usage = typeof data.usage === "object" && data.usage !== null ? (data.usage as Usage) : null;
  return { message, usage };
}

/** A whole answer: its status, `Retry-After` and body. */
interface Answer {
  status: number;
  retryAfter: string | null;
  body: Buffer;
}

/** A failure no retry mends: a redirect refused by the policy, an answer over the cap. */
class Refused extends Error {}

/** Kept-alive connections, shared by every rollout of the process: undici's pool, loaded at the first request. */
let pool: Pool | undefined;
let loading: Promise<void> | undefined;
function loadPool(): Promise<void> {
  loading ??= import("../undici.js").then(({ Agent }) => {
    // No timeouts of undici's own (300 s for the headers and between body chunks by default): each
    // attempt's deadline is `timeoutMs` (a slow model may be given longer), watched above.
    pool = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  });
  return loading;
}

/** Where a request goes: its origin, path and the URL's credentials (sent as Basic auth, as node:http does, unless an authorization header is). */
interface RequestTarget {
  origin: string;
  path: string;
  auth: string | null;
}

function requestOptionsOf(url: URL): RequestTarget {
  const { path, auth } = urlToHttpOptions(url);
  return { origin: url.origin, path: path ?? "/", auth: auth ?? null };
}

/** Follows `redirect` (the POST's answer) within the origin: a 303, or a 301/302 after a POST, becomes a GET without body. */
async function followRedirects(first: Target, headers: Record<string, string>, payload: Buffer, redirect: Redirect, limits: Limits): Promise<Answer> {
  let target = first.url;
  let method = "POST";
  let body: Buffer | undefined = payload;
  let answer: Answer | Redirect = redirect;
  for (let hop = 0; "location" in answer; hop++) {
    let next;
    try {
      next = nextRedirect(answer, { url: target, method, origin: first.origin, hop })!;
    } catch (error) {
      throw new Refused((error as Error).message);
    }
    target = next.url;
    method = next.method;
    if (!next.keepBody) body = undefined;
    answer = await exchange(requestOptionsOf(target), method, body ? headers : stripBody(headers), body, limits);
  }
  return answer;
}

const stripBody = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => k !== "content-type"));

/** A redirect's status and location (its body left unread). */
interface Redirect {
  status: number;
  location: string;
}

/** What one attempt's requests are held to. */
interface Limits {
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
}

/** {@link send} as a promise. */
function exchange(target: RequestTarget, method: string, headers: RequestHeaders, body: Buffer | undefined, limits: Limits): Promise<Answer | Redirect> {
  return new Promise((resolve, reject) => send(target, method, headers, body, limits, (error, answer) => (error ? reject(error) : resolve(answer!))));
}

/** A request's headers, as the pool takes them (it adds the body's length). */
type RequestHeaders = Record<string, string>;

/**
 * One request under the deadline and the signal; `done` is called once, with the whole answer (its
 * body read under the cap; an answer over it is a Refused: no retry mends it), a redirect's status
 * and location (its body left unread, the request ended), or the error.
 */
function send(target: RequestTarget, method: string, headers: RequestHeaders, body: Buffer | undefined, limits: Limits, done: (error: Error | null, answer?: Answer | Redirect) => void): void {
  const exchange = new Exchange(limits, done);
  try {
    pool!.dispatch({ origin: target.origin, path: target.path, method, headers: target.auth === null || "authorization" in headers ? headers : { ...headers, authorization: `Basic ${Buffer.from(target.auth).toString("base64")}` }, body }, exchange);
  } catch (error) {
    // Refused before it was sent (a header undici will not send, say): settled, its deadline unwatched.
    exchange.onError(error as Error);
  }
}

/**
 * One request's handler, as undici's pool calls it: the status, then the body's chunks (counted
 * against the cap), then the end, or an error. A class: one is made per request, and its methods are
 * shared. Headers are read only when the status needs them (a redirect's location, a refusal's
 * Retry-After) or to see a declared length over the cap.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private settled = false;
  private abortRequest: ((reason: Error) => void) | null = null;
  private status = 0;
  private retryAfter: string | null = null;
  private readonly chunks: Buffer[] = [];
  private readonly counter: ReturnType<typeof createByteCounter>;
  private readonly deadline: Deadline;
  private readonly watched: (() => void) | undefined;

  constructor(
    private readonly limits: Limits,
    private readonly done: (error: Error | null, answer?: Answer | Redirect) => void,
  ) {
    this.counter = createByteCounter(limits.maxBytes);
    this.deadline = watchDeadline(limits.timeoutMs, () => this.end(new Error(`no answer within ${limits.timeoutMs / 1000} s`)));
    this.watched = limits.signal ? watchAbort(limits.signal, () => this.end(limits.signal?.reason instanceof Error ? limits.signal.reason : new Error("aborted"))) : undefined;
  }

  onConnect(abort: (reason: Error) => void): void {
    // Ended (its deadline, the signal) before undici took it: ended now.
    if (this.settled) abort(new Error("ended"));
    else this.abortRequest = abort;
  }

  onHeaders(status: number, rawHeaders: Buffer[]): boolean {
    this.status = status;
    const location = status >= 300 && status < 400 ? headerOf(rawHeaders, "location") : undefined;
    if (isRedirectAnswer({ status, location })) {
      this.end(null, { status, location: location! });
      return false;
    }
    if (declaredOver(headerOf(rawHeaders, "content-length"), this.limits.maxBytes)) {
      this.end(new Refused(`the answer is larger than ${this.limits.maxBytes} bytes`));
      return false;
    }
    if (status < 200 || status >= 300) this.retryAfter = headerOf(rawHeaders, "retry-after") ?? null;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.settled) return false;
    try {
      this.counter.add(chunk.byteLength);
    } catch {
      this.end(new Refused(`the answer is larger than ${this.limits.maxBytes} bytes`));
      return false;
    }
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    const { chunks } = this;
    this.settle(null, { status: this.status, retryAfter: this.retryAfter, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.counter.seen) });
  }

  onError(error: Error): void {
    // A connection closed mid-answer, said plainly (undici names it "other side closed").
    this.settle(this.status !== 0 && (error as { code?: string }).code === "UND_ERR_SOCKET" ? new Error("the connection closed mid-answer") : error);
  }

  /** Settles and ends the request (its answer, if any, left unread; its connection closed). */
  private end(error: Error | null, answer?: Answer | Redirect): void {
    this.settle(error, answer);
    this.abortRequest?.(error ?? new Error("ended"));
  }

  private settle(error: Error | null, answer?: Answer | Redirect): void {
    if (this.settled) return;
    this.settled = true;
    unwatchDeadline(this.deadline);
    if (this.watched) unwatchAbort(this.limits.signal!, this.watched);
    this.done(error, answer);
  }
}

/** The first value of header `name` (lower case) in undici's raw headers, or undefined. */
function headerOf(raw: Buffer[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length === name.length && key.toString("latin1").toLowerCase() === name) return raw[i + 1]!.toString("latin1");
  }
  return undefined;
}

/**
 * Calls `onExpire` once `ms` have passed, until {@link unwatchDeadline} is called with what it
 * returns. Every request's deadline shares one timer, armed for the earliest of them (a request's
 * own setTimeout and clearTimeout cost more than the rest of its bookkeeping); the timer does not
 * keep the process alive (a request's socket does).
 */
function watchDeadline(ms: number, onExpire: () => void): Deadline {
  const deadline = { at: performance.now() + ms, onExpire };
  deadlines.add(deadline);
  if (armed === null || deadline.at < armed.at) arm(deadline.at);
  return deadline;
}
/** Stops watching a deadline. */
function unwatchDeadline(deadline: Deadline): void {
  deadlines.delete(deadline);
}
interface Deadline {
  at: number;
  onExpire: () => void;
}
const deadlines = new Set<Deadline>();
let armed: { at: number; timer: NodeJS.Timeout } | null = null;

const armedAt = (): number => armed?.at ?? Infinity;

function arm(at: number): void {
  if (armed) clearTimeout(armed.timer);
  const timer = setTimeout(expire, Math.max(0, at - performance.now()));
  timer.unref();
  armed = { at, timer };
}

/** Ends the requests past their deadline and arms the timer for the next one. */
function expire(): void {
  armed = null;
  const now = performance.now();
  let next = Infinity;
  for (const deadline of deadlines) {
    if (deadline.at <= now) {
      deadlines.delete(deadline);
      deadline.onExpire();
    } else next = Math.min(next, deadline.at);
  }
  // An onExpire may have started a request (and armed the timer for it): arm for the earliest.
  if (next < armedAt()) arm(next);
}

/**
 * Calls `onAbort` when `signal` aborts, until {@link unwatchAbort} is called with what it returns.
 * One listener per signal (a rollout's, shared by all its requests) however many requests wait on
 * it: adding and removing an EventTarget listener for each request costs more than the request's
 * own bookkeeping.
 */
function watchAbort(signal: AbortSignal, onAbort: () => void): () => void {
  let watchers = abortWatchers.get(signal);
  if (!watchers) {
    const set = (watchers = new Set());
    abortWatchers.set(signal, set);
    signal.addEventListener("abort", () => [...set].forEach((f) => f()), { once: true });
  }
  watchers.add(onAbort);
  return onAbort;
}
/** Stops calling `onAbort` (what {@link watchAbort} returned) when `signal` aborts. */
function unwatchAbort(signal: AbortSignal, onAbort: () => void): void {
  abortWatchers.get(signal)?.delete(onAbort);
}
const abortWatchers = new WeakMap<AbortSignal, Set<() => void>>();

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
