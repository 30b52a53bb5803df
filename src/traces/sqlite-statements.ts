/**
 * The SQL the SQLite file writer runs, compiled by Kysely on the thread that
 * opens the store and handed to the writer thread as text, so that thread
 * loads no query builder: one INSERT per table over a fixed list of columns
 * (those the rows of batch-rows.ts fill; the rest keep their defaults), and
 * the query for the last id of each table that rewards refer to.
 */
import type { Kysely } from "kysely";
import { WRITTEN_COLUMNS, type BatchRows, type IdTable, type WrittenTable } from "./batch-rows.js";
import { sqliteLastIdQuery } from "./ids.js";
import type { TraceTables } from "./tables.js";

/** The writer's statements as text (structured-cloneable, for the writer thread). */
export interface SqliteWriterSql {
  /** INSERT of a row of each table, parameters in WRITTEN_COLUMNS order; `session_traces` skips a stored session. */
  insert: Record<WrittenTable, string>;
  lastId: Record<IdTable, { sql: string; parameters: readonly unknown[] }>;
}

/** Compiles the writer's statements with the store's Kysely instance (its SQLite dialect). */
export function compileSqliteWriterSql(db: Kysely<TraceTables>): SqliteWriterSql {
  const row = (table: WrittenTable) => Object.fromEntries(WRITTEN_COLUMNS[table].map((column) => [column, null]));
  const insert = (table: keyof BatchRows) => db.insertInto(table).values(row(table) as never).compile().sql;
  const lastId = (table: IdTable) => {
    const { sql, parameters } = sqliteLastIdQuery(table).compile(db);
    return { sql, parameters };
  };
  return {
    insert: {
      session_traces: db
        .insertInto("session_traces")
        .values(row("session_traces") as never)
        .onConflict((oc) => oc.column("session_id").doNothing())
        .compile().sql,
      session_timesteps: insert("session_timesteps"),
      events: insert("events"),
      messages: insert("messages"),
      event_rewards: insert("event_rewards"),
      outcome_rewards: insert("outcome_rewards"),
    },
    lastId: { session_timesteps: lastId("session_timesteps"), events: lastId("events"), messages: lastId("messages") },
  };
}
