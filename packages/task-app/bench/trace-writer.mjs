/**
 * Where the SQLite trace writer thread's CPU per session goes, against
 * SQLite's own insert of the same rows (the floor of server-traces' goal
 * row). The sessions are server-traces' (3 turns: an LM call, an
 * environment step, two event rewards each, an outcome reward; 23 rows),
 * written one per transaction (concurrency 1 there) and 32 per transaction
 * (about what concurrency 64 gathers). Figures, per session, medians of
 * interleaved rounds:
 *
 * - thread: the store's writer thread as a served app uses it (sessions
 *   handed over unchecked, one message per turn of the event loop), its CPU
 *   from /proc (schedstat, nanoseconds) of the threads the store started;
 * - the hand-over alone: a thread sent the sessions as the store sends them,
 *   which reads each message and answers it as the writer does, no work;
 * - its parts, each alone on this thread: reading the handed-over session
 *   (v8.deserialize, what a structured clone costs the receiving side), the
 *   check (the compiled validator, in place), the writer's JavaScript (rows,
 *   ids, JSON text, value arrays: createSqliteWriter over a stand-in whose
 *   statements bind nothing) and the whole writer on a real file;
 * - SQLite through the native driver: the stored rows inserted again through
 *   libsql with the writer's own statements, in a loop that does nothing
 *   else (the floor's procedure, on the driver the store uses);
 * - the floor: the same rows inserted by Python's sqlite3 (sqlite-floor.mjs);
 * - a way of binding less, measured and set aside: the same rows handed to
 *   SQLite as one JSON text per table and statement (`INSERT ... SELECT
 *   value->>0, value->>1, ... FROM json_each(?)`, the text made from the
 *   rows inside the measured loop, the stored rows checked equal to the
 *   replay's), and the writer's JavaScript making that text instead of value
 *   arrays. SQLite's JSON parse and extraction cost more than the binding
 *   they save: this line stays above the replay's;
 * - derived: the thread as it would cost on a driver exactly as cheap as
 *   Python's sqlite3 (its CPU less libsql's excess over the floor), and the
 *   thread against libsql alone plus the hand-over alone (server-traces'
 *   goal, at most 1.35x) with the thread's own work left beside them.
 *
 * Usage: npm run bench:trace-writer [-- --sessions 1500 --rounds 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import Database from "libsql";
import { loadLine, ownCpuUs, parseBenchArgs, spread, threadCpuUsOf, threadsOf } from "./measure.mjs";
import { batches, measureHandover, readStoredSessions, replayThroughLibsql } from "./libsql-floor.mjs";
import { measureSqliteFloor } from "./sqlite-floor.mjs";
import { recordBenchTurns, TURNS } from "./trace-session.mjs";

const { values: opts } = parseBenchArgs({ options: { sessions: { type: "string", default: "1500" }, rounds: { type: "string", default: "3" } } });
const N = Number(opts.sessions);
const ROUNDS = Number(opts.rounds);
const dist = (p) => import(new URL(`../dist/${p}`, import.meta.url).href);
const { createSessionTracer } = await dist("tracing/tracer.js");
const { openTraceStore } = await dist("traces/store.js");
const { openSqliteDatabase } = await dist("traces/sqlite-file.js");
const { compileSqliteWriterSql } = await dist("traces/sqlite-statements.js");
const { createSqliteWriter } = await dist("traces/sqlite-writer.js");
const { checkSessionTraceInPlace } = await dist("traces/check-session.js");
const { WRITTEN_COLUMNS } = await dist("traces/batch-rows.js");

/** server-traces' session, as the served app's tracer records it (not yet checked). */
function recordSession() {
  const tracer = createSessionTracer({});
  recordBenchTurns(tracer);
  return tracer.toUncheckedSessionTrace();
}

