/**
 * Hostile databases against the readers (`traces ls/show/stats`,
 * `export-sft`, `filter`): a foreign SQLite file is left byte for byte as it
 * was and refused by name; a file that is not SQLite is named; a store whose
 * `session_traces` is an endless view, whose schema version is unknown or
 * whose version table is gone is refused before any query runs; a query past
 * its deadline is interrupted; a session holding U+0000 is stored and read
 * back exactly on SQLite and PostgreSQL.
 *
 * Real CLI processes (killed after LIMIT) run the first reader against the
 * foreign file and the endless view, and `traces stats --db package.json`
 * (whose whole standard error is the claim: no Node message); the other
 * readers run the CLI's `main` in this process (test/helpers/cli-in-process.ts),
 * under the same LIMIT as the tests' own timeout.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { sql } from "kysely";
import { listSessions } from "../../src/traces/queries.js";
import { openTraceReader } from "../../src/traces/reader.js";
import { loadSessionDetail } from "../../src/traces/show.js";
import { openTraceStore } from "../../src/traces/store.js";
import { startPostgres } from "../helpers/postgres.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
import { runCli } from "../helpers/run-cli.js";
import { makeSessionTrace } from "../helpers/session-trace.js";
import { openSetupStore } from "../helpers/setup-store.js";

const Database = createRequire(import.meta.url)("libsql") as new (path: string) => {
  exec(sql: string): void;
  prepare(sql: string): { get(...a: unknown[]): Record<string, unknown> };
  close(): void;
};

const dir = mkdtempSync(join(tmpdir(), "hostile-db-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
const LIMIT = { timeoutMs: 60_000 };
/** A hang in a reader run in this process fails its test at the same limit. */
const TEST_LIMIT = { timeout: 120_000 };
/** `task-app <argv>` in `dir`: a real process when `real`, else in this process. */
const read = (argv: string[], real = false) => (real ? runCli(argv, dir, undefined, LIMIT) : runCliInProcess(argv, { cwd: dir }));

/** Every read command pointed at `db`, with a filter config for `filter`. */
function readCommands(db: string, name: string): string[][] {
  const config = join(dir, `${name}.filter.toml`);
  writeFileSync(config, `type = "filter"\n\n[filter]\ndb = ${JSON.stringify(db)}\noutput = ${JSON.stringify(join(dir, `${name}.filter.jsonl`))}\n`);
  return [
    ["traces", "ls", "--db", db],
    ["traces", "show", "session-x", "--db", db],
    ["traces", "stats", "--db", db],
    ["export-sft", db, "--out", join(dir, `${name}.jsonl`)],
    ["filter", "--config", config],
  ];
}

let template: Promise<string> | undefined;
/** A trace store with two sessions, written once (this process keeps connections to it open, so cases work on copies). */
function templateStore(): Promise<string> {
  return (template ??= (async () => {
    const path = join(dir, "template", "synth_ai.db");
    const store = await openSetupStore(path);
    for (const i of [0, 1]) await store.insertSession(makeSessionTrace(i, { runId: "hostile" }));
    await store.close();
    return path;
  })());
}

/** A copy of the template store (with its WAL) changed by `hostile` through a plain SQLite connection. */
async function hostileStore(name: string, hostile: string): Promise<string> {
  const path = join(dir, `${name}.db`);
  const source = await templateStore();
  copyFileSync(source, path);
  if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${path}-wal`);
  const db = new Database(path);
  db.prepare("PRAGMA journal_mode = DELETE").get(); // one file: a reader that wrote or switched it to WAL would show in its bytes
  db.exec(hostile);
  db.close();
  return path;
}

test("a foreign SQLite file: every reader refuses it by name and leaves it byte for byte as it was (no tables, no WAL)", TEST_LIMIT, async () => {
  const path = join(dir, "foreign.sqlite");
  const db = new Database(path);
  db.exec("CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada'), ('grace');");
  db.close();
  const before = sha(path);
  for (const [i, argv] of readCommands(path, "foreign").entries()) {
    const res = await read(argv, i === 0);
    assert.equal(res.code, 1, `${argv.join(" ")}: ${res.stderr}`);
    assert.match(res.stderr, new RegExp(`not a task-app trace store: ${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), argv.join(" "));
    assert.equal(sha(path), before, `${argv.join(" ")} changed the file`);
    assert.ok(!existsSync(`${path}-wal`), `${argv.join(" ")} switched the file to WAL`);
  }
  const check = new Database(path);
  assert.equal(check.prepare("PRAGMA journal_mode").get().journal_mode, "delete");
  assert.equal(check.prepare("SELECT count(*) AS n FROM sqlite_schema").get().n, 1);
  check.close();
});

