/**
 * pydantic 2's lax mode, as synth-ai's config models apply it (CONTRACT.md
 * §1.4), at exactly the keys those models type (./synth-types.ts): a quoted
 * number in an int or float field (`batch_size = "2"`, `learning_rate =
 * "5e-06"`), a boolean in a number field, and a boolean word or 0/1 in a bool
 * field are coerced and submitted. task-app accepts what synth-ai would
 * submit, with a warning that shows the typed value to write; what pydantic
 * cannot coerce, and any value of a key synth-ai forwards as written, stays an
 * error. The rules below were checked against pydantic 2.13
 * (test/coerce-pydantic.test.ts runs it).
 */
import type { z } from "zod";
import type { ConfigKind } from "../schemas/registry.js";
import { synthScalarAt, type SynthScalar } from "./synth-types.js";

export interface Coercion {
  path: PropertyKey[];
  from: unknown;
  to: number | boolean;
}

/** pydantic-core strips a numeric string with Rust's `str::trim` (Unicode White_Space), not Python's `str.strip()`. */
const RUST_SPACE = /^[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
/** An int field: decimal digits with single underscores between them, and a fraction only of zeros ("4.0"); no exponent. */
const INT = /^[-+]?\d+(_\d+)*(\.0+)?$/;
/** A float field (Rust's f64 grammar once single inner underscores are dropped): no hex, no commas. */
const FLOAT = /^[-+]?((\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|inf|infinity|nan)$/i;
const TRUE = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE = new Set(["0", "off", "f", "false", "n", "no"]);

/** The value pydantic's lax mode makes of `value` for a field of scalar type `type`, or undefined when it refuses it. */
export function coerceLax(value: unknown, type: SynthScalar): number | boolean | undefined {
  if (type === "bool") {
    // No stripping here: " true " is refused.
    if (typeof value === "string") return TRUE.has(value.toLowerCase()) ? true : FALSE.has(value.toLowerCase()) ? false : undefined;
    return value === 0 || value === 1 ? value === 1 : undefined;
  }
  if (typeof value === "boolean") return Number(value);
  if (typeof value !== "string") return undefined;
  const text = value.replace(RUST_SPACE, "");
  if (type === "int") return INT.test(text) ? Number(text.replaceAll("_", "")) : undefined;
  // Underscores only between characters, and only in a string without surrounding whitespace.
  if (text.includes("_") && (text !== value || text.startsWith("_") || text.endsWith("_") || text.includes("__"))) return undefined;
  const plain = text.replaceAll("_", "");
  if (!FLOAT.test(plain)) return undefined;
  const word = plain.replace(/^[-+]/, "").toLowerCase();
  const sign = plain.startsWith("-") ? -1 : 1;
  return word.startsWith("inf") ? sign * Infinity : word === "nan" ? NaN : Number(plain);
}

const getAt = (root: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((node, seg) => (node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[seg] : undefined), root);

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown) {
  const parent = getAt(root, path.slice(0, -1)) as Record<PropertyKey, unknown>;
  parent[path[path.length - 1] as PropertyKey] = value;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((seg, i) => seg === b[i]);

/**
 * Re-validates `doc` with the lax coercions synth-ai would apply to a config
 * of `kind`. Returns the new result and the coercions kept: a coercion whose
 * coerced value still fails at its path (e.g. "nan" for a positive rate) is
 * undone, so the original error is reported.
 */
export function parseWithLaxScalars<S extends z.ZodType>(schema: S, doc: Record<string, unknown>, issues: readonly z.core.$ZodIssue[], kind: ConfigKind) {
  const candidates = issues.flatMap((issue): Coercion[] => {
    if (issue.code !== "invalid_type") return [];
    const type = synthScalarAt(kind, doc, issue.path);
    const from = getAt(doc, issue.path);
    const to = type === undefined ? undefined : coerceLax(from, type);
    return to === undefined ? [] : [{ path: [...issue.path], from, to }];
  });
  if (!candidates.length) return undefined;
  const copy = structuredClone(doc);
  for (const c of candidates) setAt(copy, c.path, c.to);
  let result = schema.safeParse(copy);
  const failed = result.success ? [] : candidates.filter((c) => result.error!.issues.some((i) => samePath(i.path, c.path)));
  if (failed.length) {
    for (const c of failed) setAt(copy, c.path, c.from);
    result = schema.safeParse(copy);
  }
  return { copy, result, coerced: candidates.filter((c) => !failed.includes(c)) };
}

/** A copy of `doc` with the kept coercions applied: what synth-ai's models would see. */
export function applyCoercions(doc: Record<string, unknown>, coerced: readonly Coercion[]): Record<string, unknown> {
  const copy = structuredClone(doc);
  for (const c of coerced) setAt(copy, c.path, c.to);
  return copy;
}
