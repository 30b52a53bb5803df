/**
 * A Kysely dialect over `@libsql/client`: SQLite files (`file:`) and libsql
 * servers (`http(s)://`, `libsql://`) through one driver. Kysely's SQLite
 * adapter, compiler and introspector do the SQL; this file only moves
 * compiled queries to the client. Every query and transaction of a store goes
 * through one connection guarded by a queue, so one process is one writer:
 * concurrent rollouts wait their turn instead of meeting `SQLITE_BUSY`.
 */
import type { Client, InArgs, Transaction } from "@libsql/client";
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, Kysely, QueryResult } from "kysely";
import { SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "./kysely.js";

/** Runs tasks one at a time, in arrival order. */
class Queue {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
  }
}

class LibsqlConnection implements DatabaseConnection {
  #tx: Transaction | undefined;
  constructor(readonly client: Client) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#tx ?? this.client;
    const result = await target.execute({ sql: query.sql, args: query.parameters as InArgs });
    const rows = result.rows.map((row) => Object.fromEntries(result.columns.map((name, i) => [name, row[i]]))) as R[];
    const changed = result.columns.length === 0 || /^\s*(insert|update|delete)/i.test(query.sql);
    return {
      rows,
      ...(changed ? { numAffectedRows: BigInt(result.rowsAffected) } : {}),
      ...(result.lastInsertRowid !== undefined ? { insertId: result.lastInsertRowid } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming queries are not supported by the libsql trace store driver");
  }

  async begin(): Promise<void> {
    if (this.#tx) throw new Error("a transaction is already open on this connection");
    this.#tx = await this.client.transaction("write");
  }

  async end(commit: boolean): Promise<void> {
    const tx = this.#tx;
    this.#tx = undefined;
    if (!tx) return;
    try {
      if (commit) await tx.commit();
      else await tx.rollback();
    } finally {
      tx.close();
    }
  }
}

class LibsqlDriver implements Driver {
  readonly #queue = new Queue();
  readonly #connection: LibsqlConnection;
  #release: (() => void) | undefined;

  constructor(client: Client) {
    this.#connection = new LibsqlConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#queue.acquire();
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as LibsqlConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as LibsqlConnection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as LibsqlConnection).end(false);
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  /** Closes the client at once; a query still waiting on a dead server fails instead of holding the close up. */
  async destroy(): Promise<void> {
    this.#connection.client.close();
  }
}

/** A Kysely dialect for an open `@libsql/client` client (file or server). */
export function createLibsqlDialect(client: Client): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new LibsqlDriver(client),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
