/**
 * The HTTP side of a declared environment stepped by a trainer, mounted by
 * `createTaskAppServer` for an app that has `app.environment`:
 *
 * - OpenEnv's routes under `/openenv`: `GET health`, `schema`, `metadata`,
 *   `state`; stateless `POST reset` and `step` (a fresh episode per request;
 *   an invalid action is a 422); `POST mcp` (JSON-RPC `tools/list`,
 *   `tools/call`). The WebSocket `/openenv/ws` is ws.ts.
 * - synth-ai's env lifecycle: `POST /env/{env_name}/initialize`, `step`,
 *   `terminate`, each `env_id` a session of the store (with `serve --workers
 *   N`, a step or terminate for another worker's env_id is sent there:
 *   peers.ts). Stepped episodes are traced when the server traces (trace.ts).
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { bodyLimit } from "../hono.js";
import type { AnyEnvironment } from "../env/loop.js";
import { argumentsSchema } from "../env/tools.js";
import { errorResponse, toResponse } from "../server/errors.js";
import { answerEnvStep, findEnvSession, MISSING_SESSION, parseBodyObject } from "./env-step.js";
import { describeSchemas, describeState, OpenEnvError, resetSession, stepSession, type StepReply } from "./episode.js";
import type { PeerRouter } from "./peers.js";
import type { Session, SessionStore } from "./sessions.js";
import type { EpisodeTracing } from "./trace.js";

/** What the routes need from the server. */
export interface OpenEnvRouteDeps {
  env: AnyEnvironment;
  sessions: SessionStore;
  /** The key guard of the `/openenv` routes (open when the operator chose so). */
  openenvGuard: MiddlewareHandler;
  /** The task app's key guard (the env lifecycle keeps it always). */
  guard: MiddlewareHandler;
  maxBodyBytes: number;
  /** The server's redactor: every error message goes through it. */
  redact: (text: string) => string;
  /** With `serve --workers N`: sends a step or terminate to the worker that holds its env_id. */
  peers?: PeerRouter | undefined;
  /** When the server traces: where stepped episodes go. */
  tracing?: EpisodeTracing | undefined;
}

/** A session that lives for one request: the stateless routes. */
function makeTransientSession(): Session {
  return { id: "", episodeId: null, stepCount: 0, state: undefined, config: undefined, done: false, wire: null, trace: null, timer: null, touchedAt: 0, onExpire: () => {} };
}

/** Mounts `/openenv/*` and `/env/{env_name}/*` on `hono`. */
export function mountOpenEnvRoutes(hono: Hono<any>, deps: OpenEnvRouteDeps): void {
  const { env, sessions } = deps;
  const problemResponse = (error: unknown) => replyToProblem(error, deps.redact);
  const answer = (c: Context, work: () => Promise<StepReply>) => answerWith(c, work, deps.redact);
  const limit = bodyLimit({ maxSize: deps.maxBodyBytes, onError: () => errorResponse(413, "payload_too_large", `the body is over ${deps.maxBodyBytes} bytes`) });
  const open = [deps.openenvGuard, limit] as const;
  const keyed = [deps.guard, limit] as const;
  hono.get("/openenv/health", deps.openenvGuard, (c) => c.json({ status: "healthy" }));
  hono.get("/openenv/schema", deps.openenvGuard, (c) => c.json(describeSchemas(env)));
  hono.get("/openenv/metadata", deps.openenvGuard, (c) => c.json({ name: env.name, description: env.description ?? "", app_id: env.appId, tools: Object.keys(env.tools) }));
  hono.get("/openenv/state", deps.openenvGuard, (c) => c.json(describeState(null)));
  hono.post("/openenv/reset", ...open, async (c) => {
    const body = await readObject(c, true);
    if (body instanceof Response) return body;
    return answer(c, () => resetSession(env, makeTransientSession(), body));
  });
  hono.post("/openenv/step", ...open, async (c) => {
    const body = await readObject(c, false);
    if (body instanceof Response) return body;
    const session = makeTransientSession();
    return answer(c, async () => {
      await resetSession(env, session, typeof body.seed === "number" ? { seed: body.seed } : {});
      return stepSession(env, session, body.action, c.req.raw.signal);
    });
  });
  hono.post("/openenv/mcp", ...open, async (c) => {
    const body = await readObject(c, false);
    if (body instanceof Response) return c.json(makeRpcError(null, -32700, "parse error: the body is not a JSON object"));
    return c.json(await answerMcp(env, body, c.req.raw.signal, deps.redact));
  });

  const named = (c: Context): Response | null => (c.req.param("name") === env.appId || c.req.param("name") === env.name ? null : errorResponse(404, "not_found", "no environment by that name"));
  hono.post("/env/:name/initialize", ...keyed, async (c) => {
    const body = named(c) ?? (await readObject(c, true));
    if (body instanceof Response) return body;
    const session = sessions.open("env_lifecycle");
    if (!session) return errorResponse(503, "capacity_reached", `${sessions.limit} sessions are open; terminate one first`);
    try {
      const reply = await resetSession(env, session, { seed: body.seed, config: body.config }, deps.tracing);
      return c.json({ env_id: session.id, observation: reply.observation.observation, info: reply.observation.metadata });
    } catch (error) {
      sessions.close(session.id);
      return problemResponse(error);
    }
  });
  hono.post("/env/:name/step", ...keyed, async (c) => {
    const body = named(c) ?? (await readObject(c, false));
    if (body instanceof Response) return body;
    const session = findSession(sessions, body.env_id) ?? deps.peers?.route(c, body.env_id as string, body) ?? refuseMissingSession();
    if (session instanceof Response || session instanceof Promise) return session;
    return toResponse(await answerEnvStep({ env, sessions, tracing: deps.tracing, redact: deps.redact }, session, body, () => c.req.raw.signal));
  });
  hono.post("/env/:name/terminate", ...keyed, async (c) => {
    const body = named(c) ?? (await readObject(c, false));
    if (body instanceof Response) return body;
    const session = findSession(sessions, body.env_id) ?? deps.peers?.route(c, body.env_id as string, body) ?? refuseMissingSession();
    if (session instanceof Response || session instanceof Promise) return session;
    sessions.close(session.id);
    return c.json({ ok: true });
  });
}

