/**
 * Rubric loading, blending and scoring (CONTRACT.md §5.5).
 */
import { readFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { extname } from "node:path";
import { z } from "../zod.js";
import { formatPath } from "../config/findings.js";
import { describeJsonError, locateJsonPaths } from "../config/json-locate.js";
import { parseTomlDocument, TomlSyntaxError, type SourcePosition } from "../config/toml.js";
import { Rubric, type Criterion, type RubricInput } from "../schemas/rubric.js";

/** Anything `loadRubric` reads: an object, a file path, a URL, JSON/YAML/TOML text, or nothing. */
export type RubricSource = RubricInput | Rubric | URL | string | null | undefined;

/** Result of scoring against a rubric. `score` is null for `custom` aggregation or no rubric. */
export interface RubricScore {
  aggregation: "sum" | "weighted_sum" | "custom" | "none";
  score: number | null;
  per_criterion: Record<string, { score: number; weight: number; required: boolean }>;
}

/** An invalid rubric: `file:line:col` (or the URL, or "rubric") where it was found, the path inside it and what is wrong. */
export class RubricError extends Error {
  override name = "RubricError";
}

/**
 * Loads and validates a rubric from an object, a `.json`/`.toml`/`.yaml`/`.yml`
 * file, an http(s) URL, or JSON/YAML text. `null`/`undefined` give `null`.
 * A rubric that does not parse or validate throws a `RubricError` naming the
 * file (with line and column), the path inside the rubric and the problem.
 */
export async function loadRubric(source: RubricSource, options: { fetch?: typeof fetch } = {}): Promise<Rubric | null> {
  if (source === null || source === undefined) return null;
  if (source instanceof URL || (typeof source === "string" && /^https?:\/\//i.test(source.trim()))) {
    const url = source instanceof URL ? source : new URL(source.trim());
    if (url.protocol === "file:") return loadRubric(decodeURIComponent(url.pathname));
    const res = await (options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`rubric ${url.href}: HTTP ${res.status}`);
    return parseRubricText(await res.text(), extname(url.pathname).toLowerCase(), url.href);
  }
  if (typeof source === "string") {
    const text = source.trim();
    if (!text) throw new Error("rubric source is empty");
    if (!text.startsWith("{") && !text.includes("\n") && existsSync(text)) {
      return parseRubricText(await readFile(text, "utf8"), extname(text).toLowerCase(), text);
    }
    return parseRubricText(text, "", "rubric");
  }
  return validate(source, "rubric", () => null);
}

/** The YAML parser, loaded on first use (synchronously: a bundle file is read while an app is defined). */
const requireYaml = (): typeof import("yaml") => createRequire(import.meta.url)("yaml") as typeof import("yaml");

type Locate = (path: readonly PropertyKey[]) => SourcePosition | null;

/** Parses rubric text (TOML by suffix, else JSON or YAML) and validates it; errors name `where` and a line:col. */
function parseRubricText(text: string, suffix: string, where: string): Rubric {
  const { value, locate } = decodeRubricText(text, suffix, where);
  return validate(value, where, locate);
}

/** Decodes rubric text (TOML by suffix, else JSON or YAML) into a mapping and a locator of its paths; a syntax error names `where` and a line:col. */
function decodeRubricText(text: string, suffix: string, where: string): { value: Record<string, unknown>; locate: Locate } {
  if (!text.trim()) throw new RubricError(`${where}: rubric source is empty`);
  if (suffix === ".toml") {
    try {
      const doc = parseTomlDocument(text);
      return { value: doc.value as Record<string, unknown>, locate: (path) => doc.locate(path) };
    } catch (error) {
      if (error instanceof TomlSyntaxError) throw new RubricError(`${where}:${error.line}:${error.column}: invalid TOML: ${error.reason}`);
      throw error;
    }
  }
  if (suffix === ".json") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const { reason, line, column } = describeJsonError(error, text);
      throw new RubricError(`${where}:${line}:${column}: invalid JSON: ${reason}`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RubricError(`${where}: rubric text must decode to a mapping`);
    return { value: value as Record<string, unknown>, locate: (path) => locateJsonPaths(text, [path])[0] ?? null };
  }
  // Other text (YAML, or JSON without the suffix) is read by the YAML parser, which gives positions for both; it is
  // loaded only here (72 modules: most apps' rubrics are JSON, and importing task-app should not pay for it).
  const { LineCounter, parseDocument } = requireYaml();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const { line, col } = lines.linePos(syntax.pos[0]);
    throw new RubricError(`${where}:${line}:${col}: invalid ${suffix === ".json" || text.trimStart().startsWith("{") ? "JSON" : "YAML"}: ${syntax.message.split("\n")[0]}`);
  }
  const value: unknown = doc.toJS();
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RubricError(`${where}: rubric text must decode to a mapping`);
  const locate: Locate = (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as unknown[], true) as { range?: [number, number, number] } | undefined;
      if (node?.range) {
        const { line, col } = lines.linePos(node.range[0]);
        return { line, column: col };
      }
    }
    return null;
  };
  return { value: value as Record<string, unknown>, locate };
}

