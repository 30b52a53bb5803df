/**
 * `openTraceStore(url)`: a tracing-v3 store on SQLite (a file, WAL), a libsql
 * server or PostgreSQL, opened, checked and migrated before it is returned.
 * A remote store that cannot be reached fails here with a clear error within
 * `connectTimeoutMs`, never later and never by hanging.
 */
import { existsSync } from "node:fs";
import { Kysely, PostgresDialect, sql } from "./kysely.js";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { checkSessionTrace } from "./check-session.js";
import { createGroupCommit, type CommitCounts } from "./group-commit.js";
import { insertSessionsRows, type InsertResult } from "./insert.js";
import { createLibsqlDialect } from "./libsql-dialect.js";
import { migrateTraceStore, type SqlKind } from "./migrations.js";
import type { SqliteWriterThread } from "./sqlite-thread.js";
import type { TraceTables } from "./tables.js";
import { redactTraceUrl, resolveTraceTarget, type TraceTarget } from "./url.js";
import { withDeadline } from "../deadline.js";

export type { InsertResult } from "./insert.js";

/** An open trace store. One per process is enough: it serialises its own writes. */
export interface TraceStore {
  /** Dialect of the SQL behind it. */
  readonly kind: SqlKind;
  /** Where it is (a file path, or the URL with secrets redacted). */
  readonly location: string;
  /** The query builder, for readers (ls, show, stats, export). */
  readonly db: Kysely<TraceTables>;
  /**
   * Writes one rollout's session in one transaction (shared with the sessions
   * that arrived while the previous write was in progress); a second write of
   * the same session_id writes nothing. The session is checked in place, as
   * the server checks a rollout's response: defaults are filled and unknown
   * keys dropped on the value handed in (a JSON.parse result, typically);
   * a SQLite file's writer thread checks its own copy instead, so the
   * calling thread only hands the session over.
   */
  insertSession(session: unknown): Promise<InsertResult>;
  /**
   * The same for a session that is already a parsed `SessionTraceV3` (what a
   * session tracer's `toSessionTrace()` returns): it is not checked again.
   */
  insertParsedSession(session: SessionTraceV3): Promise<InsertResult>;
  /** The write transactions run so far and the sessions they held (sessions / transactions: how writes were batched). */
  readonly commits: Readonly<CommitCounts>;
  close(): Promise<void>;
}

export interface OpenTraceStoreOptions {
  /** How long a remote store may take to answer the first query. Default 5000 ms. */
  connectTimeoutMs?: number;
  /** Environment for auth tokens. Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Pool size for PostgreSQL. Default 4. */
  poolSize?: number;
  /**
   * Longest a write to a server store (PostgreSQL, libsql) may take before
   * it fails (the session counts as failed to store; the rollout is not held).
   * Default TASKAPP_TRACE_WRITE_TIMEOUT_MS, else 10 s (SQLite files: their
   * 10 s busy limit).
   */
  writeTimeoutMs?: number;
  /**
   * Longest a session waits for others to share its transaction, in ms
   * (batches are also cut at 64 sessions, whichever comes first). A longer
   * wait gathers more sessions per commit when rollouts finish spread out,
   * and delays each reply by up to as much. Default TASKAPP_TRACE_BATCH_MS,
   * else 0: the sessions that arrived while the last batch was written, or
   * by the next turn of the event loop.
   */
  batchMs?: number;
  /** Refuse to create a SQLite file that is not there (readers). Default false. */
  mustExist?: boolean;
  /**
   * Get the writer ready while opening (a SQLite file's writer thread), so the
   * first write does not wait for it and a writer that cannot start fails
   * here. Default false: readers never start one, writers start it on the
   * first write.
   */
  write?: boolean;
}

/** The write deadline of `options` (see OpenTraceStoreOptions.writeTimeoutMs). */
function writeTimeoutOf(options: OpenTraceStoreOptions): number {
  const fromEnv = Number((options.env ?? process.env).TASKAPP_TRACE_WRITE_TIMEOUT_MS);
  return options.writeTimeoutMs ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 10_000);
}

/** The batch window of `options` (see OpenTraceStoreOptions.batchMs). */
function batchMsOf(options: OpenTraceStoreOptions): number {
  return options.batchMs ?? traceBatchMsFromEnv(options.env ?? process.env) ?? 0;
}

