/**
 * `task-app serve --workers N`: the app in N processes behind one port
 * (node:cluster; the primary accepts connections and hands them out in
 * turn). The primary never loads the app: each worker loads the module, opens
 * its own trace store connection and calls `serve()` on the shared port, then
 * reports `ready` (or, if it could not start, a redacted error) over IPC.
 *
 * The primary prints the URL once, when every worker listens. Shutdown
 * follows `serve`: the first SIGTERM/SIGINT asks every worker to drain (each
 * within its `limits.shutdownGraceMs`), a second only logs, a third kills the
 * workers and exits with 128 + the signal's number. A worker that exits while
 * the server is up is replaced, after a backoff that doubles with each recent
 * exit; past `maxRestarts` exits within `restartWindowMs` the server shuts
 * down with exit code 1 rather than spin. A worker that crashes while the
 * server starts is replaced by the same rule; one that reports it cannot
 * start (a module that does not load) would fail again, so its error is
 * returned once and the other workers are stopped.
 */
import cluster, { type Worker } from "node:cluster";
import { mkdtempSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import type { PeerNetwork } from "../openenv/peers.js";
import type { MetricsReading } from "./metrics.js";
import type { Logger } from "pino";
import type { ServingTaskApp } from "./serve.js";
import { announceServing, EXIT_AFTER_SHUTDOWN_MS } from "./announce.js";

/** Options of `runServeCluster`. */
export interface ServeClusterOptions {
  /** Worker processes to keep running (at least 1). */
  workers: number;
  /** The host workers bind, for the printed URL. */
  host: string;
  /** The primary's logger (redacting). */
  logger: Logger;
  /** Environment the auth warning is checked against and TASKAPP_RESTART_BACKOFF_MS and TASKAPP_MAX_RESTARTS are read from. Default process.env. */
  env?: Record<string, string | undefined>;
  /** Worker exits tolerated within `restartWindowMs` before the server gives up. Default TASKAPP_MAX_RESTARTS, else 10. */
  maxRestarts?: number;
  /** Window of `maxRestarts`. Default 60 s. */
  restartWindowMs?: number;
  /**
   * First wait of the restart backoff (see {@link restartDelayMs}). Default
   * TASKAPP_RESTART_BACKOFF_MS, else 100 ms.
   */
  restartBackoffMs?: number;
  /** Called once, with the URL, when every worker listens. */
  onListening?: (url: string, port: number) => void;
  /** Called at once with a reader of the rollouts every worker is running (their last reports, summed): the in-flight gauge. */
  exposeInFlight?: (read: () => MetricsReading) => void;
}

/** How a clustered server ended: the exit code, and the start-up error of a worker when there was one. */
export interface ServeClusterResult {
  code: number;
  error?: string;
}

/** What a worker tells the primary. */
type WorkerMessage =
  | { type: "task-app:ready"; port: number; appId: string; requireApiKey: boolean; graceMs: number }
  | { type: "task-app:failed"; message: string }
  | { type: "task-app:in-flight"; count: number; sessions: number };

/** How often a worker reports its in-flight count to the primary (when it changed): the gauge's staleness, without a message per rollout. */
export const IN_FLIGHT_REPORT_MS = 200;

const SHUTDOWN = { type: "task-app:shutdown" } as const;
/** First wait of the restart backoff. */
const BACKOFF_MS = 100;
/** Longest wait before a replacement worker is started, in first waits (5 s by default). */
const MAX_BACKOFF_STEPS = 50;

/**
 * How long the primary waits before replacing a worker, given the exits
 * within the restart window (this one included): nothing for the first, then
 * `baseMs`, doubling with each further exit, at most 50 × `baseMs`
 * (0, 100, 200, 400, … 5,000 ms by default).
 */
export function restartDelayMs(exitsInWindow: number, baseMs = BACKOFF_MS): number {
  return exitsInWindow <= 1 ? 0 : Math.min(baseMs * 2 ** (exitsInWindow - 2), baseMs * MAX_BACKOFF_STEPS);
}

/** The restart backoff's first wait: the option, else TASKAPP_RESTART_BACKOFF_MS (a positive number of ms), else 100 ms. */
function backoffOf(options: ServeClusterOptions): number {
  const fromEnv = Number((options.env ?? process.env).TASKAPP_RESTART_BACKOFF_MS);
  return options.restartBackoffMs ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : BACKOFF_MS);
}

/** Worker exits tolerated before the server gives up, by default. */
const MAX_RESTARTS = 10;

/** Worker exits tolerated within the window: the option, else TASKAPP_MAX_RESTARTS (a whole number, at least 1), else 10. */
export function maxRestartsOf(options: Pick<ServeClusterOptions, "maxRestarts" | "env">): number {
  const fromEnv = Number((options.env ?? process.env).TASKAPP_MAX_RESTARTS);
  return options.maxRestarts ?? (Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : MAX_RESTARTS);
}

