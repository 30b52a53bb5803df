/**
 * Writes sessions in one transaction: the `session_traces` rows first
 * (`ON CONFLICT (session_id) DO NOTHING`, so a second write of the same
 * session changes nothing), then its steps, events, messages, event rewards
 * and outcome rewards, each table in one multi-row INSERT with ids drawn
 * beforehand (ids.ts). A crash before commit leaves no trace of the session;
 * after commit every row is there.
 */
import type { Insertable, Kysely } from "kysely";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { allocateIds, chunk } from "./ids.js";
import type { SqlKind } from "./migrations.js";
import { eventRow, messageRow, orderSession, timestepRow, toJsonText } from "./rows.js";
import type { TraceTables } from "./tables.js";

/** What an insert did. */
export interface InsertResult {
  sessionId: string;
  /** False when the session was already stored (nothing written). */
  inserted: boolean;
}

/**
 * Inserts several sessions in one transaction (a group commit): each table
 * gets one multi-row INSERT for all of them, so a batch costs about what one
 * session does. Sessions already stored, or repeated in the batch, are skipped.
 */
export async function insertSessionsRows(db: Kysely<TraceTables>, kind: SqlKind, sessions: readonly SessionTraceV3[]): Promise<InsertResult[]> {
  return db.transaction().execute(async (trx) => {
    const unique = [...new Map(sessions.map((s) => [s.session_id, s])).values()];
    const created = new Set<string>();
    for (const rows of chunk(unique, 7)) {
      const inserted = await trx
        .insertInto("session_traces")
        .values(
          rows.map((session) => {
            const { events, messages } = orderSession(session);
            return {
              session_id: session.session_id,
              created_at: session.created_at,
              num_timesteps: session.session_time_steps.length,
              num_events: events.length,
              num_messages: messages.length,
              metadata: toJsonText(session.metadata),
              experiment_id: null,
            };
          }),
        )
        .onConflict((oc) => oc.column("session_id").doNothing())
        .returning("session_id")
        .execute();
      for (const row of inserted) created.add(row.session_id);
    }
    const fresh = unique.filter((s) => created.has(s.session_id));
    const ordered = fresh.map((session) => ({ session, ...orderSession(session) }));
    const stepIds = await allocateIds(trx, kind, "session_timesteps", fresh.reduce((n, s) => n + s.session_time_steps.length, 0));
    const eventIds = await allocateIds(trx, kind, "events", ordered.reduce((n, o) => n + o.events.length, 0));
    const messageIds = await allocateIds(trx, kind, "messages", ordered.reduce((n, o) => n + o.messages.length, 0));
    const stepRows: Insertable<TraceTables["session_timesteps"]>[] = [];
    const eventRows: Insertable<TraceTables["events"]>[] = [];
    const messageRows: Insertable<TraceTables["messages"]>[] = [];
    const rewardRows: Insertable<TraceTables["event_rewards"]>[] = [];
    const outcomeRows: Insertable<TraceTables["outcome_rewards"]>[] = [];
    let [nextStep, nextEvent, nextMessage] = [0, 0, 0];
    for (const { session, events, messages } of ordered) {
      const sessionId = session.session_id;
      const stepRowIds = new Map(session.session_time_steps.map((step) => [step.step_id, stepIds[nextStep++]!]));
      const eventRowIds = new Map(events.map(({ event }) => [event.event_id, eventIds[nextEvent++]!]));
      const messageRowIds = new Map(messages.map(({ message }) => [message.message_id, messageIds[nextMessage++]!]));
      const stepOf = (stepId: string | undefined) => (stepId === undefined ? null : (stepRowIds.get(stepId) ?? null));
      for (const step of session.session_time_steps) stepRows.push({ id: stepRowIds.get(step.step_id)!, ...timestepRow(sessionId, step) });
      for (const { event, stepId } of events) {
        const createdAt = new Date(event.time_record.event_time * 1000).toISOString();
        eventRows.push({ id: eventRowIds.get(event.event_id)!, ...eventRow(sessionId, stepOf(stepId), event, createdAt) });
      }
      for (const { message, stepId } of messages) messageRows.push({ id: messageRowIds.get(message.message_id)!, ...messageRow(sessionId, stepOf(stepId), message) });
      for (const reward of session.event_rewards) {
        const eventId = eventRowIds.get(reward.event_id);
        if (eventId === undefined) throw new Error(`event reward refers to event ${JSON.stringify(reward.event_id)}, which session ${sessionId} does not have`);
        rewardRows.push({
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
        outcomeRows.push({
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
    for (const rows of chunk(stepRows, 10)) await trx.insertInto("session_timesteps").values(rows).execute();
    for (const rows of chunk(eventRows, 25)) await trx.insertInto("events").values(rows).execute();
    for (const rows of chunk(messageRows, 9)) await trx.insertInto("messages").values(rows).execute();
    for (const rows of chunk(rewardRows, 12)) await trx.insertInto("event_rewards").values(rows).execute();
    for (const rows of chunk(outcomeRows, 8)) await trx.insertInto("outcome_rewards").values(rows).execute();
    return sessions.map((s, i) => ({ sessionId: s.session_id, inserted: created.has(s.session_id) && sessions.findIndex((x) => x.session_id === s.session_id) === i }));
  });
}
