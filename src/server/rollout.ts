/**
 * `POST /rollout`: body checks, the executor run under an AbortSignal
 * (timeout, client disconnect, shutdown) and validation of its result.
 * Transport-neutral: the Hono route and the Node fast path both call it.
 * The signal, the run logger and the Request object handed to the executor
 * are created only if the executor reads them.
 */
import type { Logger } from "pino";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import type { RolloutContext, TaskApp } from "../schemas/task-app.js";
import { checkBodyHeaders, parseJsonBody, tooLarge } from "./body.js";
import { errorReply, summariseIssues, toIssues, type Reply } from "./errors.js";
import type { KeyMatcher } from "./auth.js";

/** What the rollout handler needs from its server. */
export interface RolloutDeps {
  app: TaskApp;
  keys: KeyMatcher;
  /** Abort functions of running rollouts; the server calls them on forced shutdown. */
  running: Set<(reason: Error) => void>;
  log: Logger;
}

/** How the handler talks to the HTTP layer it runs on. */
export interface RolloutTransport {
  header(name: string): string | null;
  /** The body as text, or null when it passes `maxBytes`. */
  readBody(maxBytes: number): Promise<string | null>;
  /** Calls `onGone` if the client disconnects first; returns a detach function. */
  watchClient(onGone: () => void): () => void;
  /** The request as a Fetch-API Request (built on demand). */
  request(): Request;
}

class RolloutTimeout extends Error {
  override name = "TimeoutError";
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
  let controller: AbortController | undefined;
  let abortReason: Error | undefined;
  let rejectRun: ((reason: Error) => void) | undefined;
  const abort = (reason: Error) => {
    if (abortReason) return;
    abortReason = reason;
    controller?.abort(reason);
    rejectRun?.(reason);
  };
  let log: Logger | undefined;
  let request: Request | undefined;
  const context: RolloutContext = {
    get signal() {
      controller ??= new AbortController();
      if (abortReason && !controller.signal.aborted) controller.abort(abortReason);
      return controller.signal;
    },
    get request() {
      return (request ??= transport.request());
    },
    app,
    get log() {
      return (log ??= deps.log.child({ run_id: rollout.run_id }));
    },
  };
  const timer = setTimeout(() => abort(new RolloutTimeout(`rollout exceeded ${rollout.safety.max_time_s}s`)), Math.min(rollout.safety.max_time_s * 1000, 2 ** 31 - 1));
  const detach = transport.watchClient(() => abort(new Error("client disconnected")));
  deps.running.add(abort);
  let result: unknown;
  try {
    result = await new Promise<unknown>((resolve, reject) => {
      rejectRun = reject;
      Promise.resolve()
        .then(() => app.rollout(rollout, context))
        .then(resolve, reject);
    });
  } catch (error) {
    if (abortReason) {
      context.log.warn({ reason: abortReason.message }, "rollout aborted");
      if (abortReason instanceof RolloutTimeout) return errorReply(504, "rollout_timeout", abortReason.message, { max_time_s: rollout.safety.max_time_s });
      return errorReply(503, "shutting_down", `rollout aborted: ${abortReason.message}`);
    }
    const message = deps.keys.redact(error instanceof Error ? error.message : String(error)).slice(0, 1000);
    context.log.error({ err: { name: (error as Error)?.name, message } }, "rollout executor failed");
    return errorReply(500, "rollout_failed", `rollout executor failed: ${message}`, { run_id: rollout.run_id });
  } finally {
    clearTimeout(timer);
    detach();
    deps.running.delete(abort);
  }
  const checked = RolloutResponse.safeParse(result);
  if (!checked.success) {
    const issues = toIssues(checked.error);
    context.log.error({ issues }, "rollout executor returned an invalid response");
    return errorReply(500, "invalid_rollout_response", `executor returned an invalid RolloutResponse: ${summariseIssues(issues)}`, {
      run_id: rollout.run_id,
      issues,
    });
  }
  return { status: 200, body: JSON.stringify(checked.data) };
}
