/**
 * What a reader checks before its first query: the store says which schema
 * version it is at (`task_app_schema_version`), this task-app reads that
 * version, and every table the readers query is a table (not a view, which
 * could run anything) with the columns that version has. A store that fails
 * is refused with `not a task-app trace store: <location>` and why.
 */
import type { Kysely } from "kysely";
import { sql } from "./kysely.js";
import { SCHEMA_VERSION, type SqlKind } from "./migrations.js";
import { NotATraceStoreError } from "./sqlite-reader.js";
import { TRACE_TABLE_COLUMNS, type TraceTables } from "./tables.js";


interface Relation {
  name: string;
  kind: string;
}

/** Tables and views of the store's schema, with their kind ("table" or something else). */
async function relationsOf(db: Kysely<TraceTables>, kind: SqlKind): Promise<Relation[]> {
  const query =
    kind === "sqlite"
      ? sql<Relation>`SELECT name, type AS kind FROM sqlite_schema WHERE type IN ('table', 'view')`
      : sql<Relation>`SELECT table_name AS name, CASE table_type WHEN 'BASE TABLE' THEN 'table' ELSE lower(table_type) END AS kind
          FROM information_schema.tables WHERE table_schema = current_schema()`;
  return (await query.execute(db)).rows;
}

async function columnsOf(db: Kysely<TraceTables>, kind: SqlKind, table: string): Promise<Set<string>> {
  const query =
    kind === "sqlite"
      ? sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`
      : sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`;
  return new Set((await query.execute(db)).rows.map((r) => r.name));
}

/** Throws NotATraceStoreError unless the store is one this task-app reads. */
export async function checkTraceSchema(db: Kysely<TraceTables>, kind: SqlKind, location: string): Promise<number> {
  const relations = new Map((await relationsOf(db, kind)).map((r) => [r.name, r.kind]));
  if (!relations.has("task_app_schema_version")) {
    const synthAi = relations.has("session_traces");
    throw new NotATraceStoreError(
      location,
      synthAi ? "it has no task_app_schema_version table: open it once for writing (`task-app serve --trace`) to adopt it" : "it has none of the trace tables",
    );
  }
  for (const table of Object.keys(TRACE_TABLE_COLUMNS)) {
    const found = relations.get(table);
    if (found === undefined) throw new NotATraceStoreError(location, `table ${table} is missing`);
    if (found !== "table") throw new NotATraceStoreError(location, `${table} is a ${found}, not a table`);
  }
  const row = await db.selectFrom("task_app_schema_version").select((eb) => eb.fn.max("version").as("v")).executeTakeFirst();
  const version = Number(row?.v ?? 0);
  if (!Number.isInteger(version) || version < 1) throw new NotATraceStoreError(location, "task_app_schema_version holds no version");
  if (version > SCHEMA_VERSION) throw new NotATraceStoreError(location, `schema version ${version} is newer than this task-app reads (${SCHEMA_VERSION}); upgrade task-app`);
  if (version < SCHEMA_VERSION)
    throw new NotATraceStoreError(location, `schema version ${version} is older than this task-app reads (${SCHEMA_VERSION}); open it once for writing (\`task-app serve --trace\`) to migrate it`);
  for (const [table, columns] of Object.entries(TRACE_TABLE_COLUMNS)) {
    const present = await columnsOf(db, kind, table);
    const missing = columns.filter((c) => !present.has(c));
    if (missing.length) throw new NotATraceStoreError(location, `table ${table} lacks ${missing.join(", ")} for schema version ${version}`);
  }
  return version;
}
