/**
 * Opening an eval's run directory: a new run needs a directory without a
 * run in it and results files of its own (new or empty); a resumed run needs
 * the same manifest, results file included. Every results file must be a
 * regular file: a device, a FIFO or `/dev/stdout` is refused before anything
 * runs, and a file that holds another run's results (or anything else) is
 * never appended to, cut or read as this run's.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkOutputTarget, OutputTargetError } from "../fs/output-target.js";
import { redactUrlsDeep } from "../server/secrets.js";
import { EvalPlanError, type EvalPlan } from "./plan.js";
import { configPath, failuresPathOf, manifestDifferences, manifestPath, writeJsonAtomic, type EvalManifest } from "./results.js";

function readManifest(path: string): EvalManifest {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as EvalManifest;
  } catch (error) {
    throw new EvalPlanError(`${path} is not a readable manifest (${(error as Error).message}); it cannot be resumed`);
  }
}

/** The results file a run's manifest names (older manifests: the run directory's results.jsonl). */
const ownResults = (runDir: string, manifest: EvalManifest) => manifest.out ?? join(runDir, "results.jsonl");

/** Throws EvalPlanError when the run cannot start on these files; see the module comment. Reads, never writes. */
export function checkRunFiles(plan: EvalPlan): EvalManifest | undefined {
  const path = manifestPath(plan.runDir);
  const previous = existsSync(path) ? readManifest(path) : undefined;
  if (previous && !plan.resume) throw new EvalPlanError(`${plan.runDir} already holds a run: pass --resume to continue it, or choose another --run-dir`);
  if (!previous && plan.resume) throw new EvalPlanError(`nothing to resume in ${plan.runDir}: it has no manifest.json`);
  const files: [string, string][] = [
    [plan.out, "--out"],
    [plan.failuresOut, "the failures file"],
  ];
  for (const [file, what] of files) {
    let target;
    try {
      target = checkOutputTarget(file, what);
    } catch (error) {
      if (error instanceof OutputTargetError) throw new EvalPlanError(error.message);
      throw error;
    }
    if (!previous && target.exists && target.size > 0)
      throw new EvalPlanError(
        `${what} ${file} already holds data that no run in ${plan.runDir} wrote: a run only appends to results files of its own. ` +
          `Choose a new file, or continue the run that wrote it with --resume --run-dir <its run directory>`,
      );
  }
  if (previous && ownResults(plan.runDir, previous) !== plan.out)
    throw new EvalPlanError(`cannot resume ${plan.runDir}: its results are in ${ownResults(plan.runDir, previous)}, not ${plan.out}; --out must name the run's own results file`);
  return previous;
}

/** Checks the files (see `checkRunFiles`), then writes the manifest and the resolved config. */
export function openRunDir(plan: EvalPlan, manifest: EvalManifest): void {
  const previous = checkRunFiles(plan);
  if (previous) {
    const differ = manifestDifferences(previous, manifest);
    if (differ.length)
      throw new EvalPlanError(`cannot resume ${plan.runDir}: ${differ.map((k) => `${k} was ${JSON.stringify(previous[k])}, now ${JSON.stringify(manifest[k])}`).join("; ")}`);
  }
  writeJsonAtomic(manifestPath(plan.runDir), manifest);
  // Credentials in URLs (--url user:pass@, --trace-db postgres://u:pw@, an inference_url) never reach the run directory.
  writeJsonAtomic(configPath(plan.runDir), redactUrlsDeep({ ...plan, resume: undefined }));
}

/**
 * A default run directory (`runs/eval-<time>`) is this run's own, never another's of the same
 * second: the first of it, `<it>-2`, `<it>-3`, … that this process creates (an exclusive mkdir, so
 * two evals started at once get two). The results files move with it unless --out named them.
 * `created` says the directory is new (the lock removes it when the run leaves it empty).
 */
export function claimDefaultRunDir(plan: EvalPlan): { plan: EvalPlan; created: boolean } {
  if (!plan.runDirDefaulted) return { plan, created: false };
  mkdirSync(dirname(plan.runDir), { recursive: true });
  for (let n = 1; ; n++) {
    const runDir = n === 1 ? plan.runDir : `${plan.runDir}-${n}`;
    try {
      mkdirSync(runDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
      throw error;
    }
    const out = plan.out === join(plan.runDir, "results.jsonl") ? join(runDir, "results.jsonl") : plan.out;
    const { runDirDefaulted: _claimed, ...rest } = plan;
    return { plan: { ...rest, runDir, out, failuresOut: failuresPathOf(out) }, created: true };
  }
}
