/**
 * The `create-task-app` command: flags (and, on a terminal, prompts) become
 * options for `createTaskApp`; then it installs dependencies, initialises
 * git, and prints the next steps. All the work is in `src/scaffold/`.
 */
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import * as p from "@clack/prompts";
import yargs from "yargs";
import { createTaskApp, TEMPLATE_NAMES, type CreateTaskAppResult } from "../scaffold/create.js";
import { ScaffoldError } from "../scaffold/errors.js";
import { detectPackageManager, runScript, type PackageManager } from "../scaffold/package-manager.js";
import { packageVersion } from "../scaffold/paths.js";
import { PromptCancelled, promptForOptions, type SettledOptions } from "../scaffold/prompts.js";
import { initGitRepository, installDependencies } from "../scaffold/steps.js";

/** Where the command reads and writes; tests pass their own. */
export interface CreateCliIO {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

interface Flags {
  dir?: string;
  template?: string;
  name?: string;
  yes: boolean;
  install?: boolean;
  git?: boolean;
  pm?: PackageManager;
  force?: boolean;
  "task-app-spec"?: string;
}

const USAGE_TEXT = `Scaffold a task app: a TypeScript project that serves the task-app HTTP
contract, with rubrics, RL/eval configs and tests. Prompts on a terminal
unless --yes; every prompt has a flag.`;
const USAGE = `$0 [dir] [options]\n\n${USAGE_TEXT}`;

/** Parses flags; a number means "exit now with this code" (help, version, usage error). */
async function parseFlags(argv: string[], stdout: Writable, stderr: Writable): Promise<Flags | number> {
  const parser = yargs()
    .scriptName("create-task-app")
    .command("$0 [dir]", USAGE_TEXT, (y) => y.positional("dir", { type: "string", describe: "Target folder (default: my-task-app)" }))
    .usage(USAGE)
    .option("template", { alias: "t", type: "string", choices: [...TEMPLATE_NAMES], describe: "Template to start from" })
    .option("name", { type: "string", describe: "npm package name (default: the folder name)" })
    .option("yes", { alias: "y", type: "boolean", default: false, describe: "Accept defaults; never prompt" })
    .option("install", { type: "boolean", describe: "Install dependencies (--no-install to skip)" })
    .option("git", { type: "boolean", describe: "Initialise a git repository (--no-git to skip)" })
    .option("pm", { type: "string", choices: ["npm", "pnpm", "yarn"] as const, describe: "Package manager (default: the one running this command)" })
    .option("force", { type: "boolean", describe: "Write into a non-empty folder; existing files are never overwritten or removed" })
    .option("task-app-spec", { type: "string", describe: "Version range or spec for the task-app dependency (default: ^<this version>)" })
    .strict()
    .help()
    .alias("h", "help")
    .version(packageVersion())
    .wrap(Math.min(100, (stdout as { columns?: number }).columns || 100));
  return new Promise((resolve) => {
    void parser.parse(argv, {}, (error, args, output) => {
      if (error) {
        stderr.write(`create-task-app: ${error.message}\nRun \`create-task-app --help\` for usage.\n`);
        resolve(2);
      } else if (output) {
        stdout.write(`${output}\n`);
        resolve(0);
      } else {
        resolve(args as unknown as Flags);
      }
    });
  });
}

/** Progress lines: plain text for pipes and CI, clack's log lines on a terminal (no spinner, so Ctrl-C stays a signal). */
interface Reporter {
  start(message: string): void;
  stop(message: string, ok?: boolean): void;
  done(message: string): void;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)}s`;
}

function plainReporter(out: Writable): Reporter {
  let started = 0;
  return {
    start: (m) => {
      started = performance.now();
      out.write(`- ${m}...\n`);
    },
    stop: (m, ok = true) => out.write(`  ${ok ? "ok" : "failed"}: ${m} (${seconds(started)})\n`),
    done: (m) => out.write(`${m}\n`),
  };
}

function clackReporter(output: Writable): Reporter {
  let started = 0;
  return {
    start: (m) => {
      started = performance.now();
      p.log.step(`${m}...`, { output });
    },
    stop: (m, ok = true) => (ok ? p.log.success : p.log.error)(`${m} (${seconds(started)})`, { output }),
    done: (m) => p.outro(m, { output }),
  };
}

function nextSteps(result: CreateTaskAppResult, cwd: string, pm: PackageManager, installed: boolean): string {
  const rel = path.relative(cwd, result.dir) || ".";
  const lines = ["Next steps:"];
  if (rel !== ".") lines.push(`  cd ${rel.includes(" ") ? JSON.stringify(rel) : rel}`);
  if (!installed) lines.push(`  ${pm} install`);
  lines.push(
    `  ${runScript(pm, "serve")}      # serve on http://127.0.0.1:8001 (key in .env)`,
    `  ${runScript(pm, "check")}      # in another terminal: check the running app`,
    `  ${runScript(pm, "test")}${pm === "npm" ? "           " : "         "}# the app's own tests, in-process`,
    `  ${runScript(pm, "validate")}   # validate configs/*.toml`,
  );
  return lines.join("\n");
}

