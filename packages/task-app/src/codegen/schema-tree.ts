/**
 * Walking JSON Schema documents: applying a rewrite to every subschema, and
 * inlining `$ref`s to `definitions` (keeping only those a cycle needs).
 */

/** A JSON Schema node as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Whether a value is a JSON object (a schema node or a map of them). */
export function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keywords whose value is a schema. */
const SCHEMA_KEYWORDS = ["additionalProperties", "items", "not", "propertyNames", "contains", "if", "then", "else"];
/** Keywords whose value is an array of schemas. */
const SCHEMA_ARRAY_KEYWORDS = ["allOf", "anyOf", "oneOf", "items"];
/** Keywords whose value is a map of schemas. */
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "definitions", "dependencies"];

/** Applies `fn` bottom-up to every schema node (children first). */
export function mapSchemas(node: JsonSchema, fn: (node: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  for (const key of SCHEMA_KEYWORDS) {
    if (isObject(out[key])) out[key] = mapSchemas(out[key] as JsonSchema, fn);
  }
  for (const key of SCHEMA_ARRAY_KEYWORDS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((s) => (isObject(s) ? mapSchemas(s, fn) : s));
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (isObject(out[key])) {
      out[key] = Object.fromEntries(
        Object.entries(out[key] as JsonSchema).map(([k, s]) => [k, isObject(s) ? mapSchemas(s, fn) : s]),
      );
    }
  }
  return fn(out);
}

/**
 * Replaces `{"$ref": "#/definitions/X"}` (and the `allOf: [{$ref}]` wrapper
 * Zod emits beside sibling keywords) with the definition itself. A ref that
 * would recurse into itself is left in place and its definition kept.
 */
export function inlineRefs(
  node: JsonSchema,
  definitions: Record<string, JsonSchema>,
  stack: readonly string[],
  kept: Map<string, JsonSchema>,
): JsonSchema {
  const nameOf = (ref: unknown): string | undefined =>
    typeof ref === "string" && ref.startsWith("#/definitions/") ? decodeURIComponent(ref.slice(14)) : undefined;
  const expand = (name: string): JsonSchema | undefined => {
    const def = definitions[name];
    if (!def) return undefined;
    if (stack.includes(name)) {
      if (!kept.has(name)) {
        kept.set(name, {}); // placeholder against re-entry
        kept.set(name, inlineRefs(def, definitions, [name], kept));
      }
      return undefined;
    }
    return inlineRefs(def, definitions, [...stack, name], kept);
  };

  // A lone `allOf: [{$ref}]` is Zod's way to put siblings beside a ref: treat it as the ref.
  const allOf = node.allOf;
  const wrapped =
    Array.isArray(allOf) && allOf.length === 1 && isObject(allOf[0]) && Object.keys(allOf[0]).length === 1
      ? nameOf(allOf[0].$ref)
      : undefined;
  const refName = wrapped ?? nameOf(node.$ref);

  const out: JsonSchema = { ...node };
  if (wrapped) delete out.allOf;
  for (const key of SCHEMA_KEYWORDS) {
    if (isObject(out[key])) out[key] = inlineRefs(out[key] as JsonSchema, definitions, stack, kept);
  }
  for (const key of SCHEMA_ARRAY_KEYWORDS) {
    if (Array.isArray(out[key])) {
      out[key] = (out[key] as unknown[]).map((s) => (isObject(s) ? inlineRefs(s, definitions, stack, kept) : s));
    }
  }
  for (const key of SCHEMA_MAP_KEYWORDS) {
    if (key === "definitions") continue;
    if (isObject(out[key])) {
      out[key] = Object.fromEntries(
        Object.entries(out[key] as JsonSchema).map(([k, s]) => [
          k,
          isObject(s) ? inlineRefs(s, definitions, stack, kept) : s,
        ]),
      );
    }
  }
  if (!refName) return out;
  const def = expand(refName);
  if (!def) {
    // Recursive: keep the reference (restoring Zod's wrapper if there was one).
    return wrapped ? { ...out, allOf: node.allOf } : out;
  }
  const { $ref: _ref, ...siblings } = out;
  return { ...def, ...siblings };
}

/** Drops keywords that say nothing for TOML: `propertyNames: {type: "string"}` (keys are strings). */
export function dropRedundantKeywords(node: JsonSchema): JsonSchema {
  const names = node.propertyNames;
  if (isObject(names) && Object.keys(names).length === 1 && names.type === "string") {
    const { propertyNames: _names, ...rest } = node;
    return rest;
  }
  return node;
}
