/**
 * The `create-task-app` command: flags (and, on a terminal, prompts) become
 * options for `createTaskApp`; then it installs dependencies, initialises
 * git, and prints the next steps. All the work is in `src/scaffold/`; this
 * file only parses, asks and reports, and loads the prompt library only when
 * it will ask.
 */
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { parseArgs } from "node:util";
import { createTaskApp, TEMPLATE_NAMES, type CreateTaskAppResult } from "../scaffold/create.js";
import { PromptCancelled, ScaffoldError } from "../scaffold/errors.js";
import { addDependency, detectPackageManager, runScript, type PackageManager } from "../scaffold/package-manager.js";
import { packageVersion } from "../scaffold/paths.js";
import type { KnownOptions, SettledOptions } from "../scaffold/prompts.js";
import { initGitRepository, installDependencies, isTaskAppMissing } from "../scaffold/steps.js";

/** Where the command reads and writes; tests pass their own. */
export interface CreateCliIO {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Progress hooks passed to `createTaskApp` (after each file is staged, and placed with --force). */
  onFileStaged?: (relative: string) => void | Promise<void>;
  onFilePlaced?: (relative: string) => void | Promise<void>;
}

interface Flags extends KnownOptions {
  yes: boolean;
  pm?: PackageManager;
  taskAppSpec?: string;
}

const PACKAGE_MANAGERS = ["npm", "pnpm", "yarn"] as const;

const HELP = `Usage: create-task-app [dir] [options]

Scaffold a task app: a TypeScript project that serves the task-app HTTP
contract, with rubrics, RL/eval configs and tests. Prompts on a terminal
unless --yes; every prompt has a flag.

Arguments:
  dir                    Target folder (default: my-task-app)

Options:
  -t, --template <name>  Template: ${TEMPLATE_NAMES.join(", ")} (default: math)
      --name <name>      npm package name (default: the folder name)
  -y, --yes              Accept defaults; never prompt
      --no-install       Do not install dependencies
      --no-git           Do not initialise a git repository
      --pm <manager>     ${PACKAGE_MANAGERS.join(", ")} (default: the one running this command)
      --force            Write into a non-empty folder; existing files are never
                         overwritten or removed
      --task-app-spec <spec>
                         Version range or spec of the task-app dependency
                         (default: ^<this version>, from your registry; from
                         a task-app checkout, a tarball npm pack made:
                         file:/abs/task-app-<version>.tgz)
  -h, --help             Show this help
  -v, --version          Show the version
`;

class UsageError extends Error {}

/** Parses argv; a number means "exit now with this code" (help, version, usage error). */
function parseFlags(argv: string[], stdout: Writable, stderr: Writable): Flags | number {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        template: { type: "string", short: "t" },
        name: { type: "string" },
        yes: { type: "boolean", short: "y" },
        install: { type: "boolean" },
        "no-install": { type: "boolean" },
        git: { type: "boolean" },
        "no-git": { type: "boolean" },
        pm: { type: "string" },
        force: { type: "boolean" },
        "task-app-spec": { type: "string" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
    if (values.help) return stdout.write(HELP), 0;
    if (values.version) return stdout.write(`${packageVersion()}\n`), 0;
    if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(" ")}`);
    if (values.template !== undefined && !(TEMPLATE_NAMES as readonly string[]).includes(values.template)) {
      throw new UsageError(`unknown template ${JSON.stringify(values.template)}; choose one of ${TEMPLATE_NAMES.join(", ")}`);
    }
    if (values.pm !== undefined && !(PACKAGE_MANAGERS as readonly string[]).includes(values.pm)) {
      throw new UsageError(`--pm must be one of ${PACKAGE_MANAGERS.join(", ")}`);
    }
    const toggle = (on?: boolean, off?: boolean) => (off ? false : on ? true : undefined);
    const install = toggle(values.install, values["no-install"]);
    const git = toggle(values.git, values["no-git"]);
    return {
      yes: values.yes ?? false,
      ...(positionals[0] !== undefined ? { dir: positionals[0] } : {}),
      ...(values.template !== undefined ? { template: values.template } : {}),
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.force !== undefined ? { force: values.force } : {}),
      ...(install !== undefined ? { install } : {}),
      ...(git !== undefined ? { git } : {}),
      ...(values.pm !== undefined ? { pm: values.pm as PackageManager } : {}),
      ...(values["task-app-spec"] !== undefined ? { taskAppSpec: values["task-app-spec"] } : {}),
    };
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, "");
    stderr.write(`create-task-app: ${message}\nRun \`create-task-app --help\` for usage.\n`);
    return 2;
  }
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

