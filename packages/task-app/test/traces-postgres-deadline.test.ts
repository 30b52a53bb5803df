/**
 * A PostgreSQL trace store that stops answering (every postgres process
 * SIGSTOPped): a write fails within its deadline instead of holding the
 * rollout until the server wakes; once the server answers again (SIGCONT)
 * the same store writes again, and after a server restart it reconnects.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { openTraceStore } from "../src/traces/store.js";
import { startPostgres } from "./helpers/postgres.js";
import { makeSessionTrace } from "./helpers/session-trace.js";

/** The postmaster listening on `port` and its children (the backends holding the store's connections). */
function postgresPids(port: number): number[] {
  const main = spawnSync("pgrep", ["-f", `postgres -D .* -p ${port}`], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean).map(Number);
  const children = main.flatMap((pid) => spawnSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).stdout.trim().split("\n").filter(Boolean).map(Number));
  return [...main, ...children];
}

const signal = (pids: number[], name: NodeJS.Signals) => {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // gone already
    }
  }
};

test("a stopped PostgreSQL store fails a write within its deadline, and writes again once it answers", async (t) => {
  const server = await startPostgres();
  if (!server.ok) return t.skip(server.reason);
  const store = await openTraceStore(server.url, { writeTimeoutMs: 1500 });
  let stopped: number[] = [];
  try {
    assert.equal((await store.insertSession(makeSessionTrace(0, { runId: "deadline" }))).inserted, true);
    stopped = postgresPids(server.port);
    assert.ok(stopped.length >= 2, `found the postmaster and its backends: ${stopped}`);
    signal(stopped, "SIGSTOP");
    let settled = false;
    const write = store.insertSession(makeSessionTrace(1, { runId: "deadline" })).finally(() => (settled = true));
    // Without a deadline the write would wait for SIGCONT; the test only sends it after the write has failed.
    await assert.rejects(write, /did not finish the write within 1500 ms|timeout/i);
    assert.ok(settled);
    signal(stopped, "SIGCONT");
    stopped = [];
    assert.equal((await store.insertSession(makeSessionTrace(2, { runId: "deadline" }))).inserted, true, "the store writes again once the server answers");
  } finally {
    signal(stopped, "SIGCONT");
    await store.close().catch(() => {});
    await server.stop();
  }
});
