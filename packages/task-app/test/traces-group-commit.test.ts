/**
 * Group commit as a served app meets it: each rollout hands its session in
 * from its own I/O callback, and a SQLite file write completes without
 * yielding to I/O. Sessions handed in during one turn of the event loop must
 * still share one transaction (they once went one per transaction, which cut
 * a traced server's throughput several times over).
 * A SQLite file store keeps its window on the sending side (one message, one transaction), and
 * eval opens its store with a window of its own.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { createGroupCommit } from "../src/traces/group-commit.js";
import { insertSessionsRows, type InsertResult } from "../src/traces/insert.js";
import { openTraceStore } from "../src/traces/store.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { assertSessionsComplete, countCompleteSessions } from "./helpers/trace-checks.js";

const dir = mkdtempSync(join(tmpdir(), "traces-group-commit-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Hands each session to `commit` from a callback of its own, all callbacks due in the same loop turn. */
function handInSeparately(commit: (s: SessionTraceV3) => Promise<InsertResult>, sessions: SessionTraceV3[]): Promise<InsertResult[]> {
  return Promise.all(sessions.map((session) => new Promise<InsertResult>((resolve, reject) => setImmediate(() => commit(session).then(resolve, reject)))));
}

test("sessions handed in from separate callbacks of one loop turn share a batch, even when a write never yields", async () => {
  const batches: number[] = [];
  const commit = createGroupCommit(async (sessions) => {
    batches.push(sessions.length);
    return sessions.map((s) => ({ sessionId: s.session_id, inserted: true }));
  });
  const sessions = Array.from({ length: 10 }, (_, i) => makeSessionTrace(i, { runId: "sync" }));
  const results = await handInSeparately(commit, sessions);
  assert.deepEqual(results.map((r) => r.sessionId), sessions.map((s) => s.session_id), "each caller gets its own result");
  assert.deepEqual(batches, [10]);
  // Later arrivals still get written: a second wave forms a second batch.
  await handInSeparately(commit, [makeSessionTrace(20, { runId: "sync" }), makeSessionTrace(21, { runId: "sync" })]);
  assert.deepEqual(batches, [10, 2]);
  assert.deepEqual(commit.counts, { transactions: 2, sessions: 12 }, "the counts say how the writes were batched");
});

test("on a real SQLite file: twelve sessions from separate callbacks go in one transaction, all complete", async () => {
  const store = await openTraceStore(join(dir, "batch.db"));
  try {
    const batches: number[] = [];
    const commit = createGroupCommit((sessions) => {
      batches.push(sessions.length);
      return insertSessionsRows(store.db, store.kind, sessions);
    });
    const sessions = Array.from({ length: 12 }, (_, i) => makeSessionTrace(i, { runId: "file", turns: 1 + (i % 3) }));
    const results = await handInSeparately(commit, sessions);
    assert.ok(results.every((r) => r.inserted));
    assert.deepEqual(batches, [12], "one transaction for the twelve");
    assert.equal(await assertSessionsComplete(store.db), 12);
  } finally {
    await store.close();
  }
});

test("with a time window, sessions that arrive spread out share a batch, cut by count when it fills first", async () => {
  const batches: number[] = [];
  const commit = createGroupCommit(
    async (sessions) => {
      batches.push(sessions.length);
      return sessions.map((s) => ({ sessionId: s.session_id, inserted: true }));
    },
    { maxBatch: 4, maxWaitMs: 1500 },
  );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Three sessions a few milliseconds apart (each in a turn of its own): without a window each would commit alone.
  const spread: Promise<InsertResult>[] = [];
  for (let i = 0; i < 3; i++) {
    spread.push(commit(makeSessionTrace(i, { runId: "window" })));
    await sleep(5);
  }
  assert.deepEqual(batches, [], "nothing is written before the window closes or the batch fills");
  const results = await Promise.all(spread);
  assert.deepEqual(results.map((r) => r.sessionId), [0, 1, 2].map((i) => makeSessionTrace(i, { runId: "window" }).session_id));
  assert.deepEqual(batches, [3], "one transaction for the three");
  // Ten at once: the count cuts them (4, 4, 2) without waiting for the window.
  await Promise.all(Array.from({ length: 10 }, (_, i) => commit(makeSessionTrace(10 + i, { runId: "window" }))));
  assert.deepEqual(batches, [3, 4, 4, 2]);
});

