/**
 * Every generated file: byte-stable, free of machine-specific text, valid
 * JSON Schema where it is a schema, and equal to the committed copy
 * (`task-app generate --check`, the same check `npm run generate:check` runs).
 */
import assert from "node:assert/strict";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Ajv } from "ajv";
import { packageRoot } from "../src/cli/commands/generate.js";
import { generateArtifacts, publicUrlOf, schemaPathOf } from "../src/codegen/index.js";
import { configSchemas } from "../src/schemas/registry.js";
import { runCli } from "./helpers/run-cli.js";

const run = (argv: string[]) => runCli(argv);

/** One generation shared by the tests that only read it. */
let generated: Promise<Map<string, string>> | undefined;
const artifacts = () => (generated ??= generateArtifacts());

test("produces the same bytes on every run", async () => {
  const first = await artifacts();
  const second = await generateArtifacts();
  assert.deepEqual([...first.keys()], [...second.keys()]);
  for (const [path, text] of first) assert.equal(second.get(path), text, path);
});

test("lists every schema, the catalog and the config reference", async () => {
  const files = await artifacts();
  const expected = [
    ...configSchemas.map((e) => schemaPathOf(e.id)),
    "schemas/rubric.schema.json",
    "schemas/catalog.json",
    "generated/CONFIG.md",
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

test("every schema is valid draft-07, and the catalog points at each $id", async () => {
  const files = await artifacts();
  const ajv = new Ajv({ strict: false });
  const catalog = JSON.parse(files.get("schemas/catalog.json")!) as {
    schemas: { name: string; description: string; fileMatch: string[]; url: string }[];
  };
  assert.equal(catalog.schemas.length, configSchemas.length);
  for (const entry of configSchemas) {
    const schema = JSON.parse(files.get(schemaPathOf(entry.id))!) as Record<string, unknown>;
    assert.equal(schema.$schema, "http://json-schema.org/draft-07/schema#");
    assert.ok(ajv.validateSchema(schema), `${entry.id}: ${ajv.errorsText(ajv.errors)}`);
    assert.equal(schema.additionalProperties, false, `${entry.id} rejects unknown top-level keys`);
    const item = catalog.schemas.find((s) => s.url === schema.$id);
    assert.ok(item, `${entry.id} in the catalog`);
    assert.equal(item.url, publicUrlOf(schemaPathOf(entry.id)));
    assert.deepEqual(item.fileMatch, entry.fileMatch);
    assert.ok(item.name && item.description);
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

test("every key of every config schema has a description", async () => {
  const files = await artifacts();
  for (const entry of configSchemas) {
    const schema = JSON.parse(files.get(schemaPathOf(entry.id))!) as Record<string, unknown>;
    for (const path of keyPaths(schema)) {
      let node: Record<string, unknown> | undefined = schema;
      for (const key of path) node = propertyOf(node, key);
      assert.equal(typeof node?.description, "string", `${entry.id}: ${path.join(".")} has no description`);
    }
  }
});

test("the committed files are up to date (generate --check)", async () => {
  const result = await run(["generate", "--check"]);
  assert.equal(result.code, 0, `${result.stderr}\nrun \`npm run generate\` and commit the result`);
});

test("generate writes atomically; --check names each drifted and stale file and exits 1", async () => {
  const root = await mkdtemp(join(tmpdir(), "generate-"));
  try {
    const written = await run(["generate", "--root", root]);
    assert.equal(written.code, 0, written.stderr);
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

    assert.equal((await run(["generate", "--root", root])).code, 0);
    assert.equal((await run(["generate", "--check", "--root", root])).code, 0, "regenerating repairs both");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

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