const dir = mkdtempSync(join(tmpdir(), "bench-trace-writer-"));
let files = 0;
const freshPath = () => join(dir, `t${++files}.db`);
const perSession = (fn) => {
  const t = ownCpuUs();
  fn();
  return (ownCpuUs() - t) / N;
};

/** The ids of this process's threads. */
const threadIds = () => threadsOf(process.pid).map((t) => t.tid);

/** The store's writer thread, `batch` sessions handed over per turn (each batch awaited): CPU µs per session, and the stored file. */
async function viaThread(batch) {
  const before = new Set(threadIds());
  const path = freshPath();
  const store = await openTraceStore(path, { write: true });
  const started = threadIds().filter((t) => !before.has(t));
  const cpu = () => started.reduce((us, t) => us + (threadCpuUsOf(process.pid, t) ?? 0), 0); // a thread that ended counts 0
  for (const b of batches(Array.from({ length: 200 }, recordSession), batch)) await Promise.all(b.map((s) => store.insertSession(s)));
  const sessions = Array.from({ length: N }, recordSession);
  const t = cpu();
  for (const b of batches(sessions, batch)) await Promise.all(b.map((s) => store.insertSession(s)));
  const us = (cpu() - t) / N;
  const commits = store.commits;
  await store.close();
  return { us, path, perTransaction: commits.sessions / commits.transactions };
}

/** The writer's parts on this thread. */
async function parts(batch) {
  const path = freshPath();
  const store = await openTraceStore(path);
  const sql = compileSqliteWriterSql(store.db);
  const bytes = Array.from({ length: N }, () => serialize(recordSession()));
  const out = {};
  let sessions;
  out.deserialize = perSession(() => (sessions = bytes.map((b) => deserialize(b))));
  out.check = perSession(() => sessions.forEach((s) => checkSessionTraceInPlace(s)));
  // The writer's JavaScript alone: statements that take their values and run nothing.
  const statement = { run: () => ({ changes: 1 }), get: () => ({ data_version: 1, last: 0 }) };
  const js = createSqliteWriter({ prepare: () => statement, exec: () => {}, inTransaction: false }, sql);
  out.javascript = perSession(() => batches(sessions, batch).forEach((b) => js(b)));
  // The same, each statement's values made into one JSON text (the text jsonInsertSql reads, less the brackets around each row).
  const jsonStatement = { run: (values) => ((jsonText += JSON.stringify(values).length), { changes: 1 }), get: statement.get };
  let jsonText = 0;
  const jsJson = createSqliteWriter({ prepare: (text) => (text === sql.insertSession ? statement : jsonStatement), exec: () => {}, inTransaction: false }, sql);
  out.javascriptJson = perSession(() => batches(sessions, batch).forEach((b) => jsJson(b)));
  const database = openSqliteDatabase(path);
  const write = createSqliteWriter(database, sql);
  out.writer = perSession(() => batches(sessions, batch).forEach((b) => write(b)));
  database.close();
  await store.close();
  return out;
}

/**
 * The writer's INSERT of `table` as one statement over a JSON array of rows, each an array of the columns' values in
 * WRITTEN_COLUMNS order: `value->>i` gives SQLite's own types (integers, reals, text, NULL) as binding would.
 */
const jsonInsertSql = (insert, table) =>
  `${insert.head.replace(/ values\s*$/i, "")} select ${WRITTEN_COLUMNS[table].map((_, i) => `value->>${i}`).join(", ")} from json_each(?)`;

/** Every written column of every table at `path`, as SQLite quotes it, in rowid order. */
function storedRows(path) {
  const db = new Database(path, { readonly: true });
  const text = Object.entries(WRITTEN_COLUMNS)
    .map(([t, cs]) => JSON.stringify(db.prepare(`SELECT ${cs.map((c) => `quote("${c}")`).join(", ")} FROM "${t}" ORDER BY rowid`).raw().all()))
    .join("\n");
  db.close();
  return text;
}

