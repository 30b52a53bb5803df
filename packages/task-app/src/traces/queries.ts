/**
 * Readers of a trace store (`task-app traces ls | show | stats`): sessions
 * with their run, seed, model, steps and rewards; one session's turns, LM
 * calls and rewards; counts and mean rewards per model. Same queries on
 * SQLite and PostgreSQL.
 */
import type { ExpressionBuilder, Kysely } from "kysely";
import { sql } from "./kysely.js";
import type { TraceTables } from "./tables.js";

export { parseJsonObject, parseJsonText, readJudgeScores, toIso } from "./stored-json.js";
import { parseJsonObject, readJudgeScores, toIso } from "./stored-json.js";

export interface SessionSummary {
  session_id: string;
  created_at: string | null;
  run_id: string | null;
  seed: number | string | null;
  model: string | null;
  steps: number;
  lm_calls: number;
  /** Tokens the LM calls reported, summed (null when none reported any). */
  tokens: number | null;
  outcome_reward: number | null;
  judge_scores: Record<string, number>;
  metadata: Record<string, unknown>;
}

/** The most-called model of each session (ties: the first by name). */
async function modelsOf(db: Kysely<TraceTables>, sessionIds: string[]): Promise<Map<string, { model: string; calls: number; total: number }>> {
  const models = new Map<string, { model: string; calls: number; total: number }>();
  if (sessionIds.length === 0) return models;
  const rows = await db
    .selectFrom("events")
    .select((eb) => ["session_id", "model_name", eb.fn.countAll<string | number>().as("calls")])
    .where("event_type", "=", "cais")
    .where("session_id", "in", sessionIds)
    .groupBy(["session_id", "model_name"])
    .orderBy("model_name")
    .execute();
  for (const row of rows) {
    const calls = Number(row.calls);
    const current = models.get(row.session_id);
    const total = (current?.total ?? 0) + calls;
    if (!current || calls > current.calls) models.set(row.session_id, { model: row.model_name ?? "unknown", calls, total });
    else current.total = total;
  }
  return models;
}

export interface ListSessionsOptions {
  limit?: number;
  /** Keep sessions whose `metadata.run_id` is one of these, or starts with one of them and "-". */
  runIds?: readonly string[];
  /** Keep sessions with an LM call of this model. */
  model?: string;
}

const runMatches = (runId: unknown, wanted: readonly string[]) =>
  typeof runId === "string" && wanted.some((w) => runId === w || runId.startsWith(`${w}-`));

/** Newest sessions first, at most `limit`, of a run (ids or their prefix) and a model when asked. */
export async function listSessions(db: Kysely<TraceTables>, options: ListSessionsOptions = {}): Promise<SessionSummary[]> {
  const limit = options.limit ?? 20;
  let query = db.selectFrom("session_traces").select(["session_id", "created_at", "num_timesteps", "metadata"]).orderBy("created_at", "desc").orderBy("session_id");
  if (options.model !== undefined)
    query = query.where("session_id", "in", db.selectFrom("events").select("session_id").where("event_type", "=", "cais").where("model_name", "=", options.model));
  const rows = await (options.runIds ? query : query.limit(limit)).execute();
  const sessions = options.runIds ? rows.filter((s) => runMatches(parseJsonObject(s.metadata).run_id, options.runIds!)).slice(0, limit) : rows;
  return summariseRows(db, sessions);
}

/** The summaries of the listed sessions, in the order given (ids the store does not hold are left out). */
export async function summariseSessions(db: Kysely<TraceTables>, sessionIds: readonly string[]): Promise<SessionSummary[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db.selectFrom("session_traces").select(["session_id", "created_at", "num_timesteps", "metadata"]).where("session_id", "in", sessionIds).execute();
  const byId = new Map(rows.map((r) => [r.session_id, r]));
  return summariseRows(db, sessionIds.flatMap((id) => byId.get(id) ?? []));
}

type SessionRow = { session_id: string; created_at: unknown; num_timesteps: unknown; metadata: unknown };

