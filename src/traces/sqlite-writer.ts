/**
 * The SQLite file store's writer. A batch of sessions is one `BEGIN
 * IMMEDIATE` transaction of single-row INSERTs, each a statement Kysely
 * compiled once (sqlite-statements.ts), prepared once and run again with
 * each row's values: nothing is compiled or prepared per row, and SQLite,
 * running in this process, pays no round trip per statement. The rows and
 * their ids are those of the Kysely writer (batch-rows.ts), so both stores
 * hold the same data.
 */
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { batchResults, buildBatchRows, countIds, idsAfter, orderBatch, sessionTraceRow, WRITTEN_COLUMNS, type BatchRows, type IdTable } from "./batch-rows.js";
import type { InsertResult } from "./insert.js";
import { sqliteValue, type NativeDatabase } from "./sqlite-file.js";
import type { SqliteWriterSql } from "./sqlite-statements.js";

/** Writes a batch of sessions in one transaction, synchronously. */
export type SqliteWriter = (sessions: readonly SessionTraceV3[]) => InsertResult[];

const TABLES: (keyof BatchRows)[] = ["session_timesteps", "events", "messages", "event_rewards", "outcome_rewards"];
const ID_TABLES: IdTable[] = ["session_timesteps", "events", "messages"];

export function createSqliteWriter(database: NativeDatabase, sql: SqliteWriterSql): SqliteWriter {
  /** Runs `table`'s INSERT with `row`'s values in column order (a column the row lacks is NULL). */
  const inserter = (table: keyof SqliteWriterSql["insert"]) => {
    const statement = database.prepare(sql.insert[table]);
    const columns: readonly string[] = WRITTEN_COLUMNS[table];
    return (row: object) => statement.run(columns.map((c) => sqliteValue((row as Record<string, unknown>)[c])));
  };
  const insertSession = inserter("session_traces");
  const insert = Object.fromEntries(TABLES.map((t) => [t, inserter(t)])) as Record<keyof BatchRows, (row: object) => unknown>;
  const lastId = Object.fromEntries(
    ID_TABLES.map((t) => {
      const statement = database.prepare(sql.lastId[t].sql);
      const parameters = sql.lastId[t].parameters.map(sqliteValue);
      return [t, () => (statement.get(parameters) as { last: number | null } | undefined)?.last];
    }),
  ) as Record<IdTable, () => number | null | undefined>;

  return (sessions) => {
    database.exec("BEGIN IMMEDIATE");
    try {
      const ordered = orderBatch(sessions);
      const created = new Set<string>();
      for (const o of ordered) if (insertSession(sessionTraceRow(o)).changes > 0) created.add(o.session.session_id);
      const fresh = ordered.filter((o) => created.has(o.session.session_id));
      const counts = countIds(fresh);
      const ids = Object.fromEntries(ID_TABLES.map((t) => [t, counts[t] ? idsAfter(lastId[t](), counts[t]) : []])) as Record<IdTable, number[]>;
      const rows = buildBatchRows(fresh, ids);
      for (const table of TABLES) for (const row of rows[table]) insert[table](row);
      database.exec("COMMIT");
      return batchResults(sessions, created);
    } catch (error) {
      if (database.inTransaction) database.exec("ROLLBACK");
      throw error;
    }
  };
}
