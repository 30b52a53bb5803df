/**
 * The SQLite file store's writer. A batch of sessions is one `BEGIN
 * IMMEDIATE` transaction: a `session_traces` row per session (which tells
 * whether it was new), then each table's rows through multi-row INSERTs,
 * statements Kysely compiled once (sqlite-statements.ts), prepared once and
 * run again with each chunk's values: nothing is compiled or prepared per
 * row, and SQLite, running in this process, pays no round trip per
 * statement. The rows and their ids are those of the Kysely writer
 * (batch-rows.ts), so both stores hold the same data.
 */
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { batchResults, buildBatchRows, countIds, idsAfter, orderBatch, sessionTraceRow, WRITTEN_COLUMNS, type BatchRows, type IdTable } from "./batch-rows.js";
import type { InsertResult } from "./insert.js";
import { sqliteValue, type NativeDatabase } from "./sqlite-file.js";
import { escapeStoredText } from "./stored-text.js";
import type { SqliteWriterSql } from "./sqlite-statements.js";

/** Writes a batch of sessions in one transaction, synchronously. */
export type SqliteWriter = (sessions: readonly SessionTraceV3[]) => InsertResult[];

const TABLES: (keyof BatchRows)[] = ["session_timesteps", "events", "messages", "event_rewards", "outcome_rewards"];
const ID_TABLES: IdTable[] = ["session_timesteps", "events", "messages"];

export function createSqliteWriter(database: NativeDatabase, sql: SqliteWriterSql): SqliteWriter {
  const sessionStatement = database.prepare(sql.insertSession);
  const insertSession = (row: object) => sessionStatement.run(valuesOf([row], 0, 1, WRITTEN_COLUMNS.session_traces));
  /** Writes `table`'s rows, as many as fit in each statement, largest first. */
  const inserter = (table: keyof BatchRows) => {
    const statements = sql.insert[table].map(({ rows, sql }) => ({ rows, statement: database.prepare(sql) }));
    const columns: readonly string[] = WRITTEN_COLUMNS[table];
    return (rows: readonly object[]) => {
      let next = 0;
      for (const { rows: size, statement } of statements)
        for (; rows.length - next >= size; next += size) statement.run(valuesOf(rows, next, size, columns));
    };
  };
  const insert = Object.fromEntries(TABLES.map((t) => [t, inserter(t)])) as Record<keyof BatchRows, (rows: readonly object[]) => void>;
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
      for (const o of ordered) if (insertSession(sessionTraceRow(o, false)).changes > 0) created.add(o.session.session_id);
      const fresh = ordered.filter((o) => created.has(o.session.session_id));
      const counts = countIds(fresh);
      const ids = Object.fromEntries(ID_TABLES.map((t) => [t, counts[t] ? idsAfter(lastId[t](), counts[t]) : []])) as Record<IdTable, number[]>;
      const rows = buildBatchRows(fresh, ids, false); // escaped as bound (valuesOf)
      for (const table of TABLES) insert[table](rows[table]);
      database.exec("COMMIT");
      return batchResults(sessions, created);
    } catch (error) {
      if (database.inTransaction) database.exec("ROLLBACK");
      throw error;
    }
  };
}

/** The values of `count` rows from `start`, row after row, in column order (a column a row lacks is NULL), text escaped as stored-text.ts says. */
function valuesOf(rows: readonly object[], start: number, count: number, columns: readonly string[]): unknown[] {
  const values = new Array<unknown>(count * columns.length);
  let i = 0;
  for (let r = start; r < start + count; r++) {
    const row = rows[r] as Record<string, unknown>;
    for (const column of columns) {
      const value = row[column];
      values[i++] = typeof value === "string" ? escapeStoredText(value) : sqliteValue(value);
    }
  }
  return values;
}
