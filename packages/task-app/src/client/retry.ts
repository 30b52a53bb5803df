/**
 * A `fetch` wrapper that retries only where a second try cannot repeat work:
 *
 * - a connection refused (or a name lookup that failed for now) never
 *   reached the app, so every method is retried;
 * - `GET` and `HEAD` are also retried after any other network error, a try
 *   that timed out, and a 502, 503 or 504 answer;
 * - `POST` (`/rollout`, `/done`) is never retried once it may have been
 *   sent: a reset connection, a timeout or any 5xx could come after the app
 *   started the rollout, and a rollout must not run twice;
 * - a request of any method that carries an `Idempotency-Key` header is
 *   retried like a `GET`: the server turns its repeats into no-ops (the
 *   backend's job creation in `task-app train`).
 *
 * Each try has its own timeout; the caller's signal (the client's overall
 * deadline) ends the tries and the waits between them.
 */

/** Retry and timeout settings. */
export interface RetryOptions {
  /** Attempts in all, including the first. */
  tries: number;
  /** Milliseconds to wait after failed attempt `n` (1-based). */
  backoffMs: (attempt: number) => number;
  /** Milliseconds before one attempt is aborted. */
  timeoutMs: number;
  /** Called as each attempt starts. */
  onAttempt?: (attempt: number) => void;
}

/** Thrown by the wrapped fetch when it stops without a response. */
export class RetriesExhausted extends Error {
  constructor(
    readonly attempts: number,
    readonly lastError: unknown,
  ) {
    super(lastError instanceof Error ? lastError.message : String(lastError), { cause: lastError });
  }
}

/** Statuses worth a second try of an idempotent request: the gateway or the app is briefly unavailable. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Connection errors that prove the request never reached the app. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "EAI_AGAIN"]);

/** Safe methods, and any request that carries an Idempotency-Key (the server makes its repeats no-ops). */
const isIdempotent = (request: Request) => ["GET", "HEAD", "OPTIONS"].includes(request.method) || request.headers.has("idempotency-key");

/** True when `error` (fetch's TypeError and its cause, or an AggregateError of them) shows nothing was sent. */
export function wasNotSent(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const codes = (e: unknown): string[] => {
    const { code, errors } = (e ?? {}) as { code?: unknown; errors?: unknown };
    if (Array.isArray(errors) && errors.length) return errors.flatMap(codes);
    return typeof code === "string" ? [code] : [];
  };
  const found = codes(cause);
  return found.length > 0 && found.every((c) => NOT_SENT_CODES.has(c));
}

/** Returns a fetch that retries where it is safe (see the module comment); anything else is returned or thrown at once. */
export function withRetries(
  fetchImpl: (request: Request) => Promise<Response>,
  options: RetryOptions,
): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    const idempotent = isIdempotent(request);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= options.tries;
      options.onAttempt?.(attempt);
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]);
      try {
        const response = await fetchImpl(new Request(request.clone(), { signal }));
        if (last || !idempotent || !RETRIED_STATUSES.has(response.status)) return response;
        // Release the body without waiting: a cancel may not settle while a tee'd twin is unread.
        response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (request.signal.aborted) throw error; // the caller gave up or the deadline passed: do not retry
        if (!isNetworkError(error)) throw error; // raised on purpose (a refused redirect, a body too large)
        if (last || !(idempotent || wasNotSent(error))) throw new RetriesExhausted(attempt, error);
      }
      await sleep(options.backoffMs(attempt), request.signal);
    }
  };
}

/** fetch's own failures (a TypeError, or the try's timeout), as opposed to errors the transport raises on purpose. */
function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
