/**
 * `task-app filter --config <filter.toml>`: the `[filter]` table of a config
 * (the one `task-app validate` checks) drives the same export as
 * `export-sft`: db, output, models, official (outcome) and judge score
 * bounds, splits, task ids, shuffle, offset and limit (in sessions).
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { runExport } from "./export-sft.js";

interface FilterArgs {
  config: string;
}

async function runFilter(args: FilterArgs): Promise<void> {
  const context = contextOf(args);
  const [{ loadConfig }, { formatFinding }] = await Promise.all([import("../../config/load.js"), import("../../config/findings.js")]);
  let filter;
  try {
    const loaded = await loadConfig(args.config, { kind: "filter" });
    for (const warning of loaded.warnings) process.stderr.write(`${formatFinding(warning)}\n`);
    filter = loaded.config.filter;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    context.setExitCode(1);
    return;
  }
  await runExport(
    filter.db,
    {
      out: filter.output,
      models: filter.models,
      minOutcomeReward: filter.min_official_score,
      maxOutcomeReward: filter.max_official_score,
      minJudgeScores: filter.min_judge_scores,
      maxJudgeScores: filter.max_judge_scores,
      splits: filter.splits,
      taskIds: filter.task_ids,
      shuffle: filter.shuffle,
      shuffleSeed: filter.shuffle_seed,
      offset: filter.offset,
      sessionLimit: filter.limit,
    },
    context.setExitCode,
  );
}

export const filterCommand: CommandModule<object, FilterArgs> = {
  command: "filter",
  describe: "Export traces selected by a [filter] config into an SFT JSONL dataset",
  builder: (yargs: Argv<object>) =>
    yargs
      .option("config", { type: "string", demandOption: true, describe: "TOML file with a [filter] table (type = \"filter\")" })
      .example("$0 filter --config configs/filter.toml", "write [filter].output from the traces in [filter].db")
      .epilogue("The config is validated first (as `task-app validate` does); errors are reported as file:line:col.") as unknown as Argv<FilterArgs>,
  handler: runFilter,
};