test("a SQLite file store's commits count the writer thread's transactions and the sessions they held", async () => {
  const store = await openTraceStore(join(dir, "counts.db"), { write: true });
  try {
    assert.deepEqual(store.commits, { transactions: 0, sessions: 0 });
    for (let i = 0; i < 3; i++) assert.ok((await store.insertParsedSession(makeSessionTrace(i, { runId: "counts" }))).inserted);
    assert.deepEqual(store.commits, { transactions: 3, sessions: 3 }, "one at a time: one transaction each");
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.insertParsedSession(makeSessionTrace(10 + i, { runId: "counts" }))));
    assert.ok(results.every((r) => r.inserted));
    const { transactions, sessions } = store.commits;
    assert.equal(sessions, 23);
    assert.ok(transactions < 3 + 20, `twenty handed in at once share transactions (${transactions - 3} for 20)`);
  } finally {
    await store.close();
  }
});

test("a SQLite file store with a window: sessions written apart go over together, in one message and one transaction; 64 go at once; close() sends what waits", async () => {
  const store = await openTraceStore(join(dir, "window.db"), { write: true, batchMs: 60_000 });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  try {
    // Five sessions in turns of their own: nothing reaches the file before the window closes (here: the count or close()).
    const apart: Promise<InsertResult>[] = [];
    for (let i = 0; i < 5; i++) {
      apart.push(store.insertParsedSession(makeSessionTrace(i, { runId: "window" })));
      await sleep(5);
    }
    assert.deepEqual(store.commits, { transactions: 0, sessions: 0 }, "the five wait for company");
    // 59 more fill the message (64): it goes at once, one transaction for all, with no wait for the window.
    const filled = Array.from({ length: 59 }, (_, i) => store.insertParsedSession(makeSessionTrace(5 + i, { runId: "window" })));
    assert.ok([...(await Promise.all([...apart, ...filled]))].every((r) => r.inserted));
    assert.deepEqual(store.commits, { transactions: 1, sessions: 64 });
    // Three more wait; close() sends them rather than waiting out the window.
    const late = Array.from({ length: 3 }, (_, i) => store.insertParsedSession(makeSessionTrace(100 + i, { runId: "window" })));
    const closing = store.close();
    assert.ok((await Promise.all(late)).every((r) => r.inserted));
    await closing;
    assert.equal(await countCompleteSessions(join(dir, "window.db")), 67);
  } finally {
    await store.close().catch(() => {});
  }
});

test("eval's store holds a trace for its window before it goes to the writer (others may join it), and TASKAPP_TRACE_BATCH_MS sets the window", async () => {
  const { openEvalTraceStore, EVAL_TRACE_BATCH_MS } = await import("../src/eval/trace-store.js");
  assert.equal(EVAL_TRACE_BATCH_MS, 10);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  // Without a window a lone trace is committed within a millisecond or two of being handed in (the writer thread
  // is started at open); within eval's 10 ms it is not handed over at all.
  const windowed = await openEvalTraceStore(join(dir, "eval-window.db"), {});
  try {
    // Warm first (the thread's first session pays for its check's and statements' first run).
    for (let i = 0; i < 2; i++) assert.ok((await windowed.insertSession(makeSessionTrace(100 + i, { runId: "eval-window" }))).inserted);
    assert.deepEqual(windowed.commits, { transactions: 2, sessions: 2 });
    const first = windowed.insertSession(makeSessionTrace(0, { runId: "eval-window" }));
    await sleep(3);
    const second = windowed.insertSession(makeSessionTrace(1, { runId: "eval-window" }));
    assert.deepEqual(windowed.commits, { transactions: 2, sessions: 2 }, "held for the window");
    assert.ok((await Promise.all([first, second])).every((r) => r.inserted));
    assert.deepEqual(windowed.commits, { transactions: 3, sessions: 4 }, "the two went together");
  } finally {
    await windowed.close();
  }
  // The variable's window instead of eval's: a minute, so nothing goes before close() sends it.
  const long = await openEvalTraceStore(join(dir, "eval-env.db"), { TASKAPP_TRACE_BATCH_MS: "60000" });
  const waiting = Array.from({ length: 3 }, (_, i) => long.insertSession(makeSessionTrace(i, { runId: "eval-env" })));
  await sleep(50);
  assert.deepEqual(long.commits, { transactions: 0, sessions: 0 }, "past eval's own window, the traces still wait");
  await long.close();
  assert.ok((await Promise.all(waiting)).every((r) => r.inserted));
  assert.equal(await countCompleteSessions(join(dir, "eval-env.db")), 3);
});
