/**
 * Row ids handed out before a bulk insert, so a session's steps, events and
 * messages go in one multi-row INSERT each and rewards can still point at
 * their event and message rows. PostgreSQL draws them from the column's
 * sequence (safe with any number of writers); SQLite continues after the
 * table's AUTOINCREMENT counter, which is safe because the caller holds the
 * database's write lock (its transaction began with BEGIN IMMEDIATE).
 */
import type { Transaction } from "kysely";
import { sql } from "./kysely.js";
import { idsAfter, type IdTable } from "./batch-rows.js";
import type { SqlKind } from "./migrations.js";
import type { TraceTables } from "./tables.js";

/**
 * SQLite: the last id `table` has handed out (its AUTOINCREMENT counter, or
 * its largest id if that is higher); fresh ids continue after it.
 */
export function sqliteLastIdQuery(table: IdTable) {
  return sql<{ last: number | null }>`SELECT MAX(
      COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ${table}), 0),
      COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0)) AS last`;
}

/** `count` fresh ids for `table`, ascending. */
export async function allocateIds(trx: Transaction<TraceTables>, kind: SqlKind, table: IdTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  if (kind === "postgres") {
    const { rows } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${count})`.execute(trx);
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }
  const { rows } = await sqliteLastIdQuery(table).execute(trx);
  return idsAfter(rows[0]?.last, count);
}

/** Splits rows into INSERT-sized chunks (SQLite allows 32,766 bound values, PostgreSQL 65,535). */
export function chunk<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(30_000 / Math.max(1, columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
