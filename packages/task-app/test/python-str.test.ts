/**
 * Python's string rules as synth-ai applies them: `pyStrip` removes exactly
 * what Python's `str.strip()` removes, checked against Python itself over
 * every code point of the Basic Multilingual Plane (skips, saying so, without
 * Python 3).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { isPyBlank, pyStrip } from "../src/text/python-str.js";
import { findPython } from "./helpers/python.js";

test("pyStrip differs from trim() where Python does: U+001C..U+001F and U+0085 go, U+FEFF stays", () => {
  assert.equal(pyStrip("\x1f\x85 Qwen/Qwen3-4B\t\u3000"), "Qwen/Qwen3-4B");
  assert.equal(pyStrip("\ufeffQwen/Qwen3-4B"), "\ufeffQwen/Qwen3-4B");
  assert.equal(isPyBlank("\x1c\x1d\x1e\x1f"), true);
  assert.equal(isPyBlank("\ufeff"), false);
  assert.equal(pyStrip("a b"), "a b");
});

const python = findPython(["json"]);

test("pyStrip agrees with Python's str.strip() on every BMP code point", { skip: python.ok ? false : python.reason }, () => {
  if (!python.ok) return;
  const run = spawnSync(python.python, ["-c", "import json; print(json.dumps([c for c in range(0x10000) if chr(c).isspace()]))"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const theirs: number[] = JSON.parse(run.stdout);
  const ours: number[] = [];
  for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) if (pyStrip(`${String.fromCharCode(c)}x${String.fromCharCode(c)}`) === "x") ours.push(c);
  assert.deepEqual(ours, theirs);
});
