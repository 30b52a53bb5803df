/**
 * `generated/rollout-validate.js` (+ `.d.ts`): the `POST /rollout` request
 * and response validators, and that of the session a rollout's tracer
 * records, compiled ahead of time by ajv's standalone code generation from
 * the JSON Schema Zod emits for `RolloutRequest`, `RolloutResponse`,
 * `ContainerRolloutRequest`, `RolloutResult` (what executors return) and
 * `SessionTraceV3`. Zod stays the source of truth; the compiled functions
 * are held to its verdicts by test/differential-rollout.test.ts.
 *
 * The schema is the input side (defaults present as `default`) with three
 * additions that carry Zod's parsing behaviour into ajv, which then works in
 * place on the value it checks instead of copying it:
 * - `additionalProperties: false` on every object Zod strips (no catchall),
 *   with ajv's `removeAdditional`, so unknown keys are dropped as Zod drops them;
 * - `default` with ajv's `useDefaults`, so defaults are filled as Zod fills them;
 * - `finite` on numbers (`z.number()` refuses NaN and ±Infinity; JSON Schema's
 *   `number` does not);
 * - `discriminator` on discriminated unions (ajv's keyword), so only the branch
 *   the tag names is checked and its errors are the ones reported, as Zod's;
 * - `plainRecord` on records (`z.record` refuses class instances such as a
 *   Map or a Date, and symbol keys, as Zod's `isPlainObject` does). The last
 *   two matter only for the executor's result: JSON.parse makes neither;
 * - `plainObject` on objects: Zod accepts a class instance there and copies
 *   its fields, getters included, which JSON.stringify of the instance itself
 *   would not serialise the same way; the compiled code refuses it, and the
 *   server falls back to Zod's copy (src/server/validate.ts).
 * The emitted code has no imports: the one ajv runtime helper it would load
 * (`ucs2length`, for `minLength`) is replaced by `.length`, which is how Zod
 * counts string length (UTF-16 units), so ajv stays a dev dependency.
 */
import { z } from "../zod.js";
import { ContainerRolloutRequest } from "../schemas/container-rollout.js";
import { RolloutRequest, RolloutResponse } from "../schemas/rollout.js";
import { RolloutResult } from "../schemas/rollout-result.js";
import { SessionTraceV3 } from "../schemas/session-trace.js";
import { mapSchemas, type JsonSchema } from "./schema-tree.js";
import { normalizeText } from "./serialize.js";

/** Exported function name → Zod schema, in the order they are emitted. */
export const ROLLOUT_VALIDATED = {
  validateRolloutRequest: RolloutRequest,
  validateRolloutResponse: RolloutResponse,
  validateContainerRolloutRequest: ContainerRolloutRequest,
  validateRolloutResult: RolloutResult,
  validateSessionTrace: SessionTraceV3,
} as const;

/**
 * The same validators for values that come from `JSON.parse` (the server's
 * request body, eval's reading of an answer): they leave out the checks such
 * a value always passes (a plain object, string keys), which cost an
 * allocation per record, and refuse the same JSON documents.
 */
export const PARSED_JSON_VALIDATED = {
  validateParsedRolloutRequest: RolloutRequest,
  validateParsedRolloutResponse: RolloutResponse,
  validateParsedContainerRolloutRequest: ContainerRolloutRequest,
} as const;

/** Keywords that only document; dropped so the emitted code stays small. */
const DOC_KEYWORDS = new Set(["description", "examples", "title", "$comment"]);

/**
 * Carries Zod's parsing behaviour into the schema (see the module comment).
 * For `parsedJson`, the checks `JSON.parse` output always passes (`plainObject`,
 * `plainRecord`: it makes only plain objects, with string keys) are left out.
 */
