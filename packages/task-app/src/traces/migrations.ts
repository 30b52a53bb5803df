/**
 * Schema of a trace store, versioned and migrated on open. Version 1 is
 * synth-ai's tracing-v3 layout (`native_manager.py`), created with
 * `IF NOT EXISTS` so a database synth-ai wrote is adopted as it is; later
 * versions only add columns and indexes. The version lives in
 * `task_app_schema_version`. Migrations run in one transaction that holds the
 * database's write lock (SQLite) or an advisory lock (PostgreSQL), so
 * replicas opening the same store at once migrate it exactly once.
 */
import type { ColumnDataType, CreateTableBuilder, Expression, Kysely, Transaction } from "kysely";
import { sql } from "./kysely.js";
import type { TraceTables } from "./tables.js";

export type SqlKind = "sqlite" | "postgres";
type Db = Transaction<TraceTables>;
type Type = ColumnDataType | Expression<unknown>;

/** Column types per dialect: synth-ai's SQLite names, their PostgreSQL equivalents. */
function typesOf(kind: SqlKind): Record<"str" | "float" | "time" | "int" | "text" | "bool", Type> {
  return kind === "sqlite"
    ? { str: "varchar", float: sql`float`, time: sql`datetime`, int: "integer", text: "text", bool: "boolean" }
    : { str: "text", float: "double precision", time: "timestamptz", int: "integer", text: "text", bool: "boolean" };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;
const withId = (kind: SqlKind, t: Table): Table =>
  kind === "sqlite" ? t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()) : t.addColumn("id", "serial", (c) => c.primaryKey());

