/**
 * `task-app generate [--check]`: writes every generated file (JSON Schemas,
 * editor catalog, OpenAPI document and types, config and CLI references) or, with
 * `--check`, regenerates them in memory and exits 1 naming each file that
 * differs from the committed one. Writes are atomic: a temp file beside the
 * target, then a rename.
 *
 * It regenerates this package's own files and needs its dev dependencies
 * (openapi-typescript), so it runs only from a source checkout of task-app;
 * an installed package ships the generated files and hides the command.
 */
import { existsSync } from "node:fs";
import { readFile, readdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Argv, CommandModule } from "yargs";
import { contextOf } from "../context.js";
import { packageRoot } from "../../fs/package-root.js";

export { packageRoot } from "../../fs/package-root.js";

interface GenerateArgs {
  check: boolean;
  root: string;
}

/** Directories whose every file is generated; a file there that no generator produces is stale. */
export const GENERATED_DIRS = ["schemas", "generated"] as const;

/** True when `root` is a source checkout of task-app (the generators' sources are there), not an installed package. */
export function isSourceCheckout(root = packageRoot()): boolean {
  return existsSync(join(root, "src", "codegen", "index.ts"));
}

/** What `task-app generate` says in an installed package. */
export const NOT_IN_CHECKOUT =
  "task-app generate regenerates task-app's own schemas/ and generated/ files and runs only in a source checkout of task-app " +
  "(it needs the package's dev dependencies). An installed task-app already ships them: see node_modules/task-app/schemas and node_modules/task-app/generated.";

/** How the files on disk differ from the generated ones. */
export interface Drift {
  /** Generated files that are missing or whose bytes differ. */
  changed: string[];
  /** Files in a generated directory that no generator produces. */
  stale: string[];
}

/** Compares generated contents with the files under `root`. */
export async function findDrift(root: string, files: ReadonlyMap<string, string>): Promise<Drift> {
  const changed: string[] = [];
  for (const [path, contents] of files) {
    const current = await readFile(join(root, path), "utf8").catch(() => undefined);
    if (current !== contents) changed.push(path);
  }
  const stale: string[] = [];
  for (const dir of GENERATED_DIRS) {
    const names = await readdir(join(root, dir)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const path = `${dir}/${name}`;
      if (!files.has(path) && !name.startsWith(".")) stale.push(path);
    }
  }
  return { changed, stale };
}

async function runGenerate(args: GenerateArgs): Promise<void> {
  const context = contextOf(args);
  if (!isSourceCheckout()) {
    process.stderr.write(`${NOT_IN_CHECKOUT}\n`);
    context.setExitCode(2);
    return;
  }
  const { generateArtifacts } = await import("../../codegen/index.js");
  const { writeFileAtomic } = await import("../../fs/write-atomic.js");
  const root = resolve(args.root);
  const files = await generateArtifacts();
  const drift = await findDrift(root, files);
  if (args.check) {
    for (const path of drift.changed) process.stderr.write(`drifted: ${path}\n`);
    for (const path of drift.stale) process.stderr.write(`stale: ${path} (no generator produces it)\n`);
    const count = drift.changed.length + drift.stale.length;
    if (count > 0) {
      process.stderr.write(`${count} generated file(s) out of date; run \`npm run generate\`.\n`);
      context.setExitCode(1);
    } else {
      process.stdout.write(`${files.size} generated files up to date.\n`);
    }
    return;
  }
  for (const path of drift.changed) await writeFileAtomic(join(root, path), files.get(path)!);
  for (const path of drift.stale) await rm(join(root, path), { force: true });
  process.stdout.write(
    `${files.size} generated files: ${drift.changed.length} written, ${drift.stale.length} stale removed.\n`,
  );
}

/** The `generate` command module. */
export const generateCommand: CommandModule<object, GenerateArgs> = {
  command: "generate",
  // Listed by --help only in a source checkout: an installed package has nothing to regenerate.
  describe: isSourceCheckout() ? "Write the generated schemas, OpenAPI document, client types, config reference and CLI reference" : false,
  builder: (yargs: Argv<object>) =>
    yargs
      .option("check", {
        type: "boolean",
        default: false,
        describe: "Write nothing; exit 1 naming every generated file that differs from a fresh run",
      })
      .option("root", {
        type: "string",
        default: packageRoot(),
        defaultDescription: "the package root",
        describe: "Directory that holds schemas/ and generated/",
      }) as Argv<GenerateArgs>,
  handler: runGenerate,
};
