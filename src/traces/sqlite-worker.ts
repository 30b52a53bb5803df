/**
 * The thread that writes a SQLite trace file (started by sqlite-thread.ts).
 * It opens its own connection to the file (already migrated by the store),
 * groups the sessions that arrive while it is writing into one transaction
 * (group-commit.ts) and answers each with its result or error.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createGroupCommit } from "./group-commit.js";
import { openSqliteFile } from "./sqlite-file.js";
import { createSqliteWriter } from "./sqlite-writer.js";

/** What the store sends the thread. */
export type WriterRequest = { id: number; session: SessionTraceV3 } | { close: true };
/** What the thread answers. */
export type WriterReply =
  | { ready: true }
  | { fatal: string }
  | { id: number; sessionId: string; inserted: boolean }
  | { id: number; error: { message: string; code?: string } };

const port = parentPort!;
let opened: ReturnType<typeof openSqliteFile>;
try {
  opened = openSqliteFile((workerData as { path: string }).path);
} catch (error) {
  port.postMessage({ fatal: (error as Error).message } satisfies WriterReply);
  process.exit(1);
}
const { database, db } = opened;
const writer = createSqliteWriter(database, db);
const insert = createGroupCommit(async (sessions) => writer(sessions));

port.on("message", (request: WriterRequest) => {
  if ("close" in request) {
    void db.destroy().then(() => port.close());
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
