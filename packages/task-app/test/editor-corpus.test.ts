/**
 * The committed schemas on real synth-ai configs (../shared/compat/synth-ai),
 * checked by the editors' own command-line tools: `taplo check` (one run, each
 * kind's files bound to its schema's `file://` URL by a `[[rule]]`) and `tombi lint --offline` with a `#:schema`
 * directive. Every config SOURCES.md calls valid passes both; every invalid
 * one fails both (none of their reasons is beyond JSON Schema today; a file
 * whose reason is goes in NOT_EXPRESSIBLE with the reason). Eval and filter
 * configs have no verdict there: both tools must agree with Zod on them.
 * Tombi's own extensions (`x-tombi-table-keys-order`,
 * `x-tombi-additional-key-label`) change none of Tombi's diagnostics on any
 * file, and `tombi format` with them keeps every file's data while putting
 * the top-level tables in schema order.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse } from "smol-toml";
import { getConfigSchema, type ConfigKind } from "../src/schemas/registry.js";
import { readCorpus } from "./helpers/corpus.js";
import { tombiBinary } from "./helpers/lsp.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const require = createRequire(import.meta.url);
const corpus = readCorpus();

/** Invalid configs whose reason JSON Schema cannot state (file name → reason). */
const NOT_EXPRESSIBLE: Record<string, string> = {};

interface CorpusFile {
  name: string;
  kind: ConfigKind;
  verdict: "valid" | "invalid" | "other";
  path: string;
}

/** The corpus rows with the config kind each file is checked as. */
function corpusFiles(): CorpusFile[] {
  return (corpus?.entries ?? []).map((entry) => ({
    name: entry.file,
    kind: entry.kind.split(/\s/)[0] as ConfigKind,
    verdict: entry.verdict === "not-a-train-config" ? "other" : entry.verdict,
    path: resolve(entry.path),
  }));
}

const schemaFile = (kind: ConfigKind) => join(repo, "schemas", `${getConfigSchema(kind).id}.schema.json`);

/**
 * Files `taplo check` rejects, from one run over the whole corpus: a `.taplo.toml` binds each
 * kind's files to its schema's `file://` URL by `[[rule]]` (as a scaffolded project's does), and
 * taplo's debug log must show every file checked against its kind's schema.
 */
async function taploRejects(files: readonly CorpusFile[]): Promise<Set<string>> {
  const cli = join(dirname(require.resolve("@taplo/cli/package.json")), "dist", "cli.js");
  const kinds = [...new Set(files.map((f) => f.kind))];
  const dir = await mkdtemp(join(tmpdir(), "editor-corpus-taplo-"));
  try {
    const rules = kinds.map((kind) => {
      const include = files.filter((f) => f.kind === kind).map((f) => JSON.stringify(f.path));
      return `[[rule]]\ninclude = [${include.join(", ")}]\n\n[rule.schema]\nurl = ${JSON.stringify(pathToFileURL(schemaFile(kind)).href)}\n`;
    });
    const config = join(dir, ".taplo.toml");
    await writeFile(config, rules.join("\n"));
    const run = spawnSync(process.execPath, [cli, "check", "--config", config, ...files.map((f) => f.path)], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", RUST_LOG: "error,taplo_cli::commands::lint=debug" },
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = run.stdout + run.stderr;
    assert.doesNotMatch(output, /failed to (load|fetch) schema|schema.*not found/i, output);
    const unparsed = new Set([...output.matchAll(/invalid file error=syntax errors found path="([^"]+)"/g)].map((m) => m[1]!));
    for (const kind of kinds) {
      const used = output.split(`using schema schema.url=${pathToFileURL(schemaFile(kind)).href} `).length - 1;
      const parsed = files.filter((f) => f.kind === kind && !unparsed.has(f.path)).length;
      assert.equal(used, parsed, `files taplo checked against the ${kind} schema:\n${output.slice(-3000)}`);
    }
    const rejected = new Set([...output.matchAll(/invalid file error=[^\n]*?path="([^"]+)"/g)].map((m) => m[1]!));
    assert.equal(run.status === 0, rejected.size === 0, output.slice(-3000));
    return rejected;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `tombi <command> --offline` on a file bound to `schema` by a `#:schema` directive. */
function runTombi(command: "lint" | "format", file: CorpusFile, text: string, schema = schemaFile(file.kind), separator = "\n"): Promise<{ ok: boolean; output: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tombiBinary(), [command, "--offline", "--stdin-filename", `${file.kind}.toml`, "-"], {
      env: { ...process.env, NO_COLOR: "1", TOMBI_OFFLINE: "1" },
    });
    let output = "";
    let stdout = "";
    child.stdout.on("data", (c: Buffer) => ((output += c.toString("utf8")), (stdout += c.toString("utf8"))));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ ok: code === 0, output: output.split(pathToFileURL(schema).href).join("<schema>"), stdout }));
    child.stdin.end(`#:schema ${pathToFileURL(schema).href}${separator}${text}`);
  });
}

