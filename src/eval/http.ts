/**
 * The HTTP client eval posts rollouts and health probes with: `node:http` /
 * `node:https` over keep-alive agents, one client per run. A rollout is a
 * POST of a JSON body whose answer is read whole, up to a cap
 * (`maxResponseBytes`; past it the call fails with BodyTooLarge). Redirects
 * follow the shared outgoing-request policy (`../http/policy.ts`): within the
 * app's origin only, so neither the key nor a rollout body reaches another. A call costs a fraction of `fetch`'s
 * (its web streams and its abort signals cost more than the rest of a
 * rollout's client side), its timeout is a timer, and the requests in flight
 * are aborted all at once (the second Ctrl-C) by one listener for the run,
 * not one per request.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { DEFAULT_MAX_BODY_BYTES } from "../schemas/limit-defaults.js";
import { createByteCounter, declaredOver, nextRedirect, BodyTooLarge } from "../http/policy.js";

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
    readonly location?: string,
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

export function createRolloutClient(options: RolloutClientOptions = {}): RolloutClient {
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const inFlight = new Set<ClientRequest>();
  let aborted = false;

  /** One attempt; a kept-alive socket the server closed meanwhile fails with `stale` set, and is retried once. */
  const attempt = (method: string, target: URL, body: string | undefined, headers: OutgoingHttpHeaders, timeoutMs: number) =>
    new Promise<Answer>((resolve, reject) => {
      const secure = target.protocol === "https:";
      const options = { method, headers, agent: secure ? agents.https : agents.http };
      let settled = false;
      let timedOut = false;
      let response: IncomingMessage | undefined;
      const settle = (error: Error | undefined, answer?: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        inFlight.delete(req);
        // Destroying a request whose answer has begun may report the reset of its body first.
        if (timedOut) error = new HttpTimeoutError(`no answer within ${timeoutMs / 1000}s`);
        if (error) {
          if (req.reusedSocket && (error as { code?: string }).code === "ECONNRESET" && !(error instanceof HttpAbortError)) Object.assign(error, { stale: true });
          reject(error);
        } else resolve(answer!);
      };
      const req = (secure ? httpsRequest : httpRequest)(target, options, (res) => {
        response = res;
        const status = res.statusCode ?? 0;
        const location = status >= 300 && status < 400 ? res.headers.location : undefined;
        if (location !== undefined) {
          // A redirect: its body is not read; the caller decides where (and whether) to go.
          settle(undefined, new Answer(status, EMPTY, location));
          res.resume();
          return;
        }
        if (declaredOver(res.headers["content-length"], maxBytes)) return void req.destroy(new BodyTooLarge(maxBytes));
        const counter = createByteCounter(maxBytes);
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          try {
            counter.add(chunk.length);
            chunks.push(chunk);
          } catch (error) {
            req.destroy(error as Error);
          }
        });
        res.on("end", () => settle(undefined, new Answer(status, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))));
        res.on("error", (error) => settle(error));
      });
      const timer = setTimeout(() => {
        timedOut = true;
        req.destroy(new HttpTimeoutError(`no answer within ${timeoutMs / 1000}s`));
      }, timeoutMs);
      req.on("error", (error) => settle(error));
      req.on("close", () => {
        if (!response?.complete && !settled) settle(Object.assign(new Error("the connection closed before the answer ended"), { code: "ECONNRESET" }));
      });
      inFlight.add(req);
      req.end(body);
    });

  /** One attempt, retried once on a stale kept-alive socket. */
  const once = (method: string, target: URL, body: string | undefined, headers: OutgoingHttpHeaders, timeoutMs: number) =>
    attempt(method, target, body, headers, timeoutMs).catch((error: unknown) => {
      if (!(error as { stale?: boolean }).stale || aborted) throw error;
      return attempt(method, target, body, headers, timeoutMs);
    });

  /** The URLs requested, parsed once (a run asks the same few: each replica's /rollout, /health, /info). */
  const parsed = new Map<string, URL>();
  const parsedUrl = (url: string) => {
    let target = parsed.get(url);
    if (!target) {
      if (parsed.size >= 64) parsed.clear();
      parsed.set(url, (target = new URL(url)));
    }
    return target;
  };

  /** Sends the request and follows redirects within its origin; another origin is refused (RedirectRefused). */
  const send = async (first: string, firstMethod: string, body: string | undefined, headers: Record<string, string>, timeoutMs: number): Promise<HttpAnswer> => {
    if (aborted) throw new HttpAbortError("aborted");
    let target = parsedUrl(first);
    const origin = target.origin;
    let method = firstMethod;
    let withBody = body;
    for (let hop = 0; ; hop++) {
      const all: OutgoingHttpHeaders = withBody === undefined ? { ...headers } : { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(withBody) };
      const answer = await once(method, target, withBody, all, timeoutMs);
      // Not a redirect (no location was kept): the answer as it is.
      if (answer.location === undefined) return answer;
      const next = nextRedirect({ status: answer.status, location: answer.location }, { url: target, method, origin, hop });
      if (!next) return new Answer(answer.status, answer.bytes);
      target = next.url;
      method = next.method;
      if (!next.keepBody) withBody = undefined;
    }
  };

  return {
    postJson: (url, body, headers, timeoutMs) => send(url, "POST", body, headers, timeoutMs),
    get: (url, headers, timeoutMs) => send(url, "GET", undefined, headers, timeoutMs),
    abortAll() {
      aborted = true;
      for (const req of inFlight) req.destroy(new HttpAbortError("aborted"));
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
