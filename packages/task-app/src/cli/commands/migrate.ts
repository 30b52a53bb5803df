/**
 * `task-app migrate <file>`: moves an RL config from the 0.2.13 era
 * ([model] + [topology]) to the [policy] era, or back with `--to 0.2`.
 * Prints a diff by default; `--write` replaces the file atomically, and only
 * when the result validates as well as the input did.
 */
import type { Argv, CommandModule } from "yargs";
import { formatFinding } from "../../config/findings.js";
import { contextOf } from "../context.js";

interface MigrateArgs {
  file: string;
  to: "policy" | "0.2";
  write: boolean;
  "reward-source"?: "task-app" | "rubric";
  "judge-provider"?: string;
  "judge-model"?: string;
}

async function runMigrate(args: MigrateArgs): Promise<void> {
  const context = contextOf(args);
  const [{ readFile, stat }, { checkSourceText }, { migrateRLConfig, MigrateError }, { unifiedDiff }, { writeFileAtomic }, { ConfigInputError, readConfigText }] = await Promise.all([
    import("node:fs/promises"),
    import("../../config/check-source.js"),
    import("../../migrate/rl-era.js"),
    import("../../migrate/diff.js"),
    import("../../codemods/app-file.js"),
    import("../../config/read.js"),
  ]);
  let text: string;
  try {
    text = await readConfigText(args.file);
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    process.stderr.write(`${args.file}:${error.line}:${error.column}: error: ${error.message}\n`);
    context.setExitCode(1);
    return;
  }
  const before = checkSourceText(text, { file: args.file });
  if (before.kind !== undefined && before.kind !== "rl") {
    process.stderr.write(`task-app: ${args.file} is ${before.kind === "eval" ? "an eval" : `a ${before.kind}`} config; migrate moves RL configs between eras\n`);
    context.setExitCode(2);
    return;
  }
  if (args["judge-model"] !== undefined && args["judge-model"].trim() === "") {
    process.stderr.write("task-app: --judge-model is blank: name the judge's model id\n");
    context.setExitCode(2);
    return;
  }
  let result;
  try {
    result = migrateRLConfig(text, args.to, {
      ...(args["reward-source"] ? { rewardSource: args["reward-source"] } : {}),
      judge: { ...(args["judge-provider"] !== undefined ? { provider: args["judge-provider"] } : {}), ...(args["judge-model"] !== undefined ? { model: args["judge-model"] } : {}) },
    });
  } catch (error) {
    if (!(error instanceof MigrateError)) throw error;
    process.stderr.write(`${args.file}:${error.line}:${error.column}: error: ${error.reason}\n`);
    context.setExitCode(1);
    return;
  }
  const target = args.to === "policy" ? "[policy] era" : "0.2.13 era ([model])";
  if (result.text === text) {
    process.stderr.write(`${args.file}: already in the ${target}${args["reward-source"] || args["judge-provider"] || args["judge-model"] ? " with those settings" : ""}; nothing to change\n`);
    return;
  }
  const after = checkSourceText(result.text, { file: args.file });
  for (const note of result.notes) process.stderr.write(`${args.file}: note: ${note}\n`);
  const broke = before.ok && !after.ok;
  if (!after.ok) for (const f of after.findings.filter((x) => x.severity === "error")) process.stderr.write(`${formatFinding(f)} (after migrating)\n`);
  if (!args.write) {
    process.stdout.write(unifiedDiff(text, result.text, args.file));
    context.setExitCode(broke ? 1 : 0);
    return;
  }
  if (broke) {
    process.stderr.write(`${args.file}: not written: the migrated config has errors the original did not (above)\n`);
    context.setExitCode(1);
    return;
  }
  // The bytes on disk must still be the ones migrated (an editor may have saved meanwhile); a byte-order mark stays.
  const onDisk = await readFile(args.file, "utf8");
  const bom = onDisk.startsWith("\uFEFF") ? "\uFEFF" : "";
  if (onDisk.slice(bom.length) !== text) {
    process.stderr.write(`${args.file}: not written: the file changed while it was being migrated\n`);
    context.setExitCode(1);
    return;
  }
  await writeFileAtomic(args.file, bom + result.text, (await stat(args.file)).mode & 0o7777);
  process.stderr.write(`${args.file}: migrated to the ${target}\n`);
}

export const migrateCommand: CommandModule<object, MigrateArgs> = {
  command: "migrate <file>",
  describe: "Move an RL config between the 0.2.13 era ([model] + [topology]) and the [policy] era, keeping everything else as written",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("file", { type: "string", demandOption: true, describe: "RL config (TOML)" })
      .option("to", { type: "string", choices: ["policy", "0.2"], default: "policy", describe: "The era to move to" })
      .option("write", { type: "boolean", default: false, describe: "Replace the file (atomically) instead of printing a diff" })
      .option("reward-source", {
        type: "string",
        choices: ["task-app", "rubric"],
        describe: "Train on the task app's rewards (rollout.task_app_origin_rewards_only) or the judges' (rollout.rubric_rewards_only); the later CLI needs exactly one",
      })
      .example("$0 migrate configs/rl.toml", "show the diff to the [policy] era")
      .example("$0 migrate configs/rl.toml --write", "rewrite the file in place")
      .example("$0 migrate configs/rl.toml --to 0.2", "back to [model] + [topology]")
      .option("judge-provider", { type: "string", choices: ["openai", "groq", "gemini"], describe: "Set judge.options.provider (the later CLI refuses a [judge] without it)" })
      .option("judge-model", { type: "string", describe: "Set judge.options.model, the judge's model id (the later CLI refuses a [judge] without it)" })
      .example("$0 migrate rl.toml --reward-source task-app", "and train on the task app's rewards") as unknown as Argv<MigrateArgs>,
  handler: runMigrate,
};