/** `tombi lint --offline` of each corpus file bound to its schema, run once per file and shared by the tests that read it. */
const tombiLints = new Map<string, Promise<{ ok: boolean; output: string }>>();

/** Whether `tombi lint --offline` accepts a file bound to its schema by a `#:schema` directive. */
function tombiAccepts(file: CorpusFile, text: string): Promise<{ ok: boolean; output: string }> {
  let lint = tombiLints.get(file.path);
  if (!lint) tombiLints.set(file.path, (lint = runTombi("lint", file, text)));
  return lint;
}

/**
 * Tombi's diagnostics as a sorted list of "message location" lines (it
 * prints them in no fixed order), with the summary line.
 */
function diagnosticsOf(output: string): string[] {
  const lines = output.split("\n").map((l) => l.trim());
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (/^(Error|Warning):/.test(lines[i]!)) out.push(`${lines[i]} ${lines[++i] ?? ""}`);
    else if (lines[i]) out.push(lines[i]!);
  }
  return out.sort();
}

/** The Tombi extensions beyond `x-tombi-toml-version`, removed to compare against. */
const TOMBI_EXTENSIONS = ["x-tombi-table-keys-order", "x-tombi-additional-key-label"];

/** A value with object keys sorted, to compare data regardless of key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/** Zod's verdict (the schema only; `task-app validate` adds cross-section rules on top). */
function zodAccepts(file: CorpusFile, text: string): boolean {
  let document: unknown;
  try {
    document = parse(text);
  } catch {
    return false;
  }
  return getConfigSchema(file.kind).schema.safeParse(document).success;
}

const skip = corpus ? false : "SKIPPED: the synth-ai corpus is not there (set SYNTH_AI_COMPAT_DIR)";

