/**
 * Writes sessions in one transaction through Kysely (PostgreSQL and libsql
 * servers): the `session_traces` rows first (`ON CONFLICT (session_id) DO
 * NOTHING`, so a second write of the same session changes nothing), then
 * its steps, events, messages, event rewards and outcome rewards, each table
 * in one multi-row INSERT with ids drawn beforehand (ids.ts): a round trip
 * per table, not per row. A crash before commit leaves no trace of the
 * session; after commit every row is there.
 */
import type { Kysely } from "kysely";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { batchResults, buildBatchRows, countIds, orderBatch, sessionTraceRow, WRITTEN_COLUMNS } from "./batch-rows.js";
import { allocateIds, chunk } from "./ids.js";
import type { SqlKind } from "./migrations.js";
import { restoreStoredText } from "./stored-text.js";
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
    const ordered = orderBatch(sessions);
    const created = new Set<string>();
    for (const rows of chunk(ordered, WRITTEN_COLUMNS.session_traces.length)) {
      const inserted = await trx
        .insertInto("session_traces")
        .values(rows.map((o) => sessionTraceRow(o)))
        .onConflict((oc) => oc.column("session_id").doNothing())
        .returning("session_id")
        .execute();
      for (const row of inserted) created.add(restoreStoredText(row.session_id));
    }
    const fresh = ordered.filter((o) => created.has(o.session.session_id));
    const counts = countIds(fresh);
    const rows = buildBatchRows(fresh, {
      session_timesteps: await allocateIds(trx, kind, "session_timesteps", counts.session_timesteps),
      events: await allocateIds(trx, kind, "events", counts.events),
      messages: await allocateIds(trx, kind, "messages", counts.messages),
    });
    for (const part of chunk(rows.session_timesteps, WRITTEN_COLUMNS.session_timesteps.length)) await trx.insertInto("session_timesteps").values(part).execute();
    for (const part of chunk(rows.events, WRITTEN_COLUMNS.events.length)) await trx.insertInto("events").values(part).execute();
    for (const part of chunk(rows.messages, WRITTEN_COLUMNS.messages.length)) await trx.insertInto("messages").values(part).execute();
    for (const part of chunk(rows.event_rewards, WRITTEN_COLUMNS.event_rewards.length)) await trx.insertInto("event_rewards").values(part).execute();
    for (const part of chunk(rows.outcome_rewards, WRITTEN_COLUMNS.outcome_rewards.length)) await trx.insertInto("outcome_rewards").values(part).execute();
    return batchResults(sessions, created);
  });
}
