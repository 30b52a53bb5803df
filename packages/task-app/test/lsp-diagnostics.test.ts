/**
 * `task-app lsp` over real stdio (the built CLI, Content-Length framing):
 * for every corpus config, every fixture, every rule row and rubric files,
 * the diagnostics published on open are exactly `task-app validate --json`'s
 * findings (start, severity, code, message), each linked to its entry in
 * generated/CONFIG.md; a burst of edits is debounced and leaves the
 * diagnostics of the last text only.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { checkSourceText } from "../src/config/check-source.js";
import { codeAnchorOf } from "../src/config/finding-codes.js";
import type { Finding } from "../src/config/findings.js";
import { noCorpusReason, readCorpus } from "./helpers/corpus.js";
import { LspSession, type Diagnostic } from "./helpers/lsp.js";
import { FIDELITY_ROWS } from "./helpers/rules-rows-fidelity.js";
import { REACH_ROWS } from "./helpers/rules-rows-reach.js";
import { RL_MODEL_ROWS } from "./helpers/rules-rows-rl-model.js";
import { RL_TRAINING_ROWS } from "./helpers/rules-rows-rl-training.js";
import { SFT_ROWS } from "./helpers/rules-rows-sft.js";
import { VISION_THINKING_ROWS } from "./helpers/rules-rows-vision-thinking.js";
import { RL } from "./helpers/rules-table.js";
import { runCli } from "./helpers/run-cli.js";

const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixtureFiles = ["valid", "invalid"].flatMap((dir) =>
  readdirSync(new URL(`${dir}/`, FIXTURES)).map((name) => new URL(`${dir}/${name}`, FIXTURES).pathname),
);

const RUBRICS: Record<string, string> = {
  "good.rubric.json": JSON.stringify({ outcome: { version: "1", criteria: [{ id: "win", description: "wins", weight: 1 }], aggregation: "weighted_sum" } }, null, 2),
  "typo.rubric.json": '{\n  "outcome": {\n    "version": "1",\n    "critera": [],\n    "aggregation": "sum"\n  }\n}\n',
  "broken.rubric.json": '{ "outcome": { "version": 1, }\n',
};

/** What the two sides must agree on: 0-based start, severity, code, message. */
const fromFinding = (f: Finding) => ({ line: f.line - 1, character: f.column - 1, severity: f.severity === "error" ? 1 : 2, code: f.code, message: f.message });
const fromDiagnostic = (d: Diagnostic) => ({ line: d.range.start.line, character: d.range.start.character, severity: d.severity, code: d.code, message: d.message });

let dir: string;
let files: string[] = [];
let expected = new Map<string, Finding[]>();
let lsp: LspSession;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "task-app-lsp-"));
  const rows = Object.values({ ...FIDELITY_ROWS, ...REACH_ROWS, ...RL_MODEL_ROWS, ...RL_TRAINING_ROWS, ...SFT_ROWS, ...VISION_THINKING_ROWS }).flat();
  const rowFiles = rows.map((row, n) => {
    const path = join(dir, `row-${n}-${row.kind}.toml`);
    writeFileSync(path, row.toml);
    return path;
  });
  const rubricFiles = Object.entries(RUBRICS).map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
  const corpus = readCorpus();
  const corpusFiles = corpus ? corpus.files.map((f) => join(corpus.configsDir, f)) : [];
  files = [...corpusFiles, ...fixtureFiles, ...rowFiles, ...rubricFiles];
  const result = await runCli(["validate", "--json", ...files], dir);
  assert.ok(result.code === 0 || result.code === 1, result.stderr);
  const checks = JSON.parse(result.stdout) as { file: string; findings: Finding[] }[];
  expected = new Map(checks.map((c) => [c.file, c.findings]));
  lsp = await LspSession.start("task-app", dir, { debounceMs: 20 });
});