/** Whether this process is a worker forked by `runServeCluster`. */
export function isServeWorker(): boolean {
  return cluster.isWorker;
}

/** The variable that names the workers' private socket folder to each worker. */
const PEER_DIR_VARIABLE = "TASKAPP_PEER_DIR";

/**
 * In a worker: its cluster id and the folder of the workers' private sockets
 * (made by the primary, mode 0700), for env lifecycle sessions held by
 * another worker (src/openenv/peers.ts). Read once: the variable is removed,
 * so nothing the app starts inherits it.
 */
export function readPeerNetwork(): PeerNetwork | undefined {
  const dir = process.env[PEER_DIR_VARIABLE];
  delete process.env[PEER_DIR_VARIABLE];
  return cluster.worker && dir ? { self: cluster.worker.id, dir } : undefined;
}

/** Runs the primary: forks the workers and keeps them running until a signal or a fatal failure. */
export function runServeCluster(options: ServeClusterOptions): Promise<ServeClusterResult> {
  const { logger, workers: count } = options;
  const maxRestarts = maxRestartsOf(options);
  const windowMs = options.restartWindowMs ?? 60_000;
  const backoffMs = backoffOf(options);
  const live = new Map<number, Worker>();
  const ready = new Set<number>();
  const exits: number[] = [];
  let listening: { port: number } | undefined;
  let graceMs = 30_000;
  let stopping = false;
  let exitCode = 0;
  let startupError: string | undefined;
  let signals = 0;
  let finish!: (result: ServeClusterResult) => void;
  const done = new Promise<ServeClusterResult>((resolve) => (finish = resolve));
  const inFlight = new Map<number, MetricsReading>();
  options.exposeInFlight?.(() => {
    const sum = { inFlight: 0, sessions: 0 };
    for (const reading of inFlight.values()) {
      sum.inFlight += reading.inFlight;
      sum.sessions += reading.sessions;
    }
    return sum;
  });

  // mkdtemp makes the folder 0700: only this user reaches the workers' private sockets.
  const peerDir = mkdtempSync(join(tmpdir(), "task-app-peers-"));
  const fork = () => {
    const worker = cluster.fork({ [PEER_DIR_VARIABLE]: peerDir });
    live.set(worker.id, worker);
    worker.on("message", (message: WorkerMessage) => onMessage(worker, message));
    worker.on("exit", (code, signal) => onExit(worker, code, signal));
    worker.on("error", (error) => onChannelError(error, worker.process.pid));
  };

  /** A worker's channel closing under a send (it is exiting: Ctrl-C reaches every process of the group) is expected, not a fault. */
  const onChannelError = (error: Error, pid: number | undefined) => {
    if (isChannelClosed(error)) logger.debug({ pid, code: (error as NodeJS.ErrnoException).code }, "worker channel closed");
    else logger.warn({ pid, error: error.message }, "worker channel error");
  };
  /** Asks a worker to drain; a worker already gone is skipped without an error. */
  const tell = (worker: Worker) => {
    if (worker.isConnected()) worker.send(SHUTDOWN, undefined, {}, (error: Error | null) => error && onChannelError(error, worker.process.pid));
  };

  const onMessage = (worker: Worker, message: WorkerMessage) => {
    if (message?.type === "task-app:in-flight") return void inFlight.set(worker.id, { inFlight: message.count, sessions: message.sessions ?? 0 });
    if (message?.type === "task-app:failed") {
      if (!listening) startupError ??= message.message;
      else logger.error({ pid: worker.process.pid, error: message.message }, "a replacement worker failed to start");
      return;
    }
    if (message?.type !== "task-app:ready") return;
    ready.add(worker.id);
    graceMs = message.graceMs;
    if (stopping) return void tell(worker);
    if (!listening && ready.size === count) {
      listening = { port: message.port };
      const url = `http://${options.host.includes(":") ? `[${options.host}]` : options.host}:${message.port}`;
      announceServing(logger, { url, appId: message.appId, requireApiKey: message.requireApiKey }, options.env ?? process.env);
      logger.info({ workers: count, pids: [...live.values()].map((w) => w.process.pid) }, "workers started");
      options.onListening?.(url, message.port);
    } else if (listening) logger.info({ pid: worker.process.pid }, "replacement worker ready");
    if (listening && message.port !== listening.port) {
      // Only when every worker died at once with --port 0: the port is picked anew.
      listening = { port: message.port };
      logger.warn({ port: message.port }, "the server listens on a new port");
    }
  };

  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    live.delete(worker.id);
    ready.delete(worker.id);
    inFlight.delete(worker.id);
    if (stopping) {
      if (code !== 0 && signal === null) exitCode ||= 1;
      return void finishIfEmpty();
    }
    // A worker that reported why it could not start (its module does not load) would fail again: stop and say why.
    if (!listening && startupError) {
      exitCode = 1;
      return stop();
    }
    // A crash (a signal, an exit without a report) is retried the same before and after the server listens.
    const now = Date.now();
    exits.push(now);
    while (exits.length && exits[0]! < now - windowMs) exits.shift();
    if (exits.length > maxRestarts) {
      logger.error({ exits: exits.length, window_ms: windowMs }, "workers keep exiting; shutting down");
      exitCode = 1;
      if (!listening) startupError = `workers kept exiting during start-up (${exits.length} within ${windowMs / 1000} s, the last with ${signal ?? `code ${code}`})`;
      return stop();
    }
    const delay = restartDelayMs(exits.length, backoffMs);
    logger.warn({ pid: worker.process.pid, code, signal, restart_in_ms: delay }, listening ? "worker exited; starting a replacement" : "worker exited during start-up; starting a replacement");
    setTimeout(() => stopping || fork(), delay);
  };

  const finishIfEmpty = () => {
    if (live.size > 0) return;
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
    rmSync(peerDir, { recursive: true, force: true });
    if (exitCode === 0) logger.info("all workers stopped");
    finish(startupError && exitCode !== 0 ? { code: exitCode, error: startupError } : { code: exitCode });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of live.values()) tell(worker);
    // Each worker bounds its own drain; this only catches one that hangs past every bound.
    setTimeout(() => killAll(), 3 * graceMs + 5_000).unref();
    finishIfEmpty();
  };

  const killAll = () => {
    for (const worker of live.values()) worker.process.kill("SIGKILL");
  };

  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals === 1) {
      logger.info({ signal, grace_ms: graceMs, workers: live.size }, "shutting down");
      stop();
    } else if (signals === 2) {
      logger.warn({ signal }, "already shutting down; send the signal once more to exit at once");
    } else {
      logger.error({ signal }, "forced exit during shutdown");
      killAll();
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      rmSync(peerDir, { recursive: true, force: true });
      finish({ code: 128 + (constants.signals[signal] ?? 15) });
    }
  };

  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  for (let i = 0; i < count; i++) fork();
  return done;
}

