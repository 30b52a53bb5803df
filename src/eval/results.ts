/**
 * The files of an eval run: one JSON line per finished rollout, appended as
 * it finishes (`results.jsonl` for rollouts that answered, a failures file
 * beside it for the others), and the run's manifest. A crash can leave a
 * half-written last line; opening the file cuts it off, so a resumed run
 * never reads it nor writes after it. Every file of a run directory is
 * created readable by its owner only (0600).
 */
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";

/** What one rollout of an eval produced. */
export interface EvalResult {
  run_id: string;
  seed: number;
  /** 0-based index among the rollouts of its seed. */
  rollout: number;
  status: "ok" | "failed";
  /** ok, or why not: http_<status>, timeout, invalid_response, response_too_large, redirect_refused, connection, no_replica, aborted. */
  cause: string;
  http_status: number | null;
  /** A short reason for failures (never a key): the app's code and message for an error answer. */
  error?: string;
  /** The app's `detail.error.error_id` of an error answer, to find its log line. */
  error_id?: string;
  replica: string | null;
  return: number | null;
  outcome_score: number | null;
  events_score: number | null;
  /** `judge.criterion` → score. */
  criteria: Record<string, number>;
  steps: number | null;
  duration_ms: number;
  session_id: string | null;
  finished_at: string;
}

/** `seed:rollout`, the key a resumed run matches results by. */
export const resultKey = (r: { seed: number; rollout: number }) => `${r.seed}:${r.rollout}`;

/** Cuts a half-written last line off `path` (a crash mid-append); returns the complete lines. */
export function repairJsonl(path: string): string[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const end = text.lastIndexOf("\n") + 1;
  if (end < text.length) {
    const fd = openSync(path, "r+");
    try {
      ftruncateSync(fd, Buffer.byteLength(text.slice(0, end)));
    } finally {
      closeSync(fd);
    }
  }
  return text.slice(0, end).split("\n").filter((line) => line.trim() !== "");
}

/** Reads the results of a run, repairing the file first; lines that are not results are skipped. */
export function readResults(path: string): EvalResult[] {
  const out: EvalResult[] = [];
  for (const line of repairJsonl(path)) {
    try {
      const value = JSON.parse(line) as EvalResult;
      if (typeof value.seed === "number" && typeof value.rollout === "number") out.push(value);
    } catch {
      // an unreadable line in the middle: not ours to fix, not a result
    }
  }
  return out;
}

/** Appends whole lines with one write each, so a crash loses at most the line being written. */
export class JsonlAppender {
  private fd: number;
  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    repairJsonl(path);
    this.fd = openSync(path, "a", 0o600);
  }
  append(value: unknown): void {
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }
  close(): void {
    closeSync(this.fd);
  }
}

/** What identifies a run: a resumed run must have the same manifest. */
export interface EvalManifest {
  app: string;
  model: string;
  seeds: number[];
  rollouts_per_seed: number;
  split: string;
  config_digest: string;
}

/** Writes a JSON file whole or not at all (temporary file, then rename), readable by its owner only. */
export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** The fields in which two manifests differ. */
export function manifestDifferences(a: EvalManifest, b: EvalManifest): (keyof EvalManifest)[] {
  return (Object.keys(a) as (keyof EvalManifest)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

export const manifestPath = (runDir: string) => join(runDir, "manifest.json");
export const configPath = (runDir: string) => join(runDir, "config.json");
