/**
 * Values read back from a trace store's JSON text columns: pure functions,
 * free of the SQL layer, for the readers and the renderers alike.
 */

/** JSON text parsed, or undefined when absent or not JSON. */
export function parseJsonText(text: unknown): unknown {
  if (typeof text !== "string") return text ?? undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An object from JSON text, {} otherwise. */
export function parseJsonObject(text: unknown): Record<string, unknown> {
  const value = parseJsonText(text);
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** ISO text of a stored time (SQLite keeps text, PostgreSQL answers a Date). */
export function toIso(value: unknown): string | null {
  if (value instanceof Date) return value.toISOString();
  return value === null || value === undefined ? null : String(value);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isScore = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Judge scores an outcome's metadata carries (`judge_scores`, `judges` or
 * `rubric_scores`), in either shape tracers write: name -> number (synth-ai),
 * or name -> `{score, per_criterion: {id: {score}}}` (the templates' rubric
 * judges), read as `name` -> score and `name.id` -> each criterion's score.
 * A judge without a numeric score is left out.
 */
export function readJudgeScores(rewardMetadata: Record<string, unknown>): Record<string, number> {
  for (const key of ["judge_scores", "judges", "rubric_scores"]) {
    const value = rewardMetadata[key];
    if (!isObject(value)) continue;
    const scores: Record<string, number> = {};
    for (const [name, judge] of Object.entries(value)) {
      if (isScore(judge)) scores[name] = judge;
      else if (isObject(judge)) {
        if (isScore(judge.score)) scores[name] = judge.score;
        if (isObject(judge.per_criterion))
          for (const [id, criterion] of Object.entries(judge.per_criterion)) {
            const score = isObject(criterion) ? criterion.score : criterion;
            if (isScore(score)) scores[`${name}.${id}`] = score;
          }
      }
    }
    return scores;
  }
  return {};
}
