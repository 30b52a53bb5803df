/**
 * `createTaskAppServer`: the HTTP surface of a task app (CONTRACT.md §2) as a
 * Hono app, usable in-process through `fetch`/`request` or served by `serve`.
 */
import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import type { Logger } from "pino";
import type { TaskApp } from "../schemas/task-app.js";
import { createKeyMatcher, readPresentedKeys, resolveEnvironmentApiKeys, type KeyEnv, type KeyMatcher } from "./auth.js";
import { errorResponse } from "./errors.js";
import { createLogger } from "./logger.js";
import { handleRollout } from "./rollout.js";
import { describeInfo, describeTaskInfo } from "./task-info.js";

/** Options of `createTaskAppServer`. */
export interface TaskAppServerOptions {
  /** Where keys are read from; defaults to `process.env`. */
  env?: KeyEnv;
  /** Logger; defaults to a silent one. */
  logger?: Logger;
}

/** A task app's HTTP handler plus the controls `serve` uses for lifecycle. */
export interface TaskAppServer {
  /** The Fetch-API handler. */
  fetch: (request: Request) => Promise<Response>;
  /** Hono's in-process helper: `request("/health", { headers })`. */
  request: Hono["request"];
  /** The app being served. */
  app: TaskApp;
  /** Rollouts currently running. */
  readonly inFlight: number;
  /** Runs the app's startup hooks in order. */
  startup(): Promise<void>;
  /**
   * Stops accepting rollouts (503 `shutting_down`), waits up to `graceMs` for
   * in-flight ones and aborts what is left.
   */
  drain(graceMs?: number): Promise<void>;
  /** Runs the shutdown hooks in order; a failing hook is logged and the rest still run. */
  runShutdownHooks(): Promise<void>;
  /** `drain` then `runShutdownHooks`. */
  shutdown(graceMs?: number): Promise<void>;
}

type Env = { Variables: { log: Logger } };

/** Builds the Hono app for a defined task app. */
export function createTaskAppServer(app: TaskApp, options: TaskAppServerOptions = {}): TaskAppServer {
  const keys = createKeyMatcher(resolveEnvironmentApiKeys(options.env ?? process.env));
  const baseLog = options.logger ?? createLogger("silent");
  const shutdownController = new AbortController();
  let draining = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;
  let counter = 0;

  const hono = new Hono<Env>();
  if (app.corsOrigins.length) hono.use("*", cors({ origin: [...app.corsOrigins], allowHeaders: ["content-type", "authorization", "x-api-key", "x-api-keys"] }));
  hono.use("*", async (c, next) => {
    const start = performance.now();
    const log = baseLog.child({ req_id: ++counter });
    c.set("log", log);
    await next();
    if (log.isLevelEnabled("info")) {
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - start) * 100) / 100 }, "request");
    }
  });
  hono.onError((error, c) => {
    c.get("log")?.error({ err: { name: error.name, message: keys.redact(error.message) } }, "unhandled error");
    return errorResponse(500, "internal_error", "internal server error");
  });
  hono.notFound((c) => errorResponse(404, "not_found", `no route for ${c.req.method} ${c.req.path}`));

  const root = (c: Context) => c.json({ status: "ok", service: app.appId });
  hono.get("/", root);
  const guard = requireKey(app, keys);
  hono.get("/health", guard, (c) => c.json({ healthy: true, status: "healthy", authorized: true, service: app.appId, auth: { required: app.requireApiKey } }));
  hono.get("/info", guard, (c) => c.json(describeInfo(app)));
  hono.get("/task_info", guard, async (c) => describeTaskInfo(app, c.req.queries()));
  hono.post("/done", guard, (c) => c.json({ ok: true, service: app.appId }));
  hono.post("/rollout", guard, async (c) => {
    if (draining) return errorResponse(503, "shutting_down", "server is shutting down");
    inFlight++;
    try {
      return await handleRollout(c.req.raw, { app, keys, shutdownSignal: shutdownController.signal, log: baseLog }, c.get("log"));
    } finally {
      if (--inFlight === 0 && idle) idle();
    }
  });
  for (const path of ["/", "/health", "/info", "/task_info", "/done", "/rollout"]) {
    hono.all(path, (c) => errorResponse(405, "method_not_allowed", `${c.req.method} is not allowed on ${path}`));
  }

  const fetchHandler = async (request: Request) => hono.fetch(request);
  return {
    fetch: fetchHandler,
    request: hono.request.bind(hono),
    app,
    get inFlight() {
      return inFlight;
    },
    async startup() {
      for (const hook of app.onStartup) await hook(app);
    },
    async drain(graceMs = app.limits.shutdownGraceMs) {
      draining = true;
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          idle = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      if (inFlight > 0) {
        shutdownController.abort();
        await new Promise<void>((resolve) => (idle = resolve));
      }
    },
    async runShutdownHooks() {
      for (const hook of app.onShutdown) {
        try {
          await hook(app);
        } catch (error) {
          baseLog.error({ err: { message: keys.redact((error as Error)?.message ?? String(error)) } }, "shutdown hook failed");
        }
      }
    },
    async shutdown(graceMs) {
      await this.drain(graceMs);
      await this.runShutdownHooks();
    },
  };
}

/** Middleware: 503 when no key is configured, 401 when none presented matches. Never echoes key material. */
function requireKey(app: TaskApp, keys: KeyMatcher) {
  return async (c: Context, next: () => Promise<void>) => {
    if (!app.requireApiKey) return next();
    if (keys.size === 0) return errorResponse(503, "missing_environment_api_key", "ENVIRONMENT_API_KEY is not configured");
    if (!keys.matches(readPresentedKeys(c.req.raw.headers))) {
      return errorResponse(401, "unauthorised", "API key missing or invalid", { accepted_headers: ["X-API-Key", "X-API-Keys", "Authorization: Bearer"] });
    }
    return next();
  };
}