async function summariseRows(db: Kysely<TraceTables>, sessions: SessionRow[]): Promise<SessionSummary[]> {
  const ids = sessions.map((s) => s.session_id);
  const outcomes = ids.length
    ? await db.selectFrom("outcome_rewards").select(["session_id", "total_reward", "reward_metadata", "objective_key"]).where("session_id", "in", ids).orderBy("id").execute()
    : [];
  const [models, tokens] = await Promise.all([modelsOf(db, ids), sessionTokens(db, ids)]);
  return sessions.map((s) => {
    const metadata = parseJsonObject(s.metadata);
    const mine = outcomes.filter((o) => o.session_id === s.session_id);
    const outcome = mine.find((o) => o.objective_key === "reward") ?? mine[0];
    const used = models.get(s.session_id);
    const seed = metadata.seed;
    return {
      session_id: s.session_id,
      created_at: toIso(s.created_at),
      run_id: typeof metadata.run_id === "string" ? metadata.run_id : null,
      seed: typeof seed === "number" || typeof seed === "string" ? seed : null,
      model: used?.model ?? (typeof metadata.model === "string" ? metadata.model : null),
      steps: Number(s.num_timesteps),
      lm_calls: used?.total ?? 0,
      tokens: tokens.get(s.session_id) ?? null,
      outcome_reward: outcome ? Number(outcome.total_reward) : null,
      judge_scores: outcome ? readJudgeScores(parseJsonObject(outcome.reward_metadata)) : {},
      metadata,
    };
  });
}

export interface ModelStats {
  model: string;
  sessions: number;
  lm_calls: number;
  total_tokens: number;
  mean_outcome_reward: number | null;
  mean_event_reward: number | null;
}

/** Counts and mean rewards per model (a session counts for every model it called). */
export async function statsByModel(db: Kysely<TraceTables>): Promise<ModelStats[]> {
  const calls = await db
    .selectFrom("events")
    .select((eb) => [
      "model_name",
      eb.fn.countAll<string | number>().as("calls"),
      eb.fn.count<string | number>("session_id").distinct().as("sessions"),
      eb.fn.sum<string | number | null>("total_tokens").as("tokens"),
    ])
    .where("event_type", "=", "cais")
    .groupBy("model_name")
    .orderBy("model_name")
    .execute();
  const used = db.selectFrom("events").select(["session_id", "model_name"]).distinct().where("event_type", "=", "cais").as("used");
  const outcomes = await db
    .selectFrom(used)
    .innerJoin("outcome_rewards as o", "o.session_id", "used.session_id")
    .select((eb) => ["used.model_name", eb.fn.avg<string | number>("o.total_reward").as("mean")])
    .where("o.objective_key", "=", "reward")
    .groupBy("used.model_name")
    .execute();
  const perSession = db.selectFrom("event_rewards").select((eb) => ["session_id", eb.fn.sum<number>("reward_value").as("total")]).groupBy("session_id").as("per_session");
  const eventRewards = await db
    .selectFrom(used)
    .innerJoin(perSession, "per_session.session_id", "used.session_id")
    .select((eb) => ["used.model_name", eb.fn.avg<string | number>("per_session.total").as("mean")])
    .groupBy("used.model_name")
    .execute();
  return calls.map((row) => {
    const outcome = outcomes.find((o) => o.model_name === row.model_name);
    const events = eventRewards.find((o) => o.model_name === row.model_name);
    return {
      model: row.model_name ?? "unknown",
      sessions: Number(row.sessions),
      lm_calls: Number(row.calls),
      total_tokens: Number(row.tokens ?? 0),
      mean_outcome_reward: outcome ? Number(outcome.mean) : null,
      mean_event_reward: events ? Number(events.mean) : null,
    };
  });
}

/** Session ids per query: well under every dialect's limit on bound parameters. */
const ID_CHUNK = 500;

