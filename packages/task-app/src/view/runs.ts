/**
 * Eval run directories as the viewer reads them, without writing a byte:
 * `--runs` names a run directory (it holds `manifest.json`) or a folder of
 * them; a run is named by its directory's name. A run is read from its own
 * directory alone, laid out as eval writes it: `manifest.json`, the results
 * file it names (`results.jsonl` unless `--out` named another file, looked
 * for by its name in the directory, so a moved run still reads) and the
 * failures file beside it. Only regular files are read, each bounded
 * (`readFileBounded`); a half-written last line (an eval still running, or
 * one that crashed) is left out, never cut off. What cannot be read (a
 * manifest that is not one, a line that is not a result, a file that is not
 * a regular file) is that run's problem, listed with it, never the
 * overview's. Files are read again only when they changed.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { readFileBounded, readResultsReadOnly } from "../eval/results-read.js";
import { failuresPathOf, manifestPath, resultKey, type EvalManifest, type EvalResult } from "../eval/results.js";

export interface RunSource {
  /** The directory's name (unique among the runs shown; a clash gets `-2`, `-3`). */
  name: string;
  dir: string;
}

export interface LoadedRun extends RunSource {
  manifest: EvalManifest;
  /** The final result of each (seed, rollout): an answer wins over an earlier failure. */
  results: EvalResult[];
  /** First and last `finished_at` of its results. */
  started: string | null;
  finished: string | null;
  /** What of the run could not be read, and why (an unreadable manifest, skipped lines); empty when all was read. */
  problems: string[];
}

/** Thrown for a `--runs` path that is neither a run nor a folder of runs. */
export class RunsError extends Error {
  override name = "RunsError";
}

/** Most bytes of a manifest read (200,000 seeds take about 1.4 MB). */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** Problems listed per file before the rest are counted. */
const PROBLEMS_SHOWN = 20;

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
    return { name: n === 1 ? base : `${base}-${n}`, dir };
  });
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The manifest a run's `manifest.json` holds, its fields of the wrong type emptied; `problem` when it is not one. */
function readManifest(dir: string): { manifest: EvalManifest; problem?: string } {
  const empty: EvalManifest = { app: "", model: "", seeds: [], rollouts_per_seed: 0, split: "", config_digest: "" };
  let value: unknown;
  try {
    value = JSON.parse(readFileBounded(manifestPath(dir), MAX_MANIFEST_BYTES, "manifest") ?? "null");
  } catch (error) {
    return { manifest: empty, problem: `manifest.json cannot be read: ${shortOf(dir, error)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { manifest: empty, problem: `manifest.json is not a manifest (${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value})` };
  const m = value as Record<string, unknown>;
  const manifest: EvalManifest = {
    app: text(m.app),
    model: text(m.model),
    seeds: Array.isArray(m.seeds) ? m.seeds.filter((s): s is number => typeof s === "number") : [],
    rollouts_per_seed: typeof m.rollouts_per_seed === "number" ? m.rollouts_per_seed : 0,
    split: text(m.split),
    config_digest: text(m.config_digest),
    ...(typeof m.out === "string" ? { out: m.out } : {}),
  };
  return { manifest };
}

/** An error's message with the run directory's own path taken out. */
const shortOf = (dir: string, error: unknown) => ((error as Error).message ?? String(error)).split(`${dir}/`).join("");

/** The run's results file, in its own directory: the name its manifest gives (`--out`), else results.jsonl. */
function resultsPathOf(dir: string, manifest: EvalManifest): string {
  const name = manifest.out ? basename(manifest.out) : "results.jsonl";
  return join(dir, name.endsWith(".jsonl") ? name : "results.jsonl");
}

/** A file's change stamp ("-" when it cannot be stat'ed). */
function stamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return "-";
  }
}

/** Reads one run from its directory (see the module comment). */
function loadRun(source: RunSource): LoadedRun {
  const { manifest, problem } = readManifest(source.dir);
  const problems = problem ? [problem] : [];
  const resultsPath = resultsPathOf(source.dir, manifest);
  const final = new Map<string, EvalResult>();
  const read = (path: string) => {
    try {
      const { results, skipped } = readResultsReadOnly(path);
      for (const s of skipped.slice(0, PROBLEMS_SHOWN)) problems.push(`${basename(path)}:${s.line}: ${s.reason}`);
      if (skipped.length > PROBLEMS_SHOWN) problems.push(`${basename(path)}: ${skipped.length - PROBLEMS_SHOWN} more lines skipped`);
      return results;
    } catch (error) {
      problems.push(shortOf(source.dir, error));
      return [];
    }
  };
  for (const r of read(failuresPathOf(resultsPath))) final.set(resultKey(r), r);
  for (const r of read(resultsPath)) if (r.status === "ok" || !final.has(resultKey(r))) final.set(resultKey(r), r);
  const results = [...final.values()].sort((a, b) => a.seed - b.seed || a.rollout - b.rollout);
  let started: string | null = null;
  let finished: string | null = null;
  for (const r of results) {
    if (!r.finished_at) continue;
    if (started === null || r.finished_at < started) started = r.finished_at;
    if (finished === null || r.finished_at > finished) finished = r.finished_at;
  }
  return { ...source, manifest, results, started, finished, problems };
}

/** Reads runs, reusing what was read while the files are unchanged. */
export function createRunReader(sources: readonly RunSource[]) {
  const cache = new Map<string, { key: string; run: LoadedRun }>();
  const keyOf = (source: RunSource, run?: LoadedRun) => {
    const results = run ? resultsPathOf(source.dir, run.manifest) : undefined;
    return [manifestPath(source.dir), ...(results ? [results, failuresPathOf(results)] : [])].map(stamp).join("|");
  };
  const load = (source: RunSource): LoadedRun => {
    const hit = cache.get(source.name);
    if (hit && hit.key === keyOf(source, hit.run)) return hit.run;
    const run = loadRun(source);
    cache.set(source.name, { key: keyOf(source, run), run });
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
