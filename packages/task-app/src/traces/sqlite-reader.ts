/**
 * Readers of a SQLite trace file: a connection of their own through the
 * native driver's promise API, whose queries run off the main thread, so a
 * query past its deadline is interrupted (`sqlite3_interrupt`) instead of
 * holding the process. The connection is `query_only`: a reader never
 * creates a table, switches the journal mode or writes a row. Each query is
 * also held to a row budget. Text is bound escaped and read restored
 * (stored-text.ts).
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, QueryResult } from "kysely";
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "./kysely.js";
import { NotATraceStoreError } from "./not-a-store.js";
import { sqliteValue } from "./sqlite-file.js";
import { escapeStoredValue, restoreRow } from "./stored-text.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PromiseDatabase = any;

export interface ReaderBounds {
  /** Longest a query may run before it is interrupted. */
  queryTimeoutMs: number;
  /** Most rows one query may return. */
  maxRows: number;
}

export { NotATraceStoreError } from "./not-a-store.js";

const HEADER = Buffer.from("SQLite format 3\0", "latin1");

/** Refuses a path that is not a regular, non-empty SQLite file, before any driver opens it. */
export function assertSqliteFile(path: string): void {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) throw new NotATraceStoreError(path, "not a regular file");
    size = stat.size;
  } catch (error) {
    if (error instanceof NotATraceStoreError) throw error;
    throw new Error(`no trace database at ${path} (record one with \`task-app serve <app> --trace traces/v3\`, or pass --db)`);
  }
  if (size < HEADER.length) throw new NotATraceStoreError(path, size === 0 ? "empty file" : "not a SQLite database");
  const head = Buffer.alloc(HEADER.length);
  const fd = openSync(path, "r");
  try {
    readSync(fd, head, 0, HEADER.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(HEADER)) throw new NotATraceStoreError(path, "not a SQLite database");
}

class ReaderConnection implements DatabaseConnection {
  constructor(
    readonly database: PromiseDatabase,
    readonly bounds: ReaderBounds,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { queryTimeoutMs, maxRows } = this.bounds;
    let timedOut = false;
    let again: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      this.database.interrupt();
      // SQLite stops only a statement that runs: one that had not started when the deadline came (its
      // thread late on a loaded machine) would run on, endless for a hostile view. Interrupt again
      // until the query settles.
      again = setInterval(() => this.database.interrupt(), 25);
    }, queryTimeoutMs);
    try {
      const statement = await this.database.prepare(query.sql);
      if (!statement.reader) throw new Error("the trace store reader runs queries only");
      const rows: R[] = [];
      for (const row of await statement.iterate(query.parameters.map((p) => sqliteValue(escapeStoredValue(p))))) {
        if (rows.length >= maxRows) {
          this.database.interrupt(); // the statement stops here, whatever its rows still to come
          throw new Error(`a query returned more than ${maxRows} rows; the trace store is larger than a reader takes`);
        }
        rows.push(restoreRow(row as R));
      }
      return { rows };
    } catch (error) {
      if (timedOut) throw new Error(`a query took longer than ${queryTimeoutMs} ms and was stopped (TASKAPP_TRACE_QUERY_TIMEOUT_MS sets the limit)`);
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(again);
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming queries are not supported by the trace store reader");
  }
}

class ReaderDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  readonly #connection: ReaderConnection;

  constructor(database: PromiseDatabase, bounds: ReaderBounds) {
    this.#connection = new ReaderConnection(database, bounds);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail;
    this.#tail = this.#tail.then(() => held);
    await ready;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error("the trace store reader opens no transactions");
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    this.#connection.database.close();
  }
}

/** Opens `path` for reading only (`query_only`): a Kysely dialect whose queries are bounded. */
export async function createSqliteReaderDialect(path: string, bounds: ReaderBounds): Promise<Dialect> {
  assertSqliteFile(path);
  const Database = createRequire(import.meta.url)("libsql/promise") as new (path: string, options: unknown) => PromiseDatabase;
  const database = new Database(path, { timeout: 10_000 });
  try {
    await database.exec("PRAGMA query_only = ON");
  } catch (error) {
    database.close();
    throw error;
  }
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReaderDriver(database, bounds),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
