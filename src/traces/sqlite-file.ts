/**
 * SQLite files (the default store): one native connection through the
 * `libsql` driver, shared by Kysely (migrations, readers; its SQLite dialect,
 * one connection behind a mutex) and the store's writer (sqlite-writer.ts),
 * which runs Kysely-compiled statements prepared once. WAL, a 10 s busy
 * timeout for other processes on the same file, foreign keys on.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
import Database from "libsql";
import type { TraceTables } from "./tables.js";

export type NativeDatabase = InstanceType<typeof Database>;

/**
 * A value as the native driver can bind it: booleans as 1/0 and dates as
 * epoch milliseconds, as `@libsql/client` binds them (the driver has no
 * boolean binding and aborts the process on one), undefined as NULL.
 */
export function sqliteValue(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === undefined) return null;
  if (value instanceof Date) return value.valueOf();
  return value;
}

const bind = (parameters: readonly unknown[]) => parameters.map(sqliteValue);

/** The connection as Kysely's SQLite dialect sees it, with every parameter made bindable. */
function kyselyDatabase(database: NativeDatabase): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare(sql) {
      const statement = database.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(bind(parameters)),
        run: (parameters) => statement.run(bind(parameters)),
        iterate: (parameters) => statement.iterate(bind(parameters)) as IterableIterator<unknown>,
      };
    },
  };
}

/** Opens (creating its directory) the SQLite file at `path`. */
export function openSqliteFile(path: string): { database: NativeDatabase; db: Kysely<TraceTables> } {
  mkdirSync(dirname(path), { recursive: true });
  const database = new Database(path, { timeout: 10_000 }); // busy timeout first: switching to WAL needs the lock another process may hold
  try {
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL"); // with WAL: a killed process loses no commit; only an OS crash may lose the last ones
    database.pragma("foreign_keys = ON");
  } catch (error) {
    database.close();
    throw error;
  }
  return { database, db: new Kysely<TraceTables>({ dialect: new SqliteDialect({ database: kyselyDatabase(database) }) }) };
}
