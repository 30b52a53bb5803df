/**
 * The slow steps after scaffolding: installing dependencies and creating a git
 * repository. Each returns a result instead of printing, so the bin decides
 * what the user sees.
 */
import { spawn } from "node:child_process";
import { installArgs, type PackageManager } from "./package-manager.js";

/** Outcome of one external command. */
export interface CommandResult {
  ok: boolean;
  /** Exit code, or null when the command could not start or was killed. */
  code: number | null;
  /** Combined output tail, for error messages. */
  output: string;
}

/** Runs `command args` in `cwd`, collecting output; never throws. */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
  options: { signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(command, args, {
      cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      shell: process.platform === "win32",
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-8000);
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("error", (error) => resolve({ ok: false, code: null, output: output + String(error.message) }));
    child.on("close", (code) => resolve({ ok: code === 0, code, output }));
  });
}

/** Installs a project's dependencies with `pm`; `extraArgs` such as `--prefer-offline` are appended. */
export function installDependencies(
  dir: string,
  pm: PackageManager,
  options: { extraArgs?: string[]; signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {},
): Promise<CommandResult> {
  const { extraArgs, ...rest } = options;
  return runCommand(pm, [...installArgs(pm), ...(extraArgs ?? [])], dir, rest);
}

/**
 * Whether an install failed because the registry has no `task-app` (npm's
 * E404, pnpm's ERR_PNPM_FETCH_404, yarn's 404 for the package): it is not
 * published yet, so a registry range cannot be installed.
 */
export function isTaskAppMissing(output: string): boolean {
  return /404[^\n]*\/task-app(?![\w.-])|'task-app@[^']*' (?:could not be found|is not in this registry)|task-app@[^\s]*: Not found/i.test(output);
}

/** What {@link initGitRepository} did. */
export interface GitResult {
  status: "committed" | "initialised" | "skipped";
  /** Why it skipped or did not commit. */
  reason?: string;
}

/**
 * `git init` + an initial commit of everything. Skips when git is missing or
 * `dir` is already inside a work tree; stops after init when committing
 * fails (e.g. no user identity configured).
 */
export async function initGitRepository(dir: string): Promise<GitResult> {
  const inside = await runCommand("git", ["rev-parse", "--is-inside-work-tree"], dir);
  if (inside.code === null) return { status: "skipped", reason: "git is not installed" };
  if (inside.ok && inside.output.trim() === "true") return { status: "skipped", reason: "already inside a git repository" };
  const init = await runCommand("git", ["init", "--quiet"], dir);
  if (!init.ok) return { status: "skipped", reason: init.output.trim() || "git init failed" };
  const add = await runCommand("git", ["add", "--all"], dir);
  const commit = add.ok
    ? await runCommand("git", ["commit", "--quiet", "--no-verify", "-m", "Initial commit from create-task-app"], dir)
    : add;
  return commit.ok ? { status: "committed" } : { status: "initialised", reason: commit.output.trim().split("\n")[0] ?? "" };
}