after(async () => {
  await lsp?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("task-app lsp: diagnostics are validate's findings", () => {
  test("the corpus is read with the rest", { skip: readCorpus() ? false : noCorpusReason() }, () => {
    assert.ok(files.length > 100, `${files.length} files`);
  });

  test("every corpus config, fixture, rule row and rubric: same start, severity, code and message", async () => {
    let withFindings = 0;
    for (const file of files) {
      const uri = lsp.open(file, readFileSync(file, "utf8"));
      const got = (await lsp.diagnosticsAt(uri, 1)).filter((d) => d.severity !== 3);
      const want = expected.get(file);
      assert.ok(want, `validate did not report ${file}`);
      assert.deepEqual(got.map(fromDiagnostic), want.map(fromFinding), file);
      if (want.length) withFindings++;
      for (const d of got) {
        assert.equal(d.source, "task-app");
        assert.equal(d.codeDescription?.href, `https://unpkg.com/task-app/generated/CONFIG.md#${codeAnchorOf(String(d.code))}`);
        assert.ok(d.range.end.line > d.range.start.line || d.range.end.character >= d.range.start.character, `${file}: range ends before it starts`);
      }
      lsp.notify("textDocument/didClose", { textDocument: { uri } });
    }
    assert.ok(withFindings > 60, `only ${withFindings} files had findings`);
  });

  test("every code the diagnostics carry has its anchor in generated/CONFIG.md", () => {
    const reference = readFileSync(new URL("../generated/CONFIG.md", import.meta.url), "utf8");
    const codes = new Set([...expected.values()].flat().map((f) => f.code));
    for (const code of codes) assert.ok(reference.includes(`<a id="${codeAnchorOf(code)}"></a>`), `no entry for ${code}`);
  });

  test("a diagnostic covers the key it names", async () => {
    const text = RL.replace("batch_size = 4", "batchsize = 4");
    const uri = lsp.open(join(dir, "range-rl.toml"), text);
    const [d] = (await lsp.diagnosticsAt(uri, 1)).filter((x) => x.code === "unknown_key");
    assert.ok(d);
    const line = text.split("\n")[d.range.start.line]!;
    assert.equal(line.slice(d.range.start.character, d.range.end.character), "batchsize");
  });

  test("incremental changes are applied before the check", async () => {
    const path = join(dir, "incremental-rl.toml");
    const uri = lsp.open(path, RL);
    assert.deepEqual(await lsp.diagnosticsAt(uri, 1), []);
    const line = RL.split("\n").indexOf("batch_size = 4");
    const version = lsp.change(uri, [{ range: { start: { line, character: 5 }, end: { line, character: 6 } }, text: "" }]);
    const got = await lsp.diagnosticsAt(uri, version);
    const text = RL.replace("batch_size = 4", "batchsize = 4");
    assert.deepEqual(got.map(fromDiagnostic), checkSourceText(text, { file: path }).findings.map(fromFinding));
    assert.ok(got.some((d) => d.code === "unknown_key"));
  });

  test("a burst of 100 edits is debounced and leaves the last text's diagnostics only", async () => {
    const path = join(dir, "burst-rl.toml");
    const uri = lsp.open(path, RL);
    assert.deepEqual(await lsp.diagnosticsAt(uri, 1), []);
    const before = lsp.published.filter((p) => p.uri === uri).length;
    let text = RL;
    for (let n = 1; n <= 100; n++) {
      // Each edit changes the semaphore: odd edits leave a value an Instruct model would be warned about.
      const next = text.replace(/\n\[training\]\n(async_semaphore_max = \d+\n)?/, `\n[training]\nasync_semaphore_max = ${n % 2 ? 8 : 2}\n`);
      lsp.notify("textDocument/didChange", { textDocument: { uri, version: n + 1 }, contentChanges: [{ text: next }] });
      text = next;
    }
    text = text.replace('base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B-Instruct-2507"').replace("async_semaphore_max = 2", "async_semaphore_max = 9");
    lsp.notify("textDocument/didChange", { textDocument: { uri, version: 102 }, contentChanges: [{ text }] });
    const last = await lsp.diagnosticsAt(uri, 102);
    const want = checkSourceText(text, { file: path }).findings;
    assert.ok(want.some((f) => f.code === "instruct_async_semaphore"), "the last text has a finding");
    assert.deepEqual(last.map(fromDiagnostic), want.map(fromFinding));
    // Wait past the debounce: nothing older is published after the last version.
    await new Promise((r) => setTimeout(r, 300));
    const burst = lsp.published.filter((p) => p.uri === uri).slice(before);
    assert.equal(burst.at(-1)?.version, 102, "the last publish is of the last version");
    assert.ok(burst.length < 50, `${burst.length} publishes for 101 edits: not debounced`);
  });
});
