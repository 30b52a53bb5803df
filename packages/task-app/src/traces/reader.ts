/**
 * `openTraceReader(url)`: a trace store opened for reading only, as `traces
 * ls/show/stats`, `export-sft` and `filter` use it. It never creates, migrates
 * or writes anything; it checks the schema version and the tables first
 * (schema-check.ts) and bounds every query: SQLite files by interrupting a
 * query past its deadline and a row budget (sqlite-reader.ts), PostgreSQL by
 * `statement_timeout` in read-only transactions, libsql servers by a deadline
 * on each answer.
 */
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from "kysely";
import { Kysely, PostgresDialect, sql } from "./kysely.js";
import { createLibsqlDialect } from "./libsql-dialect.js";
import type { SqlKind } from "./migrations.js";
import { checkTraceSchema } from "./schema-check.js";
import { createSqliteReaderDialect, NotATraceStoreError, type ReaderBounds } from "./sqlite-reader.js";
import { escapeStoredValue, restoreRow } from "./stored-text.js";
import type { TraceTables } from "./tables.js";
import { redactTraceUrl, resolveTraceTarget } from "./url.js";
import { withDeadline } from "../deadline.js";

export { NotATraceStoreError } from "./sqlite-reader.js";

/** A store opened for reading. */
export interface TraceReader {
  readonly kind: SqlKind;
  /** A file path, or the URL with secrets redacted. */
  readonly location: string;
  /** The query builder; every query is bounded. */
  readonly db: Kysely<TraceTables>;
  /** The schema version the store is at. */
  readonly version: number;
  close(): Promise<void>;
}

export interface OpenTraceReaderOptions {
  /** Environment for auth tokens and TASKAPP_TRACE_QUERY_TIMEOUT_MS. Default process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long a remote store may take to answer the first query. Default 5000 ms. */
  connectTimeoutMs?: number;
  /** Longest one query may run. Default TASKAPP_TRACE_QUERY_TIMEOUT_MS, else 60 s. */
  queryTimeoutMs?: number;
  /** Most rows one query may return. Default 5,000,000. */
  maxRows?: number;
}

/**
 * A server dialect whose queries give up after `ms` (a server can only be
 * waited on), with text bound escaped and read restored (stored-text.ts).
 */
function boundedDialect(dialect: Dialect, ms: number): Dialect {
  const wrapConnection = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery: async <R>(query: CompiledQuery) => {
      const escaped = { ...query, parameters: query.parameters.map(escapeStoredValue) } as CompiledQuery;
      const result = await withDeadline(connection.executeQuery<R>(escaped), ms, () => new Error(`a query took longer than ${ms} ms (TASKAPP_TRACE_QUERY_TIMEOUT_MS sets the limit)`));
      return { ...result, rows: result.rows.map(restoreRow) } as QueryResult<R>;
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver(): Driver {
      const inner = dialect.createDriver();
      const innerOf = new WeakMap<DatabaseConnection, DatabaseConnection>(); // the driver releases its own connection objects only
      const unwrap = (c: DatabaseConnection) => innerOf.get(c) ?? c;
      return {
        init: () => inner.init(),
        acquireConnection: async () => {
          const connection = await inner.acquireConnection();
          const wrapped = wrapConnection(connection);
          innerOf.set(wrapped, connection);
          return wrapped;
        },
        beginTransaction: (c, s) => inner.beginTransaction(unwrap(c), s),
        commitTransaction: (c) => inner.commitTransaction(unwrap(c)),
        rollbackTransaction: (c) => inner.rollbackTransaction(unwrap(c)),
        releaseConnection: (c) => inner.releaseConnection(unwrap(c)),
        destroy: () => inner.destroy(),
      };
    },
  };
}

function boundsOf(options: OpenTraceReaderOptions): ReaderBounds {
  const fromEnv = Number((options.env ?? process.env).TASKAPP_TRACE_QUERY_TIMEOUT_MS);
  return {
    queryTimeoutMs: options.queryTimeoutMs ?? (Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : 60_000),
    maxRows: options.maxRows ?? 5_000_000,
  };
}

/** Opens the store `spec` names for reading; refuses one that is not a task-app trace store. */
export async function openTraceReader(spec: string, options: OpenTraceReaderOptions = {}): Promise<TraceReader> {
  const target = resolveTraceTarget(spec, options.env);
  const bounds = boundsOf(options);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  let dialect: Dialect;
  let kind: SqlKind = "sqlite";
  let location: string;
  if (target.kind === "sqlite") {
    location = target.path;
    dialect = await createSqliteReaderDialect(target.path, bounds);
  } else if (target.kind === "postgres") {
    kind = "postgres";
    location = redactTraceUrl(target.url);
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 2,
      connectionTimeoutMillis: connectTimeoutMs,
      statement_timeout: bounds.queryTimeoutMs,
      options: "-c default_transaction_read_only=on",
    });
    pool.on("error", () => {});
    dialect = boundedDialect(new PostgresDialect({ pool }), bounds.queryTimeoutMs + 1000);
  } else {
    location = redactTraceUrl(target.url);
    const { createClient } = await import("@libsql/client");
    const client = createClient({ url: target.url, ...(target.authToken ? { authToken: target.authToken } : {}) });
    dialect = boundedDialect(createLibsqlDialect(client), bounds.queryTimeoutMs);
  }
  const db = new Kysely<TraceTables>({ dialect });
  let version: number;
  try {
    await withDeadline(sql`SELECT 1`.execute(db), connectTimeoutMs, () => new Error(`no answer within ${connectTimeoutMs} ms`));
    version = await checkTraceSchema(db, kind, location);
  } catch (error) {
    await db.destroy().catch(() => {});
    if (error instanceof NotATraceStoreError) throw error;
    const reason = redactTraceUrl((error as Error).message || String(error));
    if (/not a database|file is encrypted/i.test(reason)) throw new NotATraceStoreError(location, "not a SQLite database");
    throw new Error(`trace store ${location} cannot be read: ${reason}`, { cause: error });
  }
  return { kind, location, db, version, close: () => db.destroy() };
}
