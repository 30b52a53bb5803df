/**
 * Group commit: sessions handed to the store while a write is in progress
 * wait and go together in the next transaction, so under load many rollouts
 * share one commit (and one multi-row INSERT per table) instead of queueing
 * one transaction each. A batch is written when `maxBatch` sessions wait or
 * `maxWaitMs` after its first session arrived, whichever comes first (by
 * count and by time: a longer wait gathers more sessions per commit when
 * rollouts finish spread out, at the cost of that much latency per rollout).
 * A failing batch is retried once, one session at a time, so one bad
 * session fails alone and a batch that met a lost connection is not dropped.
 *
 * With no wait (the default), a drain starts on the next turn of the event
 * loop (setImmediate), not at once: a SQLite file write finishes without
 * ever yielding to I/O, so a drain started at once would always find one
 * session, while the requests whose rollouts finish in the same poll phase
 * wait unseen. Started a turn later, it takes all of them in one
 * transaction. Between two batches the drain yields a turn too, so the
 * results of the first are delivered before the second is written.
 */
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import type { InsertResult } from "./insert.js";

interface Pending {
  session: SessionTraceV3;
  resolve(result: InsertResult): void;
  reject(error: unknown): void;
}

/** Transactions a writer ran and the sessions they held: sessions / transactions is its batching. */
export interface CommitCounts {
  transactions: number;
  sessions: number;
}

/** Most sessions in one transaction, unless a writer says otherwise. */
export const MAX_BATCH = 64;

export interface GroupCommitOptions {
  /** Most sessions in one transaction. Default MAX_BATCH. */
  maxBatch?: number;
  /** Longest a session waits for others before its batch is written, in ms. Default 0 (the next turn of the event loop). */
  maxWaitMs?: number;
}

/** Wraps a batch writer as a one-session writer that batches what arrives while it is busy; `counts` says how it batched. */
export function createGroupCommit(
  writeBatch: (sessions: SessionTraceV3[]) => Promise<InsertResult[]>,
  options: GroupCommitOptions | number = {},
): ((session: SessionTraceV3) => Promise<InsertResult>) & { readonly counts: CommitCounts } {
  const { maxBatch = MAX_BATCH, maxWaitMs = 0 } = typeof options === "number" ? { maxBatch: options } : options;
  const counts: CommitCounts = { transactions: 0, sessions: 0 };
  const write = (sessions: SessionTraceV3[]) => {
    counts.transactions++;
    counts.sessions += sessions.length;
    return writeBatch(sessions);
  };
  const queue: Pending[] = [];
  let draining = false;
  let timer: NodeJS.Timeout | undefined;
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  async function drain(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    try {
      while (queue.length) {
        const batch = queue.splice(0, maxBatch);
        try {
          const results = await write(batch.map((p) => p.session));
          batch.forEach((p, i) => p.resolve(results[i]!));
        } catch (error) {
          if (batch.length === 1)
            // once more (a connection lost to a restart is replaced by then), then it fails
            await write([batch[0]!.session]).then(
              (r) => batch[0]!.resolve(r[0]!),
              (e: unknown) => batch[0]!.reject(e),
            );
          else
            for (const p of batch)
              await write([p.session]).then(
                (r) => p.resolve(r[0]!),
                (e: unknown) => p.reject(e),
              );
        }
        if (queue.length) await nextTurn();
      }
    } finally {
      draining = false;
    }
  }
  const start = () => {
    draining = true;
    setImmediate(() => void drain());
  };
  const insert = (session: SessionTraceV3) =>
    new Promise<InsertResult>((resolve, reject) => {
      queue.push({ session, resolve, reject });
      if (draining) return;
      if (maxWaitMs <= 0 || queue.length >= maxBatch) {
        if (timer) clearTimeout(timer);
        timer = undefined;
        start();
      } else timer ??= setTimeout(start, maxWaitMs);
    });
  return Object.assign(insert, { counts });
}