test("traces stats --db package.json names the file, exits 1 and prints no Node message", async () => {
  const path = join(dir, "package.json");
  writeFileSync(path, `${JSON.stringify({ name: "x", version: "1.0.0" }, null, 2)}\n`);
  const before = sha(path);
  const res = await runCli(["traces", "stats", "--db", "package.json"], dir, undefined, LIMIT);
  assert.equal(res.code, 1);
  assert.equal(res.stderr, `task-app traces: not a task-app trace store: ${path} (not a SQLite database)\n`);
  assert.equal(sha(path), before);
  const empty = join(dir, "empty.db");
  writeFileSync(empty, "");
  const res2 = await runCli(["traces", "ls", "--db", empty], dir, undefined, LIMIT);
  assert.equal(res2.code, 1);
  assert.match(res2.stderr, /not a task-app trace store: .*empty\.db \(empty file\)/);
  assert.equal(readFileSync(empty).length, 0);
});

test("a session_traces view over an endless recursive CTE is refused before any query: no hang, no growing export", TEST_LIMIT, async () => {
  const path = await hostileStore(
    "endless",
    `PRAGMA foreign_keys = OFF; DROP TABLE session_traces;
     CREATE VIEW session_traces AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
       SELECT 'session-' || n AS session_id, '2026-01-01' AS created_at, 1 AS num_timesteps, 1 AS num_events, 1 AS num_messages,
              NULL AS metadata, NULL AS experiment_id FROM r;`,
  );
  for (const [i, argv] of readCommands(path, "endless").entries()) {
    const res = await read(argv, i === 0);
    assert.equal(res.code, 1, `${argv.join(" ")}: ${res.stderr}`);
    assert.match(res.stderr, /not a task-app trace store: .*endless\.db \(session_traces is a view, not a table\)/, argv.join(" "));
  }
  assert.ok(!existsSync(join(dir, "endless.jsonl")));
  assert.ok(!existsSync(join(dir, "endless.filter.jsonl")));
});

test("a schema version this task-app does not read, or none at all, is refused; an older store is not migrated by a reader", TEST_LIMIT, async () => {
  const newer = await hostileStore("newer", "INSERT INTO task_app_schema_version VALUES (99, 'later');");
  const res = await read(["traces", "ls", "--db", newer]);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /not a task-app trace store: .*newer\.db \(schema version 99 is newer than this task-app reads \(2\); upgrade task-app\)/);
  const none = await hostileStore("none", "DROP TABLE task_app_schema_version;");
  const res2 = await read(["export-sft", none, "--out", join(dir, "none.jsonl")]);
  assert.equal(res2.code, 1);
  assert.match(res2.stderr, /not a task-app trace store: .*none\.db \(it has no task_app_schema_version table/);
  const older = await hostileStore("older", "DELETE FROM task_app_schema_version WHERE version = 2;");
  const before = sha(older);
  const res3 = await read(["traces", "stats", "--db", older]);
  assert.equal(res3.code, 1);
  assert.match(res3.stderr, /schema version 1 is older than this task-app reads \(2\)/);
  assert.equal(sha(older), before);
  assert.ok(!existsSync(`${older}-wal`));
  const missing = await hostileStore("nocolumn", "ALTER TABLE events DROP COLUMN call_records;");
  const res4 = await read(["traces", "ls", "--db", missing]);
  assert.equal(res4.code, 1);
  assert.match(res4.stderr, /table events lacks call_records/);
});

test("a reader's query past its deadline is interrupted, and the reader cannot write", TEST_LIMIT, async () => {
  const path = await hostileStore("deadline", "SELECT 1;");
  const reader = await openTraceReader(path, { queryTimeoutMs: 300 });
  try {
    await assert.rejects(
      sql`WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r ORDER BY n DESC LIMIT 1`.execute(reader.db),
      /a query took longer than 300 ms and was stopped/,
    );
    assert.equal((await reader.db.selectFrom("session_traces").select("session_id").execute()).length, 2, "the connection still answers after an interrupt");
    await assert.rejects(sql`DELETE FROM session_traces`.execute(reader.db), /reader runs queries only|readonly|query_only/i);
  } finally {
    await reader.close();
  }
  const reader2 = await openTraceReader(path, { maxRows: 30 });
  try {
    await assert.rejects(sql`WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r`.execute(reader2.db), /more than 30 rows/);
  } finally {
    await reader2.close();
  }
});