console.log(`the SQLite trace writer's CPU per ${TURNS}-turn session (23 rows), ${N} sessions per run, ${ROUNDS} interleaved rounds; medians (min-max); ${loadLine()} at start`);
for (const batch of [1, 32]) {
  const r = { thread: [], handover: [], deserialize: [], check: [], javascript: [], javascriptJson: [], writer: [], libsql: [], libsqlJson: [], floor: [] };
  let sameRows = true;
  let perTransaction = 0;
  await parts(batch); // warm-up: the validator compiled, the writer's code optimised
  for (let round = 0; round < ROUNDS; round++) {
    const thread = await viaThread(batch);
    perTransaction = thread.perTransaction;
    r.thread.push(thread.us);
    r.handover.push((await measureHandover(Array.from({ length: 200 }, recordSession), Array.from({ length: N }, recordSession), batch)).thread);
    for (const [k, v] of Object.entries(await parts(batch))) r[k].push(v);
    const stored = readStoredSessions(thread.path);
    const bound = freshPath();
    r.libsql.push(await replayThroughLibsql(stored, bound, batch));
    const json = freshPath();
    r.libsqlJson.push(await replayThroughLibsql(stored, json, batch, jsonInsertSql));
    sameRows &&= storedRows(json) === storedRows(bound);
    const floor = measureSqliteFloor(thread.path, batch, 1);
    if (!floor.error) r.floor.push(floor.cpu_us_per_session);
  }
  console.log(`\n${batch} session${batch === 1 ? "" : "s"} per transaction (the store ran ${perTransaction.toFixed(1)})`);
  const line = (label, xs) => xs.length && console.log(`  ${label.padEnd(62)} ${spread(xs, 0, " µs")}`);
  line("writer thread (as a served app hands sessions to it)", r.thread);
  line("  the hand-over alone (a thread that reads and answers, no work)", r.handover);
  line("  reading a handed-over session (v8.deserialize)", r.deserialize);
  line("  the check (compiled validator, in place)", r.check);
  line("  the writer's JavaScript (rows, ids, JSON text, values)", r.javascript);
  line("  the whole writer on a real file, on this thread", r.writer);
  line("the stored rows through libsql, the writer's statements", r.libsql);
  line("the floor: the same rows through Python's sqlite3", r.floor);
  line(`the same rows as one JSON text per table (json_each)${sameRows ? "" : ": ROWS DIFFER"}`, r.libsqlJson);
  line("  the writer's JavaScript making that JSON text", r.javascriptJson);
  if (r.floor.length) {
    const m = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`  thread / floor ${(m(r.thread) / m(r.floor)).toFixed(2)}x; libsql alone / floor ${(m(r.libsql) / m(r.floor)).toFixed(2)}x; writer on this thread / floor ${(m(r.writer) / m(r.floor)).toFixed(2)}x`);
    console.log(`  JSON text per table / floor ${(m(r.libsqlJson) / m(r.floor)).toFixed(2)}x (libsql's binding: ${(m(r.libsql) / m(r.floor)).toFixed(2)}x)`);
    // What the thread would cost on a driver exactly as cheap as Python's sqlite3: its CPU less libsql's excess over the floor.
    const atFloor = m(r.thread) - (m(r.libsql) - m(r.floor));
    console.log(`  the thread on a driver at the floor's cost (thread - (libsql alone - floor)): ${atFloor.toFixed(0)} µs, ${(atFloor / m(r.floor)).toFixed(2)}x the floor`);
    // The goal (server-traces): the thread at most 1.35x libsql's own insert plus the hand-over alone.
    const base = m(r.libsql) + m(r.handover);
    console.log(`  thread / (libsql alone + hand-over alone) ${(m(r.thread) / base).toFixed(2)}x (server-traces' goal: <= 1.35x); the thread's own work as served (thread - libsql alone - hand-over) ${(m(r.thread) - base).toFixed(0)} µs`);
  }
}
console.log(`\n${loadLine()} at the end`);
rmSync(dir, { recursive: true, force: true });
