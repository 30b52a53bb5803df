/**
 * What the server does with a rollout's session once the executor returned:
 * it takes what `ctx.tracer` recorded (or rebuilds a session from the
 * trajectories when nothing was recorded), fills `response.trace` in the
 * requested format when `record.return_trace` is set and the executor left
 * it empty, and hands the session to the `traceSink` option, if any.
 */
import type { Logger } from "pino";
import type { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import type { TaskApp } from "../schemas/task-app.js";
import { buildSessionTrace } from "../runtime/traces.js";
import { renderTrace } from "../tracing/render.js";
import { rolloutSessionId, withSessionId } from "../tracing/session-id.js";
import type { SessionTracer } from "../tracing/tracer.js";
import type { SecretRedactor } from "./secrets.js";

/** Where the request and its validated response are, for a trace sink. */
export interface TraceSinkContext {
  request: RolloutRequest;
  response: RolloutResponse;
  /**
   * False when the session is handed over as the tracer recorded it, not yet
   * validated: only to a sink that says it checks sessions itself
   * (`checksSessions`). Otherwise absent (the session is validated).
   */
  checked?: false;
}

/**
 * Receives one session per successful rollout (a trace store writes it).
 * Awaited before the reply is sent, so a client that has its reply finds the
 * session stored; a sink that throws or rejects is logged (redacted) and
 * never fails the rollout.
 */
export type TraceSink = ((session: SessionTraceV3, context: TraceSinkContext) => void | Promise<void>) & {
  /**
   * The sink validates what it is handed when `context.checked` is false
   * (the trace store sink does, on a SQLite file's writer thread): the server
   * then skips validating a session it does not return itself.
   */
  checksSessions?: boolean;
};

/** The session metadata the server gives each rollout's tracer (a container-era rollout's correlation id included). */
export function rolloutTraceMetadata(app: TaskApp, request: RolloutRequest, traceCorrelationId?: string): Record<string, unknown> {
  const config = request.policy.config as Record<string, unknown>;
  const entries = {
    run_id: request.run_id,
    trace_correlation_id: traceCorrelationId,
    wire: traceCorrelationId === undefined ? undefined : "container",
    app_id: app.appId,
    env_name: request.env.env_name,
    env_id: request.env.env_id,
    seed: request.env.seed,
    split: request.env.config.split,
    policy_name: request.policy.policy_name,
    policy_id: request.policy.policy_id,
    model: config.model,
    mode: request.mode,
  };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null));
}

/**
 * The session of a finished rollout: what the tracer recorded, else one
 * rebuilt from the trajectories; an outcome is always there. Its id is the
 * rollout's (`sessionId`, from `rolloutSessionId`): a rollout sent again to
 * this or another server is the same session, which a store keeps once.
 *
 * `unchecked`: what the tracer recorded is not validated here (for a sink
 * that checks sessions itself).
 */
export function rolloutSession(tracer: SessionTracer | undefined, metadata: () => Record<string, unknown>, response: RolloutResponse, sessionId?: string, unchecked = false): SessionTraceV3 {
  const recorded =
    tracer && !tracer.isEmpty
      ? unchecked && tracer.toUncheckedSessionTrace
        ? tracer.toUncheckedSessionTrace()
        : tracer.toSessionTrace()
      : buildSessionTrace({
          ...(sessionId ? { sessionId } : tracer ? { sessionId: tracer.sessionId } : {}),
          metadata: tracer?.metadata ?? metadata(),
          steps: (response.trajectories ?? []).flatMap((t) => t.steps),
        });
  const session = sessionId ? withSessionId(recorded, sessionId) : recorded;
  if (session.outcome_rewards.length === 0) {
    const { metrics } = response;
    session.outcome_rewards.push({
      objective_key: "reward",
      total_reward: metrics.episode_returns.reduce((a, b) => a + b, 0),
      achievements_count: 0,
      total_steps: metrics.num_steps,
      reward_metadata: { from: "rollout_metrics", outcome_score: metrics.outcome_score ?? null, events_score: metrics.events_score ?? null },
      annotation: null,
      created_at: new Date().toISOString(),
    });
  }
  return session;
}

/** What `finishRolloutTrace` needs from the server. */
export interface TraceHookDeps {
  app: TaskApp;
  traceSink?: TraceSink | undefined;
  redact: SecretRedactor;
}

/** Whether `response.trace` is to be filled: asked for, and left empty by the executor. */
function fillsTrace(request: RolloutRequest, response: RolloutResponse): boolean {
  return request.record.return_trace && (response.trace === null || response.trace === undefined);
}

/** Whether `finishRolloutTrace` has anything to do (a trace to fill, a sink to feed); when not, the response is sent as it is. */
export function hasTraceWork(request: RolloutRequest, response: RolloutResponse, deps: Pick<TraceHookDeps, "traceSink">): boolean {
  return deps.traceSink !== undefined || fillsTrace(request, response);
}

/**
 * Fills `response.trace` when asked and feeds the sink; returns the response to send.
 * Nothing here holds the session once the sink has it (the failure log needs
 * only its id): a sink that copies it at once (the SQLite writer thread's
 * hand-over) lets it die young, instead of keeping it, and every object it
 * holds, alive for as long as the write takes (the garbage collector copies
 * what survives, so what waits for a commit costs the serving thread).
 */
export function finishRolloutTrace<R extends RolloutResponse>(
  request: RolloutRequest,
  response: R,
  tracer: SessionTracer | undefined,
  deps: TraceHookDeps,
  log: () => Logger,
  traceCorrelationId?: string,
  /** The rollout's session id, when the caller has it already (else `rolloutSessionId(request)`, a SHA-256). */
  sessionId?: string,
): Promise<R> {
  try {
    return feedTrace(request, response, tracer, deps, log, traceCorrelationId, sessionId);
  } catch (error) {
    return Promise.reject(error); // a session that cannot be built or rendered fails the reply as it always did: as a rejection
  }
}

function feedTrace<R extends RolloutResponse>(
  request: RolloutRequest,
  response: R,
  tracer: SessionTracer | undefined,
  deps: TraceHookDeps,
  log: () => Logger,
  traceCorrelationId: string | undefined,
  sessionId: string | undefined,
): Promise<R> {
  const fill = fillsTrace(request, response);
  const sink = deps.traceSink;
  if (!fill && !sink) return Promise.resolve(response);
  // A session only stored, by a sink that checks it itself, is not validated on this (the serving) thread.
  const unchecked = !fill && sink?.checksSessions === true;
  const session = rolloutSession(tracer, () => rolloutTraceMetadata(deps.app, request, traceCorrelationId), response, sessionId ?? rolloutSessionId(request), unchecked);
  const out = fill
    ? {
        ...response,
        trace: renderTrace(session, request.record.trace_format, {
          runId: request.run_id,
          policyId: request.policy.policy_id ?? request.policy.policy_name ?? null,
          metrics: response.metrics,
        }),
      }
    : response;
  if (!sink) return Promise.resolve(out);
  const storedId = session.session_id;
  const failed = (error: unknown): R => {
    const name = error instanceof Error ? error.name : typeof error;
    const message = deps.redact(error instanceof Error ? error.message : String(error)).slice(0, 2000);
    log().error({ session_id: storedId, err: { name, message } }, "trace sink failed; the rollout is answered anyway");
    return out;
  };
  try {
    const handed = sink(session, unchecked ? { request, response: out, checked: false } : { request, response: out });
    return Promise.resolve(handed).then(() => out, failed);
  } catch (error) {
    return Promise.resolve(failed(error));
  }
}
