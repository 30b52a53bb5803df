/** Zod → editor draft-07 JSON Schema, on small schemas made here. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv } from "ajv";
import { z } from "zod";
import { generateJsonSchema, type JsonSchema } from "../src/codegen/json-schema.js";

const Mode = z.enum(["think", "no_think"]).meta({ id: "Mode", description: "Reasoning mode." });
const Model = z
  .strictObject({
    source: z.string().optional().meta({ description: "Fine-tuned id." }),
    base: z.string().optional().meta({ description: "Base id.", examples: ["Qwen/Qwen3-4B"] }),
    label: z.string().min(1).meta({ description: "Name." }),
  })
  .meta({ description: "The model." });
const Config = z.strictObject({
  model: Model,
  training: z
    .strictObject({
      batch_size: z.number().int().min(1).default(4).meta({ description: "Batch size.", examples: [8] }),
      mode: Mode.optional(),
    })
    .optional(),
});

const props = (node: JsonSchema): Record<string, JsonSchema> => node.properties as Record<string, JsonSchema>;

test("emits draft-07, input side: defaulted keys optional, unknown keys rejected", () => {
  const schema = generateJsonSchema(Config);
  assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#");
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(schema.required, ["model"]);
  const training = props(schema).training!;
  assert.equal(training.additionalProperties, false);
  assert.equal(training.required, undefined, "batch_size has a default, so it is optional");
  assert.equal(props(training).batch_size!.default, 4);
  assert.deepEqual(props(schema).model!.required, ["label"]);
});

test("inlines $ref definitions so editors see descriptions and enums in place", () => {
  const schema = generateJsonSchema(Config);
  const mode = props(props(schema).training!).mode!;
  assert.deepEqual(mode.enum, ["think", "no_think"]);
  assert.equal(mode.description, "Reasoning mode.");
  assert.equal(schema.definitions, undefined);
  assert.ok(!JSON.stringify(schema).includes("$ref"));
});

test("keeps a recursive definition as a $ref instead of expanding forever", () => {
  interface Tree {
    name: string;
    children?: Tree[];
  }
  const TreeSchema: z.ZodType<Tree> = z.lazy(() =>
    z.strictObject({ name: z.string(), children: z.array(TreeSchema).optional() }),
  ).meta({ id: "Tree" });
  const schema = generateJsonSchema(z.strictObject({ root: TreeSchema }));
  assert.ok(JSON.stringify(schema).includes('"$ref":"#/definitions/Tree"'));
  assert.ok((schema.definitions as Record<string, unknown>).Tree);
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.equal(validate({ root: { name: "a", children: [{ name: "b", children: [] }] } }), true);
  assert.equal(validate({ root: { name: "a", children: [{ nom: "b" }] } }), false);
});

test("adds x-taplo docs, links and initKeys, and x-tombi-toml-version", () => {
  const schema = generateJsonSchema(Config, { linkOf: (path) => `https://docs.example/#${path.join(".")}` });
  assert.equal(schema["x-tombi-toml-version"], "v1.0.0");
  const model = props(schema).model!;
  assert.deepEqual((model["x-taplo"] as JsonSchema).initKeys, ["label"]);
  const batch = props(props(schema).training!).batch_size!;
  const taplo = batch["x-taplo"] as { docs: { main: string }; links: { key: string } };
  assert.equal(taplo.links.key, "https://docs.example/#training.batch_size");
  assert.match(taplo.docs.main, /^Batch size\.\n\nDefault: `4`/);
  assert.match(taplo.docs.main, /Range: ≥ 1/);
  assert.match(taplo.docs.main, /Example: `8`/);
  const plain = generateJsonSchema(Config, { editorExtras: false });
  assert.ok(!JSON.stringify(plain).includes("x-taplo") && !("x-tombi-toml-version" in plain));
});

test("states exactly-one-of rules as oneOf, with empty strings counting as unset (Python's truthiness)", () => {
  const schema = generateJsonSchema(Config, {
    rules: [{ target: Model, exactlyOneOf: ["source", "base"], emptyIsUnset: true }],
  });
  const model = props(schema).model!;
  assert.deepEqual(model.oneOf, [
    { required: ["source"], properties: { source: { minLength: 1 } } },
    { required: ["base"], properties: { base: { minLength: 1 } } },
  ]);
  const validate = new Ajv({ strict: false }).compile(schema);
  const ok = (model: object) => validate({ model: { label: "x", ...model } });
  assert.equal(ok({ base: "Qwen/Qwen3-4B" }), true);
  assert.equal(ok({ source: "ft:a" }), true);
  assert.equal(ok({ source: "ft:a", base: "b" }), false, "both set");
  assert.equal(ok({}), false, "neither set");
  assert.equal(ok({ source: "", base: "b" }), true, "an empty source is unset");
  assert.equal(ok({ source: " \t", base: "b" }), false, "a blank source is set, as pydantic's validator sees it");
});

test("states at-most-one-of rules as not, and the same rules from .meta()", () => {
  const S = z
    .strictObject({ a: z.string().optional(), b: z.string().optional(), c: z.string().optional() })
    .meta({ atMostOneOf: ["a", "b", "c"] });
  const schema = generateJsonSchema(S);
  assert.ok(!("atMostOneOf" in schema));
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.equal(validate({}), true);
  assert.equal(validate({ b: "1" }), true);
  assert.equal(validate({ a: "1", c: "2" }), false);
});

test("a rule whose table does not occur in the schema is an error, not a silent no-op", () => {
  const Elsewhere = z.strictObject({ a: z.string().optional(), b: z.string().optional() });
  assert.throws(() => generateJsonSchema(Config, { rules: [{ target: Elsewhere, exactlyOneOf: ["a", "b"] }] }), /does not occur/);
});

test("a rule applies wherever its table occurs, and a schema fragment joins the table's allOf", () => {
  const Judge = z.strictObject({ module: z.string().optional(), path: z.string().optional() });
  const Doc = z.strictObject({ judge: Judge.optional(), judges: z.array(Judge).optional() });
  const schema = generateJsonSchema(Doc, {
    rules: [
      { target: Judge, exactlyOneOf: ["module", "path"] },
      { target: Doc, schema: { dependencies: { judges: { not: { required: ["judge"] } } } } },
    ],
  });
  const validate = new Ajv({ strict: false }).compile(schema);
  assert.equal(validate({ judge: { module: "m" } }), true);
  assert.equal(validate({ judges: [{ path: "p" }, { module: "m" }] }), true);
  assert.equal(validate({ judges: [{ path: "p", module: "m" }] }), false, "the rule holds inside arrays");
  assert.equal(validate({ judge: {} }), false);
  assert.equal(validate({ judge: { module: "m" }, judges: [] }), false, "the fragment holds at the root");
});

test("$id, $comment, title and description come from the options", () => {
  const schema = generateJsonSchema(Config, {
    id: "https://example.com/x.schema.json",
    comment: "generated",
    title: "X",
    description: "An X file.",
  });
  assert.equal(schema.$id, "https://example.com/x.schema.json");
  assert.equal(schema.$comment, "generated");
  assert.equal(schema.title, "X");
  assert.equal(schema.description, "An X file.");
});

test("notes state rules the schema cannot check in the key's description", () => {
  const schema = generateJsonSchema(Config, { notes: [{ path: ["training", "batch_size"], text: "Must divide the group size." }] });
  const batch = props(props(schema).training!).batch_size!;
  assert.equal(batch.description, "Batch size. Must divide the group size.");
  assert.match((batch["x-taplo"] as { docs: { main: string } }).docs.main, /Must divide the group size/);
  assert.throws(() => generateJsonSchema(Config, { notes: [{ path: ["training", "nope"], text: "x" }] }), /training\.nope/);
});

test("Tombi extras: the root keys order, and key labels on the open tables a rule names (closed ones are left alone)", () => {
  const Doc = z.strictObject({
    algorithm: z.strictObject({ type: z.string().optional() }).optional(),
    tags: z.record(z.string(), z.string()).optional(),
    judge: z.strictObject({ weights: z.record(z.string(), z.number()).optional() }).optional(),
    step_rewards: z.strictObject({ weights: z.record(z.string(), z.number()).optional() }).optional(),
    eval: z.strictObject({ judge: z.union([z.strictObject({ module: z.string() }), z.record(z.string(), z.strictObject({ path: z.string() }))]) }).optional(),
  });
  const schema = generateJsonSchema(Doc, { tombi: { rootKeysOrder: "schema", additionalKeyLabels: true } });
  assert.equal(schema["x-tombi-table-keys-order"], "schema");
  assert.deepEqual(Object.keys(props(schema)), ["algorithm", "tags", "judge", "step_rewards", "eval"], "the order Tombi sorts by");
  const label = (node: JsonSchema | undefined) => node?.["x-tombi-additional-key-label"];
  assert.equal(label(props(schema).tags), "tag");
  assert.equal(label(props(props(schema).step_rewards!).weights), "achievement", "a rule path matches the end of the key path");
  assert.equal(label(props(props(schema).judge!).weights), undefined, "judge.weights is not step_rewards.weights");
  assert.equal(label(props(schema).algorithm), undefined);
  const [single, named] = props(props(schema).eval!).judge!.anyOf as JsonSchema[];
  assert.equal(label(single), undefined, "a closed table in a union gets no label");
  assert.equal(label(named), "judge_name", "the open one does");
  assert.equal(JSON.stringify(schema).match(/"x-tombi-additional-key-label"/g)?.length, 3, "tags, step_rewards.weights, eval.judge");

  const plain = generateJsonSchema(Doc);
  assert.ok(!JSON.stringify(plain).includes("x-tombi-table-keys-order") && !JSON.stringify(plain).includes("x-tombi-additional-key-label"), "none unless asked for");
  const noEditor = generateJsonSchema(Doc, { editorExtras: false, tombi: { rootKeysOrder: "schema", additionalKeyLabels: true } });
  assert.ok(!JSON.stringify(noEditor).includes("x-tombi"), "none without editor extras");
  assert.throws(() => generateJsonSchema(z.string(), { tombi: { rootKeysOrder: "schema" } }), /root table/);
});
