/**
 * Shared by the payload tests (test/payload-*.test.ts): the fixture and
 * corpus locations, a scratch directory for working directories with given
 * files, loading a config that must be valid, and asserting a PayloadError.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { checkConfigFile } from "../../src/config/check.js";
import { PayloadError, type PayloadErrorCode } from "../../src/payload/index.js";
import type { RLConfig } from "../../src/schemas/rl-config.js";
import type { SFTConfig } from "../../src/schemas/sft-config.js";
import { corpusDir } from "./corpus.js";

export const FIXTURES = resolve("test/fixtures/payload");
export const CORPUS = join(corpusDir(), "configs");
export const corpusFiles = (() => {
  try {
    return readdirSync(CORPUS).filter((f) => f.endsWith(".toml")).sort();
  } catch {
    return undefined;
  }
})();
export const NO_CORPUS = `synth-ai compat corpus not found at ${CORPUS} (set SYNTH_AI_COMPAT_DIR)`;

/**
 * Removed when the process ends: every file importing this shares it, and under `npm test` files
 * may share a process (scripts/test-groups.mjs), so no one file's end may remove it.
 */
export const scratch = mkdtempSync(join(tmpdir(), "task-app-payload-"));
process.once("exit", () => rmSync(scratch, { recursive: true, force: true }));

/** A fresh directory with the given files (relative path → contents). */
export function workdir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(scratch, "cwd-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A JSON round trip: what a value looks like once sent (undefined values gone). */
export const plain = (v: unknown) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

export const LINE = '{"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}\n';

/** Checks a config file as `kind`, asserts that it is valid, and returns the parsed config. */
export async function load<K extends "rl" | "sft">(path: string, kind: K): Promise<K extends "rl" ? RLConfig : SFTConfig> {
  const check = await checkConfigFile(path, { kind });
  assert.ok(check.ok, `${path} should be valid:\n${check.findings.map((f) => f.message).join("\n")}`);
  return check.config as K extends "rl" ? RLConfig : SFTConfig;
}

/** Asserts that `fn` throws a PayloadError with this code and a matching message. */
export function throwsPayload(fn: () => unknown, code: PayloadErrorCode, message: RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof PayloadError, `expected a PayloadError, got ${String(e)}`);
    assert.equal(e.code, code);
    assert.match(e.message, message);
    return true;
  });
}
