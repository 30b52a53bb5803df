/**
 * `task-app view`: a local web viewer for eval runs and stored traces (runs,
 * one run's rollouts, two runs compared seed by seed, the stored sessions of
 * no run by model, one session turn by turn), read only, on 127.0.0.1; `--export` writes the same views for the
 * given runs as one self-contained HTML file instead. Exit 0 when stopped
 * with Ctrl-C, 1 when the store or runs cannot be read, 2 on usage errors.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { defaultTraceDb } from "./traces.js";

interface ViewArgs {
  db?: string;
  runs?: string[];
  port: number;
  host: string;
  open: boolean;
  export?: string;
}

/** Opens a URL in the desktop's browser, if there is one; never fails the command. */
async function openInBrowser(url: string): Promise<void> {
  const { spawn } = await import("node:child_process");
  const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open";
  try {
    const child = spawn(command, [url], { stdio: "ignore", detached: true });
    child.on("error", () => process.stderr.write(`task-app view: could not start ${command}; open the URL yourself\n`));
    child.unref();
  } catch {
    // no opener: the URL is printed anyway
  }
}

async function runView(args: ViewArgs): Promise<void> {
  const context = contextOf(args);
  if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) {
    process.stderr.write("task-app: --port must be an integer from 0 to 65535\n");
    return context.setExitCode(2);
  }
  const options = {
    db: args.db ?? defaultTraceDb(),
    dbRequired: args.db !== undefined,
    runs: args.runs?.length ? args.runs : ["runs"],
    runsRequired: Boolean(args.runs?.length),
  };
  if (args.export !== undefined) {
    const [{ exportReport }, { formatCount }] = await Promise.all([import("../../view/export.js"), import("../../text/plural.js")]);
    try {
      const written = await exportReport({ ...options, out: args.export });
      process.stdout.write(`wrote ${written.path} (${formatCount(written.runs, "run")}, ${formatCount(written.sessions, "session")}, ${(written.bytes / 1024).toFixed(0)} KiB): open it in a browser, no server needed\n`);
    } catch (error) {
      process.stderr.write(`task-app view: ${(error as Error).message}\n`);
      context.setExitCode(1);
    }
    return;
  }
  const { startViewer } = await import("../../view/serve.js");
  let running;
  try {
    running = await startViewer({ ...options, host: args.host, port: args.port });
  } catch (error) {
    process.stderr.write(`task-app view: ${(error as Error).message}\n`);
    return context.setExitCode(1);
  }
  const store = running.viewer.store ? running.viewer.store.location : "no trace store";
  process.stdout.write(`task-app view: ${running.url}\n  runs from ${options.runs.join(", ")}; traces from ${store}; read only. Ctrl-C stops it.\n`);
  if (running.token) process.stdout.write("  This address holds the access token (listening beyond loopback); it is printed only here.\n");
  if (args.open) await openInBrowser(running.url);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void running.close().then(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** The `view` command. */
export const viewCommand: CommandModule<object, ViewArgs> = {
  command: "view",
  describe: "Browse eval runs and traces in a local web viewer (runs, per-seed tables, comparisons, stored sessions by model, sessions with their images)",
  builder: (yargs: Argv<object>) =>
    yargs
      .option("db", { type: "string", describe: "Trace store: a SQLite path, or an http(s)://, libsql:// or postgres:// URL", defaultDescription: "$TASKAPP_TRACE_DB or traces/v3/synth_ai.db (skipped when missing)" })
      .option("runs", { type: "string", array: true, describe: "An eval run directory, or a folder of them; repeat for more", defaultDescription: "runs/" })
      .option("port", { type: "number", default: 0, describe: "Port (0: a free one)" })
      .option("host", { type: "string", default: "127.0.0.1", describe: "Interface; any other than loopback requires the random access token printed in the URL" })
      .option("open", { type: "boolean", default: false, describe: "Open the viewer in the desktop's browser" })
      .option("export", { type: "string", describe: "Write one self-contained HTML report of the runs (data embedded, no server) to this file instead" })
      .example("$0 view", "runs/ and traces/v3/synth_ai.db on http://127.0.0.1:<free port>/runs")
      .example("$0 view --runs runs/base --runs runs/tuned --export report.html", "a report to attach to a pull request") as unknown as Argv<ViewArgs>,
  handler: runView,
};
