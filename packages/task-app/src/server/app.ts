/**
 * `createTaskAppServer`: the HTTP surface of a task app (CONTRACT.md §2) as a
 * Hono app, usable in-process through `fetch`/`request` or served by `serve`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context } from "hono";
import { cors, getRequestListener, Hono } from "../hono.js";
import type { Logger } from "pino";
import type { Duplex } from "node:stream";
import type { AnyEnvironment } from "../env/loop.js";
import { createPeerRouter, makeEnvIdPrefix, type PeerNetwork, type PeerRouter } from "../openenv/peers.js";
import { mountOpenEnvRoutes } from "../openenv/routes.js";
import { finishEpisodeTrace, type EpisodeTracing } from "../openenv/trace.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createSessionStore, type OpenEnvOptions } from "../openenv/sessions.js";
import { createOpenEnvSocket } from "../openenv/ws.js";
import type { TaskApp } from "../schemas/task-app.js";
import { createKeyMatcher, readPresentedKeys, resolveEnvironmentApiKeys, type KeyEnv, type PresentedHeaders } from "./auth.js";
import { createBodyBudget, DEFAULT_MAX_IN_FLIGHT_BODY_BYTES, type BodyBudget, type BodyLease } from "./body.js";
import { errorReply, errorResponse, toResponse, type Reply } from "./errors.js";
import { createLogger, createRedactingLogger } from "./logger.js";
import { CLIENT_CLOSED_STATUS, handleRollout, type Abortable, type RolloutTransport } from "./rollout.js";
import { createSecretRedactor } from "./secrets.js";
import type { TraceSink } from "./trace-hook.js";
import { bodyReadInFull, fetchTransport, nodeTransport, writeReply } from "./transports.js";
import { describeHealth, describeInfo, describeTaskInfo } from "./task-info.js";
import { DEFAULT_VENDOR_TIMEOUT_MS, handleProxy, PROXY_ROUTES, type Vendor } from "./vendor.js";
import { answerNativeEnvStep, envStepPaths, isEnvStepPath } from "../openenv/env-step.js";

/** Options of `createTaskAppServer`. */
export interface TaskAppServerOptions {
  /** Where keys are read from; defaults to `process.env`. */
  env?: KeyEnv;
  /** Logger; defaults to a silent one. Whatever is logged through it (also by executors, through `ctx.log`) is redacted. */
  logger?: Logger;
  /** How long the proxy routes wait for the vendor. Default 600 s, as synth-ai. */
  proxyTimeoutMs?: number;
  /** Receives the recorded session of every successful rollout (a trace store plugs in here). */
  traceSink?: TraceSink;
  /**
   * Bytes of request bodies (`/rollout` and the proxy routes) this server
   * holds at once, from the first byte read until the request is answered;
   * past it a request gets 503 `server_busy`. Default 256 MiB.
   */
  maxInFlightBodyBytes?: number;
  /** The `/openenv` routes and the env lifecycle of an app with `app.environment`: sessions, idle timeout, ping, keyless access. */
  openenv?: OpenEnvOptions;
  /**
   * Receives the recorded session of every episode a trainer steps over the
   * OpenEnv WebSocket or the env lifecycle (a trace store plugs in here, as
   * for `traceSink`); without it they are not traced.
   */
  episodeSink?: (session: SessionTraceV3) => void | Promise<void>;
  /** A worker of `serve --workers N`: its env_ids carry its id and a step for another worker's is sent there (src/openenv/peers.ts). */
  peers?: PeerNetwork;
}

export { DEFAULT_MAX_IN_FLIGHT_BODY_BYTES } from "./body.js";

