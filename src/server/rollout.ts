/**
 * `POST /rollout`: body checks, the executor run under an AbortSignal
 * (timeout, client disconnect, shutdown) and validation of its result.
 * Transport-neutral: the Hono route and the Node fast path both call it.
 * The signal, the run logger and the Request object handed to the executor
 * are created only if the executor reads them, which keeps each request cheap.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import type { RolloutContext, TaskApp } from "../schemas/task-app.js";
import { readJsonBody } from "./body.js";
import { errorReply, summariseIssues, toIssues, type Reply } from "./errors.js";
import { describeExecutorFailure } from "./failures.js";
import type { SecretRedactor } from "./secrets.js";

/** Something that can be aborted; the server aborts every running rollout on forced shutdown. */
export interface Abortable {
  abort(reason: Error): void;
}

/** What the rollout handler needs from its server. */
export interface RolloutDeps {
  app: TaskApp;
  /** Removes every known secret from text bound for the logs. */
  redact: SecretRedactor;
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

/** The abort reason when the client goes away before its rollout finished. */
export class ClientDisconnected extends Error {
  override name = "ClientDisconnected";
  constructor() {
    super("client disconnected");
  }
}

/**
 * Status of the reply to a rollout whose client disconnected. Nobody receives
 * it (the connection is gone), so it is not part of the HTTP contract and not
 * in ERROR_CODES; it shows in the request log, as in nginx.
 */
export const CLIENT_CLOSED_STATUS = 499;

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
  const json = await readJsonBody(transport, app.limits.maxBodyBytes);
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
    if (run.reason) return aborted(run, rollout.safety.max_time_s);
    const errorId = randomUUID();
    const name = error instanceof Error ? error.name : typeof error;
    const message = deps.redact(error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const stack = error instanceof Error && error.stack ? deps.redact(error.stack).slice(0, 4000) : undefined;
    const context = describeExecutorFailure(error, rollout.policy.config.inference_url, deps.redact);
    run.log.error({ error_id: errorId, err: { name, message, stack }, ...context }, "rollout executor failed");
    return errorReply(500, "rollout_failed", "the rollout executor failed", { run_id: rollout.run_id, error_id: errorId });
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

/** The reply to a run aborted by its timeout, a client disconnect or shutdown; each is logged with its code. */
function aborted(run: RolloutRun, maxTimeS: number): Reply {
  const reason = run.reason!;
  if (reason instanceof RolloutTimeout) {
    run.log.warn({ code: "rollout_timeout", max_time_s: maxTimeS }, "rollout aborted: timeout");
    return errorReply(504, "rollout_timeout", reason.message, { max_time_s: maxTimeS });
  }
  if (reason instanceof ClientDisconnected) {
    run.log.warn({ code: "client_disconnected" }, "rollout aborted: client disconnected");
    return errorReply(CLIENT_CLOSED_STATUS, "client_disconnected", "the client disconnected before the rollout finished", { run_id: run.runId });
  }
  run.log.warn({ code: "shutting_down", reason: reason.message }, "rollout aborted: server shutting down");
  return errorReply(503, "shutting_down", `rollout aborted: ${reason.message}`);
}

function abortOnTimeout(run: RolloutRun, seconds: number): void {
  run.abort(new RolloutTimeout(`rollout exceeded ${seconds}s`));
}
