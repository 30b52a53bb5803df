/**
 * Checks run on a trace store of either dialect: the tracing-v3 columns
 * TRACING.md lists, and that every stored session has all of its rows.
 */
import assert from "node:assert/strict";
import { sql, type Kysely } from "kysely";
import { openTraceStore, type OpenTraceStoreOptions } from "../../src/traces/store.js";
import type { TraceTables } from "../../src/traces/tables.js";

/** Columns TRACING.md (and synth-ai's native_manager.py) require, per table. */
export const TRACING_V3_COLUMNS: Record<string, string[]> = {
  experiments: ["experiment_id", "name", "description", "created_at", "updated_at", "configuration", "metadata"],
  session_traces: ["session_id", "created_at", "num_timesteps", "num_events", "num_messages", "metadata", "experiment_id"],
  session_timesteps: ["id", "session_id", "step_id", "step_index", "turn_number", "started_at", "completed_at", "num_events", "num_messages", "step_metadata"],
  events: [
    "id", "session_id", "timestep_id", "event_type", "system_instance_id", "event_time", "message_time", "created_at",
    "model_name", "provider", "input_tokens", "output_tokens", "total_tokens", "cost_usd", "latency_ms", "span_id", "trace_id",
    "call_records", "reward", "terminated", "truncated", "system_state_before", "system_state_after", "metadata", "event_metadata",
  ],
  messages: ["id", "session_id", "timestep_id", "message_type", "content", "timestamp", "event_time", "message_time", "metadata"],
  outcome_rewards: ["id", "session_id", "total_reward", "achievements_count", "total_steps", "created_at", "reward_metadata", "objective_key", "annotation"],
  event_rewards: [
    "id", "event_id", "session_id", "message_id", "turn_number", "reward_value", "reward_type", "key", "annotation", "source", "created_at", "objective_key",
  ],
};

/** Asserts every table and column of TRACING_V3_COLUMNS exists. */
export async function assertTracingV3Layout(db: Kysely<TraceTables>): Promise<void> {
  const tables = await db.introspection.getTables();
  for (const [name, columns] of Object.entries(TRACING_V3_COLUMNS)) {
    const table = tables.find((t) => t.name === name);
    assert.ok(table, `table ${name} exists`);
    const have = table.columns.map((c) => c.name);
    for (const column of columns) assert.ok(have.includes(column), `${name}.${column} exists (have ${have.join(", ")})`);
  }
}

/** Number of rows of `table`, optionally of one run (`session_id` prefix). */
export async function countRows(db: Kysely<TraceTables>, table: keyof TraceTables, sessionPrefix?: string): Promise<number> {
  let query = db.selectFrom(table as "events").select((eb) => eb.fn.countAll<string | number>().as("n"));
  if (sessionPrefix !== undefined) query = query.where("session_id", "like", `${sessionPrefix}%`);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Asserts each session has the steps, events and messages its counters say,
 * two event rewards per environment event and one outcome (what the fixtures
 * write): a session missing any row fails. Returns the number of sessions.
 */
export async function assertSessionsComplete(db: Kysely<TraceTables>): Promise<number> {
  const { rows } = await sql<{ session_id: string; num_timesteps: number; num_events: number; num_messages: number; steps: number; events: number; env: number; messages: number; event_rewards: number; outcomes: number }>`
    SELECT s.session_id, s.num_timesteps, s.num_events, s.num_messages,
      (SELECT COUNT(*) FROM session_timesteps t WHERE t.session_id = s.session_id) AS steps,
      (SELECT COUNT(*) FROM events e WHERE e.session_id = s.session_id) AS events,
      (SELECT COUNT(*) FROM events e WHERE e.session_id = s.session_id AND e.event_type = 'environment') AS env,
      (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.session_id) AS messages,
      (SELECT COUNT(*) FROM event_rewards r WHERE r.session_id = s.session_id) AS event_rewards,
      (SELECT COUNT(*) FROM outcome_rewards o WHERE o.session_id = s.session_id) AS outcomes
    FROM session_traces s`.execute(db);
  for (const r of rows) {
    const n = (v: unknown) => Number(v);
    assert.ok(n(r.num_timesteps) > 0, `${r.session_id} has steps`);
    assert.equal(n(r.steps), n(r.num_timesteps), `${r.session_id}: session_timesteps rows`);
    assert.equal(n(r.events), n(r.num_events), `${r.session_id}: events rows`);
    assert.equal(n(r.messages), n(r.num_messages), `${r.session_id}: messages rows`);
    assert.equal(n(r.event_rewards), 2 * n(r.env), `${r.session_id}: event_rewards rows`);
    assert.equal(n(r.outcomes), 1, `${r.session_id}: outcome_rewards rows`);
  }
  return rows.length;
}

/** Opens the store at `spec` (as a reader), asserts its sessions complete, closes it; the number of sessions. */
export async function countCompleteSessions(spec: string, options: OpenTraceStoreOptions = {}): Promise<number> {
  const store = await openTraceStore(spec, options);
  try {
    return await assertSessionsComplete(store.db);
  } finally {
    await store.close();
  }
}
