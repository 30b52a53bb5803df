/**
 * What the emitted JSON Schemas (schemas/*.schema.json, generated from the
 * Zod schemas) say about a key: description, type, default, allowed values,
 * examples, the keys of a table. Hover, completion and the missing-key fix
 * read the same metadata the editors' schema tools read.
 */
import { readFileSync } from "node:fs";
import { allowedValuesOf } from "../codegen/editor-extras.js";
import { typeOf } from "../codegen/markdown.js";
import type { JsonSchema } from "../codegen/schema-tree.js";

const cache = new Map<string, JsonSchema>();

/** The schema file id of a config kind (`rl` → `rl-config`, `rubric` → `rubric`). */
export function schemaIdOfKind(kind: string): string {
  return kind === "rubric" ? "rubric" : `${kind}-config`;
}

/** The emitted JSON Schema of a config kind (read once). */
export function loadSchema(kind: string): JsonSchema | undefined {
  const id = schemaIdOfKind(kind);
  if (!cache.has(id)) {
    try {
      // src/lsp and dist/lsp are both two levels below the package root.
      cache.set(id, JSON.parse(readFileSync(new URL(`../../schemas/${id}.schema.json`, import.meta.url), "utf8")) as JsonSchema);
    } catch {
      return undefined;
    }
  }
  return cache.get(id);
}

const isObject = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);

/** The part of a node that declares properties (looking through anyOf / oneOf). */
function objectPart(node: JsonSchema): JsonSchema | undefined {
  if (isObject(node.properties)) return node;
  for (const key of ["anyOf", "oneOf"]) {
    const alternatives = node[key];
    if (Array.isArray(alternatives)) {
      const found = alternatives.find((s) => isObject(s) && isObject(s.properties));
      if (found) return found as JsonSchema;
    }
  }
  return undefined;
}

/** The item schema of an array node (looking through anyOf / oneOf). */
function itemsOf(node: JsonSchema): JsonSchema | undefined {
  if (isObject(node.items)) return node.items as JsonSchema;
  for (const key of ["anyOf", "oneOf"]) {
    const alternatives = node[key];
    if (Array.isArray(alternatives)) for (const alt of alternatives) if (isObject(alt) && isObject(alt.items)) return alt.items as JsonSchema;
  }
  return undefined;
}

/** The schema node at a key path (array indexes step into items), or undefined when the path leaves the schema. */
export function schemaNodeAt(root: JsonSchema, path: readonly (string | number)[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === "number") {
      node = itemsOf(node);
      continue;
    }
    const object = objectPart(node) ?? (itemsOf(node) ? objectPart(itemsOf(node)!) : undefined);
    const props = object?.properties as Record<string, JsonSchema> | undefined;
    if (props && Object.hasOwn(props, seg)) node = props[seg];
    else if (object && isObject(object.additionalProperties)) node = object.additionalProperties as JsonSchema;
    else return undefined;
  }
  return node;
}

/** The keys a table at `path` declares, with their schemas (empty for a leaf or an unknown path). */
export function keysOfTable(root: JsonSchema, path: readonly (string | number)[]): [string, JsonSchema][] {
  const node = schemaNodeAt(root, path);
  if (!node) return [];
  const object = objectPart(node) ?? (itemsOf(node) ? objectPart(itemsOf(node)!) : undefined);
  return object ? Object.entries((object.properties ?? {}) as Record<string, JsonSchema>).filter(([, v]) => isObject(v)) : [];
}

/** The keys a table requires. */
export function requiredKeysOf(root: JsonSchema, path: readonly (string | number)[]): string[] {
  const node = schemaNodeAt(root, path);
  const object = node ? objectPart(node) : undefined;
  return Array.isArray(object?.required) ? (object.required as string[]) : [];
}

/** True when the node is a table (or an array of tables). */
export function isTableNode(node: JsonSchema): boolean {
  return objectPart(node) !== undefined || (itemsOf(node) !== undefined && objectPart(itemsOf(node)!) !== undefined);
}

export interface KeyFacts {
  description?: string;
  type: string;
  default?: { value: unknown };
  allowed?: unknown[];
  examples: unknown[];
}

/** What the schema says of one key. */
export function factsOf(node: JsonSchema): KeyFacts {
  return {
    description: typeof node.description === "string" ? node.description : undefined,
    type: typeOf(node),
    default: "default" in node ? { value: node.default } : undefined,
    allowed: allowedValuesOf(node),
    examples: Array.isArray(node.examples) ? node.examples : [],
  };
}

/** A value to write for a key nobody has chosen yet: its default, else its first example or allowed value, else an empty value of its type. */
export function placeholderOf(node: JsonSchema): unknown {
  const facts = factsOf(node);
  if (facts.default) return facts.default.value;
  if (facts.examples.length) return facts.examples[0];
  if (facts.allowed?.length) return facts.allowed[0];
  const type = facts.type.split(" | ")[0] ?? "";
  if (type === "integer" || type === "number") return 0;
  if (type === "boolean") return false;
  if (type.startsWith("array")) return [];
  return "";
}
