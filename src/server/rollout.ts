/**
 * `POST /rollout`: body checks, the executor run under an AbortSignal
 * (timeout, client disconnect, shutdown) and validation of its result.
 * Transport-neutral: the Hono route and the Node fast path both call it.
 * The signal, the run logger and the Request object handed to the executor
 * are created only if the executor reads them, which keeps each request cheap.
 */
import type { Logger } from "pino";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import type { RolloutContext, TaskApp } from "../schemas/task-app.js";
import { checkBodyHeaders, parseJsonBody, tooLarge } from "./body.js";
import { errorReply, summariseIssues, toIssues, type Reply } from "./errors.js";
import type { KeyMatcher } from "./auth.js";

/** Something that can be aborted; the server aborts every running rollout on forced shutdown. */
export interface Abortable {
  abort(reason: Error): void;
}

/** What the rollout handler needs from its server. */
export interface RolloutDeps {
  app: TaskApp;
  keys: KeyMatcher;
  running: Set<Abortable>;
  log: Logger;
}

/** How the handler talks to the HTTP layer it runs on. */
export interface RolloutTransport {
  header(name: string): string | null;
  /** The body as text, or null when it passes `maxBytes`. */
  readBody(maxBytes: number): Promise<string | null>;
  /** Calls `run.abort` if the client disconnects first; returns nothing, `unwatchClient` undoes it. */
  watchClient(run: Abortable): void;
  unwatchClient(run: Abortable): void;
  /** The request as a Fetch-API Request (built on demand). */
  request(): Request;
}

class RolloutTimeout extends Error {
  override name = "TimeoutError";
}

/** One executing rollout: its context for the executor and its abort state. */
class RolloutRun implements RolloutContext, Abortable {
  reason: Error | undefined;
  #controller: AbortController | undefined;
  #log: Logger | undefined;
  #request: Request | undefined;
  #reject: ((reason: Error) => void) | undefined;

  constructor(
    readonly app: TaskApp,
    readonly runId: string,
    private readonly transport: RolloutTransport,
    private readonly baseLog: Logger,
  ) {}

  get signal(): AbortSignal {
    this.#controller ??= new AbortController();
    if (this.reason && !this.#controller.signal.aborted) this.#controller.abort(this.reason);
    return this.#controller.signal;
  }
  get request(): Request {
    return (this.#request ??= this.transport.request());
  }
  get log(): Logger {
    return (this.#log ??= this.baseLog.child({ run_id: this.runId }));
  }
  abort(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    this.#controller?.abort(reason);
    this.#reject?.(reason);
  }
  /** Settles with the executor's result, or rejects as soon as the run is aborted. */
  race(pending: PromiseLike<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#reject = reject;
      if (this.reason) reject(this.reason);
      pending.then(resolve, reject);
    });
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** Handles one rollout request and returns the reply to send. */
export async function handleRollout(transport: RolloutTransport, deps: RolloutDeps): Promise<Reply> {
  const { app } = deps;
  const max = app.limits.maxBodyBytes;
  const refused = checkBodyHeaders(transport.header("content-type"), transport.header("content-length"), max);
  if (refused) return refused;
  const text = await transport.readBody(max);
  if (text === null) return tooLarge(max);
  const json = parseJsonBody(text);
  if (!json.ok) return json.reply;
  const parsed = RolloutRequest.safeParse(json.value);
  if (!parsed.success) {
    const issues = toIssues(parsed.error);
    return errorReply(422, "invalid_request", `invalid rollout request: ${summariseIssues(issues)}`, { issues });
  }
  const rollout = parsed.data;
  const run = new RolloutRun(app, rollout.run_id, transport, deps.log);
  const timer = setTimeout(abortOnTimeout, Math.min(rollout.safety.max_time_s * 1000, 2 ** 31 - 1), run, rollout.safety.max_time_s);
  transport.watchClient(run);
  deps.running.add(run);
  let result: unknown;
  try {
    result = app.rollout(rollout, run);
    if (isThenable(result)) result = await run.race(result);
  } catch (error) {
    if (run.reason) {
      run.log.warn({ reason: run.reason.message }, "rollout aborted");
      if (run.reason instanceof RolloutTimeout) return errorReply(504, "rollout_timeout", run.reason.message, { max_time_s: rollout.safety.max_time_s });
      return errorReply(503, "shutting_down", `rollout aborted: ${run.reason.message}`);
    }
    const message = deps.keys.redact(error instanceof Error ? error.message : String(error)).slice(0, 1000);
    run.log.error({ err: { name: (error as Error)?.name, message } }, "rollout executor failed");
    return errorReply(500, "rollout_failed", `rollout executor failed: ${message}`, { run_id: rollout.run_id });
  } finally {
    clearTimeout(timer);
    transport.unwatchClient(run);
    deps.running.delete(run);
  }
  const checked = RolloutResponse.safeParse(result);
  if (!checked.success) {
    const issues = toIssues(checked.error);
    run.log.error({ issues }, "rollout executor returned an invalid response");
    return errorReply(500, "invalid_rollout_response", `executor returned an invalid RolloutResponse: ${summariseIssues(issues)}`, {
      run_id: rollout.run_id,
      issues,
    });
  }
  return { status: 200, body: JSON.stringify(checked.data) };
}

function abortOnTimeout(run: RolloutRun, seconds: number): void {
  run.abort(new RolloutTimeout(`rollout exceeded ${seconds}s`));
}
