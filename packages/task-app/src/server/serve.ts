/**
 * `serve`: runs a task app on a real socket with graceful shutdown.
 *
 * Shutdown (the first SIGTERM or SIGINT, or `close()`): stop accepting
 * connections, let in-flight rollouts and proxy calls finish within
 * `limits.shutdownGraceMs`, abort what is left, close every connection still
 * open (a client drip-feeding a body included), run the shutdown hooks (given
 * one more grace period) and close. Every wait is bounded. A second signal
 * during the drain only logs; a third exits at once with 128 + the signal's
 * number. After a signal-triggered shutdown the process exits even if
 * something (an executor ignoring its abort signal) still holds it open.
 *
 * Process-level errors: an unhandled promise rejection or an uncaught
 * exception (a throw in an executor's timer) is logged, redacted, and the
 * server keeps serving; the other rollouts in flight are not disturbed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { constants } from "node:os";
import { listenForPeers } from "../openenv/peers.js";
import type { TaskApp } from "../schemas/task-app.js";
import { createTaskAppServer, type TaskAppServerOptions } from "./app.js";
import { announceServing, EXIT_AFTER_SHUTDOWN_MS } from "./announce.js";
import { createLogger, createPrettyDestination, type LogFormat, type LogLevel } from "./logger.js";
import type { Logger } from "pino";

/** Options of `serve`. */
export interface ServeOptions extends TaskAppServerOptions {
  /** Port; 0 picks a free one. Default 8001. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Log level when no logger is given. Default "info". */
  logLevel?: LogLevel;
  /** Log format when no logger is given: "json" (one object per line, the default) or "pretty" (text for humans). */
  logFormat?: LogFormat;
  /** Install SIGTERM/SIGINT handlers: first signal drains, second logs, third exits at once. Default true. */
  handleSignals?: boolean;
  /** Log unhandled rejections and uncaught exceptions (redacted) and keep serving, instead of crashing. Default true. */
  handleProcessErrors?: boolean;
  /** Log "task app listening" and the auth warnings once listening. Default true; cluster workers leave it to the primary. */
  announce?: boolean;
}

/** A running server. */
export interface ServingTaskApp {
  /** Base URL, e.g. `http://127.0.0.1:8001`. */
  url: string;
  port: number;
  host: string;
  /** Node's HTTP server. */
  server: Server;
  /** Graceful shutdown; resolves when the socket is closed and the hooks have run. Idempotent. */
  close(): Promise<void>;
  /** Resolves once the server has shut down, however that was triggered. */
  closed: Promise<void>;
  /** Rollouts and proxy calls running now (the in-flight gauge). */
  readonly inFlight: number;
  /** Stepped sessions of a declared environment open now (0 without one). */
  readonly openSessions: number;
}

/** How long aborted rollouts and proxy calls get to write their 503 before connections are closed. */
const ABORT_SETTLE_MS = 1_000;
/** How long replies already settled get to be written once the grace period is over. */
const FLUSH_MS = 50;

