/**
 * `task-app export-sft <db> --out data.jsonl [filters]`: one SFT example per
 * recorded LM call of the sessions the filters keep. Exit code 0 on success,
 * 1 when the store cannot be read or the export fails, 2 on usage errors.
 */
import type { Argv, CommandModule } from "yargs";
import type { ExportSftOptions } from "../../traces/export-sft.js";
import { contextOf } from "../context.js";

interface ExportSftArgs {
  db: string;
  out: string;
  "min-outcome-reward"?: number;
  "max-outcome-reward"?: number;
  model: string[];
  "event-reward": string[];
  limit?: number;
}

/** Opens the store, exports, reports `N examples from M sessions -> out`; shared with `filter`. */
export async function runExport(db: string, options: ExportSftOptions, setExitCode: (code: number) => void): Promise<void> {
  const [{ openTraceReader }, { exportSft }, { formatCount }] = await Promise.all([import("../../traces/reader.js"), import("../../traces/export-sft.js"), import("../../text/plural.js")]);
  let store: Awaited<ReturnType<typeof openTraceReader>> | undefined;
  try {
    store = await openTraceReader(db);
    const tty = process.stderr.isTTY;
    const result = await exportSft(store.db, {
      ...options,
      onProgress: tty ? ({ sessions, examples }) => process.stderr.write(`\rexporting: ${formatCount(sessions, "session")}, ${formatCount(examples, "example")}\x1b[K`) : undefined,
    });
    if (tty) process.stderr.write("\r\x1b[K");
    process.stdout.write(`${result.examples} example${result.examples === 1 ? "" : "s"} from ${result.sessions} session${result.sessions === 1 ? "" : "s"} -> ${result.out}\n`);
    setExitCode(0);
  } catch (error) {
    process.stderr.write(`task-app: ${(error as Error).message}\n`);
    setExitCode(1);
  } finally {
    await store?.close();
  }
}

async function runExportSft(args: ExportSftArgs): Promise<void> {
  const context = contextOf(args);
  const { parseEventRewardFilter } = await import("../../traces/export-sft.js");
  let eventRewards;
  try {
    eventRewards = args["event-reward"].map(parseEventRewardFilter);
    if (args.limit !== undefined && (!Number.isInteger(args.limit) || args.limit < 1)) throw new Error("--limit must be a positive integer");
    for (const key of ["min-outcome-reward", "max-outcome-reward"] as const)
      if (args[key] !== undefined && !Number.isFinite(args[key])) throw new Error(`--${key} must be a number`);
  } catch (error) {
    process.stderr.write(`task-app: ${(error as Error).message}\nRun \`task-app export-sft --help\` for usage.\n`);
    context.setExitCode(2);
    return;
  }
  await runExport(
    args.db,
    {
      out: args.out,
      minOutcomeReward: args["min-outcome-reward"],
      maxOutcomeReward: args["max-outcome-reward"],
      models: args.model.length ? args.model : undefined,
      eventRewards,
      limit: args.limit,
    },
    context.setExitCode,
  );
}

export const exportSftCommand: CommandModule<object, ExportSftArgs> = {
  command: "export-sft <db>",
  describe: "Export recorded LM calls from a trace store as an SFT JSONL dataset",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("db", { type: "string", demandOption: true, describe: "Trace store: a SQLite path (or its directory), or an http(s)://, libsql:// or postgres:// URL" })
      .option("out", { type: "string", demandOption: true, describe: "Output .jsonl file (written whole or not at all)" })
      .option("min-outcome-reward", { type: "number", describe: "Keep sessions whose outcome reward is at least this" })
      .option("max-outcome-reward", { type: "number", describe: "Keep sessions whose outcome reward is at most this" })
      .option("model", { type: "string", array: true, default: [], describe: "Keep LM calls of this model; repeat for several" })
      .option("event-reward", {
        type: "string",
        array: true,
        default: [],
        describe: "Keep sessions whose event rewards of a type total above 0, or at least min: type[:min]; repeat to require several",
      })
      .option("limit", { type: "number", describe: "Write at most this many examples" })
      .example("$0 export-sft traces/v3 --out ft_data/train.jsonl --min-outcome-reward 1", "calls of rollouts that scored at least 1")
      .example("$0 export-sft traces/v3/synth_ai.db --out sft.jsonl --event-reward unique_achievement_delta:2", "rollouts that unlocked 2+ new achievements")
      .epilogue("Each line has the prompt messages, the assistant's answer with tool calls (images kept as image_url parts) and metadata {session_id, turn, model, outcome_reward, event_rewards}. Check it with `task-app validate-jsonl`.") as unknown as Argv<ExportSftArgs>,
  handler: runExportSft,
};
