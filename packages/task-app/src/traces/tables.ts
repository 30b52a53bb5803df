/**
 * The tracing-v3 tables as Kysely sees them (TRACING.md): column names and
 * meanings of synth-ai's `native_manager.py`, JSON columns as TEXT holding
 * JSON, timestamps as ISO-8601 text. Later columns (`objective_key`,
 * `annotation`) are added by migrations, never renamed.
 */
import type { Generated } from "kysely";

type Json = string | null;
type Time = string | Date | null;

export interface SessionTracesTable {
  session_id: string;
  created_at: string | Date;
  num_timesteps: number;
  num_events: number;
  num_messages: number;
  metadata: Json;
  experiment_id: string | null;
}

export interface SessionTimestepsTable {
  id: Generated<number>;
  session_id: string;
  step_id: string;
  step_index: number;
  turn_number: number | null;
  started_at: Time;
  completed_at: Time;
  num_events: number | null;
  num_messages: number | null;
  step_metadata: Json;
}

export interface EventsTable {
  id: Generated<number>;
  session_id: string;
  timestep_id: number | null;
  event_type: "cais" | "environment" | "runtime";
  system_instance_id: string | null;
  event_time: number | null;
  message_time: number | null;
  created_at: Time;
  model_name: string | null;
  provider: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  total_tokens: number | null;
  cost_usd: number | null;
  latency_ms: number | null;
  span_id: string | null;
  trace_id: string | null;
  call_records: Json;
  reward: number | null;
  terminated: boolean | number | null;
  truncated: boolean | number | null;
  system_state_before: Json;
  system_state_after: Json;
  metadata: Json;
  event_metadata: Json;
}

export interface MessagesTable {
  id: Generated<number>;
  session_id: string;
  timestep_id: number | null;
  message_type: string;
  content: string;
  timestamp: Time;
  event_time: number | null;
  message_time: number | null;
  metadata: Json;
}

export interface OutcomeRewardsTable {
  id: Generated<number>;
  session_id: string;
  total_reward: number;
  achievements_count: number;
  total_steps: number;
  created_at: string | Date;
  reward_metadata: Json;
  objective_key: Generated<string>;
  annotation: Json;
}

export interface EventRewardsTable {
  id: Generated<number>;
  event_id: number;
  session_id: string;
  message_id: number | null;
  turn_number: number | null;
  reward_value: number;
  reward_type: string | null;
  key: string | null;
  annotation: Json;
  source: string | null;
  created_at: string | Date;
  objective_key: Generated<string>;
}

export interface ExperimentsTable {
  experiment_id: string;
  name: string;
  description: string | null;
  created_at: Time;
  updated_at: Time;
  configuration: Json;
  metadata: Json;
}

export interface SchemaVersionTable {
  version: number;
  applied_at: string;
}

/** Every table a trace store reads or writes. */
export interface TraceTables {
  experiments: ExperimentsTable;
  session_traces: SessionTracesTable;
  session_timesteps: SessionTimestepsTable;
  events: EventsTable;
  messages: MessagesTable;
  outcome_rewards: OutcomeRewardsTable;
  event_rewards: EventRewardsTable;
  task_app_schema_version: SchemaVersionTable;
}

/**
 * Columns per table at SCHEMA_VERSION: what a reader requires (schema-check.ts)
 * and, less the reward tables' own ids, what the writers fill (batch-rows.ts).
 * Held to what the migrations create by test/hostile/db-vs-readers.test.ts.
 */
export const TRACE_TABLE_COLUMNS = {
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
} as const satisfies { [T in keyof TraceTables]: readonly (keyof TraceTables[T] & string)[] };
