/**
 * OpenAPI `components.schemas` built from Zod schemas. Each schema is
 * converted on its own side of the wire (`io: "output"` for what the server
 * sends, `io: "input"` for what it accepts: defaults make keys optional);
 * every schema with a registry `id` becomes a named component, and refs point
 * at `#/components/schemas/<id>`. When a schema's input shape differs from
 * the output shape already registered under its id, the input one is named
 * `<id>Input` (and so is every input schema that refers to it).
 */
import { z } from "../zod.js";
import { compareCodeUnits } from "../text/compare.js";
import type { JsonSchema } from "./json-schema.js";

/** Which side of the wire a schema describes. */
export type WireSide = "input" | "output";

const REF_PREFIX = "#/components/schemas/";

/** A growing set of named components; `add` returns the schema to use in place. */
export class ComponentSet {
  private readonly schemas = new Map<string, JsonSchema>();

  /** Converts `schema` for `side`, registers its named parts and returns a `$ref` (or the inline schema). */
  add(schema: z.ZodType, side: WireSide): JsonSchema {
    const raw = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io: side,
      unrepresentable: "any",
      override: side === "output" ? outputExamples : undefined,
    }) as JsonSchema;
    const defs = (raw.$defs ?? {}) as Record<string, JsonSchema>;
    const { $schema: _s, $defs: _d, ...root } = raw;
    const names = this.namesFor(defs);
    for (const [name, def] of Object.entries(defs)) {
      const finalName = names.get(name)!;
      const rewritten = rewriteRefs(def, names);
      const existing = this.schemas.get(finalName);
      if (existing && JSON.stringify(existing) !== JSON.stringify(rewritten)) {
        throw new Error(`component ${finalName} has two different ${side} shapes`);
      }
      this.schemas.set(finalName, rewritten);
    }
    return rewriteRefs(root, names);
  }

  /** The registered components, sorted by name. */
  toJSON(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.schemas].sort(([a], [b]) => compareCodeUnits(a, b)));
  }

  /**
   * Final component names for a batch of definitions: the plain id where the
   * content matches what is registered under it (or nothing is), else
   * `<id>Input`, propagated to every definition that refers to a renamed one.
   */
  private namesFor(defs: Record<string, JsonSchema>): Map<string, string> {
    const plain = new Map(Object.keys(defs).map((n) => [n, n]));
    const renamed = new Set<string>();
    for (const [name, def] of Object.entries(defs)) {
      const existing = this.schemas.get(name);
      if (existing && JSON.stringify(existing) !== JSON.stringify(rewriteRefs(def, plain))) renamed.add(name);
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, def] of Object.entries(defs)) {
        if (renamed.has(name)) continue;
        if (refsOf(def).some((r) => renamed.has(r))) {
          renamed.add(name);
          changed = true;
        }
      }
    }
    return new Map(Object.keys(defs).map((n) => [n, renamed.has(n) ? `${n}Input` : n]));
  }
}

/**
 * Examples in `.meta()` are written as inputs; on the output side each one is
 * shown as the schema parses it (defaults filled in, unknown keys dropped),
 * which is what a client receives.
 */
function outputExamples(ctx: { zodSchema: unknown; jsonSchema: { examples?: unknown } }): void {
  const examples = ctx.jsonSchema.examples;
  if (!Array.isArray(examples)) return;
  ctx.jsonSchema.examples = examples.map((example: unknown) => {
    const parsed = z.safeParse(ctx.zodSchema as z.ZodType, example);
    return parsed.success ? parsed.data : example;
  });
}

function rewriteRefs(node: JsonSchema, names: ReadonlyMap<string, string>): JsonSchema {
  return JSON.parse(
    JSON.stringify(node, (key, value: unknown) => {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) {
        const name = decodeURIComponent(value.slice(8));
        return `${REF_PREFIX}${names.get(name) ?? name}`;
      }
      return value;
    }),
  ) as JsonSchema;
}

function refsOf(node: JsonSchema): string[] {
  const out: string[] = [];
  JSON.stringify(node, (key, value: unknown) => {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#/$defs/")) out.push(decodeURIComponent(value.slice(8)));
    return value;
  });
  return out;
}
