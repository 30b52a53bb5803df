/**
 * The SQLite file store's writer. A batch of sessions is one `BEGIN
 * IMMEDIATE` transaction of single-row INSERTs, each the SQL Kysely compiles
 * for that table and set of columns, prepared once and run again with each
 * row's values: nothing is compiled or prepared per row, and SQLite, running
 * in this process, pays no round trip per statement. The rows and their ids
 * are those of the Kysely writer (batch-rows.ts), so both stores hold the
 * same data.
 */
import type { Insertable, Kysely } from "kysely";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { batchResults, buildBatchRows, countIds, orderBatch, sessionTraceRow, type BatchRows } from "./batch-rows.js";
import { idsAfter, sqliteLastIdQuery, type IdTable } from "./ids.js";
import type { InsertResult } from "./insert.js";
import { sqliteValue, type NativeDatabase } from "./sqlite-file.js";
import type { TraceTables } from "./tables.js";

type Statement = ReturnType<NativeDatabase["prepare"]>;
type Row = Record<string, unknown>;

/** Writes a batch of sessions in one transaction, synchronously; run it while holding the connection. */
export type SqliteWriter = (sessions: readonly SessionTraceV3[]) => InsertResult[];

const TABLES: (keyof BatchRows)[] = ["session_timesteps", "events", "messages", "event_rewards", "outcome_rewards"];
const ID_TABLES: IdTable[] = ["session_timesteps", "events", "messages"];

export function createSqliteWriter(database: NativeDatabase, db: Kysely<TraceTables>): SqliteWriter {
  const statements = new Map<string, Statement>();
  /** The statement for `key`, compiled by `compile` and prepared on first use. */
  const statement = (key: string, compile: () => string): Statement => {
    let prepared = statements.get(key);
    if (!prepared) statements.set(key, (prepared = database.prepare(compile())));
    return prepared;
  };
  const run = (table: keyof TraceTables, row: Row, compile: (values: Row) => string) => {
    const columns = Object.keys(row).filter((column) => row[column] !== undefined);
    return statement(`${table}(${columns.join()})`, () => compile(Object.fromEntries(columns.map((c) => [c, row[c]])))).run(columns.map((c) => sqliteValue(row[c])));
  };
  // `values` is a row of `table` without its undefined columns, so it is still an insertable row of that table.
  const insertRow = (table: keyof BatchRows, row: Row) => run(table, row, (values) => db.insertInto(table).values(values as Insertable<TraceTables[typeof table]>).compile().sql);
  const insertSessionRow = (row: Row) =>
    run("session_traces", row, (values) =>
      db.insertInto("session_traces").values(values as Insertable<TraceTables["session_traces"]>).onConflict((oc) => oc.column("session_id").doNothing()).compile().sql,
    ).changes > 0;
  const lastId = (table: IdTable) => {
    const query = sqliteLastIdQuery(table).compile(db);
    return (statement(`last id ${table}`, () => query.sql).get(query.parameters.map(sqliteValue)) as { last: number | null } | undefined)?.last;
  };

  return (sessions) => {
    database.exec("BEGIN IMMEDIATE");
    try {
      const ordered = orderBatch(sessions);
      const created = new Set<string>();
      for (const o of ordered) if (insertSessionRow(sessionTraceRow(o) as Row)) created.add(o.session.session_id);
      const fresh = ordered.filter((o) => created.has(o.session.session_id));
      const counts = countIds(fresh);
      const ids = Object.fromEntries(ID_TABLES.map((t) => [t, counts[t] ? idsAfter(lastId(t), counts[t]) : []])) as Record<IdTable, number[]>;
      const rows = buildBatchRows(fresh, ids);
      for (const table of TABLES) for (const row of rows[table]) insertRow(table, row as Row);
      database.exec("COMMIT");
      return batchResults(sessions, created);
    } catch (error) {
      if (database.inTransaction) database.exec("ROLLBACK");
      throw error;
    }
  };
}