async function createTablesV1(db: Db, kind: SqlKind): Promise<void> {
  const T = typesOf(kind);
  const now = sql`CURRENT_TIMESTAMP`;
  const table = (name: string) => db.schema.createTable(name).ifNotExists();
  await table("experiments")
    .addColumn("experiment_id", T.str, (c) => c.primaryKey())
    .addColumn("name", T.str, (c) => c.notNull())
    .addColumn("description", T.text)
    .addColumn("created_at", T.time, (c) => c.defaultTo(now))
    .addColumn("updated_at", T.time, (c) => c.defaultTo(now))
    .addColumn("configuration", T.text)
    .addColumn("metadata", T.text)
    .execute();
  await table("systems")
    .addColumn("system_id", T.str, (c) => c.primaryKey())
    .addColumn("name", T.str, (c) => c.notNull())
    .addColumn("system_type", T.str)
    .addColumn("description", T.text)
    .addColumn("created_at", T.time, (c) => c.defaultTo(now))
    .addColumn("metadata", T.text)
    .execute();
  await table("system_versions")
    .addColumn("version_id", T.str, (c) => c.primaryKey())
    .addColumn("system_id", T.str, (c) => c.notNull().references("systems.system_id"))
    .addColumn("version_number", T.str, (c) => c.notNull())
    .addColumn("commit_hash", T.str)
    .addColumn("created_at", T.time, (c) => c.defaultTo(now))
    .addColumn("configuration", T.text)
    .addColumn("metadata", T.text)
    .addUniqueConstraint("uq_system_versions", ["system_id", "version_number"])
    .execute();
  await withId(kind, table("experimental_systems"))
    .addColumn("experiment_id", T.str, (c) => c.notNull().references("experiments.experiment_id"))
    .addColumn("system_id", T.str, (c) => c.notNull().references("systems.system_id"))
    .addColumn("version_id", T.str, (c) => c.notNull().references("system_versions.version_id"))
    .execute();
  await table("session_traces")
    .addColumn("session_id", T.str, (c) => c.primaryKey())
    .addColumn("created_at", T.time, (c) => c.notNull())
    .addColumn("num_timesteps", T.int, (c) => c.notNull())
    .addColumn("num_events", T.int, (c) => c.notNull())
    .addColumn("num_messages", T.int, (c) => c.notNull())
    .addColumn("metadata", T.text)
    .addColumn("experiment_id", T.str, (c) => c.references("experiments.experiment_id"))
    .execute();
  await withId(kind, table("session_timesteps"))
    .addColumn("session_id", T.str, (c) => c.notNull().references("session_traces.session_id"))
    .addColumn("step_id", T.str, (c) => c.notNull())
    .addColumn("step_index", T.int, (c) => c.notNull())
    .addColumn("turn_number", T.int)
    .addColumn("started_at", T.time)
    .addColumn("completed_at", T.time)
    .addColumn("num_events", T.int)
    .addColumn("num_messages", T.int)
    .addColumn("step_metadata", T.text)
    .addUniqueConstraint("uq_session_timesteps_step", ["session_id", "step_id"])
    .execute();
  await withId(kind, table("events"))
    .addColumn("session_id", T.str, (c) => c.notNull().references("session_traces.session_id"))
    .addColumn("timestep_id", T.int, (c) => c.references("session_timesteps.id"))
    .addColumn("event_type", T.str, (c) => c.notNull().check(sql`event_type IN ('cais', 'environment', 'runtime')`))
    .addColumn("system_instance_id", T.str)
    .addColumn("event_time", T.float)
    .addColumn("message_time", T.int)
    .addColumn("created_at", T.time)
    .addColumn("model_name", T.str)
    .addColumn("provider", T.str)
    .addColumn("input_tokens", T.int)
    .addColumn("output_tokens", T.int)
    .addColumn("total_tokens", T.int)
    .addColumn("cost_usd", T.int)
    .addColumn("latency_ms", T.int)
    .addColumn("span_id", T.str)
    .addColumn("trace_id", T.str)
    .addColumn("call_records", T.text)
    .addColumn("reward", T.float)
    .addColumn("terminated", T.bool)
    .addColumn("truncated", T.bool)
    .addColumn("system_state_before", T.text)
    .addColumn("system_state_after", T.text)
    .addColumn("metadata", T.text)
    .addColumn("event_metadata", T.text)
    .execute();
  await withId(kind, table("messages"))
    .addColumn("session_id", T.str, (c) => c.notNull().references("session_traces.session_id"))
    .addColumn("timestep_id", T.int, (c) => c.references("session_timesteps.id"))
    .addColumn("message_type", T.str, (c) =>
      c.notNull().check(sql`message_type IN ('user', 'assistant', 'system', 'tool_use', 'tool_result')`),
    )
    .addColumn("content", T.text, (c) => c.notNull())
    .addColumn("timestamp", T.time)
    .addColumn("event_time", T.float)
    .addColumn("message_time", T.int)
    .addColumn("metadata", T.text)
    .execute();
  await withId(kind, table("outcome_rewards"))
    .addColumn("session_id", T.str, (c) => c.notNull().references("session_traces.session_id"))
    .addColumn("total_reward", T.float, (c) => c.notNull())
    .addColumn("achievements_count", T.int, (c) => c.notNull())
    .addColumn("total_steps", T.int, (c) => c.notNull())
    .addColumn("created_at", T.time, (c) => c.notNull())
    .addColumn("reward_metadata", T.text)
    .execute();
  await withId(kind, table("event_rewards"))
    .addColumn("event_id", T.int, (c) => c.notNull().references("events.id"))
    .addColumn("session_id", T.str, (c) => c.notNull().references("session_traces.session_id"))
    .addColumn("message_id", T.int, (c) => c.references("messages.id"))
    .addColumn("turn_number", T.int)
    .addColumn("reward_value", T.float, (c) => c.notNull())
    .addColumn("reward_type", T.str)
    .addColumn("key", T.str)
    .addColumn("annotation", T.text)
    .addColumn("source", T.str)
    .addColumn("created_at", T.time, (c) => c.notNull())
    .execute();
  const indexes: [string, string, string[]][] = [
    ["idx_session_created", "session_traces", ["created_at"]],
    ["idx_session_experiment", "session_traces", ["experiment_id"]],
    ["idx_timestep_session_step", "session_timesteps", ["session_id", "step_id"]],
    ["idx_timestep_turn", "session_timesteps", ["turn_number"]],
    ["idx_event_session_step", "events", ["session_id", "timestep_id"]],
    ["idx_event_type", "events", ["event_type"]],
    ["idx_event_created", "events", ["created_at"]],
    ["idx_event_model", "events", ["model_name"]],
    ["idx_event_trace", "events", ["trace_id"]],
    ["idx_message_session_step", "messages", ["session_id", "timestep_id"]],
    ["idx_message_type", "messages", ["message_type"]],
    ["idx_message_timestamp", "messages", ["timestamp"]],
    ["idx_experiment_created", "experiments", ["created_at"]],
    ["idx_experiment_name", "experiments", ["name"]],
    ["idx_system_name", "systems", ["name"]],
    ["idx_system_type", "systems", ["system_type"]],
    ["idx_outcome_rewards_session", "outcome_rewards", ["session_id"]],
    ["idx_outcome_rewards_total", "outcome_rewards", ["total_reward"]],
    ["idx_event_rewards_session", "event_rewards", ["session_id"]],
    ["idx_event_rewards_event", "event_rewards", ["event_id"]],
    ["idx_event_rewards_type", "event_rewards", ["reward_type"]],
    ["idx_event_rewards_key", "event_rewards", ["key"]],
  ];
  for (const [name, on, columns] of indexes) await db.schema.createIndex(name).ifNotExists().on(on).columns(columns).execute();
}

