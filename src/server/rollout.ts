/**
 * `POST /rollout`: body checks, the executor run under an AbortSignal
 * (timeout, client disconnect, shutdown) and validation of its result.
 */
import type { Logger } from "pino";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import type { TaskApp } from "../schemas/task-app.js";
import { readJsonBody } from "./body.js";
import { errorResponse, summariseIssues, toIssues } from "./errors.js";
import type { KeyMatcher } from "./auth.js";

/** What the rollout handler needs from its server. */
export interface RolloutDeps {
  app: TaskApp;
  keys: KeyMatcher;
  /** Aborted when the server gives up waiting for in-flight rollouts. */
  shutdownSignal: AbortSignal;
  log: Logger;
}

class RolloutTimeout extends Error {
  override name = "TimeoutError";
}

/** Handles one rollout request and returns the response to send. */
export async function handleRollout(request: Request, deps: RolloutDeps, log: Logger): Promise<Response> {
  const { app } = deps;
  const body = await readJsonBody(request, app.limits.maxBodyBytes);
  if (!body.ok) return body.response;
  const parsed = RolloutRequest.safeParse(body.value);
  if (!parsed.success) {
    const issues = toIssues(parsed.error);
    return errorResponse(422, "invalid_request", `invalid rollout request: ${summariseIssues(issues)}`, { issues });
  }
  const rollout = parsed.data;
  const controller = new AbortController();
  const timeoutMs = Math.min(rollout.safety.max_time_s * 1000, 2 ** 31 - 1);
  const timer = setTimeout(() => controller.abort(new RolloutTimeout(`rollout exceeded ${rollout.safety.max_time_s}s`)), timeoutMs);
  const onClientGone = () => controller.abort(new Error("client disconnected"));
  const onShutdown = () => controller.abort(new Error("server shutting down"));
  request.signal.addEventListener("abort", onClientGone, { once: true });
  deps.shutdownSignal.addEventListener("abort", onShutdown, { once: true });
  const runLog = log.child({ run_id: rollout.run_id });
  let result: unknown;
  try {
    result = await runAbortable(() => app.rollout(rollout, { signal: controller.signal, request, app, log: runLog }), controller.signal);
  } catch (error) {
    if (controller.signal.aborted) {
      const reason = controller.signal.reason as Error;
      runLog.warn({ reason: reason.message }, "rollout aborted");
      if (reason instanceof RolloutTimeout) return errorResponse(504, "rollout_timeout", reason.message, { max_time_s: rollout.safety.max_time_s });
      return errorResponse(503, "shutting_down", `rollout aborted: ${reason.message}`);
    }
    const message = deps.keys.redact(error instanceof Error ? error.message : String(error)).slice(0, 1000);
    runLog.error({ err: { name: (error as Error)?.name, message } }, "rollout executor failed");
    return errorResponse(500, "rollout_failed", `rollout executor failed: ${message}`, { run_id: rollout.run_id });
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onClientGone);
    deps.shutdownSignal.removeEventListener("abort", onShutdown);
  }
  const checked = RolloutResponse.safeParse(result);
  if (!checked.success) {
    const issues = toIssues(checked.error);
    runLog.error({ issues }, "rollout executor returned an invalid response");
    return errorResponse(500, "invalid_rollout_response", `executor returned an invalid RolloutResponse: ${summariseIssues(issues)}`, {
      run_id: rollout.run_id,
      issues,
    });
  }
  return new Response(JSON.stringify(checked.data), { status: 200, headers: { "content-type": "application/json" } });
}

/** Runs `fn`, rejecting as soon as `signal` aborts even if `fn` ignores it. */
function runAbortable<T>(fn: () => T | Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    Promise.resolve()
      .then(fn)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener("abort", onAbort));
  });
}