function carryZodSemantics(parsedJson: boolean) {
  return (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void => {
    const def = (ctx.zodSchema as { _zod: { def: { type: string; catchall?: unknown; discriminator?: unknown } } })._zod.def;
    // A discriminated union checks the one branch its tag names, and reports inside it, as Zod does.
    // (ajv's keyword applies to objects only, hence the type, which Zod's discriminated union requires too.)
    if (def.type === "union" && typeof def.discriminator === "string" && Array.isArray(ctx.jsonSchema.oneOf))
      Object.assign(ctx.jsonSchema, { type: "object", discriminator: { propertyName: def.discriminator } });
    if (def.type === "object" && def.catchall === undefined) ctx.jsonSchema.additionalProperties = false;
    if (def.type === "object" && !parsedJson) ctx.jsonSchema.plainObject = true;
    if (def.type === "number") ctx.jsonSchema.finite = true;
    if (def.type === "record" && !parsedJson) ctx.jsonSchema.plainRecord = true;
    // A nullable array: `type: ["array", "null"]`, where ajv's useDefaults fills the defaults of
    // the items (a list of context overrides) as Zod does, which it would not inside an `anyOf`.
    const branches = ctx.jsonSchema.anyOf;
    if (def.type === "nullable" && Array.isArray(branches) && branches.length === 2) {
      const [inner, nullBranch] = branches as JsonSchema[];
      if (inner?.type === "array" && JSON.stringify(nullBranch) === '{"type":"null"}') {
        delete ctx.jsonSchema.anyOf;
        Object.assign(ctx.jsonSchema, { ...inner, type: ["array", "null"] });
      }
    }
    // Any other nullable is rewritten once the tree is complete (`testNullFirst`).
    if (def.type === "nullable") ctx.jsonSchema[NULLABLE] = true;
  };
}

/** Marks a Zod nullable for `testNullFirst`. */
const NULLABLE = "x-task-app-nullable";

/**
 * A nullable value that is not a bare type (`{$ref}`, a record, a number with
 * `finite`): null is tried first, as a test that records no error (`if`), then
 * the value itself (`else`). Zod's `anyOf: [X, {type: "null"}]` tries X first
 * and, for a null, builds X's errors (objects, arrays) before the null branch
 * passes: garbage made on a valid document. For a value that is not null,
 * X is checked once either way, and its errors are the failure's (`failureOf`).
 */
function testNullFirst(node: JsonSchema): JsonSchema {
  if (!(NULLABLE in node)) return node;
  const { [NULLABLE]: _marker, anyOf, ...rest } = node;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || JSON.stringify(anyOf[1]) !== '{"type":"null"}') return anyOf === undefined ? rest : { ...rest, anyOf };
  return { ...rest, if: { type: "null" }, else: anyOf[0] };
}

/** Drops documentation keywords and `propertyNames: {type: "string"}` (every JSON key is a string). */
function dropDocs(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (DOC_KEYWORDS.has(key)) continue;
    if (key === "propertyNames" && JSON.stringify(value) === '{"type":"string"}') continue;
    out[key] = value;
  }
  return out;
}