/** Column names of a table, read inside the migration transaction. */
async function columnsOf(db: Db, kind: SqlKind, table: string): Promise<Set<string>> {
  const query =
    kind === "sqlite"
      ? sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`
      : sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`;
  const { rows } = await query.execute(db);
  return new Set(rows.map((r) => r.name));
}

/** Version 2: the columns synth-ai added later (objective keys, outcome annotations). */
async function addObjectiveColumnsV2(db: Db, kind: SqlKind): Promise<void> {
  const T = typesOf(kind);
  const outcome = await columnsOf(db, kind, "outcome_rewards");
  if (!outcome.has("objective_key"))
    await db.schema.alterTable("outcome_rewards").addColumn("objective_key", T.str, (c) => c.notNull().defaultTo("reward")).execute();
  if (!outcome.has("annotation")) await db.schema.alterTable("outcome_rewards").addColumn("annotation", T.text).execute();
  const event = await columnsOf(db, kind, "event_rewards");
  if (!event.has("objective_key"))
    await db.schema.alterTable("event_rewards").addColumn("objective_key", T.str, (c) => c.notNull().defaultTo("reward")).execute();
  await db.schema.createIndex("idx_outcome_rewards_objective").ifNotExists().on("outcome_rewards").columns(["objective_key"]).execute();
}

/** Migrations in order; index + 1 is the schema version each one brings the store to. */
const MIGRATIONS: ((db: Db, kind: SqlKind) => Promise<void>)[] = [createTablesV1, addObjectiveColumnsV2];

/** The schema version a freshly migrated store is at. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the store to SCHEMA_VERSION; returns the version it was at before. */
export async function migrateTraceStore(db: Kysely<TraceTables>, kind: SqlKind): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (kind === "postgres") await sql`SELECT pg_advisory_xact_lock(7343001)`.execute(trx);
    await trx.schema
      .createTable("task_app_schema_version")
      .ifNotExists()
      .addColumn("version", "integer", (c) => c.primaryKey())
      .addColumn("applied_at", "text", (c) => c.notNull())
      .execute();
    const row = await trx.selectFrom("task_app_schema_version").select((eb) => eb.fn.max("version").as("v")).executeTakeFirst();
    const from = Number(row?.v ?? 0);
    if (from > SCHEMA_VERSION)
      throw new Error(`trace store schema version ${from} is newer than this task-app supports (${SCHEMA_VERSION}); upgrade task-app`);
    for (let version = from + 1; version <= SCHEMA_VERSION; version++) {
      await MIGRATIONS[version - 1]!(trx, kind);
      await trx.insertInto("task_app_schema_version").values({ version, applied_at: new Date().toISOString() }).execute();
    }
    return from;
  });
}
