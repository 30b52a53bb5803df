/**
 * The lines of an eval's results file read back as results: each checked
 * against what a result must hold (Zod), a line that is not one skipped with
 * its reason. Apart from `./results.ts` so a run with nothing to read back
 * (a fresh one) does not load Zod.
 */
import { closeSync, fstatSync, readSync } from "node:fs";
import { z } from "../zod.js";
import { openRegularFile, OutputTargetError } from "../fs/output-target.js";
import { completeLines, repairJsonl, type EvalResult } from "./results.js";

/** What a results line must hold to count (unknown keys are kept). */
const EvalResultLine = z.looseObject({
  run_id: z.string(),
  seed: z.number().int(),
  rollout: z.number().int().nonnegative(),
  status: z.enum(["ok", "failed"]),
  cause: z.string(),
  http_status: z.number().nullable(),
  error: z.string().optional(),
  replica: z.string().nullable(),
  return: z.number().nullable(),
  outcome_score: z.number().nullable(),
  events_score: z.number().nullable(),
  criteria: z.record(z.string(), z.number()),
  steps: z.number().nullable(),
  duration_ms: z.number(),
  session_id: z.string().nullable(),
  policy_models: z.array(z.string()).optional(),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }).optional(),
  finished_at: z.string(),
});

/** A line of a results file that is not a result, and why. */
export interface SkippedLine {
  path: string;
  line: number;
  reason: string;
}

/**
 * Reads the results of a run, repairing the file first. A line that is not a
 * whole result (unreadable JSON, a field missing or of the wrong type, as a
 * hand edit leaves it) is skipped and reported: a result that cannot be read
 * is one the run does not have, so a resumed run runs that rollout again.
 */
export function readResultsChecked(path: string): { results: EvalResult[]; skipped: SkippedLine[] } {
  return checkResultLines(path, repairJsonl(path));
}

/** The results among lines of `path` (as `repairJsonl` returns them), and the lines skipped with why. */
export function checkResultLines(path: string, lines: readonly { line: number; text: string }[]): { results: EvalResult[]; skipped: SkippedLine[] } {
  const results: EvalResult[] = [];
  const skipped: SkippedLine[] = [];
  for (const { line, text } of lines) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      skipped.push({ path, line, reason: "not JSON" });
      continue;
    }
    const parsed = EvalResultLine.safeParse(value);
    if (parsed.success) results.push(parsed.data as EvalResult);
    else {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
      skipped.push({ path, line, reason: `not a result (${where}${issue.path.length && issue.code === "invalid_type" && (value as Record<string, unknown>)?.[String(issue.path[0])] === undefined ? "missing" : issue.message})` });
    }
  }
  return { results, skipped };
}

/** The results of a run that can be read (see `readResultsChecked`). */
export const readResults = (path: string): EvalResult[] => readResultsChecked(path).results;

/** Most bytes `readFileBounded` reads of a results file (a run of 200,000 rollouts writes about 80 MB). */
export const MAX_RESULTS_BYTES = 512 * 1024 * 1024;

/**
 * A run file's text, read without changing it: a regular file only (opened
 * without blocking, so a FIFO neither hangs the reader nor is read; a device
 * is refused), at most `maxBytes` (its size when opened: lines appended
 * meanwhile wait for the next read). Undefined when there is no such file.
 */
export function readFileBounded(path: string, maxBytes = MAX_RESULTS_BYTES, what = "run file"): string | undefined {
  let fd: number;
  try {
    fd = openRegularFile(path, "r", what);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    if (error instanceof OutputTargetError) throw new Error(`${what} ${path} is ${error.kind}, not a regular file`);
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) throw new Error(`${what} ${path} holds ${size} bytes, more than the ${maxBytes} read`);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.toString("utf8", 0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * The results of a run's results file as `readResultsChecked` reads them,
 * without repairing or otherwise writing the file (a half-written last line
 * of a run still going is left out, not cut off), bounded as `readFileBounded`.
 */
export function readResultsReadOnly(path: string, maxBytes = MAX_RESULTS_BYTES): { results: EvalResult[]; skipped: SkippedLine[] } {
  const text = readFileBounded(path, maxBytes, "results file");
  return text === undefined ? { results: [], skipped: [] } : checkResultLines(path, completeLines(text));
}
