/**
 * The HTTP client eval posts rollouts and health probes with: `node:http` /
 * `node:https` over keep-alive agents, one client per run. A rollout is a
 * POST of a JSON body whose answer is read whole, up to a cap
 * (`maxResponseBytes`; past it the call fails with BodyTooLarge). Redirects
 * follow the shared outgoing-request policy (`../http/policy.ts`): within the
 * app's origin only, so neither the key nor a rollout body reaches another.
 *
 * A call costs a fraction of `fetch`'s (its web streams and its abort signals
 * cost more than the rest of a rollout's client side), and little more than
 * a bare `node:http` request: one promise per call, whatever its retry and
 * redirects; the listeners are shared functions that find the call through
 * its request; the timeouts of every request in flight share one timer
 * (`../server/deadlines.ts`: each request still times out `timeoutMs` after
 * it was sent, with the same error); each URL is parsed into request options
 * once; the requests in flight are aborted all at once (the second Ctrl-C)
 * by one listener for the run, not one per request.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, type RequestOptions } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { urlToHttpOptions } from "node:url";
import { DEFAULT_MAX_BODY_BYTES } from "../schemas/limit-defaults.js";
import { createByteCounter, declaredOver, nextRedirect, BodyTooLarge } from "../http/policy.js";
import { createDeadlines, type Deadline, type Deadlines, type Expirable } from "../server/deadlines.js";

export { BodyTooLarge, RedirectRefused } from "../http/policy.js";

/** An answer: its status and its body, as the bytes read and as text (decoded as UTF-8 when first asked for). */
export interface HttpAnswer {
  readonly status: number;
  readonly bytes: Buffer;
  readonly text: string;
}

const EMPTY = Buffer.alloc(0);

/** An answer whose text is decoded only if read: a 200 rollout answer is parsed from its bytes (parseJsonBytes). */
class Answer implements HttpAnswer {
  #text: string | undefined;
  constructor(
    readonly status: number,
    readonly bytes: Buffer,
  ) {}
  get text(): string {
    return (this.#text ??= this.bytes.toString("utf8"));
  }
}

/** No answer within the timeout. */
export class HttpTimeoutError extends Error {
  override name = "HttpTimeoutError";
  readonly code = "ETIMEDOUT";
}

/** Aborted by `abortAll`. */
export class HttpAbortError extends Error {
  override name = "HttpAbortError";
  readonly code = "ABORT_ERR";
}

export interface RolloutClient {
  /** POSTs `body` (JSON) to `url`; rejects with HttpTimeoutError, HttpAbortError or the socket's error (with its `code`). */
  postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer>;
  /** GETs `url`, with the same redirect policy, cap and errors. */
  get(url: string, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer>;
  /** Aborts every request in flight, and those posted after. */
  abortAll(): void;
  /** Closes the kept-alive connections. */
  close(): void;
}

/** Settings of {@link createRolloutClient}. */
export interface RolloutClientOptions {
  /** Largest answer body read, in bytes (default 64 MiB, the server's default maxBodyBytes). */
  maxResponseBytes?: number;
}

/** Default of {@link RolloutClientOptions.maxResponseBytes}: the task-app server's default `limits.maxBodyBytes` (what it accepts, it may answer). */
export const DEFAULT_MAX_ANSWER_BYTES: number = DEFAULT_MAX_BODY_BYTES;

/** What one client shares between its calls. */
interface ClientState {
  readonly maxBytes: number;
  readonly agents: { http: HttpAgent; https: HttpsAgent };
  readonly inFlight: Set<ClientRequest>;
  readonly deadlines: Deadlines;
  aborted: boolean;
}

/** A URL requested, parsed once: its origin and the request options `node:http` would derive from it. */
interface Target {
  url: URL;
  origin: string;
  secure: boolean;
  options: ReturnType<typeof urlToHttpOptions>;
}

const targetOf = (url: URL): Target => ({ url, origin: url.origin, secure: url.protocol === "https:", options: urlToHttpOptions(url) });

/** The call a request (or, through `res.req`, a response) belongs to. */
const kCall = Symbol("task-app.rollout-call");
type CallRequest = ClientRequest & { [kCall]?: Call };
const callOf = (req: ClientRequest): Call | undefined => (req as CallRequest)[kCall];

/** The first value of header `name` (lower case) in raw headers, as `res.headers[name]` would give it, without building `res.headers`. */
function rawHeader(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) return raw[i + 1];
  return undefined;
}

/**
 * One call: its attempts (a kept-alive socket the server closed meanwhile
 * fails with `stale` set, and is retried once), and the same-origin redirects
 * it follows, behind one promise.
 */
class Call implements Expirable {
  resolve!: (answer: HttpAnswer) => void;
  reject!: (error: Error) => void;
  /** The attempt in flight: its request, its answer once it began, its deadline. */
  req: CallRequest | undefined;
  response: IncomingMessage | undefined;
  deadline: Deadline | undefined;
  settled = false;
  timedOut = false;
  counter: ReturnType<typeof createByteCounter> | undefined;
  chunks: Buffer[] = [];
  hop = 0;
  retried = false;

