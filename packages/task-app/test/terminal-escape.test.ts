/**
 * Text from outside printed with its terminal control characters escaped:
 * the helper itself, and `traces ls`, `traces show` and `traces stats` over a
 * store whose model name and messages hold a screen clear, an OSC title and
 * CR/LF line forgery. (eval's FAILED lines and train's progress: see
 * test/hostile/ and test/train-print.test.ts.)
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { escapeTerminal, stringifyForTerminal } from "../src/text/terminal.js";
import { openTraceStore } from "../src/traces/store.js";
import { runCliWithEnv } from "./helpers/fake-backend.js";
import { makeSessionTrace } from "./helpers/session-trace.js";

const HOSTILE = "evil\x1b[2J\x1b]0;pwned\x07\rforged line\nsecond\u202eright-to-left\x9b31m";
/** Any control character a terminal acts on (a newline only as our own line end). */
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

test("escapeTerminal writes every control character as an escape and leaves printable text alone", () => {
  assert.equal(escapeTerminal("plain — ünïcode ✓"), "plain — ünïcode ✓");
  assert.equal(escapeTerminal("a\x1b[2Jb\r\n\t\x07\x7f\x9b\u202e"), "a\\x1b[2Jb\\r\\n\\t\\x07\\x7f\\x9b\\u202e");
  assert.ok(!RAW_CONTROL.test(escapeTerminal(HOSTILE)) && !escapeTerminal(HOSTILE).includes("\n"));
});

test("stringifyForTerminal escapes what JSON.stringify leaves raw and parses back to the same value", () => {
  const value = { model: HOSTILE, list: ["\u2028", "\x7f"] };
  const text = stringifyForTerminal(value, 2);
  assert.ok(!RAW_CONTROL.test(text) && !text.includes("\u2028"), JSON.stringify(text));
  assert.match(text, /right-to-left\\u009b31m/);
  assert.deepEqual(JSON.parse(text), value);
  assert.equal(stringifyForTerminal({ a: "b" }), JSON.stringify({ a: "b" }));
});

test("traces ls, show and stats escape control characters stored in model names and messages", async () => {
  const dir = await mkdtemp(join(tmpdir(), "task-app-escape-"));
  try {
    const session = makeSessionTrace(1, { model: HOSTILE, runId: "hostile" });
    const db = join(dir, "synth_ai.db");
    const store = await openTraceStore(db);
    await store.insertSession(session);
    await store.close();
    for (const argv of [["traces", "ls"], ["traces", "stats"], ["traces", "show", session.session_id]]) {
      const r = await runCliWithEnv([...argv, "--db", db], {});
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!RAW_CONTROL.test(r.stdout), `${argv.join(" ")} printed a raw control character:\n${JSON.stringify(r.stdout)}`);
      assert.ok(r.stdout.includes("evil\\x1b[2J\\x1b]0;pwned\\x07\\rforged line"), `${argv.join(" ")}:\n${r.stdout}`);
      assert.ok(!/^forged line|^second/m.test(r.stdout), "no line of output is forged");
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
