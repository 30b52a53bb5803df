/**
 * SQLite files (the default store) through the native `libsql` driver: one
 * connection for Kysely (migrations, readers; sqlite-dialect.ts) and one for
 * the writer thread (sqlite-worker.ts). WAL, a 10 s busy timeout for other
 * connections and processes on the same file, foreign keys on.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "libsql";

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

/** Opens (creating its directory) the SQLite file at `path`. */
export function openSqliteDatabase(path: string): NativeDatabase {
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
  return database;
}
