/**
 * `task-app add rubric <name>` and `task-app add dataset <id>`: create the
 * file and register it in `src/app.ts`. Idempotent; refuses an app file that
 * does not parse (or would not after the edit), a path that links out of the
 * project and anything but a regular file, exiting 1 with the reason. The
 * codemods (and ts-morph) load only when this runs.
 */
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";

interface AddArgs {
  what: "rubric" | "dataset";
  name: string;
  kind: "outcome" | "events";
  dir: string;
}

async function runAdd(args: AddArgs): Promise<void> {
  const { addDataset, addRubric, CodemodError } = await import("../../codemods/index.js");
  try {
    const result =
      args.what === "rubric" ? await addRubric(args.dir, args.name, { kind: args.kind }) : await addDataset(args.dir, args.name);
    const lines = [...result.created.map((f) => `created  ${f}`), ...result.modified.map((f) => `updated  ${f}`)];
    if (lines.length === 0) lines.push(`${args.what} ${args.name} is already there; nothing changed`);
    process.stdout.write(`${lines.join("\n")}\n`);
  } catch (error) {
    if (!(error instanceof CodemodError)) throw error;
    process.stderr.write(`task-app add: ${error.message}\n`);
    contextOf(args).setExitCode(1);
  }
}

export const addCommand: CommandModule<object, AddArgs> = {
  command: "add <what> <name>",
  describe: "Add a rubric or a dataset to a task app project and register it in src/app.ts",
  builder: (yargs: Argv<object>) =>
    yargs
      .positional("what", { choices: ["rubric", "dataset"] as const, demandOption: true, describe: "What to add" })
      .positional("name", { type: "string", demandOption: true, describe: "Rubric name or dataset id (lowercase, dashes)" })
      .option("kind", { choices: ["outcome", "events"] as const, default: "outcome" as const, describe: "For a rubric: score outcome facts or per-turn events" })
      .option("dir", { type: "string", default: ".", describe: "Project folder" })
      .example("$0 add rubric style", "rubrics/style.json, judged on every rollout")
      .example("$0 add dataset puzzles", "src/datasets/puzzles.ts and data/puzzles.jsonl, registered") as unknown as Argv<AddArgs>,
  handler: runAdd,
};