/** A task app's HTTP handler plus the controls `serve` uses for lifecycle. */
export interface TaskAppServer {
  /** The Fetch-API handler; `bindings` carries Node's request and response objects when served over a socket. */
  fetch: (request: Request, bindings?: NodeBindings) => Promise<Response>;
  /**
   * A node:http request listener for the same routes. POST /rollout is
   * handled directly on Node's request and response (same checks, same
   * replies, less overhead); everything else goes through Hono.
   */
  listener: (incoming: IncomingMessage, outgoing: ServerResponse) => void;
  /** Hono's in-process helper: `request("/health", { headers })`. */
  request: (input: string | Request | URL, init?: RequestInit) => Response | Promise<Response>;
  /** The app being served. */
  app: TaskApp;
  /** The in-flight body budget: its limit, the bytes held now and the peak (see `maxInFlightBodyBytes`). */
  readonly bodyBudget: Pick<BodyBudget, "limit" | "used" | "peak">;
  /** Rollouts and proxy calls currently running. */
  readonly inFlight: number;
  /** Stepped sessions of a declared environment open now (0 without one). */
  readonly openSessions: number;
  /** The server's logger, redacting every known secret. */
  readonly log: Logger;
  /** The node:http `upgrade` listener (the OpenEnv WebSocket `/openenv/ws`); absent without `app.environment`. */
  upgrade?: (incoming: IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** With `peers` and `app.environment`: the private socket other workers send env lifecycle requests to, and its listener. */
  peerEndpoint?: { socketPath: string; listener: (incoming: IncomingMessage, outgoing: ServerResponse) => void };
  /** Runs the app's startup hooks in order. */
  startup(): Promise<void>;
  /**
   * Stops accepting rollouts and proxy calls (503 `shutting_down`), waits up
   * to `graceMs` for in-flight ones, aborts what is left and waits up to
   * `settleMs` (default 1 s) for them to end. Never waits longer.
   */
  drain(graceMs?: number, settleMs?: number): Promise<void>;
  /** Runs the shutdown hooks in order; a failing hook is logged and the rest still run. */
  runShutdownHooks(): Promise<void>;
  /** `drain` then `runShutdownHooks`. */
  shutdown(graceMs?: number): Promise<void>;
}

/** Node's request and response, passed by @hono/node-server. */
export interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

type Env = { Bindings: NodeBindings };

/**
 * The level of a request's access line: info, but debug for an env lifecycle step that succeeded.
 * Stepping is a trainer's inner loop (thousands of steps a second): as on the OpenEnv WebSocket,
 * whose messages have no access line, a step shows at `--log-level debug`; a refused or failed
 * one still shows at info.
 */
export function accessLevel(path: string, status: number): "info" | "debug" {
  return status < 400 && isEnvStepPath(path) ? "debug" : "info";
}

/** Builds the Hono app for a defined task app. */
export function createTaskAppServer(app: TaskApp, options: TaskAppServerOptions = {}): TaskAppServer {
  const env = options.env ?? process.env;
  const accepted = resolveEnvironmentApiKeys(env);
  const keys = createKeyMatcher(accepted);
  const redact = createSecretRedactor(env, accepted);
  const baseLog = createRedactingLogger(options.logger ?? createLogger("silent"), redact);
  const running = new Set<Abortable>();
  const bodies = createBodyBudget(options.maxInFlightBodyBytes ?? DEFAULT_MAX_IN_FLIGHT_BODY_BYTES);
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  let counter = 0;

  const hono = new Hono<Env>();
  if (app.corsOrigins.length) hono.use("*", cors({ origin: [...app.corsOrigins], allowHeaders: ["content-type", "authorization", "x-api-key", "x-api-keys"] }));
  if (baseLog.isLevelEnabled("info")) {
    hono.use("*", async (c, next) => {
      const start = performance.now();
      const id = ++counter;
      await next();
      baseLog[accessLevel(c.req.path, c.res.status)]({ req_id: id, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - start) * 100) / 100 }, "request");
    });
  }
  // Served over a socket: a reply sent before the request body was read in full
  // (refused key, 413, 415, 404...) closes the connection instead of letting
  // Node read and discard the rest of the body.
  hono.use("*", async (c, next) => {
    await next();
    const incoming = c.env?.incoming;
    if (incoming && !bodyReadInFull(incoming)) c.res.headers.set("connection", "close");
  });
  hono.onError((error) => {
    if (isConnectionAbort(error)) return toResponse(connectionClosed());
    baseLog.error({ err: { name: error.name, message: redact(error.message) } }, "unhandled error");
    return errorResponse(500, "internal_error", "internal server error");
  });
  hono.notFound((c) => errorResponse(404, "not_found", `no route for ${c.req.method} ${redact(c.req.path)}`));

  const root = (c: Context) => c.json({ status: "ok", service: app.appId });
  hono.get("/", root);
  const authorise = (headers: PresentedHeaders): Reply | null => {
    if (!app.requireApiKey) return null;
    if (keys.size === 0) return errorReply(503, "missing_environment_api_key", "ENVIRONMENT_API_KEY is not configured");
    if (!keys.matches(readPresentedKeys(headers))) {
      return errorReply(401, "unauthorised", "API key missing or invalid", { accepted_headers: ["X-API-Key", "X-API-Keys", "Authorization: Bearer"] });
    }
    return null;
  };
  const guard = async (c: Context, next: () => Promise<void>) => {
    const refused = authorise(c.req.raw.headers);
    return refused ? toResponse(refused) : next();
  };
  const deps = { app, redact, running, log: baseLog, traceSink: options.traceSink };
  /** A request whose connection closed before its body was read (the client left, or shutdown closed it): logged as a warning, not an error. */
  const connectionClosed = () => {
    baseLog.warn({ code: "client_disconnected" }, "request aborted: connection closed before the body was read");
    return errorReply(CLIENT_CLOSED_STATUS, "client_disconnected", "the connection closed before the request body was read");
  };
  const settled = <T>(value: T): T => {
    if (--inFlight === 0 && idle) idle();
    return value;
  };
  /**
   * Runs one rollout or proxy call, counted as in flight; refused once
   * draining. Its body is read under a lease of the in-flight body budget,
   * given back when the call settles, however it ends. A call that answers
   * at once settles at once (no promise).
   */
  // `open` makes the transport from `a` and `b` (no closure over them per request).
  const track = <A, B>(open: (budget: { lease: BodyLease; limit: number }, a: A, b: B) => RolloutTransport, a: A, b: B, work: (transport: RolloutTransport) => Reply | Promise<Reply>): Reply | Promise<Reply> => {
    if (draining) return errorReply(503, "shutting_down", "server is shutting down");
    inFlight++;
    const lease = bodies.lease();
    let pending: Reply | Promise<Reply>;
    try {
      pending = work(open({ lease, limit: bodies.limit }, a, b));
    } catch (error) {
      lease.release();
      settled(undefined);
      throw error;
    }
    if (!(pending instanceof Promise)) {
      lease.release();
      return settled(pending);
    }
    const done = <T>(value: T): T => {
      lease.release();
      return settled(value);
    };
    return pending.then(done, (error: unknown) => done(Promise.reject(error)));
  };
  /** Resolves when nothing is in flight, or after `ms`. */
  const waitIdle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  hono.get("/health", guard, (c) => c.json(describeHealth(app)));
  hono.get("/info", guard, (c) => c.json(describeInfo(app)));
  hono.get("/task_info", guard, async (c) => describeTaskInfo(app, c.req.queries()));
  hono.post("/done", guard, (c) => c.json({ ok: true, service: app.appId }));
  // Over a socket, the body is read from Node's request directly (as on the fast path), so a refusal mid-body stops reading it.
  const transportOf = (budget: { lease: BodyLease; limit: number }, c: Context<Env>): RolloutTransport => {
    const { incoming, outgoing } = c.env ?? {};
    return incoming && outgoing ? nodeTransport(incoming, outgoing, budget) : fetchTransport(c.req.raw, budget);
  };
  const nativeTransport = (budget: { lease: BodyLease; limit: number }, incoming: IncomingMessage, outgoing: ServerResponse): RolloutTransport => nodeTransport(incoming, outgoing, budget);
  const rollout = (transport: RolloutTransport) => handleRollout(transport, deps);
  hono.post("/rollout", guard, async (c) => toResponse(await track(transportOf, c, undefined, rollout)));
  const proxyPaths: string[] = [];
  if (app.proxy) {
    const proxyDeps = { proxy: app.proxy, env, redact, log: baseLog, running, maxBodyBytes: app.limits.maxBodyBytes, bounds: app.limits, timeoutMs: options.proxyTimeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS };
    const enabled: Vendor[] = [...(app.proxy.enableOpenai ? ["openai" as const] : []), ...(app.proxy.enableGroq ? ["groq" as const] : [])];
    for (const vendor of enabled) {
      hono.post(PROXY_ROUTES[vendor], guard, async (c) => toResponse(await track(transportOf, c, undefined, (transport) => handleProxy(vendor, transport, proxyDeps))));
      proxyPaths.push(PROXY_ROUTES[vendor]);
    }
  }
  let openenv: ReturnType<typeof createOpenEnvSocket> | null = null;
  let closeSessions = () => {};
  let countSessions = () => 0;
  let peers: PeerRouter | undefined;
  /** The env lifecycle's step on Node's request and response, when every session lives in this process (no peer workers). */
  let nativeEnvStep: { paths: Set<string>; answer: (incoming: IncomingMessage, outgoing: ServerResponse) => Reply | Promise<Reply> } | undefined;
  if (app.environment) {
    const environment = app.environment as AnyEnvironment;
    const sink = options.episodeSink;
    const tracing: EpisodeTracing | undefined = sink && {
      sink,
      appId: app.appId,
      onError: (error, sessionId) => baseLog.error({ session_id: sessionId, err: { message: redact((error as Error)?.message ?? String(error)).slice(0, 2000) } }, "trace sink failed; the episode goes on"),
    };
    const sessions = createSessionStore(options.openenv, options.peers ? makeEnvIdPrefix(options.peers.self) : "", (session) => void finishEpisodeTrace(tracing, session, "closed"));
    peers = options.peers ? createPeerRouter(options.peers) : undefined;
    const noKey = options.openenv?.noKey === true;
    const openenvGuard = noKey ? async (_c: Context, next: () => Promise<void>) => next() : guard;
    mountOpenEnvRoutes(hono, { env: environment, sessions, guard, openenvGuard, maxBodyBytes: app.limits.maxBodyBytes, redact, peers, tracing });
    openenv = createOpenEnvSocket({ env: environment, sessions, authorise: (incoming) => (noKey ? null : authorise(incoming.headers)), pingIntervalMs: options.openenv?.pingIntervalMs, redact, tracing });
    if (!peers) {
      const stepDeps = { env: environment, sessions, tracing, redact, authorise, maxBodyBytes: app.limits.maxBodyBytes };
      nativeEnvStep = { paths: envStepPaths(environment), answer: (incoming, outgoing) => answerNativeEnvStep(stepDeps, incoming, outgoing) };
    }
    countSessions = () => sessions.size;
    closeSessions = () => {
      openenv?.closeAll();
      sessions.closeAll();
    };
  }
  for (const path of ["/", "/health", "/info", "/task_info", "/done", "/rollout", ...proxyPaths]) {
    hono.all(path, (c) => errorResponse(405, "method_not_allowed", `${c.req.method} is not allowed on ${path}`));
  }

  const honoListener = getRequestListener((request, bindings) => hono.fetch(request, bindings as NodeBindings));
  const fastPath = app.corsOrigins.length === 0;
  const logInfo = baseLog.isLevelEnabled("info");
  const logDebug = baseLog.isLevelEnabled("debug");
  /** Writes a native reply, and logs the request when info is on. */
  const finishNative = (incoming: IncomingMessage, outgoing: ServerResponse, reply: Reply, start: number, path = "/rollout") => {
    writeReply(incoming, outgoing, reply);
    if (!logInfo) return;
    const level = accessLevel(path, reply.status);
    // A step that succeeds is logged at debug: nothing is made for it when debug is off.
    const id = ++counter;
    if (level === "info" || logDebug) baseLog[level]({ req_id: id, method: "POST", path, status: reply.status, ms: Math.round((performance.now() - start) * 100) / 100 }, "request");
  };
  /** The reply to an error no route answered (a connection cut mid-body, or a bug). */
  const failNative = (incoming: IncomingMessage, outgoing: ServerResponse, error: unknown, start: number, path = "/rollout") => {
    if (isConnectionAbort(error)) return finishNative(incoming, outgoing, connectionClosed(), start, path);
    baseLog.error({ err: { name: (error as Error)?.name, message: redact(String((error as Error)?.message)) } }, "unhandled error");
    finishNative(incoming, outgoing, errorReply(500, "internal_error", "internal server error"), start, path);
  };
  /** Writes the reply when it is there (at once, or once the promise settles). */
  const finishWhenSettled = (incoming: IncomingMessage, outgoing: ServerResponse, reply: Reply | Promise<Reply>, start: number, path?: string) => {
    if (reply instanceof Promise) {
      reply.then(
        (settledReply) => finishNative(incoming, outgoing, settledReply, start, path),
        (error: unknown) => failNative(incoming, outgoing, error, start, path),
      );
    } else finishNative(incoming, outgoing, reply, start, path);
  };
  /** POST /env/<name>/step on Node's request and response (see nativeEnvStep). */
  const nativeEnvStepAt = (incoming: IncomingMessage, outgoing: ServerResponse, start: number, path: string) => {
    let reply: Reply | Promise<Reply>;
    try {
      reply = nativeEnvStep!.answer(incoming, outgoing);
    } catch (error) {
      return failNative(incoming, outgoing, error, start, path);
    }
    finishWhenSettled(incoming, outgoing, reply, start, path);
  };
  const nativeRollout = (incoming: IncomingMessage, outgoing: ServerResponse, start: number) => {
    const refused = authorise(incoming.headers);
    if (refused) return finishNative(incoming, outgoing, refused, start);
    let reply: Reply | Promise<Reply>;
    try {
      reply = track(nativeTransport, incoming, outgoing, rollout);
    } catch (error) {
      return failNative(incoming, outgoing, error, start);
    }
    finishWhenSettled(incoming, outgoing, reply, start);
  };
  /**
   * POST /rollout and env lifecycle step requests waiting for the microtask
   * that runs them: Node announces a request as soon as its headers are
   * parsed and pushes the body of the same packet right after, so a short
   * body is then at hand and the whole rollout or step (a synchronous
   * executor's or tool's included) is answered in that one microtask, without
   * a promise or a turn of the event loop. Flat groups of request, response,
   * start and step path (null: a rollout); one microtask for all that arrive
   * together.
   */
  // Its slots are reused from batch to batch (emptied, not dropped: setting an array's length to 0 frees its
  // memory, and the next batch grows it again); `queuedLength` is how many are in use.
  const queued: (IncomingMessage | ServerResponse | number | string | null)[] = [];
  let queuedLength = 0;
  // A reaction on a settled promise is a microtask without the AsyncResource and bound function
  // Node's queueMicrotask makes per call; runQueued catches what it runs, so it never rejects.
  const settledPromise = Promise.resolve();
  const runQueued = () => {
    for (let i = 0; i < queuedLength; i += 4) {
      const outgoing = queued[i + 1] as ServerResponse;
      const stepPath = queued[i + 3] as string | null;
      try {
        if (stepPath === null) nativeRollout(queued[i] as IncomingMessage, outgoing, queued[i + 2] as number);
        else nativeEnvStepAt(queued[i] as IncomingMessage, outgoing, queued[i + 2] as number, stepPath);
      } catch (error) {
        // Only writing the reply can throw here; the others queued still run.
        baseLog.error({ err: { name: (error as Error)?.name, message: redact(String((error as Error)?.message)) } }, "unhandled error");
        outgoing.destroy();
      }
    }
    // Nothing of the batch is held on to once it has run.
    queued.fill(0, 0, queuedLength);
    queuedLength = 0;
  };
  const queueNative = (incoming: IncomingMessage, outgoing: ServerResponse, stepPath: string | null) => {
    queued[queuedLength] = incoming;
    queued[queuedLength + 1] = outgoing;
    queued[queuedLength + 2] = logInfo ? performance.now() : 0;
    queued[queuedLength + 3] = stepPath;
    queuedLength += 4;
    if (queuedLength === 4) void settledPromise.then(runQueued);
  };

  return {
    fetch: async (request, bindings) => hono.fetch(request, bindings),
    listener: (incoming, outgoing) => {
      if (fastPath && incoming.method === "POST" && (incoming.url === "/rollout" || incoming.url?.startsWith("/rollout?"))) queueNative(incoming, outgoing, null);
      else if (fastPath && nativeEnvStep && incoming.method === "POST" && nativeEnvStep.paths.has(incoming.url!)) queueNative(incoming, outgoing, incoming.url!);
      else void honoListener(incoming, outgoing);
    },
    request: (input, init) => hono.request(input, init),
    ...(openenv ? { upgrade: openenv.upgrade } : {}),
    ...(peers
      ? {
          peerEndpoint: {
            socketPath: peers.socketPath,
            listener: (incoming: IncomingMessage, outgoing: ServerResponse) => {
              peers!.acceptFromPeer(incoming);
              void honoListener(incoming, outgoing);
            },
          },
        }
      : {}),
    app,
    get inFlight() {
      return inFlight;
    },
    get openSessions() {
      return countSessions();
    },
    bodyBudget: bodies,
    log: baseLog,
    async startup() {
      for (const hook of app.onStartup) await hook(app);
    },
    async drain(graceMs = app.limits.shutdownGraceMs, settleMs = 1_000) {
      draining = true;
      closeSessions();
      if (inFlight > 0) await waitIdle(graceMs);
      if (inFlight > 0 && running.size > 0) {
        for (const run of running) run.abort(new Error("server shutting down"));
        if (inFlight > 0) await waitIdle(settleMs);
      }
      // A rollout or proxy call still reading its body is not in `running`: closing its connection (as `serve` does) ends it.
    },
    async runShutdownHooks() {
      for (const hook of app.onShutdown) {
        try {
          await hook(app);
        } catch (error) {
          baseLog.error({ err: { message: redact((error as Error)?.message ?? String(error)) } }, "shutdown hook failed");
        }
      }
    },
    async shutdown(graceMs) {
      await this.drain(graceMs);
      await this.runShutdownHooks();
    },
  };
}

/** Node's error for a request body cut short by its connection closing. */
function isConnectionAbort(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "ECONNRESET" || message === "aborted";
}