/** TASKAPP_TRACE_BATCH_MS of `env`, when it is a positive number. */
export function traceBatchMsFromEnv(env: Record<string, string | undefined>): number | undefined {
  const fromEnv = Number(env.TASKAPP_TRACE_BATCH_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : undefined;
}

interface OpenDialect {
  db: Kysely<TraceTables>;
  kind: SqlKind;
  location: string;
  /** The store's own writer (SQLite files: a thread), else sessions go through insertSessionsRows. */
  writer?: { start(): Promise<void>; insert(session: SessionTraceV3, checked?: boolean): Promise<InsertResult>; readonly counts: CommitCounts; close(): Promise<void> };
}

async function openDialect(target: TraceTarget, options: OpenTraceStoreOptions): Promise<OpenDialect> {
  const timeoutMs = options.connectTimeoutMs ?? 5000;
  if (target.kind === "postgres") {
    const { default: pg } = await import("pg");
    const location = redactTraceUrl(target.url);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? 4,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: writeTimeoutOf(options), // a server that stops answering fails the query instead of holding it
    });
    pool.on("error", () => {}); // idle client errors surface on the next query instead of crashing the process
    const db = new Kysely<TraceTables>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: "postgres", location };
  }
  if (target.kind === "sqlite") {
    if (options.mustExist && !existsSync(target.path)) throw new Error(`no trace database at ${target.path} (record one with \`task-app serve <app> --trace traces/v3\`, or pass --db)`);
    const { openSqliteDatabase } = await import("./sqlite-file.js");
    const { createSqliteKysely } = await import("./sqlite-dialect.js");
    const { compileSqliteWriterSql } = await import("./sqlite-statements.js");
    const { startSqliteWriterThread } = await import("./sqlite-thread.js");
    const db = createSqliteKysely(openSqliteDatabase(target.path));
    // The thread is started by the first write or by start() (readers never start one); once it runs, a write is handed over at once.
    let starting: Promise<SqliteWriterThread> | undefined;
    let thread: SqliteWriterThread | undefined;
    let closed = false;
    const start = () => {
      if (closed) return Promise.reject(new Error("the trace store is closed"));
      return (starting ??= startSqliteWriterThread(target.path, compileSqliteWriterSql(db), batchMsOf(options)).then((t) => (thread = t)));
    };
    const none: CommitCounts = { transactions: 0, sessions: 0 };
    const writer = {
      start: async () => void (await start()),
      get counts() {
        return thread?.counts ?? none;
      },
      insert: (session: SessionTraceV3, checked = true) => (thread ? thread.write(session, checked) : start().then((t) => t.write(session, checked))),
      close: async () => {
        closed = true;
        await (await starting?.catch(() => undefined))?.close();
      },
    };
    return { db, kind: "sqlite", location: target.path, writer };
  }
  const { createClient } = await import("@libsql/client");
  const client = createClient({ url: target.url, ...(target.authToken ? { authToken: target.authToken } : {}) });
  return { db: new Kysely<TraceTables>({ dialect: createLibsqlDialect(client) }), kind: "sqlite", location: redactTraceUrl(target.url) };
}

/** Opens (creating and migrating if needed) the store `spec` names. */
export async function openTraceStore(spec: string, options: OpenTraceStoreOptions = {}): Promise<TraceStore> {
  const target = resolveTraceTarget(spec, options.env);
  const { db, kind, location, writer } = await openDialect(target, options);
  const timeoutMs = options.connectTimeoutMs ?? 5000;
  try {
    await withDeadline(sql`SELECT 1`.execute(db), timeoutMs, () => new Error(`no answer within ${timeoutMs} ms`));
    await migrateTraceStore(db, kind);
    if (options.write) await writer?.start();
  } catch (error) {
    await writer?.close().catch(() => {});
    await db.destroy().catch(() => {});
    const reason = (error as Error).message || String(error);
    throw new Error(`trace store ${location} cannot be opened: ${redactTraceUrl(reason)}`, { cause: error });
  }
  const writeTimeoutMs = writeTimeoutOf(options);
  const grouped = writer
    ? undefined
    : createGroupCommit(
      (sessions) =>
        withDeadline(insertSessionsRows(db, kind, sessions), writeTimeoutMs, () => new Error(`the store did not finish the write within ${writeTimeoutMs} ms (TASKAPP_TRACE_WRITE_TIMEOUT_MS sets the limit)`)),
      { maxWaitMs: batchMsOf(options) },
    );
  const insert = writer?.insert ?? grouped!;
  return {
    kind,
    location,
    db,
    // A SQLite file's writer thread checks the session itself: the calling (serving) thread only hands it over.
    insertSession: (input) => (writer ? writer.insert(input as SessionTraceV3, false) : checkSessionTrace(input).then(insert)),
    insertParsedSession: insert,
    get commits() {
      return { ...(writer?.counts ?? grouped!.counts) };
    },
    async close() {
      try {
        await writer?.close();
      } finally {
        await db.destroy();
      }
    },
  };
}
