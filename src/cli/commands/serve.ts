/**
 * `task-app serve <module>`: serves the task app a JS or TS module exports.
 * Env files are applied in order (later wins) before the app is loaded.
 * Runs until SIGTERM/SIGINT, then shuts down gracefully (see `serve`).
 */
import { availableParallelism } from "node:os";
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";

interface ServeArgs {
  module: string;
  port: number;
  host: string;
  "env-file": string[];
  "log-level": string;
  "log-format": string;
  trace?: string;
  workers?: number;
  tunnel: boolean;
}

async function runServe(args: ServeArgs): Promise<void> {
  const context = contextOf(args);
  const { loadEnvFiles, loadTaskAppModule } = await import("../../server/load.js");
  const { serve } = await import("../../server/serve.js");
  const { LOG_FORMATS, LOG_LEVELS, createLogger, createPrettyDestination } = await import("../../server/logger.js");
  const { createSecretRedactor } = await import("../../server/secrets.js");
  const level = args["log-level"] as (typeof LOG_LEVELS)[number];
  if (!LOG_LEVELS.includes(level)) {
    process.stderr.write(`task-app: --log-level must be one of ${LOG_LEVELS.join(", ")}\n`);
    context.setExitCode(2);
    return;
  }
  const format = args["log-format"] as (typeof LOG_FORMATS)[number];
  if (!LOG_FORMATS.includes(format)) {
    process.stderr.write(`task-app: --log-format must be one of ${LOG_FORMATS.join(", ")}\n`);
    context.setExitCode(2);
    return;
  }
  const workers = args.workers ?? availableParallelism();
  if (!Number.isInteger(workers) || workers < 1) {
    process.stderr.write(`task-app: --workers must be a whole number of processes, at least 1 (got ${String(args.workers)})\n`);
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
  let logger: import("pino").Logger | undefined;
  try {
    loadEnvFiles(args["env-file"]);
    logger = createLogger(level, format === "pretty" ? createPrettyDestination() : undefined);
    if (cluster && !worker) {
      const { createRedactingLogger } = await import("../../server/logger.js");
      const result = await cluster.runServeCluster({
        workers,
        host: args.host,
        logger: createRedactingLogger(logger, createSecretRedactor()),
        ...(tunnel ? { onListening: (_url: string, port: number) => openTunnel(port) } : {}),
      });
      await (await open)?.close();
      if (result.error) process.stderr.write(`task-app serve: ${result.error}\n`);
      context.setExitCode(result.code);
      return;
    }
    const app = await loadTaskAppModule(args.module);
    traces = await (await import("../../traces/sink.js")).openServeTraceSink(args.trace, logger);
    const traceSink = traces ? { traceSink: traces.sink } : {};
    const running = await serve(app, { port: args.port, host: args.host, logger, ...traceSink, ...(worker ? { announce: false, handleSignals: false } : {}) });
    if (worker) cluster!.joinServeCluster(running, app);
    if (tunnel) openTunnel(running.port);
    await running.closed;
    await (await open)?.close();
    if (traces) logger.info({ ...traces.stats }, "closing the trace store");
  } catch (error) {
    // A module that fails to load may quote a key from its environment.
    const message = createSecretRedactor()((error as Error)?.message ?? String(error));
    if (worker) await cluster!.reportServeWorkerFailure(message);
    else process.stderr.write(`task-app serve: ${message}\n`);
    code = 1;
  } finally {
    await traces?.close().catch(() => {});
  }
  if (worker) cluster!.leaveServeCluster(code, logger);
  context.setExitCode(code);
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
      .positional("module", { type: "string", demandOption: true, describe: "Module whose default export (or `app`) is the task app" })
      .option("port", { type: "number", default: 8001, describe: "Port to listen on (0 picks a free one)" })
      .option("host", { type: "string", default: "127.0.0.1", describe: "Interface to bind" })
      .option("env-file", { type: "string", array: true, default: [], describe: "Env file to load; repeat to layer, later files win" })
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
      .option("tunnel", {
        type: "boolean",
        default: false,
        describe: "Also open a cloudflared quick tunnel (cloudflared on PATH) and print its public URL once the check probes pass through it: for trying, not for training runs",
      })
      .option("log-format", { type: "string", default: "json", describe: "json (one object per line, for log collectors) or pretty (aligned text, for reading in a terminal)" })
      .epilog(
        "Shutdown: the first SIGTERM/SIGINT drains in-flight rollouts within limits.shutdownGraceMs, a second only logs, a third exits at once (143 for SIGTERM). " +
          "Unhandled rejections and uncaught exceptions in executors are logged (keys redacted) and the server keeps serving. " +
          "With --workers N the primary process forwards shutdown to every worker and prints the URL once; the server keeps no state between requests, so replicas can run behind any load balancer.",
      ) as unknown as Argv<ServeArgs>,
  handler: runServe,
};