/** Runs `create-task-app` with `argv`; resolves to the exit code (0 ok, 1 failed, 2 usage, 130 cancelled). */
export async function runCreateTaskApp(argv: string[], io: Partial<CreateCliIO> = {}): Promise<number> {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const flags = await parseFlags(argv, stdout, stderr);
  if (typeof flags === "number") return flags;

  const interactive = !flags.yes && Boolean(stdin.isTTY) && Boolean(stdout.isTTY);
  const pm = flags.pm ?? detectPackageManager(env.npm_config_user_agent);
  const report = interactive ? clackReporter(stdout) : plainReporter(stdout);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    if (interactive) p.intro("create-task-app", { output: stdout });
    const known = {
      ...(flags.dir !== undefined ? { dir: flags.dir } : {}),
      ...(flags.template !== undefined ? { template: flags.template } : {}),
      ...(flags.name !== undefined ? { name: flags.name } : {}),
      ...(flags.force !== undefined ? { force: flags.force } : {}),
      ...(flags.install !== undefined ? { install: flags.install } : {}),
      ...(flags.git !== undefined ? { git: flags.git } : {}),
    };
    const options: SettledOptions = interactive
      ? await promptForOptions(known, { input: stdin, output: stdout, cwd })
      : { dir: "my-task-app", template: "math", force: false, install: true, git: true, ...known };

    report.start(`Scaffolding ${options.template} in ${options.dir}`);
    const result = await createTaskApp({
      dir: options.dir,
      template: options.template,
      ...(options.name !== undefined ? { name: options.name } : {}),
      force: options.force,
      cwd,
      signal: controller.signal,
      ...(flags["task-app-spec"] ? { taskAppSpec: flags["task-app-spec"] } : {}),
    });
    report.stop(`Wrote ${result.files.length} files to ${result.dir}`);

    let installed = false;
    let failed = false;
    if (options.install) {
      report.start(`Installing dependencies with ${pm}`);
      const run = await installDependencies(result.dir, pm, { signal: controller.signal });
      installed = run.ok;
      failed ||= !run.ok;
      report.stop(run.ok ? "Installed dependencies" : `${pm} install exited with ${run.code ?? "an error"}`, run.ok);
      if (controller.signal.aborted) throw new PromptCancelled();
      if (!run.ok) stderr.write(`${run.output.trim().split("\n").slice(-15).join("\n")}\n`);
    }
    if (options.git) {
      report.start("Initialising a git repository");
      const git = await initGitRepository(result.dir);
      report.stop(git.status === "committed" ? "Created a git repository with an initial commit" : `git: ${git.status}${git.reason ? ` (${git.reason})` : ""}`);
    }
    report.done(nextSteps(result, cwd, pm, installed));
    return failed ? 1 : 0;
  } catch (error) {
    if (error instanceof PromptCancelled) {
      if (interactive) p.cancel("Cancelled.", { output: stdout });
      else stderr.write("create-task-app: cancelled\n");
      return 130;
    }
    if (error instanceof ScaffoldError) {
      stderr.write(`create-task-app: ${error.message}\n`);
      return error.code === "aborted" ? 130 : 1;
    }
    throw error;
  } finally {
    process.off("SIGINT", onSigint);
  }
}
