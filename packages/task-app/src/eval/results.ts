/**
 * The files of an eval run: one JSON line per finished rollout, appended as
 * it finishes (`results.jsonl` for rollouts that answered, a failures file
 * beside it for the others), and the run's manifest. A crash can leave a
 * half-written last line; opening the file cuts it off, so a resumed run
 * never reads it nor writes after it. Every file of a run directory is
 * created readable by its owner only (0600). Reading the lines back as
 * results (checked with Zod) is `./results-read.ts`, loaded only when a
 * run has lines to read.
 */
import { closeSync, ftruncateSync, mkdirSync, readFileSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { openRegularFile } from "../fs/output-target.js";
import { writeFileAtomicSync } from "../fs/write-atomic.js";

/** What one rollout of an eval produced. */
export interface EvalResult {
  run_id: string;
  seed: number;
  /** 0-based index among the rollouts of its seed. */
  rollout: number;
  status: "ok" | "failed";
  /** ok, or why not: http_<status>, timeout, invalid_response, response_too_large, redirect_refused, run_id_mismatch, connection, no_replica, aborted. */
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
  /** The models of the LM calls in the returned trace: the policy the app ran (absent without a trace, or when it records no LM call). */
  policy_models?: string[];
  /** Token counts the inference server reported for the episode (`metrics.details.usage`, as a declared environment sums them); absent when the app reports none. */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  finished_at: string;
}

/** `seed:rollout`, the key a resumed run matches results by. */
export const resultKey = (r: { seed: number; rollout: number }) => `${r.seed}:${r.rollout}`;

/** The failures file beside a results file: `results.jsonl` → `results.failures.jsonl`. */
export const failuresPathOf = (out: string) => out.replace(/(\.jsonl)?$/, ".failures.jsonl");

/** The complete lines of `text` (up to its last newline) that are not blank, with their 1-based numbers. */
export function completeLines(text: string): { line: number; text: string }[] {
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .map((t, i) => ({ line: i + 1, text: t }))
    .filter((l) => l.text.trim() !== "");
}

/** Cuts a half-written last line off `path` (a crash mid-append); returns the complete lines that are not blank, with their 1-based numbers. Only a regular file is opened. */
export function repairJsonl(path: string): { line: number; text: string }[] {
  let fd: number;
  try {
    fd = openRegularFile(path, "r+");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  try {
    const text = readFileSync(fd, "utf8");
    const end = text.lastIndexOf("\n") + 1;
    if (end < text.length) ftruncateSync(fd, Buffer.byteLength(text.slice(0, end)));
    return completeLines(text);
  } finally {
    closeSync(fd);
  }
}

/** Appends whole lines with one write each call, so a crash loses at most the lines being written. */
export class JsonlAppender {
  private fd: number;
  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    repairJsonl(path);
    this.fd = openRegularFile(path, "a");
  }
  append(value: unknown): void {
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
  }
  /** Appends every value, in one write. */
  appendAll(values: readonly unknown[]): void {
    if (values.length) writeSync(this.fd, values.map((v) => `${JSON.stringify(v)}\n`).join(""));
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
  /** The results file (absolute): a resumed run must write the same one. Absent in manifests of older runs (the default file). */
  out?: string;
}

/** Writes a JSON file whole or not at all (temporary file, then rename), readable by its owner only. */
export function writeJsonAtomic(path: string, value: unknown): void {
  writeFileAtomicSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

/** The fields in which two manifests differ. */
export function manifestDifferences(a: EvalManifest, b: EvalManifest): (keyof EvalManifest)[] {
  return (Object.keys(a) as (keyof EvalManifest)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

export const manifestPath = (runDir: string) => join(runDir, "manifest.json");
export const configPath = (runDir: string) => join(runDir, "config.json");