function clackReporter(p: typeof import("@clack/prompts"), output: Writable): Reporter {
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

/** Exit status for a run stopped by `signal`, as a shell reports it (128 + the signal's number). */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

const ERRNO_REASONS: Record<string, string> = {
  ENAMETOOLONG: "a file or folder name is too long",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EROFS: "the file system is read-only",
  ENOTDIR: "a file sits where a folder must go",
  EDQUOT: "disk quota exceeded",
  ELOOP: "too many symbolic links in the path",
};

/** One line for a file-system error (no stack): what failed and why, with the code. */
function describeSystemError(error: NodeJS.ErrnoException, dir: string): string {
  const shown = dir.length > 80 ? `${dir.slice(0, 40)}…${dir.slice(-30)}` : dir;
  const reason = ERRNO_REASONS[error.code ?? ""] ?? (error.message.split("\n")[0] ?? "").replace(/^[A-Z]+: /, "").replace(/,.*$/, "");
  return `could not write ${shown}: ${reason} (${error.code}); nothing was left behind`;
}

/** Where the project's dependencies stand when the next steps are printed. */
type InstallState = "installed" | "not_installed" | "task_app_missing";

/** A placeholder for a local build of task-app, as `npm pack` names it. */
function tarballSpec(): string {
  return `file:/abs/path/to/task-app-${packageVersion()}.tgz`;
}

/** What to say when the registry has no task-app (a private mirror, a version not yet published there): why, and the way round it. */
function taskAppMissingHelp(result: CreateTaskAppResult, pm: PackageManager): string {
  return [
    `create-task-app: could not install task-app ^${packageVersion()}: the registry npm uses (npm config get registry) does not have it.`,
    `  Make a tarball in a task-app checkout (npm pack), then in ${result.dir} run: ${addDependency(pm, tarballSpec())}`,
    `  Next time, pass --task-app-spec ${tarballSpec()} to create-task-app.`,
  ].join("\n");
}

function nextSteps(result: CreateTaskAppResult, cwd: string, pm: PackageManager, install: InstallState): string {
  const rel = path.relative(cwd, result.dir) || ".";
  const lines = ["Next steps:"];
  if (rel !== ".") lines.push(`  cd ${rel.includes(" ") ? JSON.stringify(rel) : rel}`);
  const steps: Array<[string, string]> = [];
  if (install === "task_app_missing") {
    steps.push([addDependency(pm, tarballSpec()), "task-app is not on your registry: a tarball from npm pack"]);
  } else if (install === "not_installed") {
    steps.push([`${pm} install`, "install the dependencies"]);
  }
  steps.push(
    [runScript(pm, "serve"), "serve on http://127.0.0.1:8001 (key in .env)"],
    [runScript(pm, "check"), "in another terminal: check the running app"],
    [runScript(pm, "test"), "the app's own tests, in-process"],
    [runScript(pm, "validate"), "validate configs/*.toml"],
  );
  const width = Math.max(...steps.map(([c]) => c.length));
  for (const [command, note] of steps) lines.push(`  ${command.padEnd(width)}   # ${note}`);
  return lines.join("\n");
}

/** Runs `create-task-app` with `argv`; resolves to the exit code (0 ok, 1 failed, 2 usage, 130 cancelled). */
export async function runCreateTaskApp(argv: string[], io: Partial<CreateCliIO> = {}): Promise<number> {
  const stdin = io.stdin ?? process.stdin;
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const flags = parseFlags(argv, stdout, stderr);
  if (typeof flags === "number") return flags;

  const interactive = !flags.yes && Boolean(stdin.isTTY) && Boolean(stdout.isTTY);
  const clack = interactive ? await import("@clack/prompts") : undefined;
  const pm = flags.pm ?? detectPackageManager(env.npm_config_user_agent);
  const report = clack ? clackReporter(clack, stdout) : plainReporter(stdout);
  const controller = new AbortController();
  // SIGINT (Ctrl-C), SIGTERM and SIGHUP stop the run and roll back the write; a second one ends the
  // process. SIGTERM and SIGHUP are caught only once the prompts are over: while one waits, they end
  // the process as usual (nothing is written yet).
  let stoppedBy: string | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy ??= signal;
    controller.abort();
  };
  process.once("SIGINT", onSignal);
  let target: string | undefined;
  try {
    const { yes: _yes, pm: _pm, taskAppSpec, ...known } = flags;
    let options: SettledOptions;
    if (clack) {
      clack.intro("create-task-app", { output: stdout });
      const { promptForOptions } = await import("../scaffold/prompts.js");
      options = await promptForOptions(known, { input: stdin, output: stdout, cwd });
    } else {
      options = { dir: "my-task-app", template: "math", force: false, install: true, git: true, ...known };
    }

    process.once("SIGTERM", onSignal);
    process.once("SIGHUP", onSignal);
    report.start(`Scaffolding ${options.template} in ${options.dir}`);
    target = options.dir;
    const result = await createTaskApp({
      dir: options.dir,
      template: options.template,
      ...(options.name !== undefined ? { name: options.name } : {}),
      force: options.force,
      cwd,
      signal: controller.signal,
      ...(taskAppSpec ? { taskAppSpec } : {}),
      ...(io.onFileStaged ? { onFileStaged: io.onFileStaged } : {}),
      ...(io.onFilePlaced ? { onFilePlaced: io.onFilePlaced } : {}),
    });
    report.stop(`Wrote ${result.files.length} files to ${result.dir}`);

    let installed = false;
    let taskAppMissing = false;
    if (options.install) {
      report.start(`Installing dependencies with ${pm}`);
      const run = await installDependencies(result.dir, pm, { signal: controller.signal, env: { ...process.env, ...env } });
      installed = run.ok;
      report.stop(run.ok ? "Installed dependencies" : `${pm} install exited with ${run.code ?? "an error"}`, run.ok);
      if (controller.signal.aborted) throw new PromptCancelled();
      taskAppMissing = !run.ok && isTaskAppMissing(run.output);
      if (taskAppMissing) stderr.write(`${taskAppMissingHelp(result, pm)}\n`);
      else if (!run.ok) stderr.write(`${run.output.trim().split("\n").slice(-15).join("\n")}\n`);
    }
    if (options.git) {
      report.start("Initialising a git repository");
      const git = await initGitRepository(result.dir);
      report.stop(git.status === "committed" ? "Created a git repository with an initial commit" : `git: ${git.status}${git.reason ? ` (${git.reason})` : ""}`);
    }
    const install: InstallState = installed ? "installed" : taskAppMissing ? "task_app_missing" : "not_installed";
    report.done(nextSteps(result, cwd, pm, install));
    return options.install && !installed ? 1 : 0;
  } catch (error) {
    if (error instanceof PromptCancelled) {
      if (clack) clack.cancel("Cancelled.", { output: stdout });
      else stderr.write("create-task-app: cancelled\n");
      return SIGNAL_EXIT[stoppedBy ?? "SIGINT"] ?? 130;
    }
    if (error instanceof ScaffoldError) {
      stderr.write(`create-task-app: ${error.message}\n`);
      return error.code === "aborted" ? (SIGNAL_EXIT[stoppedBy ?? "SIGINT"] ?? 130) : 1;
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
      stderr.write(`create-task-app: ${describeSystemError(error as NodeJS.ErrnoException, target ?? cwd)}\n`);
      return 1;
    }
    throw error;
  } finally {
    for (const signal of Object.keys(SIGNAL_EXIT)) process.off(signal, onSignal);
  }
}
