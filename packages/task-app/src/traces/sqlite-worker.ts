/**
 * The thread that writes a SQLite trace file (started by sqlite-thread.ts).
 * It opens its own connection to the file (already migrated by the store),
 * prepares the statements the store compiled for it (no query builder is
 * loaded here: the thread starts in tens of milliseconds), groups the sessions that arrive while it is writing into one transaction
 * (group-commit.ts; a batch window is kept by the sender, sqlite-thread.ts) and answers
 * with their results or errors, one message for each batch's sessions: a
 * session is answered only once its transaction committed.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { checkSessionTrace, checkSessionTraceInPlace } from "./check-session.js";
import { createGroupCommit, type CommitCounts } from "./group-commit.js";
import { openSqliteDatabase, type NativeDatabase } from "./sqlite-file.js";
import type { SqliteWriterSql } from "./sqlite-statements.js";
import { createSqliteWriter } from "./sqlite-writer.js";

/** What the thread is started with. */
export interface WriterThreadData {
  path: string;
  sql: SqliteWriterSql;
}
/** What the store sends the thread. */
export type WriterRequest = { writes: { id: number; session: SessionTraceV3; /** checked here first */ check?: true }[] } | { close: true };
/** The thread's answer for one session. */
export type WrittenReply = { id: number; sessionId: string; inserted: boolean } | { id: number; error: { message: string; code?: string } };
/** What the thread answers. */
export type WriterReply = { ready: true } | { fatal: string } | { results: WrittenReply[]; /** so far, after these */ counts: CommitCounts };

const port = parentPort!;
const { path, sql } = workerData as WriterThreadData;
let database: NativeDatabase;
let insert: ReturnType<typeof createGroupCommit>;
try {
  database = openSqliteDatabase(path);
  const writer = createSqliteWriter(database, sql);
  insert = createGroupCommit(async (sessions) => writer(sessions));
} catch (error) {
  port.postMessage({ fatal: (error as Error).message } satisfies WriterReply);
  process.exit(1);
}

port.on("message", (request: WriterRequest) => {
  if ("close" in request) {
    database.close();
    port.close();
    return;
  }
  for (const { id, session, check } of request.writes)
    (check ? checkAndInsert(session) : insert(session)).then(
      (result) => answer({ id, ...result }),
      (error: unknown) => {
        const { message, code } = error as { message?: string; code?: unknown };
        answer({ id, error: { message: message ?? String(error), ...(typeof code === "string" ? { code } : {}) } });
      },
    );
});

/** A session handed over as it was recorded: checked here, off the serving thread (Zod loaded only for one the compiled check cannot settle). */
function checkAndInsert(session: unknown): Promise<{ sessionId: string; inserted: boolean }> {
  const checked = checkSessionTraceInPlace(session);
  return checked ? insert(checked) : checkSessionTrace(session).then(insert);
}

// The answers of a batch, settled together (their reactions queued at once), go back in one message, sent once
// they all ran: a microtask queued by the first runs after the others.
let answers: WrittenReply[] = [];
function answer(reply: WrittenReply): void {
  if (answers.push(reply) === 1)
    queueMicrotask(() => {
      port.postMessage({ results: answers, counts: insert.counts } satisfies WriterReply);
      answers = [];
    });
}
port.postMessage({ ready: true } satisfies WriterReply);
