/**
 * Key rules: which keys of a table may appear together. Zod states them as
 * refinements, which `z.toJSONSchema` drops; here they become `oneOf` (exactly
 * one of) and `not` (at most one of) on the table, or any other JSON Schema
 * fragment joined to its `allOf`.
 */
import type { z } from "zod";
import type { JsonSchema } from "./schema-tree.js";

/**
 * A rule about which keys of one table may appear together, for a table Zod
 * checks with a refinement. It applies wherever `target` (the refined Zod
 * schema itself) occurs in the converted schema. `emptyIsUnset` counts an
 * empty string as absent, as synth-ai's pydantic models do for model ids
 * (Python's truthiness: "" is unset, a blank "  " is set).
 */
export interface KeyRule {
  /** The Zod schema (object) the rule belongs to, as exported by src/schemas. */
  target: z.ZodType;
  exactlyOneOf?: readonly string[];
  atMostOneOf?: readonly string[];
  emptyIsUnset?: boolean;
  /** Any other rule, as a JSON Schema the table must also match (added to its `allOf`). */
  schema?: JsonSchema;
}

/** The metadata keys {@link applyRuleMeta} reads, for one rule on a table. */
export function ruleMetaOf(rule: KeyRule, table: JsonSchema): JsonSchema {
  return {
    ...(rule.exactlyOneOf ? { exactlyOneOf: [...rule.exactlyOneOf] } : {}),
    ...(rule.atMostOneOf ? { atMostOneOf: [...rule.atMostOneOf] } : {}),
    ...(rule.emptyIsUnset ? { emptyIsUnset: true } : {}),
    ...(rule.schema ? { allOf: [...(Array.isArray(table.allOf) ? table.allOf : []), rule.schema] } : {}),
  };
}

/** Turns `exactlyOneOf` / `atMostOneOf` metadata into JSON Schema rules. */
export function applyRuleMeta(node: JsonSchema): JsonSchema {
  const { exactlyOneOf, atMostOneOf, emptyIsUnset, ...rest } = node;
  const rules: JsonSchema[] = [];
  // "set" means present, or present and not empty when empty strings count as unset.
  const isSet = (key: string): JsonSchema => (emptyIsUnset === true ? { required: [key], properties: { [key]: { minLength: 1 } } } : { required: [key] });
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
