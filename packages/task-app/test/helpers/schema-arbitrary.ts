/**
 * fast-check arbitraries for differential tests: documents shaped by a JSON
 * Schema (mostly valid), and mutations that break them the ways people
 * break config files: a wrong type, an unknown key, a missing key, an
 * out-of-range or blank value. Strings are printable ASCII, so every regex
 * engine reads them the same way.
 */
import fc from "fast-check";

type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys used for free-form tables and unknown-key mutations. */
const FREE_KEYS = ["a", "b", "env", "event", "outcome", "x_1"];

const text = fc.string({ maxLength: 12 });
const scalar: fc.Arbitrary<unknown> = fc.oneof(text, fc.integer({ min: -5, max: 100 }), fc.boolean(), fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }));

/** Whether a subschema describes a value (has a type) rather than only constraining one. */
function describesValue(node: Schema): boolean {
  return "type" in node || "enum" in node || "const" in node || "properties" in node || "anyOf" in node || "oneOf" in node;
}

/** A document shaped by `schema`; `depth` bounds nesting. */
export function documentOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const samples = [...(Array.isArray(schema.examples) ? schema.examples : []), ...("default" in schema ? [schema.default] : [])];
  const shaped = shapedBy(schema, depth);
  if (samples.length === 0) return shaped;
  // A pattern is rarely hit at random: lean on the schema's own examples there (a config with many patterned keys, such as deploy, still needs most of them valid at once).
  const sampleWeight = typeof schema.pattern === "string" ? 18 : 1;
  return fc.oneof({ arbitrary: fc.constantFrom(...samples), weight: sampleWeight }, { arbitrary: shaped, weight: 2 });
}

function shapedBy(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
  if (types.length === 0) {
    for (const key of ["anyOf", "oneOf"]) {
      const alternatives = (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []).filter(isObject).filter(describesValue);
      if (alternatives.length > 0) return fc.oneof(...alternatives.map((s) => documentOf(s, depth)));
    }
    if (isObject(schema.properties)) return objectOf(schema, depth);
    return depth > 3 ? scalar : fc.oneof(scalar, fc.array(scalar, { maxLength: 2 }));
  }
  return fc.oneof(...types.map((type) => ofType(type, schema, depth)));
}

function ofType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "object":
      return objectOf(schema, depth);
    case "array": {
      const items = isObject(schema.items) ? documentOf(schema.items, depth + 1) : scalar;
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      return fc.array(items, { minLength, maxLength: Math.max(minLength, depth > 3 ? 1 : 3) });
    }
    case "string": {
      const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, 12) });
    }
    case "integer": {
      const { min, max } = bounds(schema, true);
      return fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 100_000) });
    }
    case "number": {
      const { min, max } = bounds(schema, false);
      return fc.double({ min: Math.max(min, -1000), max: Math.min(max, 100_000), noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return scalar;
  }
}

/** The inclusive range a number must lie in, with exclusive bounds stepped inwards. */
function bounds(schema: Schema, integer: boolean): { min: number; max: number } {
  const step = integer ? 1 : 1e-6;
  let min = -Number.MAX_SAFE_INTEGER;
  let max = Number.MAX_SAFE_INTEGER;
  if (typeof schema.minimum === "number") min = Math.max(min, schema.minimum);
  if (typeof schema.exclusiveMinimum === "number") min = Math.max(min, schema.exclusiveMinimum + step);
  if (typeof schema.maximum === "number") max = Math.min(max, schema.maximum);
  if (typeof schema.exclusiveMaximum === "number") max = Math.min(max, schema.exclusiveMaximum - step);
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
  }
  return min <= max ? { min, max } : { min: max, max };
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const known: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) {
    if (!isObject(child)) continue;
    // Deep optional tables are left out now and then to keep documents small.
    if (!required.has(key) && depth > 4) continue;
    known[key] = documentOf(child, depth + 1);
  }
  const record = fc.record(known, { requiredKeys: [...required].filter((k) => k in known) });
  const extra = isObject(schema.additionalProperties)
    ? fc.dictionary(fc.constantFrom(...FREE_KEYS), documentOf(schema.additionalProperties, depth + 1), { maxKeys: 2 })
    : fc.constant({});
  // An "exactly one of" rule: usually honour it (one key of the set, the others gone).
  const choice = exactlyOneOfKeys(schema).filter((k) => k in known);
  const chosen = choice.length > 0 ? fc.record(Object.fromEntries(choice.map((k) => [k, known[k]!]))) : fc.constant({});
  const conditions = conditionalKeySets(schema);
  return fc.tuple(record, extra, chosen, fc.nat({ max: choice.length * 4 }), fc.nat({ max: 3 })).map(([a, b, values, pick, honour]) => {
    const out: Record<string, unknown> = { ...b, ...a };
    if (pick < choice.length * 3 && choice.length > 0) {
      const keep = choice[pick % choice.length]!;
      for (const k of choice) delete out[k];
      out[keep] = (values as Record<string, unknown>)[keep];
    }
    // "When key k is present only these keys may be": usually honour it one way or the other.
    for (const { when, allowed } of conditions) {
      if (honour === 0 || !when.every((k) => k in out)) continue;
      for (const key of Object.keys(out)) {
        if (honour === 1 ? !allowed.includes(key) : when.includes(key)) delete out[key];
      }
    }
    return out;
  });
}

