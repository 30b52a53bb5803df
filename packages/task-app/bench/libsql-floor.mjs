/**
 * The baseline of the trace writer's goal: what storing a session costs with nothing of task-app's
 * own in the way. Two parts, each measured on the driver and the thread hand-over the store uses:
 *
 * - the hand-over alone: a thread sent the sessions as the store sends them (one message per
 *   batch, a structured clone) that reads each message and answers it as the writer does, no work;
 * - libsql's own insert: rows already stored by the writer, read back and inserted again through
 *   libsql with the writer's own statements (multi-row INSERTs of up to 64 rows, the sessions'
 *   row first), `batch` sessions per transaction, in a loop that does nothing else.
 *
 * Their sum is "libsql's own insert of the same rows at the same batching, hand-over included".
 * server-traces sets the writer thread against it (the hand-over's receiving side, what the thread
 * pays); eval, measuring its whole process, against the sum with both sides of the hand-over;
 * trace-writer breaks the thread down beside it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import Database from "libsql";
import { ownCpuUs, threadCpuUsOf, threadsOf } from "./measure.mjs";

const dist = (p) => import(new URL(`../dist/${p}`, import.meta.url).href);
const { openTraceStore } = await dist("traces/store.js");
const { openSqliteDatabase } = await dist("traces/sqlite-file.js");
const { compileSqliteWriterSql, multiRowInsertSql } = await dist("traces/sqlite-statements.js");
const { WRITTEN_COLUMNS } = await dist("traces/batch-rows.js");

export const TABLES = ["session_traces", "session_timesteps", "events", "messages", "event_rewards", "outcome_rewards"];
export const batches = (xs, size) => Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));
const threadIds = () => threadsOf(process.pid).map((t) => t.tid);

/**
 * The hand-over alone for `sessions` (warm-up ones first, unmeasured), `batch` per message: CPU µs per session of the
 * receiving thread (its schedstat), the thread's start excluded; `process`: of the whole process (both sides: the
 * sender's structured clone too), for a goal that counts the process.
 */
export async function measureHandover(warmup, sessions, batch) {
  const before = new Set(threadIds());
  const worker = new Worker(
    `const { parentPort } = require("node:worker_threads");
     parentPort.on("message", ({ writes }) => parentPort.postMessage({ results: writes.map(({ id, session }) => ({ id, sessionId: session.session_id, inserted: true })) }));`,
    { eval: true },
  );
  await new Promise((resolve) => worker.once("online", resolve));
  const started = threadIds().filter((t) => !before.has(t));
  const cpu = () => started.reduce((us, t) => us + (threadCpuUsOf(process.pid, t) ?? 0), 0);
  const send = (writes) => new Promise((resolve) => (worker.once("message", resolve), worker.postMessage({ writes })));
  for (const b of batches(warmup, batch)) await send(b.map((session, id) => ({ id, session })));
  const t = cpu();
  const p = ownCpuUs();
  for (const b of batches(sessions, batch)) await send(b.map((session, id) => ({ id, session })));
  const us = (cpu() - t) / sessions.length;
  const processUs = (ownCpuUs() - p) / sessions.length;
  await worker.terminate();
  return { thread: us, process: processUs };
}

/** The rows of the sessions stored at `source` (at most `limit` sessions, from the `first`-th stored on), per table, by session. */
export function readStoredSessions(source, limit = Infinity, first = 0) {
  const from = new Database(source, { readonly: true });
  const bySession = Object.fromEntries(TABLES.map((t) => [t, new Map()]));
  for (const t of TABLES)
    for (const row of from.prepare(`SELECT ${WRITTEN_COLUMNS[t].join(", ")} FROM "${t}" ORDER BY rowid`).raw().all()) {
      const id = row[WRITTEN_COLUMNS[t].indexOf("session_id")];
      if (!bySession[t].has(id)) bySession[t].set(id, []);
      bySession[t].get(id).push(row);
    }
  from.close();
  const ids = [...bySession.session_traces.keys()].slice(first, first + limit);
  return { ids, bySession };
}

/**
 * libsql's own insert of `stored` (readStoredSessions) into a fresh store at `path`, `batch` sessions per transaction,
 * with the writer's statements; `json`: each table's rows as one JSON text per statement instead (`jsonSql(insert, table)`
 * gives that statement). CPU µs per session of this thread. `prefill` (stored sessions too) goes in first, unmeasured,
 * 256 sessions a transaction: the measured rows then go into a file of the size the writer wrote them into.
 */
export async function replayThroughLibsql(stored, path, batch, jsonSql, prefill) {
  const { ids, bySession } = stored;
  const rowsOf = (from, b) => TABLES.map((t) => b.flatMap((id) => from.bySession[t].get(id) ?? []));
  const work = batches(ids, batch).map((b) => rowsOf(stored, b));
  const store = await openTraceStore(path);
  const sql = compileSqliteWriterSql(store.db);
  await store.close();
  const db = openSqliteDatabase(path);
  const prepared = new Map();
  const statement = (t, rows) => {
    const key = `${t}:${rows}`;
    if (!prepared.has(key))
      prepared.set(key, db.prepare(t === "session_traces" ? sql.insertSession : jsonSql ? jsonSql(sql.insert[t], t) : multiRowInsertSql(sql.insert[t], rows)));
    return prepared.get(key);
  };
  const insert = (rowsByTable) => {
    db.exec("BEGIN IMMEDIATE");
    rowsByTable.forEach((rows, i) => {
      const t = TABLES[i];
      if (t === "session_traces") for (const row of rows) statement(t, 1).run(row);
      else if (jsonSql) rows.length && statement(t, 0).run(JSON.stringify(rows));
      else for (const part of batches(rows, 64)) if (part.length) statement(t, part.length).run(part.flat());
    });
    db.exec("COMMIT");
  };
  if (prefill) for (const b of batches(prefill.ids, 256)) insert(rowsOf(prefill, b));
  const t0 = ownCpuUs();
  for (const rowsByTable of work) insert(rowsByTable);
  const us = (ownCpuUs() - t0) / ids.length;
  db.close();
  return us;
}

/**
 * The baseline, once: the sessions stored at `source` (up to `limit`, from the `from`-th stored on) inserted again
 * through libsql into a scratch file holding the `from` sessions stored before them (the file the writer inserted them
 * into; after one unmeasured pass to warm the statements), and `sessions()` handed over, `batch` per transaction and
 * per message. { libsql, handover, total } in CPU µs per session.
 */
export async function measureLibsqlFloor(source, batch, makeSession, limit = 1000, from = 0) {
  const dir = mkdtempSync(join(tmpdir(), "bench-libsql-floor-"));
  try {
    const all = readStoredSessions(source);
    const part = (start, count) => ({ ids: all.ids.slice(start, start + count), bySession: all.bySession });
    await replayThroughLibsql(part(0, Math.min(200, limit)), join(dir, "warm.db"), batch);
    const stored = part(from, limit);
    const libsql = await replayThroughLibsql(stored, join(dir, "floor.db"), batch, undefined, from > 0 ? part(0, from) : undefined);
    // The same rows into a fresh file, for comparison (what this baseline measured before it filled the file first).
    const libsqlFresh = from > 0 ? await replayThroughLibsql(stored, join(dir, "fresh.db"), batch) : libsql;
    const handover = await measureHandover(Array.from({ length: 200 }, makeSession), Array.from({ length: stored.ids.length }, makeSession), batch);
    return { libsql, libsqlFresh, handover: handover.thread, total: libsql + handover.thread, handoverBothSides: handover.process, totalBothSides: libsql + handover.process };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
