/**
 * Walks a Zod schema along a key path, to answer "which keys are allowed
 * here?" for did-you-mean suggestions and `--allow-unknown`.
 */
import { z } from "../zod.js";

/** Strips wrappers (optional, default, nullable, pipe, lazy) off a schema. */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (let i = 0; i < 32; i++) {
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === "optional" || def.type === "default" || def.type === "nullable" || def.type === "prefault" || def.type === "readonly" || def.type === "catch")
      current = def.innerType as z.core.$ZodType;
    else if (def.type === "pipe") current = def.in as z.core.$ZodType;
    else if (def.type === "lazy") current = (def.getter as () => z.core.$ZodType)();
    else return current;
  }
  return current;
}

/** The schema found at `path` inside `schema`, or undefined when the path leaves it. */
export function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let current: z.core.$ZodType | undefined = unwrap(schema);
  for (const seg of path) {
    if (!current) return undefined;
    const def = current._zod.def as unknown as Record<string, unknown> & { type: string };
    if (def.type === "object") {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      current = typeof seg === "string" && seg in shape ? shape[seg] : (def.catchall as z.core.$ZodType | undefined);
    } else if (def.type === "array") current = def.element as z.core.$ZodType;
    else if (def.type === "record") current = def.valueType as z.core.$ZodType;
    else if (def.type === "union") {
      const options = (def.options as z.core.$ZodType[]).map(unwrap).filter((o) => (o._zod.def as { type: string }).type === "object");
      current = options[0];
    } else return undefined;
    current = current ? unwrap(current) : undefined;
  }
  return current;
}

/** Keys declared by the object schema at `path` (empty when it is not an object). */
export function keysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): string[] {
  const target = schemaAt(schema, path);
  if (!target) return [];
  const def = target._zod.def as unknown as { type: string; shape?: Record<string, unknown> };
  return def.type === "object" && def.shape ? Object.keys(def.shape) : [];
}
