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

test("a batch whose tables take every size of multi-row INSERT stores the same rows as the Kysely writer", async () => {
  // 29 sessions of 1 to 5 turns: 87 turns, 174 events and messages, counts that need each statement size and a remainder
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
    const sizes = new Set(ROWS_PER_INSERT);
    assert.ok((a.events?.length ?? 0) > Math.max(...sizes) + 16 + 4, `the batch has more events (${a.events?.length}) than one statement of each size takes`);
    assert.equal(a.session_traces?.length, 29);
    assert.deepEqual(a, b);
  } finally {
    database.close();
    await store.close();
    await kysely.destroy();
  }
});
