/**
 * `serve`: runs a task app on a real socket with graceful shutdown. SIGTERM
 * or SIGINT stop accepting connections, let in-flight rollouts finish
 * (bounded by `limits.shutdownGraceMs`), run the shutdown hooks and close.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import type { TaskApp } from "../schemas/task-app.js";
import { createTaskAppServer, type TaskAppServerOptions } from "./app.js";
import { createLogger, type LogLevel } from "./logger.js";

/** Options of `serve`. */
export interface ServeOptions extends TaskAppServerOptions {
  /** Port; 0 picks a free one. Default 8001. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Log level when no logger is given. Default "info". */
  logLevel?: LogLevel;
  /** Install SIGTERM/SIGINT handlers that shut down gracefully. Default true. */
  handleSignals?: boolean;
  /** Receives each rollout's recorded tracing-v3 session (e.g. a trace store); its failures never fail a rollout. */
  traceSink?: (session: SessionTraceV3) => Promise<void> | void;
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
}

/** Runs the startup hooks, then listens; the returned handle closes gracefully. */
export async function serve(app: TaskApp, options: ServeOptions = {}): Promise<ServingTaskApp> {
  const logger = options.logger ?? createLogger(options.logLevel ?? "info");
  const handler = createTaskAppServer(app, { ...options, logger });
  await handler.startup();
  const server = createServer(handler.listener);
  server.keepAliveTimeout = 5_000;
  const open = new Set<import("node:http").ServerResponse>();
  server.on("request", (_req, res) => {
    open.add(res);
    res.once("close", () => open.delete(res));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 8001, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  logger.info({ url, app_id: app.appId, auth: app.requireApiKey }, "task app listening");

  let closing: Promise<void> | null = null;
  let markClosed!: () => void;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const onSignal = (signal: NodeJS.Signals) => {
    logger.info({ signal }, "shutting down");
    void close();
  };
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await handler.drain();
      await waitFor(() => open.size === 0, 2_000);
      await handler.runShutdownHooks();
      server.closeAllConnections();
      await stopped;
      if (options.handleSignals !== false) {
        process.off("SIGTERM", onSignal);
        process.off("SIGINT", onSignal);
      }
      logger.info("task app stopped");
      markClosed();
    })();
    return closing;
  };
  if (options.handleSignals !== false) {
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
  }
  return { url, port, host, server, close, closed };
}

/** Polls `done` every 10 ms until it holds or `timeoutMs` passes. */
async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}
