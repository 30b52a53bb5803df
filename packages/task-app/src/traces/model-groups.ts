/**
 * Stored sessions grouped by the model they called, as the viewer lists the
 * sessions no eval run produced: which sessions a group holds (newest first,
 * only ids leave the store), and the few per-session facts the group's
 * summary needs beyond the outcome sums (`outcomeSumsByModel`): the judge
 * scores of outcomes that carry any, and the sessions whose environment
 * truncated an episode. A session counts for every model it called; the
 * group of no model (null) holds the sessions with no LM call and the LM
 * calls that recorded no model, as `outcomeSumsByModel` counts them. Same
 * queries on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";
import { sql } from "./kysely.js";
import { parseJsonObject, readJudgeScores } from "./queries.js";
import type { TraceTables } from "./tables.js";

/** `event_type || ''` keeps the planner off the event-type index (it matches most rows). */
const isCall = sql<boolean>`${sql.ref("event_type")} || '' = 'cais'`;

/** The ids of the sessions of a model group, newest first. */
export async function sessionIdsOfModel(db: Kysely<TraceTables>, model: string | null): Promise<string[]> {
  const calls = db.selectFrom("events").select("events.session_id").where(isCall);
  let query = db.selectFrom("session_traces as s").select("s.session_id").orderBy("s.created_at", "desc").orderBy("s.session_id");
  query =
    model === null
      ? query.where((eb) =>
          eb.or([
            eb("s.session_id", "in", calls.where("model_name", "is", null)),
            eb.not(eb.exists(eb.selectFrom("events").select("events.id").whereRef("events.session_id", "=", "s.session_id").where(isCall))),
          ]),
        )
      : query.where("s.session_id", "in", calls.where("model_name", "=", model));
  return (await query.execute()).map((r) => r.session_id);
}

/** One session's facts for its group's summary (only sessions with judge scores or a truncated episode are listed). */
export interface SessionGroupFacts {
  model: string | null;
  session_id: string;
  /** Judge name (and `name.criterion`) → score, from the `reward` outcome's metadata. */
  judges: Record<string, number>;
  truncated: boolean;
}

/** Per (model, session): judge scores and truncation, for the sessions that have either. */
export async function sessionGroupFacts(db: Kysely<TraceTables>): Promise<SessionGroupFacts[]> {
  const used = db.selectFrom("events").select(["session_id", "model_name"]).distinct().where(isCall).as("used");
  const silent = <T extends { where: any }>(q: T, ref: string): T =>
    q.where(({ not, exists, selectFrom }: any) => not(exists(selectFrom("events").select("events.id").whereRef("events.session_id", "=", ref).where(isCall))));
  // Only outcomes whose metadata names judges are read (the rest have no score to average).
  const judged = (ref: string) => sql<boolean>`(${sql.ref(ref)} LIKE '%judge%' OR ${sql.ref(ref)} LIKE '%rubric_scores%')`;
  const truncated = sql<boolean>`CAST(${sql.ref("e.truncated")} AS INTEGER) = 1`;
  const [judgedCalled, judgedSilent, cutCalled, cutSilent] = await Promise.all([
    db
      .selectFrom(used)
      .innerJoin("outcome_rewards as o", "o.session_id", "used.session_id")
      .select(["used.model_name", "o.session_id", "o.reward_metadata"])
      .where("o.objective_key", "=", "reward")
      .where(judged("o.reward_metadata"))
      .execute(),
    silent(db.selectFrom("outcome_rewards as o").select([sql<null>`NULL`.as("model_name"), "o.session_id", "o.reward_metadata"]).where("o.objective_key", "=", "reward").where(judged("o.reward_metadata")), "o.session_id").execute(),
    db.selectFrom(used).innerJoin("events as e", "e.session_id", "used.session_id").select(["used.model_name", "e.session_id"]).distinct().where("e.event_type", "=", "environment").where(truncated).execute(),
    silent(db.selectFrom("events as e").select([sql<null>`NULL`.as("model_name"), "e.session_id"]).distinct().where("e.event_type", "=", "environment").where(truncated), "e.session_id").execute(),
  ]);
  const facts = new Map<string, SessionGroupFacts>();
  const entry = (model: string | null, sessionId: string) => {
    const key = JSON.stringify([model, sessionId]);
    let fact = facts.get(key);
    if (!fact) facts.set(key, (fact = { model, session_id: sessionId, judges: {}, truncated: false }));
    return fact;
  };
  for (const r of [...judgedCalled, ...judgedSilent]) entry(r.model_name ?? null, r.session_id).judges = readJudgeScores(parseJsonObject(r.reward_metadata));
  for (const r of [...cutCalled, ...cutSilent]) entry(r.model_name ?? null, r.session_id).truncated = true;
  return [...facts.values()];
}
