/**
 * Every generated file: byte-stable, free of machine-specific text, valid
 * JSON Schema where it is a schema, documented (a description on every key,
 * an example on every leaf), and `generate --check` naming drifted and stale
 * files. That the committed copies are up to date is test/pack.test.ts's
 * subject (`npm run generate:check` itself).
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { Ajv } from "ajv";
import { z } from "zod";
import { packageRoot } from "../src/cli/commands/generate.js";
import { main } from "../src/cli/main.js";
import { generateArtifacts, RUBRIC_SCHEMA, schemaIdOf, schemaPathOf } from "../src/codegen/index.js";
import { generateJsonSchema } from "../src/codegen/json-schema.js";
import { configSchemas } from "../src/schemas/registry.js";
import { runCli } from "./helpers/run-cli.js";

const run = (argv: string[]) => runCli(argv);

/** One generation shared by the tests that only read it. */
let generated: Promise<Map<string, string>> | undefined;
const artifacts = () => (generated ??= generateArtifacts());

/** `task-app generate --root <empty folder>` in a process of its own: what it said, and every file it wrote, read back at once. */
let written: Promise<{ root: string; run: Awaited<ReturnType<typeof run>>; files: Map<string, string> }> | undefined;
after(async () => {
  if (written) await rm((await written).root, { recursive: true, force: true });
});
function generateIntoFolder() {
  return (written ??= (async () => {
    const root = await mkdtemp(join(tmpdir(), "generate-"));
    const result = await run(["generate", "--root", root]);
    const files = new Map<string, string>();
    for (const dir of ["schemas", "generated"]) {
      for (const name of (await readdir(join(root, dir)).catch(() => [])).sort()) files.set(`${dir}/${name}`, await readFile(join(root, dir, name), "utf8"));
    }
    return { root, run: result, files };
  })());
}

test("produces the same bytes on every run", async () => {
  // Two runs: this process's, and the one `task-app generate` made in a process of its own.
  const first = await artifacts();
  const { run: cli, files: second } = await generateIntoFolder();
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual([...second.keys()].sort(), [...first.keys()].sort());
  for (const [path, text] of first) assert.equal(second.get(path), text, path);
});

test("lists every schema, the catalog, the config reference and the CLI reference", async () => {
  const files = await artifacts();
  const expected = [
    ...configSchemas.map((e) => schemaPathOf(e.id)),
    "schemas/rubric.schema.json",
    "schemas/catalog.json",
    "generated/CONFIG.md",
    "generated/CLI.md",
  ];
  for (const path of expected) assert.ok(files.has(path), `${path} is generated`);
});

