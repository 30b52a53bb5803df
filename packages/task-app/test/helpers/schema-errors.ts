/**
 * Shared by the schema error tests (test/schema-errors-*.test.ts): the
 * fixture directory, clean configs to edit, and `check`/`table`, which
 * compare rows against the exact `formatFinding` text of an invalid file.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { checkConfigText, type CheckOptions } from "../../src/config/check.js";
import { formatFinding } from "../../src/config/findings.js";
import type { ConfigKind } from "../../src/schemas/registry.js";
import { positionOf } from "./corpus.js";

/** The test/fixtures/ directory, with a trailing slash. */
export const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));
/** A file under test/fixtures/, as text. */
export const read = (rel: string) => readFileSync(`${fixtures}${rel}`, "utf8");

/** Clean configs to edit: each validates with zero findings (checked in test/schema-errors-keys.test.ts). */
export const RL = read("valid/rl-model-era.toml");
export const SFT = read("valid/sft.toml");
export const EVAL = read("valid/eval.toml");
export const FILTER = read("valid/filter.toml");
export const FILE: Record<ConfigKind, string> = { rl: "rl.toml", sft: "sft.toml", eval: "eval.toml", filter: "filter.toml", deploy: "deploy.toml" };

export interface Row {
  name: string;
  toml: string;
  kind: ConfigKind;
  options?: CheckOptions;
  /** Each finding: where (a `positionOf` needle), its code, and the text after `file:line:col: `. */
  expect: { at: string; code: string; text: string }[];
}

/** Asserts that the row's file is invalid with exactly the findings it lists, and yields no config. */
export function check(row: Row) {
  const file = FILE[row.kind];
  const result = checkConfigText(row.toml, { file, ...row.options });
  assert.equal(result.kind, row.kind);
  const got = result.findings.map((f) => `${f.code} | ${formatFinding(f)}`);
  const want = row.expect.map((e) => `${e.code} | ${file}:${positionOf(row.toml, e.at)}: ${e.text}`);
  assert.deepEqual([...got].sort(), [...want].sort());
  assert.equal(result.ok, false);
  assert.equal(result.config, undefined, "no config is returned for an invalid file");
}

/** One test per row. */
export function table(rows: Row[]) {
  for (const row of rows) test(row.name, () => check(row));
}

