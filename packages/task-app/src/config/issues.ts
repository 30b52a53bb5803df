/**
 * Turns Zod issues into findings a TOML user understands: TOML type names,
 * the value that was found, "missing required key", and "did you mean" for
 * unknown keys and mistyped enum values.
 */
import type { z } from "zod";
import { formatPath, type Finding } from "./findings.js";
import { keysAt, schemaAt } from "./schema-keys.js";
import { createKeySuggester, suggestKey } from "./suggest.js";

export type PathSegment = string | number;
type Issue = z.core.$ZodIssue;

/** The value at `path` in a parsed document (undefined when absent). */
export function valueAt(doc: unknown, path: readonly PropertyKey[]): unknown {
  let current = doc;
  for (const seg of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[seg];
  }
  return current;
}

/** TOML's name for the type of a value. */
export function tomlTypeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "float";
  if (typeof value === "bigint") return "integer";
  if (value instanceof Date || (value && typeof value === "object" && "toISOString" in value)) return "datetime";
  if (value && typeof value === "object") return "table";
  return typeof value;
}

function describeValue(value: unknown): string {
  const type = tomlTypeOf(value);
  if (type === "table") return "a table";
  if (type === "array") return "an array";
  const shown = JSON.stringify(value) ?? String(value);
  return `${type} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}

const EXPECTED: Record<string, string> = { number: "a number", int: "an integer", string: "a string", boolean: "a boolean", array: "an array", object: "a table", record: "a table" };
const quoteList = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(", ");

function bound(issue: Issue & { minimum?: unknown; maximum?: unknown; inclusive?: boolean; origin?: string }, small: boolean): string {
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === "string" && small && limit === 1) return "must not be empty";
  if (issue.origin === "array") return `must have ${small ? "at least" : "at most"} ${limit} item${limit === 1 ? "" : "s"}`;
  if (issue.origin === "string") return `must be ${small ? "at least" : "at most"} ${limit} characters`;
  const op = small ? (issue.inclusive ? ">=" : ">") : issue.inclusive ? "<=" : "<";
  return `must be ${op} ${limit}`;
}

/** "an integer" when the number schema at `path` only takes integers. */
function expectedName(expected: string, schema: z.core.$ZodType, path: readonly PathSegment[]): string {
  const checks = (schemaAt(schema, path)?._zod.def as { checks?: { _zod: { def: { format?: string } } }[] } | undefined)?.checks ?? [];
  const isInt = checks.some((c) => ["safeint", "int32", "uint32", "int64"].includes(c._zod.def.format ?? ""));
  if (expected === "number" && isInt) return EXPECTED.int ?? expected;
  return EXPECTED[expected] ?? expected;
}

interface MappedIssue {
  code: string;
  path: PathSegment[];
  message: string;
  /** For an unknown key: the did-you-mean, computed only when the finding can be shown. */
  suggest?: () => string | undefined;
  /** For an unknown key: the tables the key does belong to, looked up only when there is no did-you-mean. */
  homes?: () => string[];
}

/** Tables (top level and one below) of `schema` that declare `key`, as `training` or `rollout.policy_config`. */
function findHomes(schema: z.core.$ZodType, key: string, except: readonly PathSegment[]): string[] {
  const homes: string[] = [];
  const visit = (path: string[], depth: number) => {
    for (const name of keysAt(schema, path)) {
      const child = [...path, name];
      const keys = keysAt(schema, child);
      if (!keys.length) continue;
      if (keys.includes(key) && formatPath(child) !== formatPath(except)) homes.push(formatPath(child));
      if (depth < 1) visit(child, depth + 1);
    }
  };
  visit([], 0);
  return homes;
}

/** Maps one Zod issue (recursing into union branches) to finding parts. */
function mapIssue(issue: Issue, doc: unknown, schema: z.core.$ZodType): MappedIssue[] {
  const path = issue.path.filter((p): p is PathSegment => typeof p !== "symbol");
  const value = valueAt(doc, path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const suggest = createKeySuggester(keysAt(schema, path));
      const where = path.length ? ` in [${formatPath(path)}]` : "";
      return issue.keys.map((key) => ({
        code: "unknown_key",
        path: [...path, key],
        message: `unknown key "${key}"${where}`,
        suggest: () => suggest(key),
        homes: () => findHomes(schema, key, path),
      }));
    }
    case "invalid_type":
      if (value === undefined) {
        const name = String(path.at(-1) ?? "");
        const isTable = issue.expected === "object";
        return [{ code: "missing_key", path, message: isTable ? `missing required table [${formatPath(path)}]` : `missing required key "${name}"` }];
      }
      return [{ code: "invalid_type", path, message: `expected ${expectedName(issue.expected, schema, path)}, got ${describeValue(value)}` }];
    case "invalid_value": {
      const hint = typeof value === "string" ? suggestKey(value, issue.values.filter((v): v is string => typeof v === "string")) : undefined;
      const expected = issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${quoteList(issue.values)}`;
      return [{ code: "invalid_value", path, message: `expected ${expected}, got ${describeValue(value)}${hint ? `; did you mean "${hint}"?` : ""}` }];
    }
    case "too_small":
    case "too_big":
      return [{ code: "out_of_range", path, message: `${bound(issue, issue.code === "too_small")}, got ${describeValue(value)}` }];
    case "invalid_union": {
      // Branch issue paths are relative to the union; report the branch that came closest.
      const branches = issue.errors.map((branch) =>
        branch.flatMap((i) => mapIssue({ ...i, path: [...path, ...i.path] } as Issue, doc, schema)),
      );
      const best = branches.sort((a, b) => a.length - b.length)[0];
      return best?.length ? best : [{ code: "invalid_value", path, message: "does not match any allowed form" }];
    }
    default:
      return [{ code: issue.code === "custom" ? String((issue.params as { rule?: string } | undefined)?.rule ?? "invalid") : issue.code, path, message: issue.message }];
  }
}

