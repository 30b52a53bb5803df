/**
 * Writes one session in one transaction: the `session_traces` row first
 * (`ON CONFLICT (session_id) DO NOTHING`, so a second write of the same
 * session changes nothing), then its steps, events, messages, event rewards
 * and outcome rewards, each table in one multi-row INSERT with ids drawn
 * beforehand (ids.ts). A crash before commit leaves no trace of the session;
 * after commit every row is there.
 */
import type { Kysely } from "kysely";
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

/** Inserts a validated session; idempotent per `session_id`. */
export async function insertSessionRows(db: Kysely<TraceTables>, kind: SqlKind, session: SessionTraceV3): Promise<InsertResult> {
  const sessionId = session.session_id;
  return db.transaction().execute(async (trx) => {
    const { events, messages } = orderSession(session);
    const created = await trx
      .insertInto("session_traces")
      .values({
        session_id: sessionId,
        created_at: session.created_at,
        num_timesteps: session.session_time_steps.length,
        num_events: events.length,
        num_messages: messages.length,
        metadata: toJsonText(session.metadata),
        experiment_id: null,
      })
      .onConflict((oc) => oc.column("session_id").doNothing())
      .returning("session_id")
      .executeTakeFirst();
    if (!created) return { sessionId, inserted: false };

    const stepIds = await allocateIds(trx, kind, "session_timesteps", session.session_time_steps.length);
    const eventIds = await allocateIds(trx, kind, "events", events.length);
    const messageIds = await allocateIds(trx, kind, "messages", messages.length);
    const stepRowIds = new Map(session.session_time_steps.map((step, i) => [step.step_id, stepIds[i]!]));
    const eventRowIds = new Map(events.map(({ event }, i) => [event.event_id, eventIds[i]!]));
    const messageRowIds = new Map(messages.map(({ message }, i) => [message.message_id, messageIds[i]!]));
    const stepOf = (stepId: string | undefined) => (stepId === undefined ? null : (stepRowIds.get(stepId) ?? null));
    const stepRows = session.session_time_steps.map((step, i) => ({ id: stepIds[i]!, ...timestepRow(sessionId, step) }));
    for (const rows of chunk(stepRows, 10)) await trx.insertInto("session_timesteps").values(rows).execute();
    const eventRows = events.map(({ event, stepId }, i) => {
      const createdAt = new Date(event.time_record.event_time * 1000).toISOString();
      return { id: eventIds[i]!, ...eventRow(sessionId, stepOf(stepId), event, createdAt) };
    });
    for (const rows of chunk(eventRows, 25)) await trx.insertInto("events").values(rows).execute();
    const messageRows = messages.map(({ message, stepId }, i) => ({ id: messageIds[i]!, ...messageRow(sessionId, stepOf(stepId), message) }));
    for (const rows of chunk(messageRows, 9)) await trx.insertInto("messages").values(rows).execute();
    const rewards = session.event_rewards.map((reward) => {
      const eventId = eventRowIds.get(reward.event_id);
      if (eventId === undefined) throw new Error(`event reward refers to event ${JSON.stringify(reward.event_id)}, which the session does not have`);
      return {
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
      };
    });
    for (const rows of chunk(rewards, 12)) await trx.insertInto("event_rewards").values(rows).execute();
    const outcomes = session.outcome_rewards.map((outcome) => ({
      session_id: sessionId,
      total_reward: outcome.total_reward,
      achievements_count: outcome.achievements_count,
      total_steps: outcome.total_steps,
      created_at: outcome.created_at,
      reward_metadata: toJsonText(outcome.reward_metadata),
      objective_key: outcome.objective_key,
      annotation: toJsonText(outcome.annotation),
    }));
    if (outcomes.length > 0) await trx.insertInto("outcome_rewards").values(outcomes).execute();
    return { sessionId, inserted: true };
  });
}