  constructor(
    readonly client: ClientState,
    public method: string,
    public target: Target,
    readonly origin: string,
    public body: string | undefined,
    readonly headers: Record<string, string>,
    readonly timeoutMs: number,
  ) {}

  /** Sends the next attempt. */
  send(): void {
    const { client, target, body } = this;
    const headers: OutgoingHttpHeaders = Object.assign({}, this.headers);
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(body);
    }
    const base = target.options;
    const options: RequestOptions = { protocol: base.protocol, hostname: base.hostname, port: base.port, path: base.path, auth: base.auth, method: this.method, headers, agent: target.secure ? client.agents.https : client.agents.http };
    this.settled = false;
    this.timedOut = false;
    this.response = undefined;
    this.counter = undefined;
    this.chunks = [];
    let req: CallRequest;
    try {
      req = (target.secure ? httpsRequest : httpRequest)(options, onResponse);
    } catch (error) {
      // Refused before anything was sent (a header value node:http will not send): the call fails with it.
      this.settled = true;
      return this.reject(error as Error);
    }
    req[kCall] = this;
    this.req = req;
    this.deadline = client.deadlines.add(this.timeoutMs, this);
    req.on("error", onRequestError);
    req.on("close", onRequestClose);
    client.inFlight.add(req);
    req.end(body);
  }

  /** The deadline passed: the attempt fails as a timeout. */
  expire(): void {
    this.timedOut = true;
    this.req!.destroy(new HttpTimeoutError(`no answer within ${this.timeoutMs / 1000}s`));
  }

  /** Ends the attempt in flight: an error, an answer, or a redirect (`location`), which the call follows within its origin. */
  settle(error: Error | undefined, status = 0, bytes: Buffer = EMPTY, location?: string): void {
    if (this.settled) return;
    this.settled = true;
    const { client } = this;
    const req = this.req!;
    client.deadlines.cancel(this.deadline!);
    client.inFlight.delete(req);
    // Destroying a request whose answer has begun may report the reset of its body first.
    if (this.timedOut) error = new HttpTimeoutError(`no answer within ${this.timeoutMs / 1000}s`);
    if (error) {
      if (req.reusedSocket && (error as { code?: string }).code === "ECONNRESET" && !(error instanceof HttpAbortError)) {
        Object.assign(error, { stale: true });
        if (!this.retried && !client.aborted) {
          this.retried = true;
          return this.send();
        }
      }
      return this.reject(error);
    }
    // Not a redirect (no location was kept): the answer as it is.
    if (location === undefined) return this.resolve(new Answer(status, bytes));
    let next;
    try {
      next = nextRedirect({ status, location }, { url: this.target.url, method: this.method, origin: this.origin, hop: this.hop });
    } catch (error) {
      return this.reject(error as Error);
    }
    if (!next) return this.resolve(new Answer(status, bytes));
    this.target = targetOf(next.url);
    this.method = next.method;
    if (!next.keepBody) this.body = undefined;
    this.hop++;
    this.retried = false;
    this.send();
  }
}

