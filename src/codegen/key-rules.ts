/**
 * Key rules: which keys of a table may appear together. Zod states them as
 * refinements, which `z.toJSONSchema` drops; here they become `oneOf` (exactly
 * one of) and `not` (at most one of) on the table, or any other JSON Schema
 * fragment joined to its `allOf`.
 */
import type { z } from "zod";
import { isObject, type JsonSchema } from "./schema-tree.js";

/**
 * A rule about which keys of one table may appear together, for a table Zod
 * checks with a refinement. It applies wherever `target` (the refined Zod
 * schema itself) occurs in the converted schema. `blankIsUnset` counts a
 * blank string as absent, as synth-ai does for model ids.
 */
export interface KeyRule {
  /** The Zod schema (object) the rule belongs to, as exported by src/schemas. */
  target: z.ZodType;
  exactlyOneOf?: readonly string[];
  atMostOneOf?: readonly string[];
  blankIsUnset?: boolean;
  /** Any other rule, as a JSON Schema the table must also match (added to its `allOf`). */
  schema?: JsonSchema;
}

/**
 * A string that is not blank: at least one character that is not JavaScript
 * whitespace (the set `String.prototype.trim` removes), spelled out so that
 * every regex engine agrees on it.
 */
export const NON_BLANK_PATTERN = "[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]";

/** The metadata keys {@link applyRuleMeta} reads, for one rule on a table. */
export function ruleMetaOf(rule: KeyRule, table: JsonSchema): JsonSchema {
  return {
    ...(rule.exactlyOneOf ? { exactlyOneOf: [...rule.exactlyOneOf] } : {}),
    ...(rule.atMostOneOf ? { atMostOneOf: [...rule.atMostOneOf] } : {}),
    ...(rule.blankIsUnset ? { blankIsUnset: true } : {}),
    ...(rule.schema ? { allOf: [...(Array.isArray(table.allOf) ? table.allOf : []), rule.schema] } : {}),
  };
}

/** Turns `exactlyOneOf` / `atMostOneOf` metadata into JSON Schema rules. */
export function applyRuleMeta(node: JsonSchema): JsonSchema {
  const { exactlyOneOf, atMostOneOf, blankIsUnset, ...rest } = node;
  const rules: JsonSchema[] = [];
  // "set" means present, or present and not blank when blank strings count as unset.
  const isSet = (key: string): JsonSchema =>
    blankIsUnset === true
      ? { required: [key], properties: { [key]: { pattern: NON_BLANK_PATTERN } } }
      : { required: [key] };
  if (isKeyList(exactlyOneOf)) {
    rules.push({ oneOf: exactlyOneOf.map(isSet) });
  }
  if (isKeyList(atMostOneOf)) {
    const pairs: JsonSchema[] = [];
    for (let i = 0; i < atMostOneOf.length; i++) {
      for (let j = i + 1; j < atMostOneOf.length; j++) {
        const a = isSet(atMostOneOf[i]!);
        const b = isSet(atMostOneOf[j]!);
        pairs.push({
          required: [atMostOneOf[i], atMostOneOf[j]],
          ...(a.properties || b.properties ? { properties: { ...(a.properties as object), ...(b.properties as object) } } : {}),
        });
      }
    }
    rules.push(pairs.length === 1 ? { not: pairs[0] } : { not: { anyOf: pairs } });
  }
  if (rules.length === 0) return node;
  if (rules.length === 1 && !("oneOf" in rest) && !("not" in rest)) return { ...rest, ...rules[0] };
  const allOf = Array.isArray(rest.allOf) ? [...(rest.allOf as JsonSchema[]), ...rules] : rules;
  return { ...rest, allOf };
}

function isKeyList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length >= 2 && value.every((v) => typeof v === "string");
}
