/**
 * Kysely over a native SQLite connection (sqlite-file.ts): Kysely's own
 * SQLite dialect (one connection behind a mutex), given a view of the
 * connection in which every parameter is made bindable.
 */
import type { SqliteDatabase } from "kysely";
import { Kysely, SqliteDialect } from "./kysely.js";
import { sqliteValue, type NativeDatabase } from "./sqlite-file.js";
import type { TraceTables } from "./tables.js";

const bind = (parameters: readonly unknown[]) => parameters.map(sqliteValue);

/** The connection as Kysely's SQLite dialect sees it. */
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

/** A query builder on `database`; destroying it closes the connection. */
export function createSqliteKysely(database: NativeDatabase): Kysely<TraceTables> {
  return new Kysely<TraceTables>({ dialect: new SqliteDialect({ database: kyselyDatabase(database) }) });
}
