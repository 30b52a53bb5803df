/**
 * The SQLite file store's writer. A batch of sessions is one `BEGIN
 * IMMEDIATE` transaction: a `session_traces` row per session (which tells
 * whether it was new), then each table's rows in one multi-row INSERT (the
 * statement of exactly that many rows, made from sqlite-statements.ts's text
 * and prepared the first time that size comes), run with the batch's values:
 * nothing is compiled or prepared per row, and SQLite, running in this
 * process, pays no round trip per statement. The rows and their ids are
 * those of the Kysely writer (batch-rows.ts), so both stores hold the same
 * data.
 *
 * Ids continue after each table's last id (ids.ts). The writer remembers
 * where it left them and reads them again only when another connection
 * committed since its last batch (`PRAGMA data_version` changes exactly
 * then), so a batch normally costs no query for them.
 */
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { batchResults, buildBatchRows, countIds, idsAfter, orderBatch, sessionTraceRow, WRITTEN_COLUMNS, type BatchRows, type IdTable } from "./batch-rows.js";
import type { InsertResult } from "./insert.js";
import { sqliteValue, type NativeDatabase } from "./sqlite-file.js";
import { escapeStoredText } from "./stored-text.js";
import { multiRowInsertSql, ROWS_PER_INSERT, type SqliteWriterSql } from "./sqlite-statements.js";

/** Writes a batch of sessions in one transaction, synchronously. */
export type SqliteWriter = (sessions: readonly SessionTraceV3[]) => InsertResult[];

type Statement = ReturnType<NativeDatabase["prepare"]>;

const TABLES: (keyof BatchRows)[] = ["session_timesteps", "events", "messages", "event_rewards", "outcome_rewards"];
const ID_TABLES: IdTable[] = ["session_timesteps", "events", "messages"];

export function createSqliteWriter(database: NativeDatabase, sql: SqliteWriterSql): SqliteWriter {
  const sessionStatement = database.prepare(sql.insertSession);
  const insertSession = (row: object) => sessionStatement.run(valuesOf([row], 0, 1, WRITTEN_COLUMNS.session_traces));
  /** Writes `table`'s rows, up to ROWS_PER_INSERT in each statement. */
  const inserter = (table: keyof BatchRows) => {
    const bySize = new Map<number, Statement>();
    const statement = (rows: number) => bySize.get(rows) ?? bySize.set(rows, database.prepare(multiRowInsertSql(sql.insert[table], rows))).get(rows)!;
    const columns: readonly string[] = WRITTEN_COLUMNS[table];
    return (rows: readonly object[]) => {
      for (let next = 0; next < rows.length; next += ROWS_PER_INSERT) {
        const size = Math.min(ROWS_PER_INSERT, rows.length - next);
        statement(size).run(valuesOf(rows, next, size, columns));
      }
    };
  };
  const insert = Object.fromEntries(TABLES.map((t) => [t, inserter(t)])) as Record<keyof BatchRows, (rows: readonly object[]) => void>;
  const lastIdStatements = ID_TABLES.map((t) => ({ table: t, statement: database.prepare(sql.lastId[t].sql), parameters: sql.lastId[t].parameters.map(sqliteValue) }));
  const readLastIds = () =>
    Object.fromEntries(lastIdStatements.map(({ table, statement, parameters }) => [table, Number((statement.get(parameters) as { last: number | null } | undefined)?.last ?? 0)])) as Record<IdTable, number>;
  const dataVersion = database.prepare("PRAGMA data_version");
  /** The last ids this connection left, and the data version they hold for (another connection's commit changes it). */
  let known: { version: number; last: Record<IdTable, number> } | undefined;

  return (sessions) => {
    database.exec("BEGIN IMMEDIATE");
    try {
      const version = Number((dataVersion.get() as { data_version: number }).data_version);
      const last = known?.version === version ? known.last : readLastIds();
      known = undefined; // until this batch commits
      const ordered = orderBatch(sessions);
      const created = new Set<string>();
      for (const o of ordered) if (insertSession(sessionTraceRow(o, false)).changes > 0) created.add(o.session.session_id);
      const fresh = ordered.filter((o) => created.has(o.session.session_id));
      const counts = countIds(fresh);
      const ids = Object.fromEntries(ID_TABLES.map((t) => [t, idsAfter(last[t], counts[t])])) as Record<IdTable, number[]>;
      const rows = buildBatchRows(fresh, ids, false); // escaped as bound (valuesOf)
      for (const table of TABLES) insert[table](rows[table]);
      database.exec("COMMIT");
      known = { version, last: { session_timesteps: last.session_timesteps + counts.session_timesteps, events: last.events + counts.events, messages: last.messages + counts.messages } };
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
      values[i++] = typeof value === "string" ? escapeStoredText(value) : typeof value === "number" || value === null ? value : sqliteValue(value);
    }
  }
  return values;
}