/** Adds the did-you-mean of an unknown key to its message, or else the tables the key belongs to. */
function withHint(m: MappedIssue, hint: string | undefined): MappedIssue {
  if (hint) return { ...m, message: `${m.message}; did you mean "${hint}"?`, suggest: undefined, homes: undefined };
  const homes = m.homes?.() ?? [];
  const home = homes.length > 3 ? "" : homes.map((h) => `[${h}]`).join(" or ");
  return { ...m, message: home ? `${m.message}; it belongs in ${home}` : m.message, suggest: undefined, homes: undefined };
}

/**
 * A typo of a required key shows up twice (missing `batch_size`, unknown
 * `batchsize`); keep only the unknown-key finding, which names both. Only
 * unknown keys beside a missing one are looked at here; the did-you-mean of
 * the others waits until it is known they are shown.
 */
function mergeTypos(mapped: MappedIssue[], doc: unknown): MappedIssue[] {
  const missingKeys = mapped.filter((m) => m.code === "missing_key");
  const missing = new Set(missingKeys.map((m) => formatPath(m.path)));
  /** Every proper prefix of a missing key: an unknown key beside one of them may be its typo. */
  const parents = new Set(missingKeys.flatMap((m) => m.path.map((_, n) => formatPath(m.path.slice(0, n)))));
  const explained = new Set<string>();
  // Bounded: a file of thousands of unknown keys must not pay a did-you-mean for each.
  let budget = 1000;
  const out = mapped.map((m) => {
    if (!m.suggest || !parents.has(formatPath(m.path.slice(0, -1))) || budget-- <= 0) return m;
    const hint = m.suggest();
    if (!hint) return withHint(m, hint);
    const sibling = [...m.path.slice(0, -1), hint];
    if (missing.has(formatPath(sibling))) {
      explained.add(formatPath(sibling));
      return { ...withHint(m, hint), message: `${withHint(m, hint).message} (${hint} is required)` };
    }
    // A misspelt table ([trainig]): the keys it holds are what the real table is missing.
    const typoTable = valueAt(doc, m.path);
    if (typoTable && typeof typoTable === "object" && !Array.isArray(typoTable)) {
      for (const key of Object.keys(typoTable)) if (missing.has(formatPath([...sibling, key]))) explained.add(formatPath([...sibling, key]));
    }
    return withHint(m, hint);
  });
  return out.filter((m) => !(m.code === "missing_key" && explained.has(formatPath(m.path))));
}

/** A finding before it has a source position: its key path is still a path. */
export interface UnplacedFinding extends Omit<Finding, "path" | "line" | "column" | "file"> {
  path: readonly PropertyKey[];
}

/**
 * Converts Zod issues to findings, to be positioned in one batch by the
 * caller. Only the first `shown` get their did-you-mean: the others are
 * counted, never shown.
 */
export function issuesToFindings(issues: readonly Issue[], doc: unknown, schema: z.core.$ZodType, shown = Infinity): UnplacedFinding[] {
  return mergeTypos(issues.flatMap((issue) => mapIssue(issue, doc, schema)), doc).map((m, n) => {
    const { code, path, message } = m.suggest && n < shown ? withHint(m, m.suggest()) : m;
    return { severity: "error" as const, code, path, message };
  });
}
