/**
 * `applyContextOverrides`: what an executor does with the container-era
 * context overrides the server handed it (`ctx.contextOverrides`, already
 * checked: relative paths without `..`, no loader variables, sizes bounded).
 * Files are written whole (the one atomic writer) inside a workspace folder
 * and never through a symlink: a path whose folder resolves outside the
 * workspace, or whose target is a symlink, is refused as path traversal.
 * Variables are returned for the agent's environment, never set on this
 * process. A preflight script runs only through the caller's `runPreflight`.
 * The statuses are what the result's `override_application_results` takes.
 */
import { lstat, mkdir, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { ContextOverride, ContextOverrideStatus } from "../schemas/container-rollout.js";
import { writeFileAtomic } from "../fs/write-atomic.js";
import { canWriteInside, writeFileInside, WriteInsideError } from "../fs/write-inside.js";
import { envProblem, pathProblem } from "./override-rules.js";

/** Options of {@link applyContextOverrides}. */
export interface ApplyOverridesOptions {
  /** The agent's workspace folder; files are written inside it, and nowhere else. */
  workspace: string;
  /**
   * The app's `overrideEnv`: variables are returned only when it allows them. Without it the
   * overrides are taken as the server checked them with the app's rule (the floor of variables
   * that decide what runs is applied either way).
   */
  allowEnv?: readonly string[];
  /** Runs a preflight script (in the workspace, with the returned variables); without it scripts are reported skipped. */
  runPreflight?: (script: string, env: Record<string, string>) => Promise<{ exitCode: number }>;
}

/** The statuses, one per override, and the variables the agent's process gets (later overrides win). */
export interface AppliedOverrides {
  results: ContextOverrideStatus[];
  env: Record<string, string>;
}

type Target = { status: "applied" | "failed" | "skipped"; [key: string]: unknown };

/** Whether `path` is `root` or inside it. */
const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * Writes one file inside the workspace; the reason it was refused otherwise.
 * On Linux through writeFileInside (each folder opened without following a
 * link, from the one before: a folder swapped for a link mid-write cannot
 * take the write out); elsewhere by checking the resolved folder first.
 */
async function writeInside(root: string, file: string, content: string): Promise<Target> {
  const target = resolve(root, file);
  if (!inside(root, target) || target === root) return { status: "failed", error_type: "path_traversal", error: "the path leaves the workspace" };
  const bytes = { status: "applied" as const, bytes_written: Buffer.byteLength(content, "utf8") };
  if (canWriteInside()) {
    try {
      await writeFileInside(root, relative(root, target).split(sep), content);
      return bytes;
    } catch (error) {
      if (!(error instanceof WriteInsideError)) throw error;
      return error.reason === "traversal"
        ? { status: "failed", error_type: "path_traversal", error: "a folder of the path is a link out of the workspace (or not a folder)" }
        : { status: "failed", error_type: error.message.includes("symbolic link") ? "path_traversal" : "validation", error: error.message };
    }
  }
  await mkdir(dirname(target), { recursive: true });
  if (!inside(root, await realpath(dirname(target)))) return { status: "failed", error_type: "path_traversal", error: "a folder of the path is a link out of the workspace" };
  const existing = await lstat(target).catch(() => undefined);
  if (existing?.isSymbolicLink()) return { status: "failed", error_type: "path_traversal", error: "the file is a symbolic link" };
  if (existing && !existing.isFile()) return { status: "failed", error_type: "validation", error: "the path names something that is not a regular file" };
  await writeFileAtomic(target, content);
  return bytes;
}

/** Applies `overrides` in the order given (the request's). */
export async function applyContextOverrides(overrides: readonly ContextOverride[], options: ApplyOverridesOptions): Promise<AppliedOverrides> {
  await mkdir(options.workspace, { recursive: true });
  const root = await realpath(options.workspace);
  const env: Record<string, string> = {};
  const results: ContextOverrideStatus[] = [];
  for (const override of overrides) {
    const files: Record<string, Target> = {};
    for (const [file, content] of Object.entries(override.file_artifacts)) {
      // The server's own rule (one place): overrides handed in unchecked are held to it too.
      const problem = pathProblem(file);
      if (problem) files[file] = { status: "failed", error_type: problem.error_type, error: problem.message };
      else files[file] = await writeInside(root, file.split("\\").join(sep), content).catch((error: NodeJS.ErrnoException) => ({ status: "failed" as const, error_type: "runtime", error: error.code ?? "write failed" }));
    }
    const vars: Record<string, Target> = {};
    for (const [name, value] of Object.entries(override.env_vars)) {
      const problem = envProblem(name, value, options.allowEnv);
      if (problem) {
        vars[name] = { status: "failed", error_type: problem.error_type, error: problem.message };
        continue;
      }
      env[name] = value;
      vars[name] = { status: "applied" };
    }
    let preflight: Target | undefined;
    if (override.preflight_script) {
      if (!options.runPreflight) preflight = { status: "skipped", error: "this task app does not run preflight scripts" };
      else {
        const { exitCode } = await options.runPreflight(override.preflight_script, { ...env });
        preflight = exitCode === 0 ? { status: "applied", exit_code: 0 } : { status: "failed", exit_code: exitCode, error_type: "runtime" };
      }
    }
    const targets = [...Object.values(files), ...Object.values(vars), ...(preflight ? [preflight] : [])];
    const applied = targets.filter((t) => t.status === "applied").length;
    const failures = [...Object.entries(files), ...Object.entries(vars)].filter(([, t]) => t.status === "failed");
    results.push({
      override_id: override.override_id ?? null,
      overall_status: applied === targets.length ? "applied" : applied === 0 ? (targets.some((t) => t.status === "failed") ? "failed" : "skipped") : "partial",
      errors: [
        ...failures.map(([file, t]) => ({ error_type: t.error_type as "path_traversal", message: String(t.error), target: file, details: {} })),
        ...(preflight?.status === "failed" ? [{ error_type: "runtime" as const, message: `the preflight script exited with ${String(preflight.exit_code)}`, target: "preflight_script", details: {} }] : []),
      ],
      file_artifacts: files,
      env_vars: vars,
      ...(preflight ? { preflight_script: preflight } : {}),
    });
  }
  return { results, env };
}
