/**
 * The rows a batch of sessions becomes, shared by both writers (multi-row
 * INSERTs through Kysely for servers, prepared statements for SQLite files):
 * each session once, its `session_traces` row, and, for the sessions not yet
 * stored, the rows of every other table with the ids drawn for them
 * beforehand (ids.ts), so rewards can point at their event and message rows.
 */
import type { Insertable } from "kysely";
import type { SessionTraceV3, TracedEvent, TracedMessage } from "../schemas/session-trace.js";
import type { InsertResult } from "./insert.js";
import { eventRow, messageRow, orderSession, timestepRow, toJsonText } from "./rows.js";
import { escapeRow } from "./stored-text.js";
import { TRACE_TABLE_COLUMNS, type TraceTables } from "./tables.js";

/** A session with its events and messages in history order. */
export interface OrderedSession {
  session: SessionTraceV3;
  events: { event: TracedEvent; stepId: string | undefined }[];
  messages: { message: TracedMessage; stepId: string | undefined }[];
}

/** The rows of the tables below `session_traces`. */
export interface BatchRows {
  session_timesteps: Insertable<TraceTables["session_timesteps"]>[];
  events: Insertable<TraceTables["events"]>[];
  messages: Insertable<TraceTables["messages"]>[];
  event_rewards: Insertable<TraceTables["event_rewards"]>[];
  outcome_rewards: Insertable<TraceTables["outcome_rewards"]>[];
}

/** The tables a batch writes. */
export type WrittenTable = keyof BatchRows | "session_traces";

/** Columns without the row's own id, which the database assigns (the reward tables' AUTOINCREMENT). */
const withoutId = <C extends string>(columns: readonly C[]) => columns.filter((c): c is Exclude<C, "id"> => c !== "id");

/** The columns the writers fill, per table, in the order the statements bind them. */
export const WRITTEN_COLUMNS = {
  session_traces: TRACE_TABLE_COLUMNS.session_traces,
  session_timesteps: TRACE_TABLE_COLUMNS.session_timesteps,
  events: TRACE_TABLE_COLUMNS.events,
  messages: TRACE_TABLE_COLUMNS.messages,
  event_rewards: withoutId(TRACE_TABLE_COLUMNS.event_rewards),
  outcome_rewards: withoutId(TRACE_TABLE_COLUMNS.outcome_rewards),
} satisfies { [T in WrittenTable]: readonly (keyof TraceTables[T] & string)[] };

/** The tables whose ids are drawn before their rows are written (rewards refer to them). */
export type IdTable = "session_timesteps" | "events" | "messages";

/** Ids drawn for the rows of those tables, ascending. */
export type RowIds = Record<IdTable, number[]>;

/** Each session once (the first of repeated ids), ordered. */
export function orderBatch(sessions: readonly SessionTraceV3[]): OrderedSession[] {
  const unique = new Map<string, SessionTraceV3>();
  for (const session of sessions) if (!unique.has(session.session_id)) unique.set(session.session_id, session);
  return [...unique.values()].map((session) => ({ session, ...orderSession(session) }));
}

/** The `session_traces` row of a session (its text escaped unless `escaped` is false, as buildBatchRows). */
export function sessionTraceRow({ session, events, messages }: OrderedSession, escaped = true): Insertable<TraceTables["session_traces"]> {
  const row = {
    session_id: session.session_id,
    created_at: session.created_at,
    num_timesteps: session.session_time_steps.length,
    num_events: events.length,
    num_messages: messages.length,
    metadata: toJsonText(session.metadata),
    experiment_id: null,
  };
  return escaped ? escapeRow(row) : row;
}

/** `count` ids after `last`. */
export function idsAfter(last: number | null | undefined, count: number): number[] {
  const start = Number(last ?? 0) + 1;
  return Array.from({ length: count }, (_, i) => start + i);
}

/** How many ids the sessions' steps, events and messages need. */
export function countIds(sessions: readonly OrderedSession[]): Record<keyof RowIds, number> {
  let [steps, events, messages] = [0, 0, 0];
  for (const s of sessions) {
    steps += s.session.session_time_steps.length;
    events += s.events.length;
    messages += s.messages.length;
  }
  return { session_timesteps: steps, events, messages };
}

/**
 * The rows of fresh sessions, ids taken in order from `ids`; their text
 * escaped as stored-text.ts says, unless `escaped` is false (a writer that
 * escapes each value as it binds it, saving a pass over every row).
 */
export function buildBatchRows(fresh: readonly OrderedSession[], ids: RowIds, escaped = true): BatchRows {
  const rows: BatchRows = { session_timesteps: [], events: [], messages: [], event_rewards: [], outcome_rewards: [] };
  let [nextStep, nextEvent, nextMessage] = [0, 0, 0];
  for (const { session, events, messages } of fresh) {
    const sessionId = session.session_id;
    const stepRowIds = new Map(session.session_time_steps.map((step) => [step.step_id, ids.session_timesteps[nextStep++]!]));
    const eventRowIds = new Map(events.map(({ event }) => [event.event_id, ids.events[nextEvent++]!]));
    const messageRowIds = new Map(messages.map(({ message }) => [message.message_id, ids.messages[nextMessage++]!]));
    const stepOf = (stepId: string | undefined) => (stepId === undefined ? null : (stepRowIds.get(stepId) ?? null));
    for (const step of session.session_time_steps) rows.session_timesteps.push(timestepRow(stepRowIds.get(step.step_id)!, sessionId, step));
    for (const { event, stepId } of events) rows.events.push(eventRow(eventRowIds.get(event.event_id)!, sessionId, stepOf(stepId), event));
    for (const { message, stepId } of messages) rows.messages.push(messageRow(messageRowIds.get(message.message_id)!, sessionId, stepOf(stepId), message));
    for (const reward of session.event_rewards) {
      const eventId = eventRowIds.get(reward.event_id);
      if (eventId === undefined) throw new Error(`event reward refers to event ${JSON.stringify(reward.event_id)}, which session ${sessionId} does not have`);
      rows.event_rewards.push({
        event_id: eventId,
        session_id: sessionId,
        message_id: reward.message_id ? (messageRowIds.get(reward.message_id) ?? null) : null,
        turn_number: reward.turn_number,
        reward_value: reward.reward_value,
        reward_type: reward.reward_type,
        key: reward.key,
        annotation: toJsonText(reward.annotation),
        source: reward.source,
        created_at: reward.created_at,
        objective_key: reward.objective_key,
      });
    }
    for (const outcome of session.outcome_rewards)
      rows.outcome_rewards.push({
        session_id: sessionId,
        total_reward: outcome.total_reward,
        achievements_count: outcome.achievements_count,
        total_steps: outcome.total_steps,
        created_at: outcome.created_at,
        reward_metadata: toJsonText(outcome.reward_metadata),
        objective_key: outcome.objective_key,
        annotation: toJsonText(outcome.annotation),
      });
  }
  if (escaped) for (const table of Object.keys(rows) as (keyof BatchRows)[]) rows[table] = (rows[table] as object[]).map(escapeRow) as never;
  return rows;
}

/** One result per session handed in: inserted only for the first of its id, and only when it was not stored before. */
export function batchResults(sessions: readonly SessionTraceV3[], created: ReadonlySet<string>): InsertResult[] {
  const seen = new Set<string>();
  return sessions.map((s) => {
    const first = !seen.has(s.session_id);
    seen.add(s.session_id);
    return { sessionId: s.session_id, inserted: first && created.has(s.session_id) };
  });
}
