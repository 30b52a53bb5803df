import { describeRequestFailure } from "../http/failure.js";

/**
 * What the task-app client throws: an HTTP error answer, a response that
 * breaks the contract, or a request that never got an answer.
 */

/** One problem in a response body: dotted path and message. */
export interface ContractIssue {
  path: string;
  message: string;
}

/** The server answered with an error status (after retries, for 5xx). */
export class TaskAppHttpError extends Error {
  override readonly name = "TaskAppHttpError";
  constructor(
    /** `GET /info`, `POST /rollout`, ... */
    readonly operation: string,
    readonly status: number,
    /** `detail.error.code` when the body has synth-ai's error shape. */
    readonly code: string | undefined,
    /** The parsed body (or its text when it is not JSON). */
    readonly body: unknown,
    message: string,
  ) {
    super(`${operation}: HTTP ${status}${code ? ` ${code}` : ""}: ${message}`);
  }
}

/** A 2xx response whose body does not match the contract. */
export class TaskAppContractError extends Error {
  override readonly name = "TaskAppContractError";
  constructor(
    readonly operation: string,
    readonly issues: readonly ContractIssue[],
    readonly body: unknown,
  ) {
    const shown = issues.slice(0, 5).map((i) => `${i.path || "(body)"}: ${i.message}`);
    const more = issues.length > 5 ? ` (+${issues.length - 5} more)` : "";
    super(`${operation}: response breaks the task-app contract: ${shown.join("; ")}${more}`);
  }
}

/** No (complete) answer: the network failed, a try timed out, or the overall deadline passed. */
export class TaskAppNetworkError extends Error {
  override readonly name = "TaskAppNetworkError";
  constructor(
    readonly operation: string,
    readonly attempts: number,
    options: { cause: unknown; url?: string },
  ) {
    const cause = describeRequestFailure(options.cause, options.url);
    super(`${operation}: no response${attempts > 1 ? ` after ${attempts} tries` : ""}: ${cause}`, { cause: options.cause });
  }
}

/**
 * The server redirected to another origin. The client refuses such a
 * redirect before sending anything there, so the key (`X-API-Key`,
 * `Authorization`, `X-API-Keys`) and the request body stay with the task app.
 */
export class TaskAppRedirectError extends Error {
  override readonly name = "TaskAppRedirectError";
  constructor(
    readonly operation: string,
    readonly status: number,
    /** The origin the redirect pointed to. */
    readonly target: string,
    options: { cause: unknown },
  ) {
    super(`${operation}: ${options.cause instanceof Error ? options.cause.message : String(options.cause)}`, options);
  }
}

/** The response body is larger than `maxResponseBytes`; reading stopped at the limit. */
export class TaskAppResponseTooLargeError extends Error {
  override readonly name = "TaskAppResponseTooLargeError";
  constructor(
    readonly operation: string,
    readonly limitBytes: number,
  ) {
    super(`${operation}: response body exceeds the ${limitBytes}-byte limit (maxResponseBytes); reading stopped`);
  }
}