// The listeners every call shares: `this` is the request or the response.
function onResponse(this: ClientRequest, res: IncomingMessage): void {
  const call = callOf(this);
  if (!call || call.req !== this) return void res.resume();
  call.response = res;
  const status = res.statusCode ?? 0;
  const location = status >= 300 && status < 400 ? rawHeader(res.rawHeaders, "location") : undefined;
  if (location !== undefined) {
    // A redirect: its body is not read; the call decides where (and whether) to go.
    res.resume();
    return call.settle(undefined, status, EMPTY, location);
  }
  const { maxBytes } = call.client;
  if (declaredOver(rawHeader(res.rawHeaders, "content-length"), maxBytes)) return void this.destroy(new BodyTooLarge(maxBytes));
  call.counter = createByteCounter(maxBytes);
  res.on("data", onData);
  res.on("end", onEnd);
  res.on("error", onResponseError);
}

/** The call whose attempt in flight `res` answers; undefined for an earlier attempt's answer (a stale connection retried meanwhile). */
function callAnswered(res: IncomingMessage): Call | undefined {
  const req = (res as IncomingMessage & { req: ClientRequest }).req;
  const call = callOf(req);
  return call?.req === req ? call : undefined;
}

function onData(this: IncomingMessage, chunk: Buffer): void {
  const call = callAnswered(this);
  if (!call) return;
  const req = call.req!;
  try {
    call.counter!.add(chunk.length);
    call.chunks.push(chunk);
  } catch (error) {
    req.destroy(error as Error);
  }
}

function onEnd(this: IncomingMessage): void {
  const call = callAnswered(this);
  if (!call) return;
  const { chunks } = call;
  call.settle(undefined, this.statusCode ?? 0, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
}

function onResponseError(this: IncomingMessage, error: Error): void {
  callAnswered(this)?.settle(error);
}

function onRequestError(this: ClientRequest, error: Error): void {
  const call = callOf(this);
  if (call?.req === this) call.settle(error);
}

function onRequestClose(this: ClientRequest): void {
  const call = callOf(this);
  if (call?.req === this && !call.response?.complete && !call.settled) call.settle(Object.assign(new Error("the connection closed before the answer ended"), { code: "ECONNRESET" }));
}

export function createRolloutClient(options: RolloutClientOptions = {}): RolloutClient {
  const client: ClientState = {
    maxBytes: options.maxResponseBytes ?? DEFAULT_MAX_ANSWER_BYTES,
    agents: { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) },
    inFlight: new Set(),
    deadlines: createDeadlines(),
    aborted: false,
  };

  /** The URLs requested, parsed once (a run asks the same few: each replica's /rollout, /health, /info). */
  const parsed = new Map<string, Target>();
  const targetOfUrl = (url: string) => {
    let target = parsed.get(url);
    if (!target) {
      if (parsed.size >= 64) parsed.clear();
      parsed.set(url, (target = targetOf(new URL(url))));
    }
    return target;
  };

  /** Sends the request and follows redirects within its origin; another origin is refused (RedirectRefused). */
  const send = (url: string, method: string, body: string | undefined, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer> => {
    if (client.aborted) return Promise.reject(new HttpAbortError("aborted"));
    let target: Target;
    try {
      target = targetOfUrl(url);
    } catch (error) {
      return Promise.reject(error);
    }
    const call = new Call(client, method, target, target.origin, body, headers, timeoutMs);
    const answer = new Promise<HttpAnswer>((resolve, reject) => {
      call.resolve = resolve;
      call.reject = reject;
    });
    call.send();
    return answer;
  };

  return {
    postJson: (url, body, headers, timeoutMs) => send(url, "POST", body, headers, timeoutMs),
    get: (url, headers, timeoutMs) => send(url, "GET", undefined, headers, timeoutMs),
    abortAll() {
      client.aborted = true;
      for (const req of client.inFlight) req.destroy(new HttpAbortError("aborted"));
    },
    close() {
      client.agents.http.destroy();
      client.agents.https.destroy();
    },
  };
}