/** Runs the startup hooks, then listens; the returned handle closes gracefully. */
export async function serve(app: TaskApp, options: ServeOptions = {}): Promise<ServingTaskApp> {
  const handler = createTaskAppServer(app, { ...options, logger: options.logger ?? createLogger(options.logLevel ?? "info", options.logFormat === "pretty" ? createPrettyDestination() : undefined) });
  const logger = handler.log;
  const detachErrors = options.handleProcessErrors === false ? () => {} : watchProcessErrors(logger);
  try {
    await handler.startup();
  } catch (error) {
    detachErrors();
    throw error;
  }
  // Nothing is tracked per request or per connection: at shutdown, the connections still open are
  // the server's own count (see `close`), which costs nothing while serving.
  const server = createServer(handler.listener);
  if (handler.upgrade) server.on("upgrade", handler.upgrade);
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) => {
      detachErrors();
      reject(error);
    });
    server.listen(options.port ?? 8001, host, () => resolve());
  });
  server.removeAllListeners("error");
  const peerServer = handler.peerEndpoint ? await listenForPeers(handler.peerEndpoint) : null;
  server.on("error", (error) => logger.error({ err: error }, "server error"));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (options.announce !== false) announceServing(logger, { url, appId: app.appId, requireApiKey: app.requireApiKey }, options.env ?? process.env);
  if (options.announce !== false && app.environment && options.openenv?.noKey) {
    if (isLoopback(host)) logger.info({ url: `${url}/openenv` }, "the /openenv routes take no key (openenv no-key)");
    else logger.warn({ url: `${url}/openenv`, host }, "the /openenv routes take no key and the server listens beyond loopback: anyone who reaches it can step the environment");
  }

  const graceMs = app.limits.shutdownGraceMs;
  let closing: Promise<void> | null = null;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals === 1) {
      logger.info({ signal, grace_ms: graceMs }, "shutting down");
      void close().then(exitIfStillAlive);
    } else if (signals === 2) {
      logger.warn({ signal }, "already shutting down; send the signal once more to exit at once");
    } else {
      logger.error({ signal }, "forced exit during shutdown");
      process.exit(128 + (constants.signals[signal] ?? 15));
    }
  };
  const exitIfStillAlive = () => {
    const timer = setTimeout(() => {
      logger.warn({ after_ms: EXIT_AFTER_SHUTDOWN_MS }, "still running after shutdown (an executor ignoring its abort signal?); exiting");
      process.exit(process.exitCode ?? 0);
    }, EXIT_AFTER_SHUTDOWN_MS);
    timer.unref();
  };
  const close = () => {
    closing ??= (async () => {
      const deadline = Date.now() + graceMs;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      peerServer?.close();
      peerServer?.closeIdleConnections();
      await handler.drain(graceMs, ABORT_SETTLE_MS);
      // Requests that are not rollouts (a body still trickling in, say) get what is left of the grace period:
      // a connection whose response has finished is idle, and closed; the wait ends when none is left open.
      const open = await waitForConnections(server, Math.max(deadline - Date.now(), FLUSH_MS));
      if (open > 0) logger.warn({ connections: open }, "closing connections still open after the grace period");
      server.closeAllConnections();
      peerServer?.closeAllConnections();
      if (!(await within(handler.runShutdownHooks(), graceMs))) logger.warn({ grace_ms: graceMs }, "shutdown hooks did not finish within the grace period");
      await within(stopped, ABORT_SETTLE_MS);
      if (options.handleSignals !== false) {
        process.off("SIGTERM", onSignal);
        process.off("SIGINT", onSignal);
      }
      detachErrors();
      logger.info("task app stopped");
      markClosed();
    })();
    return closing;
  };
  if (options.handleSignals !== false) {
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
  }
  return {
    url,
    port,
    host,
    server,
    close,
    closed,
    get inFlight() {
      return handler.inFlight;
    },
    get openSessions() {
      return handler.openSessions;
    },
  };
}

/** Whether `host` is a loopback address (127.0.0.0/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Logs unhandled rejections and uncaught exceptions instead of crashing; returns the function that stops it. */
function watchProcessErrors(logger: Logger): () => void {
  const onRejection = (reason: unknown) => logger.error({ err: reason }, "unhandled promise rejection; still serving");
  const onException = (error: unknown, origin: string) => logger.error({ err: error, origin }, "uncaught exception; still serving");
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}

/**
 * Closes the server's idle connections every 10 ms until none is left open
 * or `timeoutMs` passes; resolves to how many are still open (serving a
 * request whose response has not finished).
 */
async function waitForConnections(server: Server, timeoutMs: number): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    server.closeIdleConnections();
    const open = await new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    if (open === 0 || Date.now() >= until) return open;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Waits for `promise` at most `ms`; true when it settled in time (a rejection counts as settled). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