test("the columns a reader requires are exactly those the migrations create", async () => {
  const { TRACE_TABLE_COLUMNS } = await import("../../src/traces/tables.js");
  const db = new Database(await hostileStore("columns", "SELECT 1;"));
  for (const [table, columns] of Object.entries(TRACE_TABLE_COLUMNS)) {
    const created = (db.prepare(`SELECT group_concat(name, ',') AS names FROM pragma_table_info('${table}')`).get().names as string).split(",");
    assert.deepEqual(new Set(created), new Set(columns), table);
  }
  db.close();
});

/** A session whose id, model, prompt, answer, message and metadata hold U+0000 (and U+FFFE, the escape character itself). */
function sessionWithNul(runId: string) {
  const session = makeSessionTrace(7, { runId, model: "model\u0000nul" });
  const tricky = "before\u0000after \uFFFE0 \uFFFE\uFFFE end\u0000";
  session.session_id = `session-${runId}-\u0000-7`;
  session.metadata = { ...session.metadata, note: tricky };
  const lm = session.session_time_steps[0]!.events[0]!;
  assert.equal(lm.event_type, "cais");
  if (lm.event_type === "cais") {
    lm.call_records![0]!.input_messages[1]!.parts = [{ type: "text", text: `prompt ${tricky}` }];
    lm.call_records![0]!.output_text = `answer ${tricky}`;
  }
  session.session_time_steps[0]!.markov_blanket_messages[0]!.content = { text: `message ${tricky}` };
  return { session, tricky };
}

/** Writes the session with NULs to `url`, reads it back through the readers, and checks every string came back exact. */
async function roundTripNul(url: string, runId: string): Promise<void> {
  const { session, tricky } = sessionWithNul(runId);
  const store = await openTraceStore(url);
  try {
    assert.deepEqual(await store.insertSession(structuredClone(session)), { sessionId: session.session_id, inserted: true });
    assert.deepEqual(await store.insertSession(structuredClone(session)), { sessionId: session.session_id, inserted: false }, "the escaped id still matches itself");
  } finally {
    await store.close();
  }
  const reader = await openTraceReader(url);
  try {
    const [listed] = (await listSessions(reader.db)).filter((s) => s.run_id === runId);
    assert.equal(listed?.session_id, session.session_id);
    assert.equal(listed?.model, "model\u0000nul");
    assert.equal(listed?.metadata.note, tricky);
    const detail = await loadSessionDetail(reader.db, session.session_id);
    assert.ok(detail);
    const message = detail.steps[0]!.messages.find((m) => m.message_type === "user")!;
    assert.equal(message.content, `message ${tricky}`);
    assert.equal(detail.steps[0]!.events[0]!.model_name, "model\u0000nul");
  } finally {
    await reader.close();
  }
  const out = join(dir, `${runId}.jsonl`);
  // argv cannot carry U+0000: export everything and pick this session's lines
  const all = await read(["export-sft", url, "--out", out]);
  assert.equal(all.code, 0, all.stderr);
  const lines = readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l)).filter((l) => l.metadata.session_id === session.session_id);
  assert.equal(lines.length, 3);
  assert.equal(lines[0].messages[1].content, `prompt ${tricky}`);
  assert.equal(lines[0].messages.at(-1).content, `answer ${tricky}`);
  assert.equal(lines[0].metadata.model, "model\u0000nul");
}

test("NUL bytes: a session holding U+0000 round-trips exactly through a SQLite file", TEST_LIMIT, async () => {
  await roundTripNul(join(dir, "nul", "synth_ai.db"), "nul-sqlite");
});

test("NUL bytes on PostgreSQL: stored (not lost), read back exactly; a view where a table belongs is refused there too", { timeout: 300_000 }, async (t) => {
  const server = await startPostgres();
  if (!server.ok) return t.skip(server.reason);
  try {
    await roundTripNul(server.url, "nul-pg");
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`ALTER TABLE session_traces RENAME TO session_traces_real;
      CREATE VIEW session_traces AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
        SELECT 'session-' || n AS session_id, now() AS created_at, 1 AS num_timesteps, 1 AS num_events, 1 AS num_messages,
               NULL::text AS metadata, NULL::text AS experiment_id FROM r`);
    await client.end();
    const res = await read(["traces", "ls", "--db", server.url]);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /not a task-app trace store: postgres:\/\/postgres:\*\*\*@.* \(session_traces is a view, not a table\)/);
  } finally {
    await server.stop();
  }
});