/** The JSON Schema the validator of `schema` is compiled from. */
export function validatorSchemaOf(schema: z.ZodType, { parsedJson = false }: { parsedJson?: boolean } = {}): JsonSchema {
  const raw = z.toJSONSchema(schema, {
    // Draft-07: ajv's 2020-12 code tracks evaluated properties for `unevaluated*`, which costs time here.
    target: "draft-7",
    io: "input",
    unrepresentable: "any",
    override: carryZodSemantics(parsedJson) as (ctx: unknown) => void,
  }) as JsonSchema;
  const { $schema: _s, definitions, ...ref } = raw;
  // The root as the named definition itself, not a `$ref` to it: ajv would compile a wrapper
  // function that calls it with an options object on every call.
  const rootName = typeof ref.$ref === "string" && Object.keys(ref).length === 1 ? ref.$ref.replace(/^#\/definitions\//, "") : undefined;
  const defined = (definitions ?? {}) as Record<string, JsonSchema>;
  const root = rootName !== undefined && rootName in defined ? defined[rootName]! : ref;
  const finish = (node: JsonSchema) => testNullFirst(dropDocs(node));
  const defs = Object.entries(defined).map(([name, def]) => [name, mapSchemas(def, finish)]);
  return { ...mapSchemas(root, finish), definitions: Object.fromEntries(defs) };
}

/** First lines of the generated module. */
const BANNER = [
  "/**",
  " * Validators of the POST /rollout request and response and of a rollout's traced session, generated",
  " * by `task-app generate` with ajv's standalone code from the Zod schemas in src/schemas/rollout.ts",
  " * and src/schemas/session-trace.ts. Do not edit.",
  " * Each fills defaults and drops unknown keys in place, as Zod's parse would in a copy.",
  " */",
  "",
].join("\n");

/** Declarations of the generated module. */
const DECLARATIONS = [
  "/** Types of generated/rollout-validate.js (generated by `task-app generate`; do not edit). */",
  "export interface RolloutValidationError {",
  "  instancePath: string;",
  "  keyword: string;",
  "  params: Record<string, unknown>;",
  "  message?: string;",
  "}",
  "export interface CompiledValidator {",
  "  (data: unknown): boolean;",
  "  errors?: RolloutValidationError[] | null;",
  "}",
  ...[...Object.keys(ROLLOUT_VALIDATED), ...Object.keys(PARSED_JSON_VALIDATED)].map((name) => `export declare const ${name}: CompiledValidator;`),
  "",
].join("\n");

/** Returns the text of `generated/rollout-validate.js` and `generated/rollout-validate.d.ts`. */
export async function generateRolloutValidator(): Promise<{ js: string; dts: string }> {
  // Loaded on demand: only `task-app generate` needs ajv.
  const { Ajv, _ } = await import("ajv");
  const standaloneCode = (await import("ajv/dist/standalone/index.js")).default.default;
  const ajv = new Ajv({
    code: { source: true, esm: true, lines: true },
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    discriminator: true,
    strict: false,
    messages: true,
  });
  ajv.addKeyword({
    keyword: "finite",
    type: "number",
    schemaType: "boolean",
    error: { message: "must be a finite number" },
    code: (cxt) => cxt.fail(_`!isFinite(${cxt.data})`),
  });
  ajv.addKeyword({
    keyword: "plainObject",
    type: "object",
    schemaType: "boolean",
    error: { message: "must be a plain object (a class instance is parsed into a copy)" },
    code(cxt) {
      const proto = cxt.gen.const("proto", _`Object.getPrototypeOf(${cxt.data})`);
      cxt.fail(_`${proto} !== Object.prototype && ${proto} !== null`);
    },
  });
  ajv.addKeyword({
    keyword: "plainRecord",
    type: "object",
    schemaType: "boolean",
    error: { message: "must be a plain object with string keys" },
    code(cxt) {
      const ctor = cxt.gen.const("ctor", _`${cxt.data}.constructor`);
      const classInstance = _`${ctor} !== Object && typeof ${ctor} == "function" && !(typeof ${ctor}.prototype == "object" && ${ctor}.prototype !== null && Object.prototype.hasOwnProperty.call(${ctor}.prototype, "isPrototypeOf"))`;
      cxt.fail(_`${classInstance} || Object.getOwnPropertySymbols(${cxt.data}).length > 0`);
    },
  });
  for (const [name, schema] of Object.entries(ROLLOUT_VALIDATED)) ajv.addSchema(validatorSchemaOf(schema), name);
  for (const [name, schema] of Object.entries(PARSED_JSON_VALIDATED)) ajv.addSchema(validatorSchemaOf(schema, { parsedJson: true }), name);
  const refs = Object.fromEntries([...Object.keys(ROLLOUT_VALIDATED), ...Object.keys(PARSED_JSON_VALIDATED)].map((name) => [name, name]));
  let js = standaloneCode(ajv, refs);
  const helper = /const (\w+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/g;
  js = js.replace(helper, (_match: string, fn: string) => `const ${fn} = (s) => s.length;`);
  js = testKnownKeys(js);
  js = passOptionsByPosition(js);
  js = testNullWithoutError(js);
  if (/require\(|\bimport\b/.test(js)) throw new Error("the rollout validator code needs an ajv runtime helper: inline it or make ajv a dependency");
  return { js: normalizeText(BANNER + js + "\n"), dts: normalizeText(DECLARATIONS) };
}

/**
 * ajv tests an object's keys against a closed object's properties with
 * `hasOwnProperty.call(schemaN.properties, key)` when there are more than 8,
 * a keyed lookup per key; with `===` against each name (what it emits for 8
 * or fewer), V8 compares the interned key strings by pointer.
 */
function testKnownKeys(js: string): string {
  const hasOwn = /^const (func\d+) = Object\.prototype\.hasOwnProperty;$/m.exec(js)?.[1];
  if (hasOwn === undefined) return js;
  const schemas = new Map<string, JsonSchema>();
  for (const [, name, json] of js.matchAll(/^const (schema\d+) = (\{.*\});$/gm)) schemas.set(name!, JSON.parse(json!) as JsonSchema);
  return js.replace(new RegExp(`${hasOwn}\\.call\\((schema\\d+)\\.properties, (key\\d+)\\)`, "g"), (call: string, schema: string, key: string) => {
    const properties = schemas.get(schema)?.properties;
    if (typeof properties !== "object" || properties === null) throw new Error(`the rollout validator code tests keys against ${schema}, which it does not define`);
    return `(${Object.keys(properties).map((name) => `${key} === ${JSON.stringify(name)}`).join(" || ")})`;
  });
}

/**
 * ajv's functions take their place in the value as an options object
 * (`validateN(data, {instancePath, parentData, parentDataProperty, rootData})`),
 * which a call into a nested definition (each trajectory of a response, the
 * policy of a request) allocates and the callee destructures, on every value
 * that passes too. They take the same four as parameters here, with the same
 * defaults, so a call allocates nothing; `validateN(data)` means what it did.
 */
function passOptionsByPosition(js: string): string {
  const signature = /^function (validate\d+)\(data, \{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}\)\{$/gm;
  let out = js.replace(signature, (_match: string, name: string) => `function ${name}(data, instancePath="", parentData, parentDataProperty, rootData=data){`);
  out = out.replace(/\b(validate\d+)\(([^(){}\n]+?), \{instancePath:([^{}\n]+?),parentData:(\w+),parentDataProperty:(\w+|"(?:[^"\\]|\\.)*"),rootData\}\)/g, (_match: string, name: string, data: string, path: string, parent: string, property: string) => `${name}(${data}, ${path}, ${parent}, ${property}, rootData)`);
  out = out.replace(/\b(validate\d+)\(data, \{instancePath,parentData,parentDataProperty,rootData\}\)/g, (_match: string, name: string) => `${name}(data, instancePath, parentData, parentDataProperty, rootData)`);
  if (/\bvalidate\d+\([^\n]*?, \{instancePath/.test(out) || /^function validate\d+\(data, \{/m.test(out)) throw new Error("the rollout validator code passes its options in a shape passOptionsByPosition does not rewrite");
  return out;
}

/**
 * A nullable value is tested for null first (`if: {type: "null"}`, see
 * `testNullFirst`); ajv compiles that test as a subschema whose failure
 * records an error, then drops it: an object and an error array made for
 * every value that is not null (each step's reward and info, a request's
 * seed), on documents that pass. The test here is the comparison itself;
 * what follows it (the error count restored, the error list cut back to it)
 * is left as ajv wrote it, so the errors seen afterwards are the same.
 */
function testNullWithoutError(js: string): string {
  const recorded = /^if\((\w+) !== null\)\{\nconst (err\d+) = \{\};\nif\(vErrors === null\)\{\nvErrors = \[\2\];\n\}\nelse \{\nvErrors\.push\(\2\);\n\}\nerrors\+\+;\n\}\nvar (_valid\d+) = _errs\d+ === errors;$/gm;
  return js.replace(recorded, (_match: string, value: string, _error: string, valid: string) => `var ${valid} = ${value} === null;`);
}
