/**
 * The SQLite file writer (prepared statements on the native driver) and the
 * Kysely writer (multi-row INSERTs, what libsql servers and PostgreSQL get)
 * must store the same rows: the same sessions, written in the same batches
 * through each, leave identical tables, value for value and type for type.
 * The sessions carry what a native binding can trip on: booleans (the driver
 * aborts the process on one), nulls, floats, images, runtime events, a
 * repeated session and one already stored.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, test } from "node:test";
import { createClient } from "@libsql/client";
import { Kysely, sql } from "kysely";
import type { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { insertSessionsRows } from "../src/traces/insert.js";
import { createLibsqlDialect } from "../src/traces/libsql-dialect.js";
import { migrateTraceStore } from "../src/traces/migrations.js";
import { openSqliteDatabase } from "../src/traces/sqlite-file.js";
import { compileSqliteWriterSql, ROWS_PER_INSERT } from "../src/traces/sqlite-statements.js";
import { createSqliteWriter } from "../src/traces/sqlite-writer.js";
import { openTraceStore } from "../src/traces/store.js";
import type { TraceTables } from "../src/traces/tables.js";
import { TRACING_V3_COLUMNS } from "./helpers/trace-checks.js";
import { makeSessionTrace } from "./helpers/session-trace.js";

const dir = mkdtempSync(join(tmpdir(), "traces-sqlite-writer-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function sessionsToWrite(): SessionTraceV3[][] {
  const withRuntime = makeSessionTrace(3, { runId: "w", turns: 2 });
  const runtime = {
    event_type: "runtime" as const,
    event_id: "rt-1",
    system_instance_id: "runtime",
    time_record: { event_time: 1_763_000_500.25 },
    metadata: { note: "reset" },
    actions: [1, 2],
  };
  withRuntime.event_history.push(runtime);
  withRuntime.session_time_steps[1]!.events.push(runtime);
  const noCost = makeSessionTrace(4, { runId: "w", turns: 1 });
  for (const event of noCost.event_history) if (event.event_type === "cais") event.cost_usd = null;
  const first = [makeSessionTrace(0, { runId: "w" }), makeSessionTrace(1, { runId: "w", image: true, turns: 4 }), makeSessionTrace(0, { runId: "w" })];
  return [first, [withRuntime, noCost, makeSessionTrace(1, { runId: "w", image: true, turns: 4 }), makeSessionTrace(5, { runId: "w", turns: 0 })]];
}

/** Every row of every tracing-v3 table, with each value's SQLite type. */
async function dump(db: Kysely<TraceTables>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, columns] of Object.entries(TRACING_V3_COLUMNS)) {
    const select = columns.map((c) => sql`${sql.ref(c)}, typeof(${sql.ref(c)})`);
    const { rows } = await sql`SELECT ${sql.join(select)} FROM ${sql.table(table)} ORDER BY 1, 3`.execute(db);
    out[table] = rows;
  }
  return out;
}

test("the SQLite file writer stores exactly what the Kysely writer stores", async () => {
  const batches = sessionsToWrite();
  const store = await openTraceStore(join(dir, "native.db"));
  const client = createClient({ url: pathToFileURL(join(dir, "kysely.db")).href });
  const kysely = new Kysely<TraceTables>({ dialect: createLibsqlDialect(client) });
  try {
    await migrateTraceStore(kysely, "sqlite");
    const native: boolean[][] = [];
    const viaKysely: boolean[][] = [];
    for (const batch of batches) {
      native.push((await Promise.all(batch.map((s) => store.insertParsedSession(s)))).map((r) => r.inserted));
      viaKysely.push((await insertSessionsRows(kysely, "sqlite", batch)).map((r) => r.inserted));
    }
    assert.deepEqual(native, [[true, true, false], [true, true, false, true]], "repeats and sessions stored before are skipped");
    assert.deepEqual(viaKysely, native);
    const [a, b] = [await dump(store.db), await dump(kysely)];
    assert.ok((a.events?.length ?? 0) > 10 && (a.messages?.length ?? 0) > 10, "the fixture writes rows");
    assert.deepEqual(a, b);
  } finally {
    await store.close();
    await kysely.destroy();
  }
});

