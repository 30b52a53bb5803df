/**
 * `task-app serve <module>`: serves the task app a JS or TS module exports.
 * The environment (./.env, the process environment, --env-file files) is
 * loaded by the CLI before the handler runs (see src/server/env.ts).
 * Runs until SIGTERM/SIGINT, then shuts down gracefully (see `serve`).
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { UsageError } from "../usage-error.js";
import { ENV_FILE_OPTION, ENV_PRECEDENCE } from "../env-option.js";
import type { Logger } from "pino";

interface ServeArgs {
  module: string;
  port: number;
  host: string;
  "env-file": string[];
  "log-level": string;
  "log-format"?: string;
  trace?: string;
  workers?: number;
  "start-timeout": number;
  "body-budget-mb": number;
  "metrics-port"?: number;
  tunnel: boolean;
  "max-sessions": number;
  "session-idle-timeout": number;
  "openenv-no-key": boolean;
}

async function runServe(args: ServeArgs): Promise<void> {
  const context = contextOf(args);
  const { assertTaskAppModuleExists, loadTaskAppModule, TaskAppStartTimeoutError } = await import("../../server/load.js");
  const { LOG_FORMATS, LOG_LEVELS, createLogger, createPrettyDestination } = await import("../../server/logger.js");
  const { createSecretRedactor } = await import("../../server/secrets.js");
  const level = args["log-level"] as (typeof LOG_LEVELS)[number];
  if (!LOG_LEVELS.includes(level)) {
    process.stderr.write(`task-app: --log-level must be one of ${LOG_LEVELS.join(", ")}\n`);
    context.setExitCode(2);
    return;
  }
  // On a terminal logs are for reading; anywhere else (a file, a pipe, a collector) JSON lines, as before.
  const format = (args["log-format"] ?? (process.stdout.isTTY ? "pretty" : "json")) as (typeof LOG_FORMATS)[number];
  if (!LOG_FORMATS.includes(format)) {
    process.stderr.write(`task-app: --log-format must be one of ${LOG_FORMATS.join(", ")}\n`);
    context.setExitCode(2);
    return;
  }
  const startTimeout = args["start-timeout"];
  if (!(Number.isFinite(startTimeout) && startTimeout > 0)) {
    process.stderr.write(`task-app: --start-timeout must be a positive number of seconds (got ${String(startTimeout)})\n`);
    context.setExitCode(2);
    return;
  }
  const budgetMb = args["body-budget-mb"];
  if (!(Number.isFinite(budgetMb) && budgetMb > 0)) {
    process.stderr.write(`task-app: --body-budget-mb must be a positive number of MiB (got ${String(budgetMb)})\n`);
    context.setExitCode(2);
    return;
  }
  const maxSessions = args["max-sessions"];
  if (!Number.isInteger(maxSessions) || maxSessions < 1) {
    process.stderr.write(`task-app: --max-sessions must be a whole number, at least 1 (got ${String(maxSessions)})\n`);
    context.setExitCode(2);
    return;
  }
  const idleS = args["session-idle-timeout"];
  if (!(Number.isFinite(idleS) && idleS > 0)) {
    process.stderr.write(`task-app: --session-idle-timeout must be a positive number of seconds (got ${String(idleS)})\n`);
    context.setExitCode(2);
    return;
  }
  const workers = args.workers ?? (await import("node:os")).availableParallelism();
  if (!Number.isInteger(workers) || workers < 1) {
    process.stderr.write(`task-app: --workers must be a whole number of processes, at least 1 (got ${String(args.workers)})\n`);
    context.setExitCode(2);
    return;
  }
  const metricsPort = args["metrics-port"];
  if (metricsPort !== undefined && !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort <= 65535 && (metricsPort === 0 || metricsPort !== args.port))) {
    process.stderr.write(`task-app: --metrics-port must be a port number (0-65535) other than --port (got ${String(metricsPort)})\n`);
    context.setExitCode(2);
    return;
  }
  // An app id (`serve my-env`) names the module the project registers for it.
  const { resolveAppModule, AppNotFoundError } = await import("../../apps/resolve.js");
  let module: string;
  try {
    module = resolveAppModule(args.module);
  } catch (error) {
    if (!(error instanceof AppNotFoundError)) throw error;
    process.stderr.write(`task-app serve: ${error.message}\n`);
    context.setExitCode(2);
    return;
  }
  try {
    assertTaskAppModuleExists(module);
  } catch (error) {
    process.stderr.write(`task-app serve: ${(error as Error).message}\nRun \`task-app serve --help\` for usage.\n`);
    context.setExitCode(2);
    return;
  }
  const cluster = workers > 1 ? await import("../../server/cluster.js") : undefined;
  const worker = cluster?.isServeWorker() ?? false;
  const tunnel = args.tunnel && !worker ? await import("../../deploy/tunnel.js") : undefined;
  if (tunnel) {
    try {
      tunnel.requireCloudflared();
    } catch (error) {
      process.stderr.write(`task-app serve: ${(error as Error).message}\n`);
      context.setExitCode(2);
      return;
    }
  }
  let open: Promise<import("../../deploy/tunnel.js").QuickTunnel | undefined> | undefined;
  const openTunnel = (port: number) => {
    open = startTunnel(tunnel!, port);
  };
  let traces: import("../../traces/sink.js").TraceSink | undefined;
  let code = 0;
  let logger: Logger | undefined;
  // The in-flight gauge (the primary's sum with --workers N), served before the app loads: a port in use fails at once.
  let readInFlight = () => ({ inFlight: 0, sessions: 0 });
  let metrics: import("../../server/metrics.js").MetricsServer | undefined;
  try {
    logger = createLogger(level, format === "pretty" ? createPrettyDestination() : undefined);
    if (metricsPort !== undefined && !worker) {
      metrics = await (await import("../../server/metrics.js")).startMetricsServer(() => readInFlight(), metricsPort, args.host);
      logger.info({ metrics_url: metrics.url }, "metrics listening");
    }
    if (cluster && !worker) {
      const { createRedactingLogger } = await import("../../server/logger.js");
      const result = await cluster.runServeCluster({
        workers,
        host: args.host,
        logger: createRedactingLogger(logger, createSecretRedactor()),
        ...(tunnel ? { onListening: (_url: string, port: number) => openTunnel(port) } : {}),
        exposeInFlight: (read) => (readInFlight = read),
      });
      await (await open)?.close();
      if (result.error) process.stderr.write(`task-app serve: ${result.error}\n`);
      context.setExitCode(result.code);
      return;
    }
    // The server (and its trace sink) is loaded here, where the app is: the `--workers` primary (above) loads
    // neither. Both before the app: a TypeScript app registers tsx's hooks, and a module loaded after that costs a round trip to them.
    const [{ serve }, { openServeTraceSink }] = await Promise.all([import("../../server/serve.js"), import("../../traces/sink.js")]);
    const app = await loadTaskAppModule(module, { timeoutMs: startTimeout * 1000 });
    traces = await openServeTraceSink(args.trace, logger);
    const sink = traces?.sink;
    const traceSink = sink ? { traceSink: sink, episodeSink: (session: import("../../schemas/session-trace.js").SessionTraceV3) => sink(session) } : {};
    const maxInFlightBodyBytes = Math.floor(budgetMb * 1024 * 1024);
    const running = await serve(app, { port: args.port, host: args.host, logger, maxInFlightBodyBytes, openenv: { maxSessions, idleTimeoutMs: Math.round(idleS * 1000), noKey: args["openenv-no-key"] }, ...traceSink, ...(worker ? { announce: false, handleSignals: false, ...withPeers(cluster!.readPeerNetwork()) } : {}) });
    readInFlight = () => ({ inFlight: running.inFlight, sessions: running.openSessions });
    if (worker) cluster!.joinServeCluster(running, app);
    if (tunnel) openTunnel(running.port);
    await running.closed;
    await (await open)?.close();
    if (traces) logger.info({ ...traces.stats }, "closing the trace store");
  } catch (error) {
    // A module that fails to load may quote a key from its environment.
    const said = createSecretRedactor()((error as Error)?.message ?? String(error));
    const message =
      (error as NodeJS.ErrnoException)?.code === "EADDRINUSE"
        ? `${said}: another process (another task app, or a serve still running) listens there; pass --port with another port, or --port 0 for a free one`
        : said;
    if (worker) await cluster!.reportServeWorkerFailure(message);
    else process.stderr.write(`task-app serve: ${message}\n`);
    code = 1;
    // The module's pending work (the await that never settled) would hold the process open.
    if (error instanceof TaskAppStartTimeoutError) process.exit(code);
  } finally {
    await metrics?.close();
    await traces?.close().catch(() => {});
  }
  if (worker) cluster!.leaveServeCluster(code, logger);
  context.setExitCode(code);
}

/** `serve()`'s `peers` option when this worker has them. */
function withPeers(peers: import("../../openenv/peers.js").PeerNetwork | undefined) {
  return peers ? { peers } : {};
}

