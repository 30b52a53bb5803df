/**
 * `POST /rollout`: body checks, the executor run under an AbortSignal
 * (timeout, client disconnect, shutdown) and validation of its result.
 * Both wires go through it: the request is read and the answer shaped for
 * its era by `./wire/` (0.2.x, or synth-ai's container era, where failures
 * are answered with a `success_status` instead of an error status).
 * Transport-neutral: the Hono route and the Node fast path both call it.
 * The signal, the run logger and the Request object handed to the executor
 * are created only if the executor reads them, which keeps each request cheap.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { ContextOverride } from "../schemas/container-rollout.js";
import type { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import type { RolloutContext, TaskApp } from "../schemas/task-app.js";
import { RolloutRequestError } from "../runtime/request-error.js";
import { rolloutSessionId } from "../tracing/session-id.js";
import { createSessionTracer, type SessionTracer } from "../tracing/tracer.js";
import { readJsonBody, type BodyLease, type ParsedBody } from "./body.js";
import { createDeadlines, type Expirable } from "./deadlines.js";
import { errorReply, summariseIssues, type Reply } from "./errors.js";
import { describeExecutorFailure } from "./failures.js";
import type { SecretRedactor } from "./secrets.js";
import { finishRolloutTrace, hasTraceWork, rolloutTraceMetadata, type TraceSink } from "./trace-hook.js";
import { serializeJson } from "./serialize.js";
import { checkRolloutResult } from "./validate.js";
import { failureResponse, toContainerResponse, toLegacyResponse, type ContainerRun } from "./wire/container.js";
import { readRolloutRequest } from "./wire/request.js";
import { isThenable } from "../maybe-async.js";

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
  /** Receives each rollout's session (see `TraceSink`). */
  traceSink?: TraceSink | undefined;
}

/** How the handler talks to the HTTP layer it runs on. */
export interface RolloutTransport {
  header(name: string): string | null;
  /** The body as text, or null when it passes `maxBytes`; at once when the whole body is at hand. */
  readBody(maxBytes: number): string | null | Promise<string | null>;
  /** Calls `run.abort` if the client disconnects first; returns nothing, `unwatchClient` undoes it. */
  watchClient(run: Abortable): void;
  unwatchClient(run: Abortable): void;
  /** The request as a Fetch-API Request (built on demand). */
  request(): Request;
  /** The process-wide body budget this request reads under (its lease and the limit), when the server keeps one. */
  readonly budget?: { lease: BodyLease; limit: number } | undefined;
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

/** Every rollout's `safety.max_time_s` in this process, on one timer. */
const deadlines = createDeadlines();

/** One executing rollout: its context for the executor and its abort state. */
class RolloutRun implements RolloutContext, Abortable, Expirable {
  reason: Error | undefined;
  #controller: AbortController | undefined;
  #log: Logger | undefined;
  #request: Request | undefined;
  #reject: ((reason: Error) => void) | undefined;
  #tracer: SessionTracer | undefined;
  #sessionId: string | undefined;

  readonly wire: "0.2" | "container";
  readonly traceCorrelationId: string | undefined;
  readonly contextOverrides: readonly ContextOverride[];
  readonly overrideBundleId: string | undefined;

