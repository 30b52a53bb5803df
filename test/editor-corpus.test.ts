/**
 * The committed schemas on real synth-ai configs (../shared/compat/synth-ai),
 * checked by the editors' own command-line tools: `taplo check` with a
 * `file://` schema URL and `tombi lint --offline` with a `#:schema`
 * directive. Every config SOURCES.md calls valid passes both; every invalid
 * one fails both (none of their reasons is beyond JSON Schema today; a file
 * whose reason is goes in NOT_EXPRESSIBLE with the reason). Eval and filter
 * configs have no verdict there: both tools must agree with Zod on them.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { before, describe, test } from "node:test";
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
    path: entry.path,
  }));
}

const schemaFile = (kind: ConfigKind) => join(repo, "schemas", `${getConfigSchema(kind).id}.schema.json`);

/** Files `taplo check --schema file://…` rejects, by running it once over each kind's files. */
function taploRejects(files: readonly CorpusFile[]): Set<string> {
  const cli = join(dirname(require.resolve("@taplo/cli/package.json")), "dist", "cli.js");
  const rejected = new Set<string>();
  for (const kind of new Set(files.map((f) => f.kind))) {
    const paths = files.filter((f) => f.kind === kind).map((f) => f.path);
    const run = spawnSync(process.execPath, [cli, "check", "--schema", pathToFileURL(schemaFile(kind)).href, ...paths], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", RUST_LOG: "error" },
      timeout: 120_000,
    });
    const output = run.stdout + run.stderr;
    assert.doesNotMatch(output, /failed to (load|fetch) schema|schema.*not found/i, output);
    const here = new Set([...output.matchAll(/invalid file error=[^\n]*?path="([^"]+)"/g)].map((m) => m[1]!));
    assert.equal(run.status === 0, here.size === 0, output);
    for (const path of here) rejected.add(path);
  }
  return rejected;
}

/** Whether `tombi lint --offline` accepts a file bound to its schema by a `#:schema` directive. */
function tombiAccepts(file: CorpusFile, text: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tombiBinary(), ["lint", "--offline", "--stdin-filename", `${file.kind}.toml`, "-"], {
      env: { ...process.env, NO_COLOR: "1", TOMBI_OFFLINE: "1" },
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (output += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ ok: code === 0, output }));
    child.stdin.end(`#:schema ${pathToFileURL(schemaFile(file.kind)).href}\n${text}`);
  });
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
    taplo = taploRejects(files);
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
