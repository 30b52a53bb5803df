/**
 * The SQL the SQLite file writer runs, compiled by Kysely on the thread that
 * opens the store and handed to the writer thread as text, so that thread
 * loads no query builder: INSERTs over a fixed list of columns per table
 * (those the rows of batch-rows.ts fill; the rest keep their defaults), and
 * the query for the last id of each table that rewards refer to.
 *
 * `session_traces` is inserted a row at a time (each row says whether the
 * session was new). The other tables take many rows per statement: each
 * table's INSERT is handed over as its head and one row's placeholders, and
 * the writer makes (and prepares, once) the statement of exactly as many
 * rows as a batch has, up to ROWS_PER_INSERT: a table's rows go in one
 * native call per batch instead of one per row or per chunk size.
 */
import type { Kysely } from "kysely";
import { WRITTEN_COLUMNS, type BatchRows, type IdTable, type WrittenTable } from "./batch-rows.js";
import { sqliteLastIdQuery } from "./ids.js";
import type { TraceTables } from "./tables.js";

/** Most rows one INSERT takes (more go in several). */
export const ROWS_PER_INSERT = 64;

/** A multi-row INSERT as `head` followed by `row` once per row, comma-separated; parameters row after row, each in WRITTEN_COLUMNS order. */
export interface MultiRowInsert {
  head: string;
  row: string;
}

/** The writer's statements as text (structured-cloneable, for the writer thread). */
export interface SqliteWriterSql {
  /** INSERT of one `session_traces` row (parameters in WRITTEN_COLUMNS order) that skips a stored session. */
  insertSession: string;
  /** INSERTs of each table below it. */
  insert: Record<keyof BatchRows, MultiRowInsert>;
  lastId: Record<IdTable, { sql: string; parameters: readonly unknown[] }>;
}

/** The SQL of `insert` for `rows` rows. */
export function multiRowInsertSql(insert: MultiRowInsert, rows: number): string {
  return insert.head + Array.from({ length: rows }, () => insert.row).join(", ");
}

/** Compiles the writer's statements with the store's Kysely instance (its SQLite dialect). */
export function compileSqliteWriterSql(db: Kysely<TraceTables>): SqliteWriterSql {
  const row = (table: WrittenTable) => Object.fromEntries(WRITTEN_COLUMNS[table].map((column) => [column, null]));
  const compile = (table: keyof BatchRows, rows: number) =>
    db
      .insertInto(table)
      .values(Array.from({ length: rows }, () => row(table)) as never)
      .compile().sql;
  const insert = (table: keyof BatchRows): MultiRowInsert => {
    const one = compile(table, 1);
    const at = one.lastIndexOf(" values (") + " values ".length;
    const split = { head: one.slice(0, at), row: one.slice(at) };
    // The split is Kysely's own multi-row form, or the writer would bind the wrong statement.
    if (multiRowInsertSql(split, 2) !== compile(table, 2)) throw new Error(`unexpected INSERT form for ${table}: ${one}`);
    return split;
  };
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
