/**
 * A SQLite trace file is written by a thread of its own (sqlite-worker.ts):
 * SQLite works synchronously, and a batch of sessions takes milliseconds, so
 * written on the serving thread it would stall every request for as long.
 * The serving thread only hands the sessions over (a structured clone, one
 * message for all those of a turn of its event loop: the object graph as it
 * is, which V8 copies faster than JSON.stringify writes it and the thread
 * reads it back faster than JSON.parse would) and gets their results back; on a machine with a free core the store then costs
 * the server almost nothing. One thread per store, started on the first
 * write, so readers never start one.
 */
import { Worker } from "node:worker_threads";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { MAX_BATCH, type CommitCounts } from "./group-commit.js";
import type { InsertResult } from "./insert.js";
import type { SqliteWriterSql } from "./sqlite-statements.js";
import type { WriterReply, WriterRequest, WriterThreadData, WrittenReply } from "./sqlite-worker.js";

export interface SqliteWriterThread {
  /** Writes a session; `checked` false: the thread checks it first (check-session.ts), as the store's insertSession would. */
  write(session: SessionTraceV3, checked?: boolean): Promise<InsertResult>;
  /** Waits for the writes in flight, then closes the thread's connection and ends it. */
  close(): Promise<void>;
  /** The transactions the thread has answered for so far, and the sessions they held. */
  readonly counts: CommitCounts;
}

/** The worker, from the module beside this one. */
function createWorker(workerData: WriterThreadData): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./sqlite-worker.js", import.meta.url), { workerData });
  // Run from source (tests, through tsx): a worker thread does not inherit tsx's loader, so it registers it before importing its module.
  const url = JSON.stringify(new URL("./sqlite-worker.ts", import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${url}); })`, { eval: true, workerData });
}

/**
 * Starts the writer thread for the (migrated) SQLite file at `path`; resolves once its connection and statements are ready.
 * `batchMs`: how long a session waits here for others to go over with it (and into its transaction), at most
 * MAX_BATCH of them (the thread's group commit's batch: one message, one transaction); 0, those handed over in the
 * same turn of the event loop.
 */
export async function startSqliteWriterThread(path: string, sql: SqliteWriterSql, batchMs = 0): Promise<SqliteWriterThread> {
  const worker = createWorker({ path, sql });
  const pending = new Map<number, { resolve(result: InsertResult): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | undefined;
  const settleAll = (error: Error) => {
    failure ??= error;
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    const onMessage = (reply: WriterReply) => {
      worker.off("error", reject);
      if ("fatal" in reply) reject(new Error(reply.fatal));
      else resolve();
    };
    worker.once("message", onMessage);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the trace writer thread exited (code ${code}) before it was ready`)));
  });
  const settle = (reply: WrittenReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ("error" in reply) waiting?.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
    else waiting?.resolve({ sessionId: reply.sessionId, inserted: reply.inserted });
  };
  const counts: CommitCounts = { transactions: 0, sessions: 0 };
  /** Who waits for every write to be answered (close()). */
  let idle: (() => void)[] = [];
  const whenIdle = () => {
    if (pending.size > 0 || idle.length === 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };
  worker.on("message", (reply: WriterReply) => {
    if (!("results" in reply)) return;
    Object.assign(counts, reply.counts);
    for (const result of reply.results) settle(result);
    if (pending.size === 0) {
      worker.unref(); // an idle thread does not keep the process alive
      whenIdle();
    }
  });
  worker.on("error", (error) => {
    settleAll(new Error(`trace writer thread failed: ${error.message}`));
    whenIdle();
  });
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", (code) => {
      settleAll(new Error(`trace writer thread exited (code ${code})`));
      whenIdle();
      resolve();
    }),
  );
  worker.unref();
  // The sessions handed over in one turn of the event loop (or within `batchMs`) go in one message: a message costs
  // both threads microseconds of their own, whatever it carries (the thread wakes for each), and at high concurrency
  // many rollouts finish in the same turn. With `batchMs`, sessions that finish apart (one rollout at a time) still
  // share a message and a transaction: the window is kept here, not in the thread, so the thread wakes once for them.
  let queued: { id: number; session: SessionTraceV3; check?: true }[] = [];
  let window: NodeJS.Timeout | undefined;
  const post = () => {
    if (window) clearTimeout(window);
    window = undefined;
    const writes = queued;
    queued = [];
    try {
      worker.postMessage({ writes } satisfies WriterRequest);
    } catch {
      // A value structured clone cannot copy (a function, a symbol) in a free-form field: each alone, so only that session fails.
      for (const write of writes)
        try {
          worker.postMessage({ writes: [write] } satisfies WriterRequest);
        } catch (error) {
          settle({ id: write.id, error: { message: `the session cannot be handed to the trace writer: ${(error as Error).message}` } });
        }
      if (pending.size === 0) {
        worker.unref();
        whenIdle();
      }
    }
  };
  return {
    counts,
    write(session, checked = true) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      // One promise per session, settled by the reply of its batch; a write in flight keeps the process alive, an idle thread does not.
      if (pending.size === 0) worker.ref();
      const waiting = queued.push(checked ? { id, session } : { id, session, check: true });
      if (batchMs <= 0) {
        if (waiting === 1) setImmediate(post);
      } else if (waiting >= MAX_BATCH) post();
      else window ??= setTimeout(post, batchMs);
      return new Promise<InsertResult>((resolve, reject) => void pending.set(id, { resolve, reject }));
    },
    async close() {
      if (window) post(); // what waits for company goes now
      if (pending.size > 0) await new Promise<void>((resolve) => idle.push(resolve));
      if (failure) return void (await worker.terminate());
      failure = new Error("the trace store is closed");
      worker.ref();
      worker.postMessage({ close: true } satisfies WriterRequest);
      await exited;
    },
  };
}
