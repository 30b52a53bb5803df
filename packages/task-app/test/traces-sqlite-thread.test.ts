/**
 * A SQLite trace file is written by a thread of its own, so a batch being
 * committed never stalls the thread that serves requests: sessions reach
 * the file while that thread is busy; the thread neither keeps a finished
 * process alive nor outlives `close()`, which waits for the writes in flight.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import Database from "libsql";
import { validateSessionTrace } from "../generated/rollout-validate.js";
import { openTraceStore } from "../src/traces/store.js";
import { assertSessionsComplete, countCompleteSessions } from "./helpers/trace-checks.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { traceWriterArgv } from "./helpers/trace-writer-argv.js";

const dir = mkdtempSync(join(tmpdir(), "traces-sqlite-thread-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("sessions are committed while the serving thread is busy: the file is written by another thread", async () => {
  const path = join(dir, "busy.db");
  const store = await openTraceStore(path);
  try {
    await store.insertParsedSession(makeSessionTrace(0, { runId: "busy" })); // the writer thread is started by the first write
    const writes = Array.from({ length: 32 }, (_, i) => store.insertParsedSession(makeSessionTrace(i + 1, { runId: "busy" })));
    // The sessions of one turn of the event loop are handed over together, at its end (as a server's rollouts finishing in one poll phase are).
    await new Promise((resolve) => setImmediate(resolve));
    // Block this thread (as a long synchronous request would) and watch the file from a connection of its own.
    const reader = new Database(path, { readonly: true, timeout: 10_000 });
    const count = () => (reader.prepare("SELECT COUNT(*) AS n FROM session_traces").get() as { n: number }).n;
    let seen = count();
    for (const until = Date.now() + 20_000; seen < 33 && Date.now() < until; ) seen = count();
    reader.close();
    assert.equal(seen, 33, "all sessions were committed while this thread never yielded");
    assert.ok((await Promise.all(writes)).every((r) => r.inserted));
    assert.equal(await assertSessionsComplete(store.db), 33);
  } finally {
    await store.close();
  }
});

test("close() waits for the writes in flight; a write after close is refused", async () => {
  const store = await openTraceStore(join(dir, "close.db"));
  const writes = Array.from({ length: 20 }, (_, i) => store.insertParsedSession(makeSessionTrace(i, { runId: "close" })));
  await store.close();
  assert.ok((await Promise.all(writes)).every((r) => r.inserted), "every write issued before close() finished");
  await assert.rejects(store.insertParsedSession(makeSessionTrace(99, { runId: "close" })), /closed/);
  assert.equal(await countCompleteSessions(join(dir, "close.db")), 20);
});

test("a process that wrote sessions and never closed its store still exits, with every session stored", async () => {
  const path = join(dir, "no-close.db");
  const child = spawnSync(process.execPath, traceWriterArgv([path, "noclose", "12", "4", "--no-close"]), { encoding: "utf8", timeout: 60_000 });
  assert.equal(child.error, undefined, "the writer process exited on its own");
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /done/);
  assert.equal(await countCompleteSessions(path), 12);
});

test("run from its TypeScript sources (through tsx), the store starts its writer thread from source too", async () => {
  const path = join(dir, "source.db");
  const child = spawnSync(process.execPath, traceWriterArgv([path, "source", "5", "2"], { from: "source" }), { encoding: "utf8", timeout: 60_000 });
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /done/);
  assert.equal(await countCompleteSessions(path), 5);
});

test("a session holding a value the thread cannot be handed (a function) fails alone; the store goes on", async () => {
  const store = await openTraceStore(join(dir, "uncloneable.db"), { write: true });
  try {
    const bad = makeSessionTrace(1, { runId: "clone" });
    (bad.metadata as Record<string, unknown>).callback = () => 1;
    await assert.rejects(store.insertParsedSession(bad), /cannot be handed to the trace writer/);
    assert.ok((await store.insertParsedSession(makeSessionTrace(2, { runId: "clone" }))).inserted);
    assert.equal(await assertSessionsComplete(store.db), 1);
  } finally {
    await store.close();
  }
});

test("a closed store refuses writes even if it never wrote (no thread is started after close), and tries a refused write once", async () => {
  const store = await openTraceStore(join(dir, "closed-unused.db"));
  await store.close();
  const session = makeSessionTrace(1, { runId: "closed" });
  const id = session.session_id;
  let reads = 0;
  Object.defineProperty(session, "session_id", { get: () => (reads++, id), enumerable: true, configurable: true });
  await assert.rejects(store.insertSession(session), /closed/);
  const readByInsert = reads;
  reads = 0;
  validateSessionTrace(session);
  // A SQLite file's sessions are checked by its writer thread, which a closed store never starts: read at most by one check.
  assert.ok(readByInsert <= reads, "the session was read by its check at most: no second try through Zod's copy");
  assert.equal(await countCompleteSessions(join(dir, "closed-unused.db")), 0);
});