/**
 * In a worker: tells the primary the server listens, and closes it when the
 * primary asks or on SIGTERM/SIGINT (the primary counts repeated signals).
 * A worker whose primary is gone exits at once (node:cluster does so), so
 * none is left behind.
 */
export function joinServeCluster(running: ServingTaskApp, app: { appId: string; requireApiKey: boolean; limits: { shutdownGraceMs: number } }): void {
  const close = () => void running.close();
  process.on("message", (message: { type?: string }) => message?.type === SHUTDOWN.type && close());
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
  const ready: WorkerMessage = { type: "task-app:ready", port: running.port, appId: app.appId, requireApiKey: app.requireApiKey, graceMs: app.limits.shutdownGraceMs };
  // The primary may be gone already (a forced exit): nothing to tell then.
  if (process.connected) process.send?.(ready, undefined, {}, () => {});
  // The in-flight count, when it changed, until the server has closed (its drain included).
  let reported = 0;
  let reportedSessions = 0;
  const report = setInterval(() => {
    const count = running.inFlight;
    const sessions = running.openSessions;
    if ((count === reported && sessions === reportedSessions) || !process.connected) return;
    reported = count;
    reportedSessions = sessions;
    const message: WorkerMessage = { type: "task-app:in-flight", count, sessions };
    process.send?.(message, undefined, {}, () => {});
  }, IN_FLIGHT_REPORT_MS);
  report.unref();
  void running.closed.then(() => clearInterval(report));
}

/** Node's errors for a send on an IPC channel whose other end has closed. */
function isChannelClosed(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EPIPE" || code === "ERR_IPC_CHANNEL_CLOSED" || code === "ECONNRESET";
}

/** In a worker that could not start: sends the (already redacted) error to the primary, which reports it once. */
export function reportServeWorkerFailure(message: string): Promise<void> {
  const failed: WorkerMessage = { type: "task-app:failed", message };
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(failed, undefined, {}, () => resolve());
  });
}

/**
 * In a worker whose server has closed (or never started): leaves the cluster
 * so the process ends once its last callbacks have run, and ends it after
 * `EXIT_AFTER_SHUTDOWN_MS` if something (an executor ignoring its abort
 * signal) still holds it open.
 */
export function leaveServeCluster(code: number, logger?: Pick<Logger, "warn">): void {
  process.exitCode = code;
  const timer = setTimeout(() => {
    logger?.warn({ after_ms: EXIT_AFTER_SHUTDOWN_MS }, "still running after shutdown (an executor ignoring its abort signal?); exiting");
    process.exit(code);
  }, EXIT_AFTER_SHUTDOWN_MS);
  timer.unref();
  if (cluster.worker?.isConnected()) cluster.worker.disconnect();
}