/** `--port`: a whole number from 0 to 65535, else a usage error. */
function parsePort(value: unknown): number {
  const text = String(value).trim();
  const port = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(Number.isInteger(port) && port >= 0 && port <= 65535)) throw new UsageError(`--port must be a whole number from 0 to 65535 (got ${JSON.stringify(String(value))})`);
  return port;
}

/** Starts the quick tunnel to the local port, checks the public URL, prints it; a failure is printed and serving goes on. */
async function startTunnel(tunnel: typeof import("../../deploy/tunnel.js"), port: number) {
  const { resolveEnvironmentApiKeys } = await import("../../server/auth.js");
  const { formatCheckReport } = await import("../../check/index.js");
  try {
    const opened = await tunnel.startQuickTunnel(`http://127.0.0.1:${port}`);
    const key = resolveEnvironmentApiKeys()[0];
    if (!key) {
      process.stderr.write(`task-app serve: public URL ${opened.url} (not checked: no ENVIRONMENT_API_KEY)\n`);
      return opened;
    }
    const report = await tunnel.verifyTunnel(opened.url, key);
    const passed = report.results.filter((r) => r.ok).length;
    if (report.ok) process.stderr.write(`task-app serve: public URL ${opened.url} (checked: ${passed}/${report.results.length} checks passed through the tunnel)\n`);
    else process.stderr.write(`${formatCheckReport(report)}task-app serve: public URL ${opened.url} failed the checks above\n`);
    return opened;
  } catch (error) {
    process.stderr.write(`task-app serve: --tunnel: ${(error as Error).message}\n`);
    return undefined;
  }
}

