/**
 * `task-app traces ls | show | stats` on a store whose text was written by
 * someone else: a model name, run id and session id holding terminal
 * escapes (clear screen, window title, carriage return and line feed, an
 * 8-bit CSI, a bidirectional override). Every piece of stored text reaches
 * the terminal escaped, in tables, in a session's rendering, in the list of
 * ids a prefix matches and in --json (as JSON's own \u escapes: the same
 * values, parsed back).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { runCli } from "../helpers/run-cli.js";
import { openSetupStore } from "../helpers/setup-store.js";
import { makeSessionTrace } from "../helpers/session-trace.js";

/** What a terminal acts on: C0 controls but the line feeds a command prints itself, DEL, C1 controls, line separators and bidi overrides. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const MODEL = "evil\x1b[2J\x1b]0;pwned\x07\r\nforged line\u009b31m\u202eledom\x7f";
const RUN = "r\x1b[31m\u2028";

const dir = mkdtempSync(join(tmpdir(), "traces-terminal-"));
const db = join(dir, "synth_ai.db");
const sessions = [0, 1].map((i) => makeSessionTrace(i, { runId: RUN, model: MODEL, turns: 1, outcome: i }));
before(async () => {
  const store = await openSetupStore(db);
  for (const s of sessions) await store.insertSession(s);
  await store.close();
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `task-app traces ...` and checks that nothing it printed would act on a terminal. */
async function traces(...argv: string[]) {
  const result = await runCli(["traces", ...argv, "--db", db]);
  for (const [name, text] of [["stdout", result.stdout], ["stderr", result.stderr]] as const) {
    const hit = RAW_CONTROL.exec(text);
    assert.equal(hit, null, `traces ${argv.join(" ")}: raw U+${hit?.[0].codePointAt(0)!.toString(16).padStart(4, "0")} on ${name}: ${JSON.stringify(text)}`);
  }
  return result;
}

test("traces ls and stats print the model name and run id escaped", async () => {
  const ls = await traces("ls");
  assert.equal(ls.code, 0, ls.stderr);
  assert.match(ls.stdout, /evil\\x1b\[2J\\x1b\]0;pwned\\x07\\r\\nforged line\\x9b31m\\u202eledom\\x7f/);
  assert.match(ls.stdout, /session-r\\x1b\[31m\\u2028-1/);
  assert.equal(ls.stdout.trim().split("\n").length, 3, "a header and one line per session");
  const stats = await traces("stats");
  assert.equal(stats.code, 0, stats.stderr);
  assert.match(stats.stdout, /^evil\\x1b\[2J/m);
});

test("traces show prints a session escaped, and the ids a prefix matches too", async () => {
  const show = await traces("show", sessions[0]!.session_id);
  assert.equal(show.code, 0, show.stderr);
  assert.match(show.stdout, /LM call evil\\x1b\[2J\\x1b\]0;pwned\\x07\\r\\nforged line\\x9b31m\\u202eledom\\x7f \(/);
  const ambiguous = await traces("show", "session-");
  assert.equal(ambiguous.code, 1);
  assert.match(ambiguous.stderr, /is the start of several session ids; give more of it:\n {2}session-r\\x1b\[31m\\u2028-0\n {2}session-r\\x1b\[31m\\u2028-1\n$/);
});

test("--json escapes what JSON leaves raw, and parses back to the stored values", async () => {
  const ls = await traces("ls", "--json");
  assert.deepEqual((JSON.parse(ls.stdout) as { model: string }[]).map((r) => r.model), [MODEL, MODEL]);
  const show = await traces("show", sessions[1]!.session_id, "--json");
  assert.equal((JSON.parse(show.stdout) as { session_id: string }).session_id, sessions[1]!.session_id);
  const stats = await traces("stats", "--json");
  assert.deepEqual((JSON.parse(stats.stdout) as { model: string }[]).map((r) => r.model), [MODEL]);
});
