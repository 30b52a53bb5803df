/**
 * The thread that writes a SQLite trace file (started by sqlite-thread.ts).
 * It opens its own connection to the file (already migrated by the store),
 * prepares the statements the store compiled for it (no query builder is
 * loaded here: the thread starts in tens of milliseconds), groups the sessions that arrive while it is writing into one transaction
 * (group-commit.ts) and answers each with its result or error.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createGroupCommit } from "./group-commit.js";
import { openSqliteDatabase, type NativeDatabase } from "./sqlite-file.js";
import type { SqliteWriterSql } from "./sqlite-statements.js";
import { createSqliteWriter } from "./sqlite-writer.js";

/** What the thread is started with. */
export interface WriterThreadData {
  path: string;
  sql: SqliteWriterSql;
}
/** What the store sends the thread. */
export type WriterRequest = { id: number; session: SessionTraceV3 } | { close: true };
/** What the thread answers. */
export type WriterReply =
  | { ready: true }
  | { fatal: string }
  | { id: number; sessionId: string; inserted: boolean }
  | { id: number; error: { message: string; code?: string } };

const port = parentPort!;
const { path, sql } = workerData as WriterThreadData;
let database: NativeDatabase;
let insert: (session: SessionTraceV3) => Promise<{ sessionId: string; inserted: boolean }>;
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
  insert(request.session).then(
    (result) => port.postMessage({ id: request.id, ...result } satisfies WriterReply),
    (error: unknown) => {
      const { message, code } = error as { message?: string; code?: unknown };
      port.postMessage({ id: request.id, error: { message: message ?? String(error), ...(typeof code === "string" ? { code } : {}) } } satisfies WriterReply);
    },
  );
});
port.postMessage({ ready: true } satisfies WriterReply);
