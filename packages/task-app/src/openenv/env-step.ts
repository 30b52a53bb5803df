/**
 * synth-ai's env lifecycle `step` (`POST /env/{env_name}/step`), answered from
 * its parsed body for a session this process holds: the one tool call, the
 * step, the reply. The Hono route (routes.ts) and the server's node fast path
 * (`createNativeEnvStep`, used by src/server/app.ts when no peer worker may
 * hold a session) both answer with it, so the two cannot drift.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AnyEnvironment } from "../env/loop.js";
import { thenOrNow } from "../maybe-async.js";
import { readNodeBody } from "../server/transports.js";
import { errorReply, type Reply } from "../server/errors.js";
import { OpenEnvError, stepSession, type StepReply } from "./episode.js";
import type { SessionStore, Session } from "./sessions.js";
import type { EpisodeTracing } from "./trace.js";

export interface EnvStepDeps {
  env: AnyEnvironment;
  sessions: SessionStore;
  tracing?: EpisodeTracing;
  redact: (text: string) => string;
}

/** The env_id's session here; a 400 reply when the id is missing, undefined when this process holds none by it. */
export function findEnvSession(sessions: SessionStore, id: unknown): Session | Reply | undefined {
  if (typeof id !== "string" || id === "") return errorReply(400, "invalid_request", "env_id is missing");
  return sessions.get(id);
}

export const MISSING_SESSION = "no environment with that env_id (terminated, idle too long, or never made)";

/** A request body as a JSON object (an empty one allowed when `emptyOk`), or the 400 to answer. */
export function parseBodyObject(text: string, emptyOk: boolean): { value: Record<string, unknown> } | { refused: Reply } {
  if (emptyOk && text.trim() === "") return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: errorReply(400, "invalid_json", "the body is not JSON") };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { refused: errorReply(400, "invalid_request", "the body must be a JSON object") };
  return { value: value as Record<string, unknown> };
}

/**
 * Steps `session` with the body's one tool call; the reply (422 for a trainer's mistake, 500 when
 * the environment failed), at once when the step answers at once. `signal` may be a function that
 * makes it when a tool first reads it.
 */
export function answerEnvStep(deps: EnvStepDeps, session: Session, body: Record<string, unknown>, signal: AbortSignal | (() => AbortSignal)): Reply | Promise<Reply> {
  const calls = (body.action as { tool_calls?: unknown } | undefined)?.tool_calls ?? body.tool_calls;
  if (!Array.isArray(calls) || calls.length !== 1) return errorReply(422, "invalid_action", "action.tool_calls must hold one call {tool, args}");
  deps.sessions.touch(session);
  const replied = (reply: StepReply): Reply => ({ status: 200, body: JSON.stringify({ observation: reply.observation.observation, reward: reply.reward, done: reply.done, info: reply.observation.metadata }) });
  const refused = (error: unknown): Reply => {
    if (error instanceof OpenEnvError) return error.code === "VALIDATION_ERROR" ? errorReply(422, "invalid_action", deps.redact(error.message)) : errorReply(500, "execution_error", deps.redact(error.message));
    throw error;
  };
  try {
    return thenOrNow(stepSession(deps.env, session, calls[0], signal, deps.tracing), replied, refused);
  } catch (error) {
    return refused(error);
  }
}

/** Whether a request path is an env lifecycle step (`/env/<any name>/step`, known or not). */
export function isEnvStepPath(path: string): boolean {
  return ENV_STEP_PATH.test(path);
}
const ENV_STEP_PATH = /^\/env\/[^/]+\/step$/;

/** The paths the fast path answers: `/env/<app id>/step` and `/env/<name>/step` as a client writes them. */
export function envStepPaths(env: AnyEnvironment): Set<string> {
  return new Set([env.appId, env.name].filter((n): n is string => typeof n === "string" && n !== "").map((n) => `/env/${encodeURIComponent(n)}/step`));
}

/**
 * The step on Node's request and response, for a server whose sessions all live in this process:
 * the key (as the route's guard), the body under the cap (as its body limit), the JSON object (as
 * its reader), then answerEnvStep. At once (no promise) when the body is already at hand and the
 * step answers at once: the server calls it in the microtask after the request event, when a
 * short body that came with its headers has been pushed. A client that leaves aborts the step, as
 * on the route.
 */
export function answerNativeEnvStep(
  deps: EnvStepDeps & { authorise: (headers: IncomingMessage["headers"]) => Reply | null; maxBodyBytes: number },
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Reply | Promise<Reply> {
  const refused = deps.authorise(incoming.headers);
  if (refused) return refused;
  const text = readNodeBody(incoming, deps.maxBodyBytes);
  return text instanceof Promise ? text.then((read) => stepWithBody(deps, read, outgoing)) : stepWithBody(deps, text, outgoing);
}

function stepWithBody(deps: EnvStepDeps & { maxBodyBytes: number }, text: string | null, outgoing: ServerResponse): Reply | Promise<Reply> {
  if (text === null) return errorReply(413, "payload_too_large", `the body is over ${deps.maxBodyBytes} bytes`);
  const parsed = parseBodyObject(text, false);
  if ("refused" in parsed) return parsed.refused;
  const body = parsed.value;
  const session = findEnvSession(deps.sessions, body.env_id) ?? errorReply(404, "not_found", MISSING_SESSION);
  if ("body" in session) return session;
  // The step's signal is made only if a tool reads it (see StepContext). A client can only leave
  // while the step waits: the connection's close is watched only then.
  let controller: AbortController | undefined;
  const controllerOf = () => (controller ??= new AbortController());
  const reply = answerEnvStep(deps, session, body, () => controllerOf().signal);
  if (!(reply instanceof Promise)) return reply;
  const abort = () => controllerOf().abort();
  outgoing.once("close", abort);
  const unwatch = () => void outgoing.off("close", abort);
  return reply.finally(unwatch);
}
