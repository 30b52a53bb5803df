/**
 * A `fetch` wrapper with synth-ai's client behaviour: a timeout per try, and
 * up to `tries` attempts on 5xx answers and network errors, waiting
 * `backoffMs(n)` after the n-th failed try (0.1 s × n by default).
 */

/** Retry and timeout settings. */
export interface RetryOptions {
  /** Attempts in all, including the first (default 3). */
  tries: number;
  /** Milliseconds to wait after failed attempt `n` (1-based). */
  backoffMs: (attempt: number) => number;
  /** Milliseconds before one attempt is aborted. */
  timeoutMs: number;
}

/** Thrown by the wrapped fetch when every attempt failed without a response. */
export class RetriesExhausted extends Error {
  constructor(
    readonly attempts: number,
    readonly lastError: unknown,
  ) {
    super(lastError instanceof Error ? lastError.message : String(lastError), { cause: lastError });
  }
}

/** Returns a fetch that retries 5xx answers and network errors. A 5xx on the last try is returned as is. */
export function withRetries(
  fetchImpl: (request: Request) => Promise<Response>,
  options: RetryOptions,
): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= options.tries; attempt++) {
      const last = attempt === options.tries;
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]);
      try {
        const response = await fetchImpl(new Request(request.clone(), { signal }));
        if (response.status < 500 || last) return response;
        // Release the body without waiting: a cancel may not settle while a tee'd twin is unread.
        response.body?.cancel().catch(() => undefined);
      } catch (error) {
        if (request.signal.aborted) throw error; // the caller gave up: do not retry
        lastError = error;
        if (last) throw new RetriesExhausted(attempt, error);
      }
      await new Promise((resolve) => setTimeout(resolve, options.backoffMs(attempt)));
    }
    throw new RetriesExhausted(options.tries, lastError);
  };
}
