/**
 * Eval run directories as the viewer reads them, without writing a byte:
 * `--runs` names a run directory (it holds `manifest.json`) or a folder of
 * them; a run is named by its directory's name. Results are read from where
 * the run's `config.json` says they went (`--out`), else `results.jsonl`
 * beside the manifest; a half-written last line (an eval still running, or
 * one that crashed) is skipped, never cut off. Files are read again only
 * when they changed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { configPath, manifestPath, resultKey, type EvalManifest, type EvalResult } from "../eval/results.js";

export interface RunSource {
  /** The directory's name (unique among the runs shown; a clash gets `-2`, `-3`). */
  name: string;
  dir: string;
  resultsPath: string;
  failuresPath: string;
}

export interface LoadedRun extends RunSource {
  manifest: EvalManifest;
  /** The final result of each (seed, rollout): an answer wins over an earlier failure. */
  results: EvalResult[];
  /** First and last `finished_at` of its results. */
  started: string | null;
  finished: string | null;
}

/** Thrown for a `--runs` path that is neither a run nor a folder of runs. */
export class RunsError extends Error {
  override name = "RunsError";
}

function sourceOf(dir: string): Omit<RunSource, "name"> {
  let out = join(dir, "results.jsonl");
  let failures: string | undefined;
  try {
    const config = JSON.parse(readFileSync(configPath(dir), "utf8")) as { out?: unknown; failuresOut?: unknown };
    if (typeof config.out === "string") out = config.out;
    if (typeof config.failuresOut === "string") failures = config.failuresOut;
  } catch {
    // no config.json (or not ours): the default names
  }
  return { dir, resultsPath: out, failuresPath: failures ?? out.replace(/\.jsonl$/, "") + ".failures.jsonl" };
}

/** The run directories `paths` name, in order (a folder's runs sorted by name). */
export function discoverRuns(paths: readonly string[], options: { optional?: boolean } = {}): RunSource[] {
  const dirs: string[] = [];
  for (const given of paths) {
    const dir = resolve(given);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      if (options.optional) continue;
      throw new RunsError(`--runs ${given}: no such directory`);
    }
    if (existsSync(manifestPath(dir))) {
      dirs.push(dir);
      continue;
    }
    const inner = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(manifestPath(join(dir, e.name))))
      .map((e) => join(dir, e.name))
      .sort();
    if (inner.length === 0 && !options.optional) throw new RunsError(`--runs ${given}: neither an eval run directory (no manifest.json) nor a folder of them`);
    dirs.push(...inner);
  }
  const seen = new Map<string, number>();
  return [...new Set(dirs)].map((dir) => {
    const base = basename(dir);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { name: n === 1 ? base : `${base}-${n}`, ...sourceOf(dir) };
  });
}

/** The complete JSON lines of a file that may be being appended to. */
function readLines(path: string): EvalResult[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const out: EvalResult[] = [];
  for (const line of text.slice(0, text.lastIndexOf("\n") + 1).split("\n")) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as EvalResult;
      if (typeof value.seed === "number" && typeof value.rollout === "number") out.push(value);
    } catch {
      // not a result line
    }
  }
  return out;
}

const stamp = (path: string) => (existsSync(path) ? `${statSync(path).mtimeMs}:${statSync(path).size}` : "-");

/** Reads runs, reusing what was read while the files are unchanged. */
export function createRunReader(sources: readonly RunSource[]) {
  const cache = new Map<string, { key: string; run: LoadedRun }>();
  const load = (source: RunSource): LoadedRun => {
    const key = [manifestPath(source.dir), source.resultsPath, source.failuresPath].map(stamp).join("|");
    const hit = cache.get(source.name);
    if (hit?.key === key) return hit.run;
    const manifest = JSON.parse(readFileSync(manifestPath(source.dir), "utf8")) as EvalManifest;
    const final = new Map<string, EvalResult>();
    for (const r of readLines(source.failuresPath)) final.set(resultKey(r), r);
    for (const r of readLines(source.resultsPath)) if (r.status === "ok" || !final.has(resultKey(r))) final.set(resultKey(r), r);
    const results = [...final.values()].sort((a, b) => a.seed - b.seed || a.rollout - b.rollout);
    const times = results.map((r) => r.finished_at).filter(Boolean).sort();
    const run: LoadedRun = { ...source, manifest, results, started: times[0] ?? null, finished: times.at(-1) ?? null };
    cache.set(source.name, { key, run });
    return run;
  };
  return {
    names: () => sources.map((s) => s.name),
    get: (name: string) => {
      const source = sources.find((s) => s.name === name);
      return source ? load(source) : undefined;
    },
    all: () => sources.map(load),
  };
}

export type RunReader = ReturnType<typeof createRunReader>;