  constructor(
    readonly app: TaskApp,
    readonly runId: string,
    private readonly transport: RolloutTransport,
    private readonly baseLog: Logger,
    private readonly rollout: RolloutRequest,
    readonly container: ContainerRun | undefined,
  ) {
    this.wire = container ? "container" : "0.2";
    this.traceCorrelationId = container ? runId : undefined;
    this.contextOverrides = container?.overrides.accepted ?? [];
    this.overrideBundleId = container?.request.override_bundle_id ?? undefined;
  }

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
  /** The rollout's session id (rolloutSessionId: a hash of the request's run id and seed, made once). */
  get sessionId(): string {
    return (this.#sessionId ??= rolloutSessionId(this.rollout));
  }
  get tracer(): SessionTracer {
    return (this.#tracer ??= createSessionTracer({ sessionId: this.sessionId, metadata: rolloutTraceMetadata(this.app, this.rollout, this.traceCorrelationId) }));
  }
  /** The tracer, if the executor used it. */
  get usedTracer(): SessionTracer | undefined {
    return this.#tracer;
  }
  /**
   * The tracer, if the executor used it, handed over for good once the
   * executor answered: the run, which lives until its reply is sent (after
   * the trace store's commit), then holds nothing of what it recorded.
   */
  takeTracer(): SessionTracer | undefined {
    const tracer = this.#tracer;
    this.#tracer = undefined;
    return tracer;
  }
  /** Its `max_time_s` passed. */
  expire(): void {
    const seconds = this.rollout.safety.max_time_s;
    this.abort(new RolloutTimeout(`rollout exceeded ${seconds}s`));
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

/**
 * Handles one rollout request, of either wire, and returns the reply to send:
 * at once when the body is at hand and the executor answers synchronously,
 * otherwise a promise of it.
 */
export function handleRollout(transport: RolloutTransport, deps: RolloutDeps): Reply | Promise<Reply> {
  const json = readJsonBody(transport, deps.app.limits.maxBodyBytes, deps.app.limits);
  return json instanceof Promise ? json.then((read) => runRollout(read, transport, deps)) : runRollout(json, transport, deps);
}

/**
 * Runs the executor on a parsed body. Its deadline, the client-disconnect
 * watch and the shutdown registry are armed only when it answers with a
 * promise: code that returns synchronously cannot be interrupted by a timer
 * or a socket event, so arming them for it would only cost.
 */
function runRollout(json: ParsedBody, transport: RolloutTransport, deps: RolloutDeps): Reply | Promise<Reply> {
  if (!json.ok) return json.reply;
  const read = readRolloutRequest(json.value, deps.app.overrideEnv);
  if (!read.ok) return read.reply;
  const { app } = deps;
  const { rollout, container } = read;
  const run = new RolloutRun(app, rollout.run_id, transport, deps.log, rollout, container);
  if (container && container.overrides.refused.size > 0) {
    run.log.warn({ code: "apply_failed", refused: container.overrides.refused.size }, "rollout not run: context overrides refused");
    return containerReply(failureResponse(container, "apply_failed", "context overrides were refused; see override_application_results", "not applied: another context override of the request was refused"));
  }
  const started = deadlines.now();
  let result: unknown;
  try {
    result = app.rollout(rollout, run);
    if (!isThenable(result)) return replyWithResult(result, run, rollout, deps);
  } catch (error) {
    return executorFailed(error, run, rollout, deps);
  }
  return awaitResult(result, run, rollout, transport, deps, started);
}

/** Waits for an executor's promise under its deadline (counted from the call), the client watch and shutdown. */
async function awaitResult(pending: PromiseLike<unknown>, run: RolloutRun, rollout: RolloutRequest, transport: RolloutTransport, deps: RolloutDeps, started: number): Promise<Reply> {
  const deadline = deadlines.add(rollout.safety.max_time_s * 1000, run, started);
  transport.watchClient(run);
  deps.running.add(run);
  let result: unknown;
  try {
    result = await run.race(pending);
  } catch (error) {
    return executorFailed(error, run, rollout, deps);
  } finally {
    deadlines.cancel(deadline);
    transport.unwatchClient(run);
    deps.running.delete(run);
  }
  return replyWithResult(result, run, rollout, deps);
}

/** The reply to an executor that threw or rejected: its abort's reply, or a 500 with an error id (the details logged). */
function executorFailed(error: unknown, run: RolloutRun, rollout: RolloutRequest, deps: RolloutDeps): Reply {
  if (run.reason) return aborted(run, rollout.safety.max_time_s);
  const refused = requestRefusal(error, deps.redact);
  if (refused) {
    run.log.warn({ code: "invalid_request", issues: refused.issues }, "rollout refused: the executor refused the request");
    return errorReply(422, "invalid_request", refused.message, { run_id: rollout.run_id, issues: refused.issues });
  }
  const errorId = randomUUID();
  let context: Record<string, unknown> = {};
  try {
    context = describeExecutorFailure(error, rollout.policy.config.inference_url, deps.redact);
  } catch {
    // a thrown value whose properties cannot be read: describeThrown reports it
  }
  run.log.error({ error_id: errorId, err: describeThrown(error, deps.redact), ...context }, "rollout executor failed");
  if (run.container) return containerReply(failureResponse(run.container, "runtime_error", `the rollout executor failed (error id ${errorId})`));
  return errorReply(500, "rollout_failed", "the rollout executor failed", { run_id: rollout.run_id, error_id: errorId });
}

/**
 * The executor's refusal of the request (a RolloutRequestError) as the
 * 422's message and issues, redacted; undefined for any other value, and for
 * one that cannot even be asked what it is (a proxy whose every read
 * throws): that one is an executor failure like any other.
 */
function requestRefusal(error: unknown, redact: SecretRedactor): { message: string; issues: { path: string; message: string }[] } | undefined {
  try {
    if (!(error instanceof RolloutRequestError)) return undefined;
    const issues = error.issues.slice(0, 100).map((i) => ({ path: redact(String(i.path)), message: redact(String(i.message)) }));
    return { message: redact(String(error.message)).slice(0, 2000), issues };
  } catch {
    return undefined;
  }
}

/** A 200 with a container-era answer the server built itself (plain data: it serialises). */
function containerReply(body: unknown): Reply {
  return { status: 200, body: JSON.stringify(body) };
}

/**
 * The 200 reply with the executor's result, validated in place and
 * serialised itself (validate.ts; only its top level is copied, see
 * `ownTopLevel`, nothing below it); or a
 * 500 `invalid_rollout_response` with the run id and an error id (logged with
 * the details) when it fails the schema, cannot be read (throwing getters,
 * proxies) or cannot be serialised (circular, BigInt, a throwing `toJSON`).
 */
function replyWithResult(result: unknown, run: RolloutRun, rollout: RolloutRequest, deps: RolloutDeps): Reply | Promise<Reply> {
  const { redact } = deps;
  let checked: ReturnType<typeof checkRolloutResult>;
  try {
    checked = checkRolloutResult(ownTopLevel(result));
  } catch (error) {
    return invalidResult(run, "executor returned a RolloutResponse that cannot be read (a getter or proxy threw)", {}, { err: describeThrown(error, redact) });
  }
  if (!checked.success) {
    const { issues } = checked;
    return invalidResult(run, `executor returned an invalid RolloutResponse: ${summariseIssues(issues)}`, { issues }, { issues });
  }
  // Without a trace to fill or a sink to feed, the reply is made at once (no promise, no turn of the event loop).
  if (!hasTraceWork(rollout, checked.data, deps)) return serialised(checked.data, run, redact);
  return finishRolloutTrace(rollout, checked.data, run.takeTracer(), deps, () => run.log, run.traceCorrelationId, run.sessionId).then((response) => serialised(response, run, redact));
}

/** The reply to an executor's result that cannot be sent: logged with an error id, then a 500 `invalid_rollout_response` (or its container-era failure). */
function invalidResult(run: RolloutRun, message: string, extra: Record<string, unknown>, logged: Record<string, unknown>): Reply {
  const errorId = randomUUID();
  run.log.error({ error_id: errorId, ...logged }, "rollout executor returned an invalid response");
  if (run.container) return containerReply(failureResponse(run.container, "runtime_error", `the rollout executor returned an invalid result (error id ${errorId})`));
  return errorReply(500, "invalid_rollout_response", message, { run_id: run.runId, error_id: errorId, ...extra });
}

/**
 * A plain-object result with its top level copied into an object of the
 * server's own (own enumerable keys in order, each getter read once); any
 * other value as it is. An object made by spreading (`{ ...base, run_id }`,
 * the usual executor) is one V8 extends slowly: each default the validator
 * fills in and its serialisation take a slow path, about 8 µs of a 1 KB
 * reply, against 0.1 µs for the copy. Class instances, arrays and the like
 * reach the validator untouched (it leaves them to Zod). May throw, as
 * reading the result may.
 */
function ownTopLevel(result: unknown): unknown {
  return typeof result === "object" && result !== null && Object.getPrototypeOf(result) === Object.prototype ? Object.assign({}, result) : result;
}

/** The 200 reply with `response` as JSON in its request's wire, or the 500 when it cannot be serialised. */
function serialised(response: RolloutResponse, run: RolloutRun, redact: SecretRedactor): Reply {
  try {
    const body = run.container ? toContainerResponse(response, run.container) : toLegacyResponse(response);
    return { status: 200, body: serializeJson(body)! };
  } catch (error) {
    const err = describeThrown(error, redact);
    return invalidResult(run, `executor returned a RolloutResponse that cannot be serialised as JSON: ${unserialisable(err.message)}`, {}, { err });
  }
}

/** What JSON.stringify refused, in words that carry none of the executor's own text. */
function unserialisable(message: string): string {
  if (/BigInt/i.test(message)) return "it holds a BigInt";
  if (/circular/i.test(message)) return "it holds a circular reference";
  return "a toJSON method or getter threw";
}

/** Reads `read()`, or undefined when it throws or gives no string. */
function readString(read: () => unknown): string | undefined {
  try {
    const value = read();
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Name, message and stack of a thrown value for the log, redacted and cut
 * short. Nothing of the value is trusted: `instanceof`, getters and
 * `toString` may throw, and a value without a prototype has no `toString`.
 */
function describeThrown(error: unknown, redact: SecretRedactor): { name: string; message: string; stack?: string } {
  let isError = false;
  try {
    isError = error instanceof Error;
  } catch {
    // a proxy whose getPrototypeOf trap throws
  }
  const name = (isError ? readString(() => (error as Error).name) : undefined) ?? typeof error;
  const message = readString(() => (isError ? (error as Error).message : String(error))) ?? `(a thrown ${typeof error} that cannot be read)`;
  const stack = isError ? readString(() => (error as Error).stack) : undefined;
  return { name: redact(name).slice(0, 200), message: redact(message).slice(0, 2000), ...(stack ? { stack: redact(stack).slice(0, 4000) } : {}) };
}

/** The reply to a run aborted by its timeout, a client disconnect or shutdown; each is logged with its code. */
function aborted(run: RolloutRun, maxTimeS: number): Reply {
  const reason = run.reason!;
  if (reason instanceof RolloutTimeout) {
    const errorId = randomUUID();
    run.log.warn({ code: "rollout_timeout", max_time_s: maxTimeS, error_id: errorId }, "rollout aborted: timeout");
    if (run.container) return containerReply(failureResponse(run.container, "timeout", `${reason.message} (error id ${errorId})`));
    return errorReply(504, "rollout_timeout", reason.message, { max_time_s: maxTimeS });
  }
  if (reason instanceof ClientDisconnected) {
    run.log.warn({ code: "client_disconnected" }, "rollout aborted: client disconnected");
    return errorReply(CLIENT_CLOSED_STATUS, "client_disconnected", "the client disconnected before the rollout finished", { run_id: run.runId });
  }
  run.log.warn({ code: "shutting_down", reason: reason.message }, "rollout aborted: server shutting down");
  return errorReply(503, "shutting_down", `rollout aborted: ${reason.message}`);
}
