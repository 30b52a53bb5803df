/**
 * `task-app traces ls | show <session> | stats`: reads a trace store (the
 * SQLite file `serve --trace` writes, or a shared libsql/PostgreSQL URL).
 * Exit code 0 on success, 1 when the store cannot be read or the session is
 * unknown, 2 on usage errors.
 */
import type { Argv, CommandModule } from "yargs";
import { escapeTerminal } from "../../text/terminal.js";
import type { TraceStore } from "../../traces/store.js";
import { contextOf } from "../context.js";

interface TracesArgs {
  db: string;
  json: boolean;
  limit: number;
  session?: string;
}

/** The store `--db` names, `TASKAPP_TRACE_DB`, or the default file. */
export function defaultTraceDb(env: NodeJS.ProcessEnv = process.env): string {
  return env.TASKAPP_TRACE_DB || "traces/v3/synth_ai.db";
}

/** Opens the store for reading, runs `work`, closes it; errors become exit code 1. */
async function withStore(args: TracesArgs, work: (store: TraceStore) => Promise<number>): Promise<void> {
  const context = contextOf(args);
  const { openTraceStore } = await import("../../traces/store.js");
  let store: TraceStore | undefined;
  try {
    store = await openTraceStore(args.db, { mustExist: true });
    context.setExitCode(await work(store));
  } catch (error) {
    process.stderr.write(`task-app traces: ${escapeTerminal((error as Error).message)}\n`);
    context.setExitCode(1);
  } finally {
    await store?.close();
  }
}

/** Left-aligned columns, two spaces apart; cells (read from a store: outside text) have their control characters escaped. */
export function formatTable(header: string[], cells: string[][]): string {
  const rows = cells.map((r) => r.map(escapeTerminal));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  return [header, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}

const num = (v: number | null) => (v === null ? "-" : String(Number(v.toFixed(4))));

async function runLs(args: TracesArgs): Promise<void> {
  if (!Number.isInteger(args.limit) || args.limit < 1) {
    process.stderr.write("task-app: --limit must be a positive integer\n");
    contextOf(args).setExitCode(2);
    return;
  }
  await withStore(args, async (store) => {
    const { listSessions } = await import("../../traces/queries.js");
    const sessions = await listSessions(store.db, { limit: args.limit });
    if (args.json) {
      process.stdout.write(`${JSON.stringify(sessions.map(({ metadata: _, ...s }) => s), null, 2)}\n`);
      return 0;
    }
    if (sessions.length === 0) {
      process.stdout.write(`no sessions in ${store.location}\n`);
      return 0;
    }
    const rows = sessions.map((s) => [
      s.created_at ?? "-",
      s.session_id,
      s.run_id ?? "-",
      s.seed === null ? "-" : String(s.seed),
      s.model ?? "-",
      String(s.steps),
      num(s.outcome_reward),
      Object.entries(s.judge_scores).map(([k, v]) => `${k}=${num(v)}`).join(" ") || "-",
    ]);
    process.stdout.write(`${formatTable(["created", "session", "run", "seed", "model", "steps", "outcome", "judges"], rows)}\n`);
    return 0;
  });
}

async function runShow(args: TracesArgs): Promise<void> {
  await withStore(args, async (store) => {
    const { loadSessionDetail, formatSessionDetail } = await import("../../traces/show.js");
    const detail = await loadSessionDetail(store.db, args.session!);
    if (!detail) {
      process.stderr.write(`task-app traces: no session ${escapeTerminal(JSON.stringify(args.session))} in ${store.location} (\`task-app traces ls\` lists them)\n`);
      return 1;
    }
    process.stdout.write(args.json ? `${JSON.stringify(detail, null, 2)}\n` : `${formatSessionDetail(detail)}\n`);
    return 0;
  });
}

async function runStats(args: TracesArgs): Promise<void> {
  await withStore(args, async (store) => {
    const { statsByModel } = await import("../../traces/queries.js");
    const stats = await statsByModel(store.db);
    if (args.json) {
      process.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
      return 0;
    }
    const rows = stats.map((s) => [s.model, String(s.sessions), String(s.lm_calls), String(s.total_tokens), num(s.mean_outcome_reward), num(s.mean_event_reward)]);
    process.stdout.write(`${formatTable(["model", "sessions", "lm_calls", "tokens", "mean_outcome", "mean_event_reward"], rows)}\n`);
    return 0;
  });
}

const dbOption = {
  type: "string",
  default: undefined,
  defaultDescription: "$TASKAPP_TRACE_DB or traces/v3/synth_ai.db",
  describe: "Trace store: a SQLite path, or an http(s)://, libsql:// or postgres:// URL",
} as const;

function common<T>(yargs: Argv<T>) {
  return yargs
    .option("db", dbOption)
    .option("json", { type: "boolean", default: false, describe: "Print JSON instead of a table" })
    .middleware((a) => {
      (a as { db?: string }).db ??= defaultTraceDb();
    });
}

/** The `traces` command and its subcommands. */
export const tracesCommand: CommandModule<object, TracesArgs> = {
  command: "traces",
  describe: "List, show and summarise recorded rollouts in a trace store",
  builder: (yargs: Argv<object>) =>
    yargs
      .command({
        command: "ls",
        describe: "Sessions, newest first: created time, run id, seed, model, steps, outcome reward, judge scores",
        builder: (y: Argv<object>) => common(y).option("limit", { type: "number", default: 20, describe: "Show at most this many sessions" }),
        handler: (a) => runLs(a as unknown as TracesArgs),
      })
      .command({
        command: "show <session>",
        describe: "One session turn by turn: LM calls, tool calls, environment steps, messages and rewards",
        builder: (y: Argv<object>) => common(y).positional("session", { type: "string", demandOption: true, describe: "Session id (from `traces ls`)" }),
        handler: (a) => runShow(a as unknown as TracesArgs),
      })
      .command({
        command: "stats",
        describe: "Sessions, LM calls, tokens and mean outcome and event rewards per model",
        builder: (y: Argv<object>) => common(y),
        handler: (a) => runStats(a as unknown as TracesArgs),
      })
      .demandCommand(1, "Name a subcommand: ls, show or stats.")
      .example("$0 traces ls --limit 5", "the five newest rollouts in traces/v3/synth_ai.db")
      .example("$0 traces show session-abc --db postgres://traces@db:5432/traces", "one rollout from a shared store") as unknown as Argv<TracesArgs>,
  handler: () => {},
};