/** `allOf: [{if: {required: [...]}, then: {propertyNames: {enum: [...]}}}]` rules of an object schema. */
function conditionalKeySets(schema: Schema): { when: string[]; allowed: string[] }[] {
  const out: { when: string[]; allowed: string[] }[] = [];
  for (const part of Array.isArray(schema.allOf) ? (schema.allOf as unknown[]) : []) {
    if (!isObject(part) || !isObject(part.if) || !isObject(part.then)) continue;
    const when = part.if.required;
    const names = isObject(part.then.propertyNames) ? part.then.propertyNames.enum : undefined;
    if (Array.isArray(when) && Array.isArray(names)) out.push({ when: when as string[], allowed: names as string[] });
  }
  return out;
}

/** The keys of a `oneOf: [{required: [a]}, {required: [b]}, ...]` rule on an object schema. */
function exactlyOneOfKeys(schema: Schema): string[] {
  const alternatives = Array.isArray(schema.oneOf) ? (schema.oneOf as unknown[]) : [];
  const keys: string[] = [];
  for (const alt of alternatives) {
    if (!isObject(alt) || "type" in alt) return [];
    const required = Array.isArray(alt.required) ? (alt.required as string[]) : [];
    if (required.length !== 1) return [];
    keys.push(required[0]!);
  }
  return keys;
}

/** Ways to break a document. */
export type Mutation =
  | { kind: "wrong-type"; at: number; value: unknown }
  | { kind: "unknown-key"; at: number }
  | { kind: "drop-key"; at: number; key: number }
  | { kind: "out-of-range"; at: number; value: number }
  | { kind: "blank"; at: number; value: string };

/** Arbitrary mutations; `at` and `key` pick nodes modulo what the document has. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant("wrong-type" as const),
    at: fc.nat(),
    value: fc.constantFrom<unknown>(42, "text", true, 1.5, [], {}, null, ["x"]),
  }),
  fc.record({ kind: fc.constant("unknown-key" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("drop-key" as const), at: fc.nat(), key: fc.nat() }),
  fc.record({
    kind: fc.constant("out-of-range" as const),
    at: fc.nat(),
    value: fc.constantFrom(-1, 0, 0.5, -0.5, 1.0000001, 65536, 1e9, 2 ** 53 + 2, -(2 ** 53) - 2),
  }),
  fc.record({ kind: fc.constant("blank" as const), at: fc.nat(), value: fc.constantFrom("", " ", "  \t") }),
);

/** Every container node of a document (objects and arrays), root first. */
function containers(doc: unknown): (Record<string, unknown> | unknown[])[] {
  const out: (Record<string, unknown> | unknown[])[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      out.push(node);
      node.forEach(walk);
    } else if (isObject(node)) {
      out.push(node);
      Object.values(node).forEach(walk);
    }
  };
  walk(doc);
  return out;
}

/** Returns a broken copy of `doc`. */
export function applyMutations(doc: unknown, mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(doc);
  for (const m of mutations) {
    const nodes = containers(copy);
    if (nodes.length === 0) return m.kind === "wrong-type" ? structuredClone(m.value) : copy;
    const node = nodes[m.at % nodes.length]!;
    const slots = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    if (m.kind === "unknown-key") {
      if (!Array.isArray(node)) node[`unknown_${FREE_KEYS[m.at % FREE_KEYS.length]}`] = 1;
      continue;
    }
    if (slots.length === 0) continue;
    const slot = slots[m.at % slots.length]!;
    if (m.kind === "drop-key") {
      const key = slots[m.key % slots.length]!;
      if (Array.isArray(node)) node.splice(key as number, 1);
      else delete node[key as string];
    } else {
      // A fresh copy: fast-check hands out the same constant object every time.
      (node as Record<string | number, unknown>)[slot] = structuredClone(m.value);
    }
  }
  return copy;
}

/** Documents for one schema: about half shaped by it, half shaped then broken. */
export function corpusArb(schema: Schema): fc.Arbitrary<{ doc: unknown; mutated: boolean }> {
  const shaped = documentOf(schema);
  return fc.oneof(
    shaped.map((doc) => ({ doc, mutated: false })),
    fc.tuple(shaped, fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([doc, ms]) => ({
      doc: applyMutations(doc, ms),
      mutated: true,
    })),
  );
}
