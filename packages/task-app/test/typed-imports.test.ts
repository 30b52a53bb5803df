/**
 * What a TypeScript consumer of the package sees: the fixture project in
 * test/fixtures/consumer is copied to a temp directory with
 * `node_modules/task-app` linked to this package, so `import ... from
 * "task-app"` resolves through package.json `exports` to dist/index.d.ts
 * (built by `npm test`). consumer.ts must type-check; misuse.ts holds misuses
 * marked `@ts-expect-error`, and a copy without the markers must fail on
 * exactly those lines.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { NODE_MODULES } from "./helpers/roots.js";

const ROOT = resolve(".");
const FIXTURE = join(ROOT, "test/fixtures/consumer");
const TSC = join(NODE_MODULES, "typescript/bin/tsc");
const MARKER = /^\s*\/\/ @ts-expect-error\b.*\n/gm;

/** Removes the `@ts-expect-error` lines; returns the text and the (1-based) lines that followed each marker. */
function unmark(text: string): { text: string; lines: number[] } {
  const lines: number[] = [];
  let removed = 0;
  const out = text.replace(MARKER, (match, offset: number) => {
    const markerLine = text.slice(0, offset).split("\n").length;
    lines.push(markerLine + 1 - ++removed);
    return "";
  });
  return { text: out, lines };
}

/** `file(line,col): error TSnnnn: ...` lines of tsc output, grouped by file name. */
function errorsByFile(output: string): Map<string, { line: number; text: string }[]> {
  const byFile = new Map<string, { line: number; text: string }[]>();
  for (const m of output.matchAll(/^(\S+?)\((\d+),\d+\): error (TS\d+: .*)$/gm)) {
    const list = byFile.get(m[1]!) ?? [];
    list.push({ line: Number(m[2]), text: m[3]! });
    byFile.set(m[1]!, list);
  }
  return byFile;
}

test("a consumer type-checks against the package exports, and misuses fail", (t) => {
  assert.ok(existsSync(join(ROOT, "dist/index.d.ts")), "dist/index.d.ts is missing: run `npm run build` first (npm test does)");
  const dir = mkdtempSync(join(tmpdir(), "task-app-consumer-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ["consumer.ts", "misuse.ts", "tsconfig.json", "package.json"]) cpSync(join(FIXTURE, name), join(dir, name));
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(ROOT, join(dir, "node_modules/task-app"), "dir");
  symlinkSync(join(NODE_MODULES, "@types"), join(dir, "node_modules/@types"), "dir");
  const misuse = unmark(readFileSync(join(FIXTURE, "misuse.ts"), "utf8"));
  assert.ok(misuse.lines.length >= 8, `expected the misuse fixture to mark at least 8 misuses, found ${misuse.lines.length}`);
  writeFileSync(join(dir, "misuse-unmarked.ts"), misuse.text);

  const r = spawnSync(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false", "--traceResolution"], { cwd: dir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  assert.equal(r.error, undefined);
  const resolved = /Module name 'task-app' was successfully resolved to '([^']+)'/.exec(r.stdout);
  assert.equal(resolved?.[1], realpathSync(join(ROOT, "dist/index.d.ts")), "task-app must resolve through package.json exports to dist/index.d.ts");

  const errors = errorsByFile(r.stdout);
  const show = (file: string) => (errors.get(file) ?? []).map((e) => `${file}:${e.line} ${e.text}`).join("\n");
  assert.deepEqual([...errors.keys()].sort(), ["misuse-unmarked.ts"], `only the unmarked copy may fail:\n${[...errors.keys()].map(show).join("\n")}`);
  const failing = [...new Set(errors.get("misuse-unmarked.ts")!.map((e) => e.line))].sort((a, b) => a - b);
  assert.deepEqual(failing, misuse.lines, `each unmarked misuse (and nothing else) must be an error:\n${show("misuse-unmarked.ts")}`);
  assert.equal(r.status, 2, "tsc exits 2 when it reports errors");
});
