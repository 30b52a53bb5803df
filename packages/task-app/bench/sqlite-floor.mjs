/**
 * SQLite's own cost per session, for the benchmarks whose goal is what a
 * SQLite trace store may cost: the rows a store wrote, inserted again by
 * Python's sqlite3 (python/sqlite_floor.py: the C library's loop over rows
 * already built), set against what a goal of "costs at most 20% of the
 * throughput" leaves a store on this machine's cores.
 */
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * The lines to print. `offRate` is rollouts/s with tracing off, every core
 * busy (the app and the load generator): cores / offRate is the work per
 * rollout, and costing at most 20% of the throughput means adding at most a
 * quarter of it.
 */
export function describeSqliteFloor(dbPath, offRate) {
  const floor = measureSqliteFloor(dbPath, 32);
  if (floor.error) return `SQLite floor left out: ${floor.error}`;
  const cores = availableParallelism();
  const work = (cores * 1e6) / offRate;
  const allowed = work / 4;
  return (
    `SQLite floor: the same ${floor.rows_per_session.toFixed(0)} rows per session inserted by Python's sqlite3 (SQLite ${floor.sqlite}, rows already built, 32 sessions per transaction, the store's schema and pragmas) cost ${floor.cpu_us_per_session.toFixed(0)} µs CPU per session.\n` +
    `Tracing off, the ${cores} cores did ${work.toFixed(0)} µs of work per rollout (app and load generator); costing at most 20% lets a store add ${allowed.toFixed(0)} µs: ` +
    (floor.cpu_us_per_session > allowed ? "less than SQLite alone needs, so no SQLite store can meet the goal on these cores" : "more than SQLite alone needs")
  );
}

/**
 * SQLite's own CPU per session for the rows stored in `dbPath`, inserted
 * `batch` sessions per transaction: { cpu_us_per_session, rows_per_session,
 * sessions, batch, sqlite } or { error }.
 */
export function measureSqliteFloor(dbPath, batch, passes = 3) {
  const python = process.env.PYTHON ?? "python3";
  const run = spawnSync(python, [new URL("./python/sqlite_floor.py", import.meta.url).pathname, dbPath, String(passes), String(batch)], { encoding: "utf8" });
  if (run.status !== 0) return { error: `${python} failed (${(run.stderr || run.error?.message || "").trim().split("\n").pop()})` };
  return JSON.parse(run.stdout);
}
