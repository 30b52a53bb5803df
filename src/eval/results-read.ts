/**
 * The lines of an eval's results file read back as results: each checked
 * against what a result must hold (Zod), a line that is not one skipped with
 * its reason. Apart from `./results.ts` so a run with nothing to read back
 * (a fresh one) does not load Zod.
 */
import { z } from "zod";
import { repairJsonl, type EvalResult } from "./results.js";

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
