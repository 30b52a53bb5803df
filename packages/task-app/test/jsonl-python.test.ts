/**
 * SFT JSONL is read the way synth-ai reads it (`collect_sft_jsonl_errors`):
 * Python's universal newlines (a lone CR ends a line), `str.strip()` on each
 * line, and Python's `json`, which reads NaN and Infinity. The line numbers
 * of the lines refused, and the number of examples, are checked against
 * Python itself reading the same files (skips, saying so, without Python 3).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { validateSftJsonl } from "../src/config/jsonl.js";
import { findPython } from "./helpers/python.js";

const EX = (text: string, extra = "") => `{"messages": [{"role": "user", "content": "${text}"}, {"role": "assistant", "content": "ok"}]${extra}}`;

const FILES: Record<string, string> = {
  "lone CR between two examples": `${EX("a")}\r${EX("b")}\n`,
  "lone CR inside one example": `{"messages": [{"role": "user", "content": "a"},\r{"role": "assistant", "content": "b"}]}\n${EX("c")}\n`,
  "CRLF endings": `${EX("a")}\r\n${EX("b")}\r\n`,
  "Python-only whitespace around a line": `\u00a0${EX("a")}\x1f\n\x85${EX("b")}\u3000\n`,
  "a line of U+FEFF is not blank for Python": `${EX("a")}\n\ufeff\n${EX("b")}\n`,
  "NaN and Infinity in metadata": `${EX("a", ', "metadata": {"score": NaN, "max": Infinity, "min": -Infinity, "s": "NaN"}')}\n`,
  "NaN where a string is needed is still an error": `{"messages": [{"role": NaN, "content": "a"}]}\n`,
  "a JSON error after Python-only whitespace": `\u00a0 {"a": 1 x}\n`,
};

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "jsonl-python-"));
  for (const [i, text] of Object.values(FILES).entries()) await writeFile(join(dir, `${i}.jsonl`), text);
});
after(() => rm(dir, { recursive: true, force: true }));

test("a lone CR separates lines, and NaN / Infinity are read with a warning", async () => {
  const files = Object.keys(FILES);
  const cr = await validateSftJsonl(join(dir, `${files.indexOf("lone CR between two examples")}.jsonl`));
  assert.deepEqual([cr.examples, cr.errors], [2, []]);
  const nan = await validateSftJsonl(join(dir, `${files.indexOf("NaN and Infinity in metadata")}.jsonl`));
  assert.deepEqual([nan.examples, nan.errors], [1, []]);
  assert.match(nan.warnings[0]?.message ?? "", /NaN or Infinity is not standard JSON/);
  const spaces = await validateSftJsonl(join(dir, `${files.indexOf("Python-only whitespace around a line")}.jsonl`));
  assert.deepEqual([spaces.examples, spaces.errors], [2, []]);
  const column = await validateSftJsonl(join(dir, `${files.indexOf("a JSON error after Python-only whitespace")}.jsonl`));
  assert.equal(column.errors[0]?.column, 11, "the column counts from the line as written, before stripping");
});

const python = findPython(["json"]);

test("the lines refused and the examples counted are Python's", { skip: python.ok ? false : python.reason }, async () => {
  if (!python.ok) return;
  // The reading loop of collect_sft_jsonl_errors, restated: text mode, universal newlines, strip, json.loads, an object with a non-empty messages list of objects with a string role.
  const script = `
import json, sys
out = []
for path in sys.argv[1:]:
    bad, examples = [], 0
    with open(path, "r", encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, start=1):
            s = raw.strip()
            if not s:
                continue
            try:
                rec = json.loads(s)
                msgs = rec["messages"]
                ok = isinstance(msgs, list) and msgs and all(isinstance(m, dict) and isinstance(m.get("role"), str) and m["role"] for m in msgs)
            except Exception:
                ok = False
            if ok: examples += 1
            else: bad.append(lineno)
    out.append({"bad": bad, "examples": examples})
print(json.dumps(out))`;
  const paths = Object.keys(FILES).map((_, i) => join(dir, `${i}.jsonl`));
  const run = spawnSync(python.python, ["-c", script, ...paths], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const theirs = JSON.parse(run.stdout) as { bad: number[]; examples: number }[];
  for (const [i, name] of Object.keys(FILES).entries()) {
    const ours = await validateSftJsonl(paths[i]!);
    assert.deepEqual({ bad: [...new Set(ours.errors.map((e) => e.line))], examples: ours.examples }, theirs[i], name);
  }
});