describe("synth-ai configs under taplo check and tombi lint", { skip }, () => {
  let files: CorpusFile[] = [];
  let taplo = new Set<string>();
  const texts = new Map<string, string>();

  before(async () => {
    files = corpusFiles();
    for (const file of files) texts.set(file.name, await readFile(file.path, "utf8"));
    taplo = await taploRejects(files);
  });

  test("SOURCES.md lists the corpus", () => {
    assert.ok(files.filter((f) => f.verdict === "valid").length >= 15);
    assert.ok(files.filter((f) => f.verdict === "invalid").length >= 15);
    assert.ok(files.filter((f) => f.verdict === "other").length >= 5);
  });

  test("every valid RL and SFT config passes both tools (and Zod)", async () => {
    for (const file of files.filter((f) => f.verdict === "valid")) {
      const text = texts.get(file.name)!;
      assert.ok(!taplo.has(file.path), `taplo rejects ${file.name}`);
      const tombi = await tombiAccepts(file, text);
      assert.ok(tombi.ok, `tombi rejects ${file.name}:\n${tombi.output}`);
      assert.doesNotMatch(tombi.output, /schema file not found/);
      assert.ok(zodAccepts(file, text), `Zod rejects ${file.name}`);
    }
  });

  test("every invalid one fails both tools, unless its reason is beyond JSON Schema", async () => {
    for (const file of files.filter((f) => f.verdict === "invalid")) {
      if (file.name in NOT_EXPRESSIBLE) continue;
      assert.ok(taplo.has(file.path), `taplo accepts ${file.name}`);
      const tombi = await tombiAccepts(file, texts.get(file.name)!);
      assert.ok(!tombi.ok, `tombi accepts ${file.name}`);
    }
  });

  describe("Tombi's extensions", () => {
    let dir = "";
    const plainSchema = (kind: ConfigKind) => join(dir, `${kind}.schema.json`);
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), "editor-corpus-"));
      for (const kind of new Set(files.map((f) => f.kind))) {
        const schema = await readFile(schemaFile(kind), "utf8");
        await writeFile(plainSchema(kind), JSON.stringify(JSON.parse(schema, (key, value: unknown) => (TOMBI_EXTENSIONS.includes(key) ? undefined : value))));
      }
    });
    after(() => rm(dir, { recursive: true, force: true }));

    test("change none of tombi lint's diagnostics on any file", async () => {
      for (const file of files) {
        const text = texts.get(file.name)!;
        const [withExtensions, withoutThem] = await Promise.all([tombiAccepts(file, text), runTombi("lint", file, text, plainSchema(file.kind))]);
        assert.equal(withExtensions.ok, withoutThem.ok, file.name);
        assert.deepEqual(diagnosticsOf(withExtensions.output), diagnosticsOf(withoutThem.output), file.name);
      }
    });

    test("tombi format keeps every file's data and puts the RL and SFT top-level tables in schema order", async () => {
      let reordered = 0;
      for (const file of files) {
        const text = texts.get(file.name)!;
        // A blank line after the directive: tombi 1.5.5 cannot move a table that sits right under it.
        const formatted = await runTombi("format", file, text, schemaFile(file.kind), "\n\n");
        if (!formatted.ok) {
          const plain = await runTombi("format", file, text, plainSchema(file.kind), "\n\n");
          assert.equal(plain.ok, false, `only the extensions make tombi format fail on ${file.name}:\n${formatted.output}`);
          continue;
        }
        assert.doesNotMatch(formatted.output, /Error/, file.name);
        assert.deepEqual(canonical(parse(formatted.stdout)), canonical(parse(text)), `${file.name}: same data`);
        const schema = JSON.parse(await readFile(schemaFile(file.kind), "utf8")) as { properties: Record<string, unknown>; "x-tombi-table-keys-order"?: string };
        if (schema["x-tombi-table-keys-order"] !== "schema") continue;
        const declared = Object.keys(schema.properties);
        const tablesOf = (toml: string) => [...new Set([...toml.matchAll(/^\[\[?([A-Za-z_]+)/gm)].map((m) => m[1]!))].filter((t) => declared.includes(t));
        const tables = tablesOf(formatted.stdout);
        assert.deepEqual(tables, [...tables].sort((a, b) => declared.indexOf(a) - declared.indexOf(b)), `${file.name}: top-level tables in schema order`);
        if (JSON.stringify(tables) !== JSON.stringify(tablesOf(text))) reordered++;
      }
      assert.ok(reordered >= 5, `corpus files with their tables reordered: ${reordered}`);
    });
  });

  test("eval and filter configs: both tools agree with Zod", async () => {
    for (const file of files.filter((f) => f.verdict === "other")) {
      const text = texts.get(file.name)!;
      const zod = zodAccepts(file, text);
      assert.equal(!taplo.has(file.path), zod, `taplo and Zod disagree on ${file.name}`);
      const tombi = await tombiAccepts(file, text);
      assert.equal(tombi.ok, zod, `tombi and Zod disagree on ${file.name}:\n${tombi.output}`);
    }
  });
});
