/**
 * `task-app traces ls | show <session> | stats`: reads a trace store (the
 * SQLite file `serve --trace` writes, or a shared libsql/PostgreSQL URL).
 * Exit code 0 on success, 1 when the store cannot be read or the session is
 * unknown, 2 on usage errors.
 */
import type { Argv, CommandModule } from "yargs";
import { escapeTerminal, stringifyForTerminal } from "../../text/terminal.js";
import type { TraceReader } from "../../traces/reader.js";
import { contextOf } from "../context.js";

interface TracesArgs {
  db: string;
  json: boolean;
  limit: number;
  session?: string;
  run?: string;
  model?: string;
}

/**
 * The run ids `--run` names: an eval run directory (the run ids of its
 * results.jsonl and results.failures.jsonl), else the value itself (a
 * rollout's run id or the prefix eval gives a run's rollouts).
 */
async function runIdsOf(run: string): Promise<string[]> {
  const { existsSync, statSync, readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  if (!existsSync(run) || !statSync(run).isDirectory()) return [run];
  const ids = new Set<string>();
  for (const name of ["results.jsonl", "results.failures.jsonl"]) {
    const path = join(run, name);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, "utf8").split("\n")) {
      try {
        const id = (JSON.parse(line) as { run_id?: unknown }).run_id;
        if (typeof id === "string") ids.add(id);
      } catch {
        // a cut last line: the rollouts it would name are not stored either
      }
    }
  }
  if (ids.size === 0) throw new Error(`--run ${run}: the directory holds no eval results (results.jsonl with run ids)`);
  return [...ids];
}

/** The store `--db` names, `TASKAPP_TRACE_DB`, or the default file. */
export function defaultTraceDb(env: NodeJS.ProcessEnv = process.env): string {
  return env.TASKAPP_TRACE_DB || "traces/v3/synth_ai.db";
}

/** Opens the store read-only (refusing one that is not a trace store), runs `work`, closes it; errors become exit code 1. */
async function withStore(args: TracesArgs, work: (store: TraceReader) => Promise<number>): Promise<void> {
  const context = contextOf(args);
  const { openTraceReader } = await import("../../traces/reader.js");
  let store: TraceReader | undefined;
  try {
    store = await openTraceReader(args.db);
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
    const sessions = await listSessions(store.db, { limit: args.limit, runIds: args.run === undefined ? undefined : await runIdsOf(args.run), model: args.model });
    if (args.json) {
      process.stdout.write(`${stringifyForTerminal(sessions.map(({ metadata: _, ...s }) => s), 2)}\n`);
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
      s.tokens === null ? "-" : String(s.tokens),
      num(s.outcome_reward),
      Object.entries(s.judge_scores).map(([k, v]) => `${k}=${num(v)}`).join(" ") || "-",
    ]);
    process.stdout.write(`${formatTable(["created", "session", "run", "seed", "model", "steps", "tokens", "outcome", "judges"], rows)}\n`);
    return 0;
  });
}

async function runShow(args: TracesArgs): Promise<void> {
  await withStore(args, async (store) => {
    const { loadSessionDetail, formatSessionDetail, findSessionsByPrefix } = await import("../../traces/show.js");
    let detail = await loadSessionDetail(store.db, args.session!);
    if (!detail) {
      const candidates = await findSessionsByPrefix(store.db, args.session!, 11);
      if (candidates.length > 1) {
        const shown = candidates.slice(0, 10).map((id) => `  ${escapeTerminal(id)}`).join("\n");
        process.stderr.write(`task-app traces: ${escapeTerminal(JSON.stringify(args.session))} is the start of several session ids; give more of it:\n${shown}${candidates.length > 10 ? "\n  …" : ""}\n`);
        return 1;
      }
      if (candidates.length === 1) detail = await loadSessionDetail(store.db, candidates[0]!);
    }
    if (!detail) {
      process.stderr.write(`task-app traces: no session ${escapeTerminal(JSON.stringify(args.session))} in ${store.location} (\`task-app traces ls\` lists them)\n`);
      return 1;
    }
    process.stdout.write(args.json ? `${stringifyForTerminal(detail, 2)}\n` : `${formatSessionDetail(detail)}\n`);
    return 0;
  });
}

async function runStats(args: TracesArgs): Promise<void> {
  await withStore(args, async (store) => {
    const { statsByModel } = await import("../../traces/queries.js");
    const stats = await statsByModel(store.db);
    if (args.json) {
      process.stdout.write(`${stringifyForTerminal(stats, 2)}\n`);
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
        builder: (y: Argv<object>) =>
          common(y)
            .option("limit", { type: "number", default: 20, describe: "Show at most this many sessions" })
            .option("run", { type: "string", describe: "Sessions of an eval run: its run directory, or a run id (or the prefix of its rollouts' ids)" })
            .option("model", { type: "string", describe: "Sessions with an LM call of this model" }),
        handler: (a) => runLs(a as unknown as TracesArgs),
      })
      .command({
        command: "show <session>",
        describe: "One session turn by turn: LM calls, tool calls, environment steps, messages and rewards",
        builder: (y: Argv<object>) => common(y).positional("session", { type: "string", demandOption: true, describe: "Session id (from `traces ls`), or the start of exactly one" }),
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
      .example("$0 traces ls --run runs/eval-20261125 --model Qwen/Qwen3-4B", "the rollouts of one eval run with one model")
      .example("$0 traces show session-abc --db postgres://traces@db:5432/traces", "one rollout from a shared store") as unknown as Argv<TracesArgs>,
  handler: () => {},
};