async function inChunks<T>(ids: readonly string[], work: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await work(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/** Total tokens of each listed session's LM calls (sessions without calls, or whose calls recorded no usage, are absent). */
export async function sessionTokens(db: Kysely<TraceTables>, sessionIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await inChunks(sessionIds, (chunk) =>
    db
      .selectFrom("events")
      .select((eb) => ["session_id", eb.fn.sum<string | number | null>("total_tokens").as("tokens")])
      .where("event_type", "=", "cais")
      .where("session_id", "in", chunk)
      .groupBy("session_id")
      .execute(),
  );
  return new Map(rows.filter((r) => r.tokens !== null).map((r) => [r.session_id, Number(r.tokens)]));
}

/** Outcome rewards of a set of sessions per model, as sums (so that sets can be added and subtracted). */
export interface ModelOutcomeSums {
  /** The model the session called (a session counts for each model it called); null: no LM call recorded. */
  model: string | null;
  sessions: number;
  /** Sessions with a `reward` outcome. */
  rewarded: number;
  sum: number;
  sum_squares: number;
  /** Sessions whose outcome reward is above 0. */
  passed: number;
  first: string | null;
  last: string | null;
}

/**
 * Per model, the count of sessions and the sums of their outcome rewards,
 * over the whole store or only the sessions listed (in chunks; the sums of
 * the chunks are added). Aggregated in SQL: no session row leaves the store.
 */
export async function outcomeSumsByModel(db: Kysely<TraceTables>, sessionIds?: readonly string[]): Promise<ModelOutcomeSums[]> {
  // The (session, model) pairs drive the join so that every lookup goes through an index (a derived table on the
  // right of a join would be scanned once per session); sessions without an LM call are counted by a second query.
  // The outcome is joined on its session alone and filtered inside the aggregates: with the objective in the join,
  // SQLite's planner (no statistics) picks the objective index and scans every outcome once per session.
  const reward = (eb: ExpressionBuilder<any, any>) => eb.case().when("o.objective_key", "=", "reward").then(eb.ref("o.total_reward")).end();
  const sums = (eb: ExpressionBuilder<any, any>) => [
    eb.fn.count<string | number>("s.session_id").distinct().as("sessions"),
    eb.fn.count<string | number>(reward(eb)).as("rewarded"),
    eb.fn.sum<string | number | null>(reward(eb)).as("sum"),
    eb.fn.sum<string | number | null>(eb(reward(eb), "*", reward(eb))).as("sum_squares"),
    eb.fn.sum<string | number | null>(eb.case().when(eb.and([eb("o.objective_key", "=", "reward"), eb("o.total_reward", ">", 0)])).then(1).else(0).end()).as("passed"),
    eb.fn.min("s.created_at").as("first"),
    eb.fn.max("s.created_at").as("last"),
  ];
  const rewardOf = (join: any) => join.onRef("o.session_id", "=", "s.session_id");
  // `event_type || ''` keeps the planner off the event-type index (it matches most rows), so that a list of
  // sessions is looked up through the session index instead of scanning every LM call once per chunk.
  const isCall = sql<boolean>`${sql.ref("event_type")} || '' = 'cais'`;
  const query = async (chunk?: string[]) => {
    const called = db
      .selectFrom(db.selectFrom("events").select(["session_id", "model_name"]).distinct().where(isCall).$if(Boolean(chunk), (q) => q.where("session_id", "in", chunk!)).as("used"))
      .innerJoin("session_traces as s", "s.session_id", "used.session_id")
      .leftJoin("outcome_rewards as o", rewardOf)
      .select((eb) => ["used.model_name", ...sums(eb)])
      .groupBy("used.model_name");
    let silent = db
      .selectFrom("session_traces as s")
      .leftJoin("outcome_rewards as o", rewardOf)
      .select((eb) => [sql<string | null>`NULL`.as("model_name"), ...sums(eb)])
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom("events").select("events.id").whereRef("events.session_id", "=", "s.session_id").where(isCall))));
    if (chunk) silent = silent.where("s.session_id", "in", chunk);
    const [a, b] = await Promise.all([called.execute(), silent.execute()]);
    return [...a, ...b.filter((r) => Number(r.sessions) > 0)] as { model_name: string | null; sessions: string | number; rewarded: string | number; sum: string | number | null; sum_squares: string | number | null; passed: string | number | null; first: unknown; last: unknown }[];
  };
  const rows = sessionIds ? await inChunks(sessionIds, query) : await query();
  const byModel = new Map<string | null, ModelOutcomeSums>();
  for (const r of rows) {
    const model = r.model_name ?? null;
    const current = byModel.get(model) ?? { model, sessions: 0, rewarded: 0, sum: 0, sum_squares: 0, passed: 0, first: null, last: null };
    current.sessions += Number(r.sessions);
    current.rewarded += Number(r.rewarded);
    current.sum += Number(r.sum ?? 0);
    current.sum_squares += Number(r.sum_squares ?? 0);
    current.passed += Number(r.passed ?? 0);
    const first = toIso(r.first);
    const last = toIso(r.last);
    if (first && (!current.first || first < current.first)) current.first = first;
    if (last && (!current.last || last > current.last)) current.last = last;
    byModel.set(model, current);
  }
  return [...byModel.values()].sort((a, b) => String(a.model).localeCompare(String(b.model)));
}
