/**
 * The SQL the SQLite file writer runs, compiled by Kysely on the thread that
 * opens the store and handed to the writer thread as text, so that thread
 * loads no query builder: INSERTs over a fixed list of columns per table
 * (those the rows of batch-rows.ts fill; the rest keep their defaults), and
 * the query for the last id of each table that rewards refer to.
 *
 * `session_traces` is inserted a row at a time (each row says whether the
 * session was new). The other tables take many rows per statement: an INSERT
 * of each size in ROWS_PER_INSERT, so a batch's rows go in a few statements
 * (one native call each) instead of one per row.
 */
import type { Kysely } from "kysely";
import { WRITTEN_COLUMNS, type BatchRows, type IdTable, type WrittenTable } from "./batch-rows.js";
import { sqliteLastIdQuery } from "./ids.js";
import type { TraceTables } from "./tables.js";

/** How many rows the multi-row INSERTs take, largest first (the last is 1, so any count can be written). */
export const ROWS_PER_INSERT = [64, 16, 4, 1] as const;

/** An INSERT of `rows` rows, parameters row after row, each in WRITTEN_COLUMNS order. */
export interface MultiRowInsert {
  rows: number;
  sql: string;
}

/** The writer's statements as text (structured-cloneable, for the writer thread). */
export interface SqliteWriterSql {
  /** INSERT of one `session_traces` row (parameters in WRITTEN_COLUMNS order) that skips a stored session. */
  insertSession: string;
  /** INSERTs of each table below it, one per size of ROWS_PER_INSERT, largest first. */
  insert: Record<keyof BatchRows, MultiRowInsert[]>;
  lastId: Record<IdTable, { sql: string; parameters: readonly unknown[] }>;
}

/** Compiles the writer's statements with the store's Kysely instance (its SQLite dialect). */
export function compileSqliteWriterSql(db: Kysely<TraceTables>): SqliteWriterSql {
  const row = (table: WrittenTable) => Object.fromEntries(WRITTEN_COLUMNS[table].map((column) => [column, null]));
  const insert = (table: keyof BatchRows): MultiRowInsert[] =>
    ROWS_PER_INSERT.map((rows) => ({
      rows,
      sql: db
        .insertInto(table)
        .values(Array.from({ length: rows }, () => row(table)) as never)
        .compile().sql,
    }));
  const lastId = (table: IdTable) => {
    const { sql, parameters } = sqliteLastIdQuery(table).compile(db);
    return { sql, parameters };
  };
  return {
    insertSession: db
      .insertInto("session_traces")
      .values(row("session_traces") as never)
      .onConflict((oc) => oc.column("session_id").doNothing())
      .compile().sql,
    insert: {
      session_timesteps: insert("session_timesteps"),
      events: insert("events"),
      messages: insert("messages"),
      event_rewards: insert("event_rewards"),
      outcome_rewards: insert("outcome_rewards"),
    },
    lastId: { session_timesteps: lastId("session_timesteps"), events: lastId("events"), messages: lastId("messages") },
  };
}
