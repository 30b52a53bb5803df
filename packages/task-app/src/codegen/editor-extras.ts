/**
 * Editor extras on an emitted schema: `x-taplo` docs (description, default,
 * allowed values, range, example), links into the config reference and
 * `initKeys`; plus notes appended to descriptions for rules the schema
 * cannot check.
 */
import { isObject, type JsonSchema } from "./schema-tree.js";

/** Adds `x-taplo` docs, links and initKeys to every node, walking `properties` with their key paths. */
export function addEditorExtras(
  node: JsonSchema,
  path: readonly string[],
  linkOf: ((path: readonly string[]) => string | undefined) | undefined,
): JsonSchema {
  const out: JsonSchema = { ...node };
  if (isObject(out.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as JsonSchema).map(([key, child]) => [
        key,
        isObject(child) ? addEditorExtras(child, [...path, key], linkOf) : child,
      ]),
    );
  }
  if (isObject(out.additionalProperties)) {
    out.additionalProperties = addEditorExtras(out.additionalProperties as JsonSchema, [...path, "*"], linkOf);
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(out[key])) {
      out[key] = (out[key] as unknown[]).map((s) => (isObject(s) && isValueSchema(s) ? addEditorExtras(s, path, linkOf) : s));
    }
  }
  if (isObject(out.items)) out.items = addEditorExtras(out.items as JsonSchema, path, linkOf);

  const taplo: JsonSchema = isObject(out["x-taplo"]) ? { ...(out["x-taplo"] as JsonSchema) } : {};
  const main = docsOf(out);
  if (main && main !== out.description) {
    taplo.docs = { ...(isObject(taplo.docs) ? taplo.docs : {}), main };
  }
  const required = Array.isArray(out.required) ? (out.required as string[]) : [];
  if (required.length > 0 && !taplo.initKeys) taplo.initKeys = [...required];
  const link = path.length > 0 ? linkOf?.(path) : undefined;
  if (link) taplo.links = { ...(isObject(taplo.links) ? taplo.links : {}), key: link };
  if (Object.keys(taplo).length > 0) out["x-taplo"] = taplo;
  return out;
}

/** Whether a subschema describes a value (has a type), rather than only constraining one (a key rule). */
function isValueSchema(node: JsonSchema): boolean {
  return "type" in node || "enum" in node || "const" in node || "anyOf" in node || "oneOf" in node;
}

/** Markdown documentation of one key: description, then default, allowed values and example. */
export function docsOf(node: JsonSchema): string | undefined {
  const lines: string[] = [];
  if (typeof node.description === "string") lines.push(node.description);
  const facts: string[] = [];
  if ("default" in node) facts.push(`Default: \`${inlineJson(node.default)}\``);
  const allowed = allowedValuesOf(node);
  if (allowed) facts.push(`Allowed: ${allowed.map((v) => `\`${inlineJson(v)}\``).join(", ")}`);
  const range = rangeOf(node);
  if (range) facts.push(`Range: ${range}`);
  if (Array.isArray(node.examples) && node.examples.length > 0) {
    facts.push(`Example: \`${inlineJson(node.examples[0])}\``);
  }
  if (facts.length > 0) lines.push(facts.join("  \n"));
  return lines.length > 0 ? lines.join("\n\n") : undefined;
}

/** The values a node allows when it is an enum or a const (or an anyOf of them). */
export function allowedValuesOf(node: JsonSchema): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if ("const" in node) return [node.const];
  const alternatives = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (alternatives && alternatives.every((s) => isObject(s) && (Array.isArray(s.enum) || "const" in s))) {
    return alternatives.flatMap((s) => allowedValuesOf(s as JsonSchema) ?? []);
  }
  return undefined;
}

/** A human range such as `≥ 1`, `> 0 and ≤ 1`; bounds at the safe-integer limits are omitted. */
export function rangeOf(node: JsonSchema): string | undefined {
  const parts: string[] = [];
  const limit = (v: unknown): v is number =>
    typeof v === "number" && Math.abs(v) !== Number.MAX_SAFE_INTEGER;
  if (limit(node.minimum)) parts.push(`≥ ${node.minimum}`);
  if (limit(node.exclusiveMinimum)) parts.push(`> ${node.exclusiveMinimum}`);
  if (limit(node.maximum)) parts.push(`≤ ${node.maximum}`);
  if (limit(node.exclusiveMaximum)) parts.push(`< ${node.exclusiveMaximum}`);
  return parts.length > 0 ? parts.join(" and ") : undefined;
}

/** Compact one-line JSON for docs (TOML and JSON agree on strings, numbers and booleans). */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value) ?? "null";
}

/** Appends `text` to the description of the key at `path` (looking through union alternatives). */
export function addNote(node: JsonSchema, path: readonly string[], text: string, full: readonly string[] = path): JsonSchema {
  const [head, ...tail] = path;
  if (head === undefined) {
    const description = typeof node.description === "string" ? `${node.description} ${text}` : text;
    return { ...node, description };
  }
  let found = false;
  const visit = (table: JsonSchema): JsonSchema => {
    const props = table.properties;
    if (isObject(props) && isObject(props[head])) {
      found = true;
      return { ...table, properties: { ...props, [head]: addNote(props[head] as JsonSchema, tail, text, full) } };
    }
    for (const key of ["anyOf", "oneOf"]) {
      if (Array.isArray(table[key])) return { ...table, [key]: (table[key] as unknown[]).map((s) => (isObject(s) ? visit(s) : s)) };
    }
    return table;
  };
  const out = visit(node);
  if (!found) throw new Error(`no key ${full.join(".")} to note`);
  return out;
}
