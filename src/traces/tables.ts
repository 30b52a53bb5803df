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
