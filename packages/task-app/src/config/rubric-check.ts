/**
 * `task-app validate rubrics/*.json`: a rubric file (one rubric, or the
 * outcome/events bundle of a task app) checked against the rubric schema of
 * src/schemas/rubric.ts, with the same positioned findings as the configs.
 * Unknown keys are reported too (the schema itself drops them silently).
 */
import type { z } from "zod";
import { Rubric, RubricBundle } from "../schemas/rubric.js";
import type { CheckOptions, ConfigCheck } from "./check-core.js";
import { formatPath, type Finding } from "./findings.js";
import { issuesToFindings } from "./issues.js";
import { describeJsonError, findJsonTooDeep, locateJsonPaths, MAX_JSON_DEPTH } from "./json-locate.js";
import { lineStarts, positionOf } from "./locate.js";
import { ConfigInputError, readConfigText } from "./read.js";
import { applySeverities } from "./project-settings.js";
import { keysAt } from "./schema-keys.js";

type Issue = z.core.$ZodIssue;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys the schema does not declare, as Zod's own unrecognized_keys issues (so they get did-you-mean). */
function findUnknownKeys(schema: z.core.$ZodType, value: unknown, path: (string | number)[] = []): Issue[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findUnknownKeys(schema, v, [...path, i]));
  if (!isRecord(value)) return [];
  const allowed = keysAt(schema, path);
  if (!allowed.length) return [];
  const keys = Object.keys(value).filter((k) => !allowed.includes(k) && !(path.length === 0 && k === "$schema"));
  const own: Issue[] = keys.length ? [{ code: "unrecognized_keys", keys, path, message: "" } as unknown as Issue] : [];
  return [...own, ...Object.keys(value).filter((k) => allowed.includes(k)).flatMap((k) => findUnknownKeys(schema, value[k], [...path, k]))];
}

/** Validates rubric JSON text. */
export function checkRubricText(text: string, options: CheckOptions = {}): ConfigCheck {
  const { file } = options;
  const fail = (finding: Omit<Finding, "severity" | "file">): ConfigCheck => {
    const findings = applySeverities([{ severity: "error" as const, file, ...finding }], options.severities);
    return { file, ok: !findings.some((f) => f.severity === "error"), findings, injected: [] };
  };
  // The checks below walk the value recursively: a file nested thousands of levels deep is refused first.
  const deep = findJsonTooDeep(text);
  if (deep >= 0) {
    const at = positionOf(lineStarts(text), deep);
    return fail({ code: "too_deep", path: "", message: `JSON nesting too deep (more than ${MAX_JSON_DEPTH} levels)`, line: at.line, column: at.column });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { reason, line, column } = describeJsonError(error, text);
    return fail({ code: "json_syntax", path: "", message: `invalid JSON: ${reason}`, line, column });
  }
  if (!isRecord(value)) return fail({ code: "invalid_type", path: "", message: "expected a JSON object (a rubric, or a bundle with outcome / events)", line: 1, column: 1 });
  const bundle = "outcome" in value || "events" in value;
  if (!bundle && !("criteria" in value) && !("version" in value))
    return fail({ code: "unknown_kind", path: "", message: "cannot tell what this JSON is: a rubric has version and criteria, a rubric bundle has outcome and/or events", line: 1, column: 1 });
  const schema = (bundle ? RubricBundle : Rubric) as unknown as z.core.$ZodType;
  const result = (bundle ? RubricBundle : Rubric).safeParse(value);
  const issues = [...findUnknownKeys(schema, value), ...(result.success ? [] : result.error.issues)];
  const maxFindings = Math.max(1, options.maxFindings ?? 100);
  const unplaced = applySeverities(issuesToFindings(issues, value, schema, maxFindings), options.severities);
  const errorFree = !unplaced.some((f) => f.severity === "error");
  const shown = unplaced.slice(0, maxFindings);
  const positions = locateJsonPaths(text, shown.map((f) => f.path));
  const findings: Finding[] = shown
    .map((f, n) => ({ ...f, path: formatPath(f.path), file, ...positions[n]! }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
  const rest = unplaced.slice(shown.length);
  const left = rest.length;
  return {
    file,
    kind: "rubric",
    kindReason: bundle ? "a rubric bundle: it has outcome / events" : "one rubric: it has version / criteria",
    ok: errorFree,
    findings,
    ...(left ? { omitted: { errors: rest.filter((f) => f.severity === "error").length, warnings: rest.filter((f) => f.severity === "warning").length } } : {}),
    config: errorFree && result.success ? result.data : undefined,
    injected: [],
  };
}

/** Reads and validates a rubric JSON file; unreadable or oversized files become findings. */
export async function checkRubricFile(path: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const file = options.file ?? path;
  try {
    return checkRubricText(await readConfigText(path), { ...options, file });
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    return { file, ok: false, findings: [{ severity: "error", code: error.code, path: "", message: error.message, file, line: error.line, column: error.column }], injected: [] };
  }
}
