/**
 * The SQLite trace store on real files: synth-ai's tracing-v3 layout, one
 * session per insert with all its rows, idempotency per session_id, 64
 * concurrent inserts through one writer, migration of an older database, and
 * bad input refused with nothing written.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createClient } from "@libsql/client";
import { sql } from "kysely";
import { SCHEMA_VERSION } from "../src/traces/migrations.js";
import { openTraceStore } from "../src/traces/store.js";
import { redactTraceUrl, resolveTraceTarget } from "../src/traces/url.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { assertSessionsComplete, assertTracingV3Layout, countRows } from "./helpers/trace-checks.js";

const dir = mkdtempSync(join(tmpdir(), "traces-store-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("a directory store is synth_ai.db inside it, WAL, with the tracing-v3 tables and indexes", async () => {
  const store = await openTraceStore(join(dir, "layout", "v3"));
  try {
    assert.equal(store.location, join(dir, "layout", "v3", "synth_ai.db"));
    await assertTracingV3Layout(store.db);
    const { rows: mode } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.db);
    assert.equal(mode[0]?.journal_mode, "wal");
    const { rows: indexes } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(store.db);
    const names = indexes.map((r) => r.name);
    for (const index of ["idx_session_created", "idx_event_type", "idx_event_model", "idx_message_type", "idx_event_rewards_type", "idx_event_rewards_key"])
      assert.ok(names.includes(index), `index ${index}`);
    const version = await store.db.selectFrom("task_app_schema_version").select((eb) => eb.fn.max("version").as("v")).executeTakeFirst();
    assert.equal(Number(version?.v), SCHEMA_VERSION);
  } finally {
    await store.close();
  }
});

test("one insert writes the session, its steps, cais events with call_records, messages and rewards", async () => {
  const store = await openTraceStore(join(dir, "one.db"));
  try {
    const session = makeSessionTrace(7, { turns: 3, image: true, outcome: 2.5 });
    assert.deepEqual(await store.insertSession(session), { sessionId: session.session_id, inserted: true });
    assert.equal(await countRows(store.db, "session_traces"), 1);
    assert.equal(await assertSessionsComplete(store.db), 1);
    const cais = await store.db.selectFrom("events").selectAll().where("event_type", "=", "cais").orderBy("id").execute();
    assert.equal(cais.length, 3);
    const records = JSON.parse(cais[0]!.call_records!);
    assert.equal(records[0].input_messages[1].parts[1].type, "image_url");
    assert.equal(cais[0]!.cost_usd, 2, "cost_usd is integer cents");
    assert.deepEqual(JSON.parse(cais[0]!.metadata!), { turn: 0, step_id: "turn_0" });
    const joined = await sql<{ reward_type: string; annotation: string; metadata: string }>`
      SELECT er.reward_type, er.annotation, ev.metadata FROM event_rewards er JOIN events ev ON er.event_id = ev.id
      WHERE er.reward_type = 'unique_achievement_delta' ORDER BY er.id`.execute(store.db);
    assert.deepEqual(joined.rows.map((r) => JSON.parse(r.metadata).turn), [0, 1, 2]);
    assert.deepEqual(JSON.parse(joined.rows[0]!.annotation), { new_unique: ["collect_wood"] });
    const outcome = await store.db.selectFrom("outcome_rewards").selectAll().executeTakeFirstOrThrow();
    assert.equal(outcome.total_reward, 2.5);
    assert.equal(outcome.objective_key, "reward");
    const step = await store.db.selectFrom("session_timesteps").selectAll().where("step_id", "=", "turn_1").executeTakeFirstOrThrow();
    const stepEvents = await countRows(store.db, "events");
    assert.equal(stepEvents, 6);
    assert.equal(step.num_events, 2);
  } finally {
    await store.close();
  }
});

test("inserting the same session again (also concurrently) writes nothing more", async () => {
  const store = await openTraceStore(join(dir, "idempotent.db"));
  try {
    const session = makeSessionTrace(1);
    await store.insertSession(session);
    const before = await Promise.all((["session_traces", "events", "messages", "event_rewards", "outcome_rewards"] as const).map((t) => countRows(store.db, t)));
    const again = await Promise.all(Array.from({ length: 8 }, () => store.insertSession(session)));
    assert.ok(again.every((r) => r.inserted === false));
    const after = await Promise.all((["session_traces", "events", "messages", "event_rewards", "outcome_rewards"] as const).map((t) => countRows(store.db, t)));
    assert.deepEqual(after, before);
  } finally {
    await store.close();
  }
});

test("a session whose rows cannot be written fails alone: the others committed with it in one batch are stored", async () => {
  const store = await openTraceStore(join(dir, "batch-failure.db"));
  try {
    const sessions = Array.from({ length: 10 }, (_, i) => makeSessionTrace(100 + i, { runId: "b" }));
    // Schema-valid, but its event reward names an event the session does not have: the insert refuses it.
    const bad = { ...sessions[4]!, event_rewards: [{ ...sessions[4]!.event_rewards[0]!, event_id: "no-such-event" }] };
    sessions[4] = bad;
    const settled = await Promise.allSettled(sessions.map((s) => store.insertSession(s)));
    assert.deepEqual(settled.map((r) => r.status), sessions.map((_, i) => (i === 4 ? "rejected" : "fulfilled")));
    assert.match(String((settled[4] as PromiseRejectedResult).reason), /event reward refers to event "no-such-event"/);
    assert.equal(await assertSessionsComplete(store.db), 9);
  } finally {
    await store.close();
  }
});

test("64 sessions inserted at once are all stored with every row", async () => {
  const store = await openTraceStore(join(dir, "concurrent.db"));
  try {
    const sessions = Array.from({ length: 64 }, (_, i) => makeSessionTrace(i, { turns: 1 + (i % 5), runId: "c" }));
    const results = await Promise.all(sessions.map((s) => store.insertSession(s)));
    assert.ok(results.every((r) => r.inserted));
    assert.equal(await assertSessionsComplete(store.db), 64);
    const expectedEvents = sessions.reduce((n, s) => n + s.event_history.length, 0);
    assert.equal(await countRows(store.db, "events"), expectedEvents);
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(store.db);
    assert.equal(rows[0]?.integrity_check, "ok");
  } finally {
    await store.close();
  }
});

test("a session that is not tracing-v3 is refused with the path of the problem and writes nothing", async () => {
  const store = await openTraceStore(join(dir, "bad.db"));
  try {
    const bad = { ...makeSessionTrace(1), session_time_steps: [{ step_id: "turn_0" }] };
    await assert.rejects(store.insertSession(bad), /not a tracing-v3 session[\s\S]*session_time_steps/);
    const dangling = { ...makeSessionTrace(2), event_rewards: [{ ...makeSessionTrace(2).event_rewards[0]!, event_id: "nope" }] };
    await assert.rejects(store.insertSession(dangling), /event reward refers to event "nope"/);
    assert.equal(await countRows(store.db, "session_traces"), 0, "the failed transaction left no session row");
    assert.equal(await countRows(store.db, "events"), 0);
  } finally {
    await store.close();
  }
});

test("a database in synth-ai's older layout is migrated on open: columns added, rows kept", async () => {
  const path = join(dir, "old.db");
  const client = createClient({ url: `file:${path}` });
  await client.executeMultiple(`
    CREATE TABLE session_traces (session_id VARCHAR PRIMARY KEY, created_at DATETIME NOT NULL, num_timesteps INTEGER NOT NULL,
      num_events INTEGER NOT NULL, num_messages INTEGER NOT NULL, metadata TEXT, experiment_id VARCHAR);
    CREATE TABLE outcome_rewards (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id VARCHAR NOT NULL, total_reward INTEGER NOT NULL,
      achievements_count INTEGER NOT NULL, total_steps INTEGER NOT NULL, created_at DATETIME NOT NULL, reward_metadata TEXT);
    INSERT INTO session_traces VALUES ('old-1', '2025-01-01T00:00:00Z', 0, 0, 0, '{}', NULL);
    INSERT INTO outcome_rewards (session_id, total_reward, achievements_count, total_steps, created_at) VALUES ('old-1', 3, 1, 4, '2025-01-01T00:00:00Z');`);
  client.close();
  const store = await openTraceStore(path);
  try {
    await assertTracingV3Layout(store.db);
    const old = await store.db.selectFrom("outcome_rewards").selectAll().executeTakeFirstOrThrow();
    assert.equal(old.objective_key, "reward");
    assert.equal(old.total_reward, 3);
    await store.insertSession(makeSessionTrace(3));
    assert.equal(await countRows(store.db, "session_traces"), 2);
  } finally {
    await store.close();
  }
  const reopened = await openTraceStore(path);
  const versions = await reopened.db.selectFrom("task_app_schema_version").select("version").execute();
  assert.deepEqual(versions.map((v) => v.version), [1, 2], "each migration ran once");
  await reopened.close();
});

test("store URLs: paths, directories and file: URLs are SQLite; http(s)/libsql and postgres are servers; secrets redacted", () => {
  const cwd = process.cwd();
  assert.deepEqual(resolveTraceTarget("traces/v3", {}), { kind: "sqlite", path: join(cwd, "traces", "v3", "synth_ai.db") });
  assert.deepEqual(resolveTraceTarget("runs/a.db", {}), { kind: "sqlite", path: join(cwd, "runs", "a.db") });
  assert.deepEqual(resolveTraceTarget("file:///tmp/x/t.db", {}), { kind: "sqlite", path: "/tmp/x/t.db" });
  assert.deepEqual(resolveTraceTarget("file:rel/t.db", {}), { kind: "sqlite", path: join(cwd, "rel", "t.db") });
  assert.deepEqual(resolveTraceTarget("libsql://db.example.io?auth_token=abc", {}), { kind: "libsql", url: "libsql://db.example.io", authToken: "abc" });
  assert.deepEqual(resolveTraceTarget("http://127.0.0.1:8080", { TASKAPP_TRACE_AUTH_TOKEN: "t0k" }), { kind: "libsql", url: "http://127.0.0.1:8080/", authToken: "t0k" });
  assert.equal(resolveTraceTarget("postgresql://u:p@h/db", {}).kind, "postgres");
  assert.throws(() => resolveTraceTarget("mysql://h/db", {}), /unsupported trace store URL scheme in mysql:\/\/h\/db/);
  assert.throws(() => resolveTraceTarget("  ", {}), /empty/);
  for (const memory of [":memory:", "file::memory:", "file::memory:?cache=shared"])
    assert.throws(() => resolveTraceTarget(memory, {}), /in-memory trace store \(:memory:\) is not supported.*give a file path/, memory);
  assert.equal(redactTraceUrl("postgres://u:secret@h:5432/db"), "postgres://u:***@h:5432/db");
  assert.equal(redactTraceUrl("libsql://h?auth_token=secret"), "libsql://h?auth_token=***");
});

test("opening ':memory:' is refused with the reason and leaves no folder named ':memory:' behind", async () => {
  const cwd = process.cwd();
  const scratch = mkdtempSync(join(tmpdir(), "trace-memory-"));
  process.chdir(scratch);
  try {
    await assert.rejects(openTraceStore(":memory:"), /in-memory trace store \(:memory:\) is not supported/);
    assert.deepEqual(readdirSync(scratch), [], "nothing was created in the working directory");
  } finally {
    process.chdir(cwd);
    rmSync(scratch, { recursive: true, force: true });
  }
});