test("a batch with more rows than one INSERT takes stores the same rows as the Kysely writer", async () => {
  // 29 sessions of 1 to 5 turns: 87 turns, 174 events and messages: full statements and a remainder
  const batch = Array.from({ length: 29 }, (_, i) => makeSessionTrace(i, { runId: "chunks", turns: 1 + (i % 5), image: i % 7 === 0 }));
  const store = await openTraceStore(join(dir, "chunks-native.db"));
  const database = openSqliteDatabase(join(dir, "chunks-native.db"));
  const client = createClient({ url: pathToFileURL(join(dir, "chunks-kysely.db")).href });
  const kysely = new Kysely<TraceTables>({ dialect: createLibsqlDialect(client) });
  try {
    await migrateTraceStore(kysely, "sqlite");
    const write = createSqliteWriter(database, compileSqliteWriterSql(store.db));
    assert.ok(write(batch).every((r) => r.inserted));
    await insertSessionsRows(kysely, "sqlite", batch);
    const [a, b] = [await dump(store.db), await dump(kysely)];
    assert.ok((a.events?.length ?? 0) > 2 * ROWS_PER_INSERT && (a.events?.length ?? 0) % ROWS_PER_INSERT !== 0, `the batch's events (${a.events?.length}) need full statements and a remainder`);
    assert.equal(a.session_traces?.length, 29);
    assert.deepEqual(a, b);
  } finally {
    database.close();
    await store.close();
    await kysely.destroy();
  }
});

test("a writer whose file another connection wrote to since its last batch draws ids after that connection's rows", async () => {
  // The writer remembers where its ids left off; a commit by anyone else (another process on the file, the Kysely writer) must make it look again.
  const path = join(dir, "two-writers.db");
  const store = await openTraceStore(path);
  const database = openSqliteDatabase(path);
  const other = openSqliteDatabase(path);
  const client = createClient({ url: pathToFileURL(join(dir, "two-writers-kysely.db")).href });
  const kysely = new Kysely<TraceTables>({ dialect: createLibsqlDialect(client) });
  try {
    await migrateTraceStore(kysely, "sqlite");
    const sql = compileSqliteWriterSql(store.db);
    const [write, writeOther] = [createSqliteWriter(database, sql), createSqliteWriter(other, sql)];
    const batches = [0, 1, 2, 3, 4].map((b) => [makeSessionTrace(2 * b, { runId: "two", turns: 2 }), makeSessionTrace(2 * b + 1, { runId: "two", turns: 3 })]);
    assert.ok(write(batches[0]!).every((r) => r.inserted));
    assert.ok(writeOther(batches[1]!).every((r) => r.inserted));
    assert.ok(write(batches[2]!).every((r) => r.inserted), "the first writer's ids continue after the other's rows");
    assert.ok(write(batches[3]!).every((r) => r.inserted));
    await store.db.deleteFrom("event_rewards").where("session_id", "=", batches[3]![1]!.session_id).execute(); // a commit through yet another connection
    assert.ok(write(batches[4]!).every((r) => r.inserted));
    for (const batch of batches.slice(0, 3)) await insertSessionsRows(kysely, "sqlite", batch);
    await insertSessionsRows(kysely, "sqlite", batches[3]!);
    await kysely.deleteFrom("event_rewards").where("session_id", "=", batches[3]![1]!.session_id).execute();
    await insertSessionsRows(kysely, "sqlite", batches[4]!);
    const [a, b] = [await dump(store.db), await dump(kysely)];
    assert.equal(a.session_traces?.length, 10);
    assert.deepEqual(a, b);
  } finally {
    database.close();
    other.close();
    await store.close();
    await kysely.destroy();
  }
});