/** The `serve` command. */
export const serveCommand: CommandModule<object, ServeArgs> = {
  command: "serve <module>",
  describe: "Serve the task app exported by a JS or TS module",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("module", { type: "string", demandOption: true, describe: "Module whose default export (or `app`) is the task app, or an app id the project registers (package.json \"task-app\".apps, else src/app.ts's appId)" })
      .option("port", { type: "string", default: 8001, coerce: parsePort, describe: "Port to listen on (0 picks a free one)" })
      .option("host", { type: "string", default: "127.0.0.1", describe: "Interface to bind" })
      .option("env-file", ENV_FILE_OPTION)
      .option("log-level", { type: "string", default: "info", describe: "fatal, error, warn, info, debug, trace or silent" })
      .option("trace", {
        type: "string",
        describe:
          "Record every rollout's trace: a directory (synth_ai.db inside, default traces/v3), a SQLite path, or a shared http(s)://, libsql:// or postgres:// store. Default $TASKAPP_TRACE_DB; TASKAPP_TRACING_ENABLED=0 turns it off",
      })
      .option("workers", {
        type: "number",
        describe: "Processes serving the app behind the one port (default: one per core); 1 keeps a single process. A worker that dies is replaced",
        defaultDescription: "cores",
      })
      .option("body-budget-mb", {
        type: "number",
        default: 256,
        describe: "MiB of request bodies one process holds at once (each worker its own), from the first byte until the answer; past it a request gets 503 server_busy",
      })
      .option("metrics-port", {
        type: "number",
        describe: `Also serve ${"`"}GET /metrics${"`"} (Prometheus text: task_app_rollouts_in_flight, the rollouts every worker is running) on this port, without a key, on the same host; 0 picks a free port`,
      })
      .option("start-timeout", {
        type: "number",
        default: 120,
        describe: "Seconds the module may take to load (top-level awaits, an async app factory) before serve gives up with exit 1",
      })
      .option("tunnel", {
        type: "boolean",
        default: false,
        describe: "Also open a cloudflared quick tunnel (cloudflared on PATH) and print its public URL once the check probes pass through it: for trying, not for training runs",
      })
      .option("max-sessions", {
        type: "number",
        default: 64,
        describe: "Stepped sessions of a declared environment open at once (OpenEnv WebSockets and env lifecycle env_ids, each process its own); one more is refused with CAPACITY_REACHED",
      })
      .option("session-idle-timeout", {
        type: "number",
        default: 600,
        describe: "Seconds a stepped session (an OpenEnv WebSocket, an env lifecycle env_id) may stay untouched before it is closed",
      })
      .option("openenv-no-key", {
        type: "boolean",
        default: false,
        describe: "Open the /openenv routes and WebSocket to a client without ENVIRONMENT_API_KEY (OpenEnv's own client sends none); logged, with a warning when --host is not loopback. Every other route keeps the key",
      })
      .option("log-format", {
        type: "string",
        describe: "json (one object per line, for log collectors) or pretty (aligned text, levels coloured unless NO_COLOR)",
        defaultDescription: "pretty on a terminal, else json",
      })
      .example("$0 serve src/app.ts", "serve the project's app on 127.0.0.1:8001, one process per core, the key from ./.env")
      .example("$0 serve src/app.ts --port 0 --workers 1", "one process on a free port (it prints the URL)")
      .example("$0 serve src/app.ts --host 0.0.0.0 --trace traces/v3/synth_ai.db --env-file .env", "reachable from other hosts, every rollout's trace stored")
      .example("$0 serve my-env --tunnel", "the app registered as my-env in package.json, behind a public HTTPS tunnel")
      .epilog(
        "Shutdown: the first SIGTERM/SIGINT drains in-flight rollouts within limits.shutdownGraceMs, a second only logs, a third exits at once (143 for SIGTERM). " +
          "Unhandled rejections and uncaught exceptions in executors are logged (keys redacted) and the server keeps serving. " +
          ENV_PRECEDENCE + " " +
          "With --workers N the primary process forwards shutdown to every worker and prints the URL once; the server keeps no state between rollouts, so replicas can run behind any load balancer (a declared environment's stepped sessions stay in the replica that opened them; its workers pass them among themselves).",
      ) as unknown as Argv<ServeArgs>,
  handler: runServe,
};