test("writes LF text with one final newline and nothing machine-specific", async () => {
  const files = await artifacts();
  const root = packageRoot();
  for (const [path, text] of files) {
    assert.ok(text.endsWith("\n") && !text.endsWith("\n\n"), `${path}: one final newline`);
    assert.ok(!text.includes("\r"), `${path}: LF only`);
    assert.ok(!text.includes(root), `${path}: no absolute path`);
    assert.ok(!/file:\/\/|\/tmp\/|\/home\//.test(text), `${path}: no local path`);
    assert.ok(!/\b20\d\d-\d\d-\d\dT\d\d:/.test(text), `${path}: no timestamp`);
  }
});

test("every schema is valid draft-07, and the catalog lists each", async () => {
  const files = await artifacts();
  const ajv = new Ajv({ strict: false });
  const catalog = JSON.parse(files.get("schemas/catalog.json")!) as {
    schemas: { name: string; description: string; fileMatch: string[]; url: string }[];
  };
  const schemaFiles = [...files.keys()].filter((path) => path.endsWith(".schema.json"));
  assert.equal(catalog.schemas.length, schemaFiles.length, "one catalog entry per schema file");
  for (const entry of [...configSchemas, RUBRIC_SCHEMA]) {
    const schema = JSON.parse(files.get(schemaPathOf(entry.id))!) as Record<string, unknown>;
    assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#");
    assert.ok(ajv.validateSchema(schema), `${entry.id}: ${ajv.errorsText(ajv.errors)}`);
    if (entry !== RUBRIC_SCHEMA) assert.equal(schema.additionalProperties, false, `${entry.id} rejects unknown top-level keys`);
    const item = catalog.schemas.find((s) => s.url === schemaIdOf(entry.id));
    assert.ok(item, `${entry.id} in the catalog`);
    assert.equal(item.url, schemaIdOf(entry.id));
    assert.deepEqual(item.fileMatch, entry.fileMatch);
    assert.ok(item.fileMatch.length > 0, `${entry.id} binds to files`);
    assert.equal(item.name, entry.title);
    assert.equal(item.description, entry.description);
  }
});

test("the rubric bundle schema is in the catalog with its file globs", async () => {
  const catalog = JSON.parse((await artifacts()).get("schemas/catalog.json")!) as {
    schemas: { name: string; description: string; fileMatch: string[]; url: string }[];
  };
  const rubric = catalog.schemas.find((s) => s.url === "rubric.schema.json");
  assert.deepEqual(rubric, {
    name: RUBRIC_SCHEMA.title,
    description: RUBRIC_SCHEMA.description,
    fileMatch: ["*.rubric.json", "rubrics.json"],
    url: "rubric.schema.json",
  });
});

test("every $id and catalog url resolves to the shipped file, wherever the package is installed", async () => {
  const files = await artifacts();
  const installed = pathToFileURL(join(tmpdir(), "project", "node_modules", "task-app") + "/");
  const catalogUrl = new URL("schemas/catalog.json", installed);
  const catalog = JSON.parse(files.get("schemas/catalog.json")!) as { schemas: { url: string }[] };
  for (const item of catalog.schemas) {
    const target = new URL(item.url, catalogUrl);
    assert.ok(target.href.startsWith(installed.href), `${item.url} resolves inside the installed package`);
    assert.ok(files.has(target.href.slice(installed.href.length)), `${item.url} names a shipped file`);
  }
  for (const [rel, text] of files) {
    if (!rel.endsWith(".schema.json")) continue;
    const own = new URL(rel, installed);
    const id = (JSON.parse(text) as { $id?: string }).$id;
    // No $id: the base URI is where the schema was read from. An $id must name the file itself.
    if (id !== undefined) assert.equal(new URL(id, own).href, own.href, `${rel}: $id ${id} resolves to the file itself`);
  }
});

test("the config reference documents every key of every config schema", async () => {
  const files = await artifacts();
  const reference = files.get("generated/CONFIG.md")!;
  for (const entry of configSchemas) {
    const schema = JSON.parse(files.get(schemaPathOf(entry.id))!) as Record<string, unknown>;
    for (const path of keyPaths(schema)) {
      const anchor = [entry.id, ...path].join(".");
      assert.ok(reference.includes(`id="${anchor}"`) || reference.includes(`(#${anchor})`), `${anchor} documented`);
    }
  }
});

test("every key of every config schema has a description, and every leaf an example", async () => {
  const files = await artifacts();
  for (const entry of configSchemas) {
    const schema = JSON.parse(files.get(schemaPathOf(entry.id))!) as Record<string, unknown>;
    for (const path of keyPaths(schema)) {
      let node: Record<string, unknown> | undefined = schema;
      for (const key of path) node = propertyOf(node, key);
      assert.equal(typeof node?.description, "string", `${entry.id}: ${path.join(".")} has no description`);
    }
    assert.deepEqual(leavesWithoutExamples(schema), [], `${entry.id}: leaf keys without examples (add examples to their .meta())`);
  }
});

test("every example is a valid value of its own key", async () => {
  const files = await artifacts();
  const ajv = new Ajv({ strict: false });
  for (const entry of configSchemas) {
    const schema = JSON.parse(files.get(schemaPathOf(entry.id))!) as Record<string, unknown>;
    for (const path of keyPaths(schema)) {
      let node: Record<string, unknown> | undefined = schema;
      for (const key of path) node = propertyOf(node, key);
      if (!node || !Array.isArray(node.examples)) continue;
      const validate = ajv.compile({ ...node, examples: undefined });
      for (const example of node.examples) {
        assert.ok(validate(example), `${entry.id}: ${path.join(".")} example ${JSON.stringify(example)}: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
});

test("the example check names a leaf key without examples, and accepts booleans, enums, consts and tables", () => {
  const schema = generateJsonSchema(
    z.strictObject({
      bare: z.number().int().optional().meta({ description: "No example." }),
      given: z.string().optional().meta({ description: "Has one.", examples: ["x"] }),
      flag: z.boolean().optional().meta({ description: "A switch." }),
      mode: z.enum(["a", "b"]).optional().meta({ description: "A choice." }),
      kind: z.literal("rl").optional().meta({ description: "A tag." }),
      table: z
        .strictObject({
          inner: z.array(z.string()).optional().meta({ description: "No example either." }),
          weights: z.record(z.string(), z.number()).optional().meta({ description: "A map, no example." }),
        })
        .optional()
        .meta({ description: "A table." }),
      rows: z.array(z.strictObject({ id: z.string().meta({ description: "Row id." }) })).optional().meta({ description: "Rows." }),
    }),
  );
  assert.deepEqual(leavesWithoutExamples(schema), ["bare", "table.inner", "table.weights", "rows.id"]);
});

test("generate writes atomically; --check names each drifted and stale file and exits 1", async () => {
  const { root, run: first } = await generateIntoFolder();
  {
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /generated files: [1-9]\d* written/);
    for (const dir of ["schemas", "generated"]) {
      assert.ok(!(await readdir(join(root, dir))).some((n) => n.endsWith(".tmp")), "no temp files left");
    }

    const rl = join(root, "schemas", "rl-config.schema.json");
    await writeFile(rl, (await readFile(rl, "utf8")).replace(/\n$/, "\r\n"));
    await writeFile(join(root, "generated", "old.md"), "# old\n");
    const drift = await run(["generate", "--check", "--root", root]);
    assert.equal(drift.code, 1);
    assert.match(drift.stderr, /drifted: schemas\/rl-config\.schema\.json/);
    assert.match(drift.stderr, /stale: generated\/old\.md/);
    assert.match(drift.stderr, /2 generated file\(s\) out of date/);
    assert.doesNotMatch(drift.stderr, /sft-config/);

    // The repair through the command's own code, in this process (its exit codes and output are the runs' above).
    const repair = await inProcess(() => main(["generate", "--root", root]));
    assert.equal(repair.code, 0, repair.stderr);
    assert.match(repair.stdout, /generated files: 1 written, 1 stale removed/);
    assert.equal(await readFile(rl, "utf8"), (await artifacts()).get("schemas/rl-config.schema.json"), "regenerating repairs the drifted file");
    assert.ok(!(await readdir(join(root, "generated"))).includes("old.md"), "and removes the stale one");
  }
});

/**
 * Runs `fn` with the text it writes to stdout and stderr captured instead of printed (the CLI
 * writes strings; bytes, which the test runner's own reports are, still go through).
 */
async function inProcess(fn: () => Promise<number>): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = { stdout: "", stderr: "" };
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  for (const stream of ["stdout", "stderr"] as const) {
    const original = originals[stream];
    process[stream].write = function (this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]) {
      if (typeof chunk !== "string") return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      captured[stream] += chunk;
      return true;
    } as typeof process.stdout.write;
  }
  try {
    return { code: await fn(), ...captured };
  } finally {
    process.stdout.write = originals.stdout;
    process.stderr.write = originals.stderr;
  }
}

/** Key paths of every documented key: properties, walking into tables and arrays of tables. */
function keyPaths(node: Record<string, unknown>, path: string[] = []): string[][] {
  const out: string[][] = [];
  const tables = [node, ...["anyOf", "oneOf"].flatMap((k) => (Array.isArray(node[k]) ? (node[k] as Record<string, unknown>[]) : []))];
  for (const table of tables) {
    const props = table.properties as Record<string, Record<string, unknown>> | undefined;
    if (!props || typeof props !== "object") continue;
    for (const [key, child] of Object.entries(props)) {
      if (!("type" in child) && !("anyOf" in child) && !("enum" in child) && !("const" in child) && !("description" in child)) continue;
      out.push([...path, key]);
      const items = child.items as Record<string, unknown> | undefined;
      out.push(...keyPaths(items && typeof items === "object" && !Array.isArray(items) ? items : child, [...path, key]));
    }
  }
  return out;
}

/**
 * Dotted paths of leaf keys (not tables, not arrays of tables) that are not
 * booleans, enums or consts and have no `examples`. Maps (`table of number`)
 * are leaves: they are written as inline tables.
 */
function leavesWithoutExamples(schema: Record<string, unknown>): string[] {
  const missing: string[] = [];
  for (const path of keyPaths(schema)) {
    let node: Record<string, unknown> | undefined = schema;
    for (const key of path) node = propertyOf(node, key);
    if (!node || isTable(node)) continue;
    if (typesOf(node).every((t) => t === "boolean") && typesOf(node).length > 0) continue;
    if (hasAllowedValues(node)) continue;
    if (!Array.isArray(node.examples) || node.examples.length === 0) missing.push(path.join("."));
  }
  return [...new Set(missing)];
}

/** Whether a key's schema is a table with named keys, or an array of such tables (directly or in a union). */
function isTable(node: Record<string, unknown>): boolean {
  if (node.properties && typeof node.properties === "object") return true;
  const items = node.items as Record<string, unknown> | undefined;
  if (items && typeof items === "object" && !Array.isArray(items) && isTable(items)) return true;
  return alternativesOf(node).some(isTable);
}

function typesOf(node: Record<string, unknown>): string[] {
  const own = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === "string" ? [node.type] : [];
  return [...own, ...alternativesOf(node).flatMap(typesOf)];
}

function hasAllowedValues(node: Record<string, unknown>): boolean {
  if (Array.isArray(node.enum) || "const" in node) return true;
  const alternatives = alternativesOf(node);
  return alternatives.length > 0 && alternatives.every(hasAllowedValues);
}

function alternativesOf(node: Record<string, unknown>): Record<string, unknown>[] {
  return ["anyOf", "oneOf"].flatMap((k) => (Array.isArray(node[k]) ? (node[k] as Record<string, unknown>[]) : []));
}

/** The schema of `key` inside a table node (looking through array items and union alternatives). */
function propertyOf(node: Record<string, unknown> | undefined, key: string): Record<string, unknown> | undefined {
  if (!node) return undefined;
  const candidates = [node, node.items, ...(Array.isArray(node.anyOf) ? node.anyOf : []), ...(Array.isArray(node.oneOf) ? node.oneOf : [])];
  for (const candidate of candidates) {
    if (!candidate || typeof candidate !== "object") continue;
    const props = (candidate as { properties?: Record<string, Record<string, unknown>> }).properties;
    if (props && key in props) return props[key];
    const items = (candidate as { items?: Record<string, unknown> }).items;
    const inItems = items && typeof items === "object" ? (items as { properties?: Record<string, Record<string, unknown>> }).properties : undefined;
    if (inItems && key in inItems) return inItems[key];
  }
  return undefined;
}
