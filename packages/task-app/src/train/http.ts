/**
 * Calls to the training backend with `Authorization: Bearer <SYNTH_API_KEY>`.
 * Calls marked retryable are retried with backoff on 5xx answers and
 * connection errors (the project's `withRetries`); others are tried once.
 * Failures become TrainErrors whose text never holds a key: the backend's
 * error detail is redacted before it is shown.
 *
 * Every call goes through the shared outgoing-request policy
 * (`../http/policy.ts`): a redirect to another origin is refused (the key
 * and a job payload never follow a 307 elsewhere) and answers are read up to
 * `maxResponseBytes`. Each try has its own deadline (`timeoutMs`), the whole
 * call (tries, waits, body) has `deadlineMs`, and a caller's `signal` (the
 * poll deadline) ends it sooner.
 */
import { RetriesExhausted, withRetries } from "../client/retry.js";
import { describeRequestFailure } from "../http/failure.js";
import { BodyTooLarge, createGuardedFetch, policyErrorOf, RedirectRefused } from "../http/policy.js";
import { redactSecrets } from "../server/secrets.js";
import { TrainError } from "./errors.js";

export interface BackendClientOptions {
  /** The backend base URL, ending in `/api`. */
  baseUrl: string;
  /** SYNTH_API_KEY. */
  apiKey: string;
  /** Other secrets to keep out of error text (ENVIRONMENT_API_KEY, ...). */
  secrets?: readonly string[];
  /** Attempts of a retryable call, the first included (default 4). */
  tries?: number;
  /** Milliseconds to wait after failed attempt n (default 250·n). */
  backoffMs?: (attempt: number) => number;
  /** Milliseconds before one attempt is aborted (default 30 000). */
  timeoutMs?: number;
  /** Milliseconds for a whole call, every try and wait included (default 120 000). */
  deadlineMs?: number;
  /** Largest answer body read, in bytes (default 64 MiB). */
  maxResponseBytes?: number;
  fetch?: (request: Request) => Promise<Response>;
}

export interface BackendRequest {
  /** What the call does, for messages: `create the RL job`. */
  operation: string;
  method?: "GET" | "POST";
  /** Path below the base URL, starting with `/`. */
  path: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Retry 5xx answers and connection errors. */
  retry: boolean;
  /** Ends the call when aborted (the poll's overall deadline). */
  signal?: AbortSignal;
}

export interface BackendResponse {
  status: number;
  body: unknown;
}

export interface BackendClient {
  readonly baseUrl: string;
  /** Sends the request; resolves with a 2xx answer, throws a TrainError otherwise. */
  send(request: BackendRequest): Promise<BackendResponse>;
}

/** The text of a backend error body (`detail`, `message` or `error`), shortened. */
function describeBody(body: unknown): string {
  if (typeof body === "string") return body.slice(0, 300);
  const b = body as { detail?: unknown; message?: unknown; error?: unknown } | null;
  const detail = b?.detail ?? b?.message ?? b?.error;
  if (detail === undefined) return "";
  return (typeof detail === "string" ? detail : JSON.stringify(detail)).slice(0, 300);
}

/** Default of {@link BackendClientOptions.maxResponseBytes}. */
export const DEFAULT_MAX_BACKEND_BYTES = 64 * 1024 * 1024;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createBackendClient(options: BackendClientOptions): BackendClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const secrets = [options.apiKey, ...(options.secrets ?? [])];
  const redact = (text: string) => redactSecrets(text, secrets);
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadlineMs = options.deadlineMs ?? 120_000;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_BACKEND_BYTES;
  const guarded = createGuardedFetch(fetchImpl, { maxResponseBytes: maxBytes });
  const retrying = withRetries(guarded, { tries: options.tries ?? 4, backoffMs: options.backoffMs ?? ((n) => 250 * n), timeoutMs });
  const once = withRetries(guarded, { tries: 1, backoffMs: () => 0, timeoutMs });

  return {
    baseUrl,
    async send(request) {
      const headers: Record<string, string> = { Authorization: `Bearer ${options.apiKey}`, Accept: "application/json", ...request.headers };
      let body: string | FormData | undefined;
      if (request.json !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(request.json);
      } else body = request.form;
      const url = `${baseUrl}${request.path}`;
      const deadline = AbortSignal.timeout(deadlineMs);
      const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
      const origin = new URL(url).origin;
      const failed = (error: unknown): TrainError => {
        const policy = policyErrorOf(error instanceof RetriesExhausted ? error.lastError : error);
        if (policy instanceof RedirectRefused) return new TrainError("backend", redact(`cannot ${request.operation}: the backend answered ${policy.message}; nothing was sent there`), undefined, policy.status);
        if (policy instanceof BodyTooLarge)
          return new TrainError("backend", redact(`cannot ${request.operation}: the answer from ${origin} is larger than ${policy.limitBytes} bytes; reading stopped (is --backend a task-app backend?)`));
        const cause = error instanceof RetriesExhausted ? error.lastError : error;
        const tries = error instanceof RetriesExhausted ? ` after ${error.attempts} ${error.attempts === 1 ? "try" : "tries"}` : "";
        let reason = describeRequestFailure(cause, url, "point --backend at the backend's real address");
        if (request.signal?.aborted) reason = "the wait is over";
        else if (deadline.aborted) reason = `no complete answer within ${deadlineMs / 1000} s`;
        else if ((cause as { name?: string })?.name === "TimeoutError") reason = `no answer within ${timeoutMs / 1000} s`;
        // The backend is what did not answer: say where its address came from.
        const where = request.signal?.aborted ? "" : `; the backend is ${origin} (--backend, else BACKEND_BASE_URL, else the default): is that right?`;
        return new TrainError("network", redact(`cannot ${request.operation}: no answer from ${origin}${tries} (${reason})${where}`));
      };
      let response: Response;
      let parsed: unknown;
      try {
        response = await (request.retry ? retrying : once)(new Request(url, { method: request.method ?? "GET", headers, body, signal }));
        parsed = await readBody(response);
      } catch (error) {
        throw failed(error);
      }
      if (response.ok) return { status: response.status, body: parsed };
      const detail = redact(describeBody(parsed));
      const suffix = detail ? `: ${detail}` : "";
      if (response.status === 401 || response.status === 403)
        throw new TrainError("unauthorized", `cannot ${request.operation}: the backend refused SYNTH_API_KEY (HTTP ${response.status}${suffix}); check the key and the backend URL ${baseUrl}`, undefined, response.status);
      throw new TrainError("backend", `cannot ${request.operation}: HTTP ${response.status} from ${request.method ?? "GET"} ${url}${suffix}`, undefined, response.status);
    },
  };
}