/** The session an `env_id` names here, a 400 when it is missing, undefined when this process holds none by that id. */
function findSession(sessions: SessionStore, id: unknown): Session | Response | undefined {
  const found = findEnvSession(sessions, id);
  return found && "body" in found ? toResponse(found) : found;
}

function refuseMissingSession(): Response {
  return errorResponse(404, "not_found", MISSING_SESSION);
}

/** The body as a JSON object (empty allowed when `emptyOk`), or the 400 to answer. */
async function readObject(c: Context, emptyOk: boolean): Promise<Record<string, unknown> | Response> {
  const parsed = parseBodyObject(await c.req.text(), emptyOk);
  return "refused" in parsed ? toResponse(parsed.refused) : parsed.value;
}

/** Runs a reset or a step: its reply, a 422 for a trainer's mistake, a 500 when the environment failed. */
async function answerWith(c: Context, work: () => Promise<StepReply>, redact: (text: string) => string): Promise<Response> {
  try {
    return c.json(await work());
  } catch (error) {
    return replyToProblem(error, redact);
  }
}

function replyToProblem(error: unknown, redact: (text: string) => string): Response {
  if (error instanceof OpenEnvError) return error.code === "VALIDATION_ERROR" ? errorResponse(422, "invalid_action", redact(error.message)) : errorResponse(500, "execution_error", redact(error.message));
  throw error;
}

function makeRpcError(id: unknown, code: number, message: string) {
  return { jsonrpc: "2.0", id: id ?? null, error: { code, message } };
}

/** JSON-RPC over the same tools: `tools/list`, and `tools/call` on a fresh episode (seed from `arguments`' `_seed`, default 0). */
async function answerMcp(env: AnyEnvironment, body: Record<string, unknown>, signal: AbortSignal, redact: (text: string) => string): Promise<Record<string, unknown>> {
  const id = body.id ?? null;
  if (body.jsonrpc !== "2.0" || typeof body.method !== "string") return makeRpcError(id, -32600, "invalid request: expected JSON-RPC 2.0 with a method");
  if (body.method === "tools/list") {
    return { jsonrpc: "2.0", id, result: { tools: Object.entries(env.tools).map(([name, tool]) => ({ name, description: tool.description, inputSchema: argumentsSchema(tool.args) })) } };
  }
  if (body.method !== "tools/call") return makeRpcError(id, -32601, redact(`method not found: ${body.method}`));
  const params = (body.params ?? {}) as { name?: unknown; arguments?: unknown };
  const session = makeTransientSession();
  try {
    await resetSession(env, session, {});
    const reply = await stepSession(env, session, { tool: params.name, args: params.arguments ?? {} }, signal);
    const result = reply.observation.metadata.result;
    return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: typeof result === "string" ? result : JSON.stringify(result) }], structuredContent: reply, isError: false } };
  } catch (error) {
    if (error instanceof OpenEnvError && error.code === "VALIDATION_ERROR") return makeRpcError(id, -32602, redact(`invalid params: ${error.message}`));
    if (error instanceof OpenEnvError) return { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: redact(error.message) }], isError: true } };
    throw error;
  }
}
