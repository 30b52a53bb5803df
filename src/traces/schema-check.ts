/**
 * What a reader checks before its first query: the store says which schema
 * version it is at (`task_app_schema_version`), this task-app reads that
 * version, and every table the readers query is a table (not a view, which
 * could run anything) with the columns that version has. A store that fails
 * is refused with `not a task-app trace store: <location>` and why.
 */
import { sql, type Kysely } from "kysely";
import { SCHEMA_VERSION, type SqlKind } from "./migrations.js";
import { NotATraceStoreError } from "./sqlite-reader.js";
import type { TraceTables } from "./tables.js";

/** Columns per table at SCHEMA_VERSION (held to what the migrations create by the store tests). */
export const TRACE_TABLE_COLUMNS: Record<string, readonly string[]> = {
  experiments: ["experiment_id", "name", "description", "created_at", "updated_at", "configuration", "metadata"],
  session_traces: ["session_id", "created_at", "num_timesteps", "num_events", "num_messages", "metadata", "experiment_id"],
  session_timesteps: ["id", "session_id", "step_id", "step_index", "turn_number", "started_at", "completed_at", "num_events", "num_messages", "step_metadata"],
  events: [
    "id", "session_id", "timestep_id", "event_type", "system_instance_id", "event_time", "message_time", "created_at", "model_name", "provider",
    "input_tokens", "output_tokens", "total_tokens", "cost_usd", "latency_ms", "span_id", "trace_id", "call_records", "reward", "terminated",
    "truncated", "system_state_before", "system_state_after", "metadata", "event_metadata",
  ],
  messages: ["id", "session_id", "timestep_id", "message_type", "content", "timestamp", "event_time", "message_time", "metadata"],
  outcome_rewards: ["id", "session_id", "total_reward", "achievements_count", "total_steps", "created_at", "reward_metadata", "objective_key", "annotation"],
  event_rewards: ["id", "event_id", "session_id", "message_id", "turn_number", "reward_value", "reward_type", "key", "annotation", "source", "created_at", "objective_key"],
  task_app_schema_version: ["version", "applied_at"],
};

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