/**
 * Reads a rubric bundle file at an app's start (synchronously: an app
 * definition is a plain value): a mapping with an `outcome` or an `events`
 * rubric (JSON or YAML, TOML by suffix; a `$schema` key is allowed), as the
 * scaffolded `rubrics/*.json` are. Errors name the file, line:col and path.
 */
export function readRubricBundleFile(file: string | URL): { kind: "outcome" | "events"; rubric: Rubric } {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new RubricError(`${path}: cannot read the rubric file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const { value, locate } = decodeRubricText(text, extname(path).toLowerCase(), path);
  const kind = value.events !== undefined && value.outcome === undefined ? "events" : "outcome";
  if (value[kind] === undefined) throw new RubricError(`${path}: a rubric bundle file holds an "outcome" or an "events" rubric; this one holds neither`);
  return { kind, rubric: validate(value[kind], path, (p) => locate([kind, ...p])) };
}

/** Validates a decoded rubric; the error names the first problem's location and path, and how many more there are. */
function validate(value: unknown, where: string, locate: Locate): Rubric {
  const parsed = Rubric.safeParse(value);
  if (parsed.success) return parsed.data;
  const [first, ...rest] = parsed.error.issues as [z.core.$ZodIssue, ...z.core.$ZodIssue[]];
  const at = locate(first.path);
  const path = formatPath(first.path) || "(top level)";
  const more = rest.length ? ` (and ${rest.length} more: ${rest.slice(0, 3).map((i) => formatPath(i.path) || "(top level)").join(", ")})` : "";
  throw new RubricError(`${where}${at ? `:${at.line}:${at.column}` : ""}: invalid rubric at ${path}: ${first.message}${more}`);
}

/**
 * Blends an override rubric onto a base: criteria merge by id (override's
 * description, weights multiplied when both differ from 1, else whichever
 * differs); override-only criteria come first, base-only ones after;
 * `inherit` aggregation takes the base's; version and goal prefer the override.
 */
export function blendRubrics(base: Rubric | null | undefined, override: Rubric | null | undefined): Rubric | null {
  if (!base) return override ?? null;
  if (!override) return base;
  const rest = new Map(base.criteria.map((c) => [c.id, c]));
  const merged: Criterion[] = override.criteria.map((ov) => {
    const b = rest.get(ov.id);
    if (!b) return ov;
    rest.delete(ov.id);
    const weight = ov.weight !== 1 && b.weight !== 1 ? b.weight * ov.weight : ov.weight !== 1 ? ov.weight : b.weight;
    return { id: ov.id, description: ov.description || b.description, weight, required: ov.required };
  });
  return Rubric.parse({
    version: override.version || base.version,
    goal_text: override.goal_text || base.goal_text,
    criteria: [...merged, ...rest.values()],
    aggregation: override.aggregation === "inherit" ? base.aggregation : override.aggregation,
  });
}

/** Scores per-criterion values against a rubric; missing criteria score 0. */
export function scoreRubric(rubric: Rubric | null | undefined, values: Record<string, number>): RubricScore {
  if (!rubric) return { aggregation: "none", score: null, per_criterion: {} };
  const aggregation = rubric.aggregation === "inherit" ? "weighted_sum" : rubric.aggregation;
  const per_criterion: RubricScore["per_criterion"] = {};
  let total = 0;
  let totalWeight = 0;
  for (const c of rubric.criteria) {
    const score = values[c.id] ?? 0;
    per_criterion[c.id] = { score, weight: c.weight, required: c.required };
    total += aggregation === "weighted_sum" ? score * c.weight : score;
    totalWeight += c.weight;
  }
  if (aggregation === "custom") return { aggregation, score: null, per_criterion };
  if (aggregation === "weighted_sum" && totalWeight > 0) total /= totalWeight;
  return { aggregation, score: total, per_criterion };
}

/** Scores judge events (`{criterion_id | id | criterion, score}`; a later event wins) against a rubric. */
export function scoreEvents(rubric: Rubric | null | undefined, events: readonly unknown[]): RubricScore {
  const values: Record<string, number> = {};
  for (const event of events) {
    if (!isRecord(event)) continue;
    const id = event.criterion_id || event.id || event.criterion;
    const score = toNumber(event.score);
    if (id && score !== null) values[String(id)] = score;
  }
  return scoreRubric(rubric, values);
}

/** Scores an outcome (`{criteria: {id: score}}` or a flat `{id: score}` map) against a rubric. */
export function scoreOutcome(rubric: Rubric | null | undefined, outcome: unknown): RubricScore {
  const values: Record<string, number> = {};
  const source = isRecord(outcome) ? (isRecord(outcome.criteria) ? outcome.criteria : outcome) : {};
  for (const [key, value] of Object.entries(source)) {
    const score = toNumber(value);
    if (score !== null) values[key] = score;
  }
  return scoreRubric(rubric, values);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function toNumber(v: unknown): number | null {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "") {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
