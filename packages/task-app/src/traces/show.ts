/**
 * One stored session, turn by turn (`task-app traces show`): each step's LM
 * calls (model, tokens, latency, prompt tail, answer and tool calls),
 * environment steps, messages and the rewards credited to them, then the
 * outcome. `loadSessionDetail` reads it; `formatSessionDetail` renders it for
 * a terminal.
 */
import type { Kysely, Selectable } from "kysely";
import { sql } from "./kysely.js";
import { parseJsonObject, toIso } from "./stored-json.js";
import type { EventRewardsTable, EventsTable, MessagesTable, OutcomeRewardsTable, SessionTimestepsTable, TraceTables } from "./tables.js";

export interface SessionDetail {
  session_id: string;
  created_at: string | null;
  metadata: Record<string, unknown>;
  steps: { step: Selectable<SessionTimestepsTable>; events: Selectable<EventsTable>[]; messages: Selectable<MessagesTable>[] }[];
  unattached: { events: Selectable<EventsTable>[]; messages: Selectable<MessagesTable>[] };
  event_rewards: Selectable<EventRewardsTable>[];
  outcomes: Selectable<OutcomeRewardsTable>[];
}

/** Reads a session and its rows; undefined when there is no such session. */
export async function loadSessionDetail(db: Kysely<TraceTables>, sessionId: string): Promise<SessionDetail | undefined> {
  const session = await db.selectFrom("session_traces").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
  if (!session) return undefined;
  const [steps, events, messages, eventRewards, outcomes] = await Promise.all([
    db.selectFrom("session_timesteps").selectAll().where("session_id", "=", sessionId).orderBy("step_index").execute(),
    db.selectFrom("events").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    db.selectFrom("messages").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    db.selectFrom("event_rewards").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    db.selectFrom("outcome_rewards").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
  ]);
  return {
    session_id: session.session_id,
    created_at: toIso(session.created_at),
    metadata: parseJsonObject(session.metadata),
    steps: steps.map((step) => ({
      step,
      events: events.filter((e) => e.timestep_id === step.id),
      messages: messages.filter((m) => m.timestep_id === step.id),
    })),
    unattached: { events: events.filter((e) => e.timestep_id === null), messages: messages.filter((m) => m.timestep_id === null) },
    event_rewards: eventRewards,
    outcomes,
  };
}

/** Up to `limit` session ids starting with `prefix`, in order. */
export async function findSessionsByPrefix(db: Kysely<TraceTables>, prefix: string, limit: number): Promise<string[]> {
  if (prefix === "") return [];
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom("session_traces")
    .select("session_id")
    .where(sql<boolean>`session_id LIKE ${pattern} ESCAPE '\\'`)
    .orderBy("session_id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.session_id).filter((id) => id.startsWith(prefix)); // LIKE ignores case in SQLite
}

export { formatSessionDetail } from "./show-format.js";
