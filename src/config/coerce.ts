/**
 * pydantic's lax mode, as synth-ai's config models apply it (CONTRACT.md §1.4):
 * a quoted number in a number field (`batch_size = "2"`, `learning_rate =
 * "5e-06"`) and a quoted boolean or 0/1 in a boolean field are coerced and
 * submitted. task-app accepts what synth-ai would submit, with a warning that
 * shows the typed value to write; what pydantic cannot coerce stays an error.
 */
import type { z } from "zod";

export interface Coercion {
  path: PropertyKey[];
  from: unknown;
  to: number | boolean;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const TRUE = new Set(["1", "on", "t", "true", "y", "yes"]);
const FALSE = new Set(["0", "off", "f", "false", "n", "no"]);

/** The value pydantic's lax mode makes of `value` for a field of type `expected`, or undefined when it would refuse it. */
export function coerceLax(value: unknown, expected: string): number | boolean | undefined {
  if (expected === "number" && typeof value === "string" && NUMBER.test(value.trim())) return Number(value.trim());
  if (expected === "boolean") {
    if (typeof value === "string") {
      const word = value.trim().toLowerCase();
      if (TRUE.has(word)) return true;
      if (FALSE.has(word)) return false;
    }
    if (value === 0 || value === 1) return value === 1;
  }
  return undefined;
}

const getAt = (root: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((node, seg) => (node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[seg] : undefined), root);

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown) {
  const parent = getAt(root, path.slice(0, -1)) as Record<PropertyKey, unknown>;
  parent[path[path.length - 1] as PropertyKey] = value;
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) => a.length === b.length && a.every((seg, i) => seg === b[i]);

/**
 * Re-validates `doc` with the lax coercions synth-ai would apply. Returns the
 * new result and the coercions kept: a coercion whose coerced value still
 * fails at its path (e.g. "2.5" for an integer) is undone, so the original
 * error is reported.
 */
export function parseWithLaxScalars<S extends z.ZodType>(schema: S, doc: Record<string, unknown>, issues: readonly z.core.$ZodIssue[]) {
  const candidates = issues.flatMap((issue): Coercion[] => {
    if (issue.code !== "invalid_type") return [];
    const from = getAt(doc, issue.path);
    const to = coerceLax(from, issue.expected);
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
