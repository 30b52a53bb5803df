/**
 * `export-sft`: one SFT example per recorded LM call of the sessions a filter
 * keeps, with the session id, turn, model and rewards in `metadata`. The
 * output goes through the atomic writer (src/fs/write-atomic.ts): a failed
 * export never leaves a half-written dataset, and a target that is not a
 * regular file (a device, a FIFO, a directory) is refused.
 */
import type { Kysely } from "kysely";
import { openAtomicStream, resolveOutputTarget } from "../fs/write-atomic.js";
import { parseJsonObject, readJudgeScores } from "./stored-json.js";
import { callRecordToMessages, callRecordTools } from "./sft-example.js";
import type { TraceTables } from "./tables.js";

export interface EventRewardFilter {
  type: string;
  /** Minimum total of that reward type in the session; absent means the total must be above 0. */
  min?: number;
}

export interface SessionFilter {
  minOutcomeReward?: number;
  maxOutcomeReward?: number;
  eventRewards?: EventRewardFilter[];
  /** `metadata.split` must be one of these. */
  splits?: string[];
  /** `metadata.task_id` (or `env_name`) must be one of these. */
  taskIds?: string[];
  minJudgeScores?: Record<string, number>;
  maxJudgeScores?: Record<string, number>;
  /** Sessions are taken oldest first (shuffled when asked), then offset and limit apply. */
  shuffle?: boolean;
  shuffleSeed?: number;
  offset?: number;
  sessionLimit?: number;
}

export interface ExportSftOptions extends SessionFilter {
  out: string;
  /** Keep LM calls of these models only. */
  models?: string[];
  /** Stop after this many examples. */
  limit?: number;
  onProgress?: (progress: { sessions: number; examples: number }) => void;
}

export interface ExportSftResult {
  out: string;
  examples: number;
  sessions: number;
}

/** Parses `type[:min]` as the CLI and configs write it. */
export function parseEventRewardFilter(spec: string): EventRewardFilter {
  const [type, min, ...rest] = spec.split(":");
  if (!type?.trim() || rest.length > 0) throw new Error(`--event-reward ${JSON.stringify(spec)}: expected <reward_type>[:<min>], e.g. unique_achievement_delta:1`);
  if (min === undefined || min === "") return { type: type.trim() };
  const value = Number(min);
  if (!Number.isFinite(value)) throw new Error(`--event-reward ${JSON.stringify(spec)}: ${JSON.stringify(min)} is not a number`);
  return { type: type.trim(), min: value };
}

/** A seeded shuffle (mulberry32 + Fisher-Yates), so `shuffle_seed` gives the same order every time. */
function shuffleInPlace<T>(items: T[], seed: number): void {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}

/** The sessions a filter keeps, and how many each filter removed (a session counts against the first filter it fails). */
export interface SessionSelection {
  ids: string[];
  total: number;
  removed: { filter: string; removed: number }[];
}

/** Selects sessions as `selectSessions` does, saying what each filter removed. */
export async function explainSelection(db: Kysely<TraceTables>, filter: SessionFilter): Promise<SessionSelection> {
  const sessions = await db.selectFrom("session_traces").select(["session_id", "metadata"]).orderBy("created_at").orderBy("session_id").execute();
  const outcomes = new Map<string, { total: number; judges: Record<string, number> }>();
  for (const o of await db.selectFrom("outcome_rewards").select(["session_id", "total_reward", "reward_metadata"]).where("objective_key", "=", "reward").orderBy("id").execute())
    if (!outcomes.has(o.session_id)) outcomes.set(o.session_id, { total: Number(o.total_reward), judges: readJudgeScores(parseJsonObject(o.reward_metadata)) });
  const totals = new Map<string, Map<string, number>>();
  if (filter.eventRewards?.length) {
    const rows = await db
      .selectFrom("event_rewards")
      .select((eb) => ["session_id", "reward_type", eb.fn.sum<number | string>("reward_value").as("total")])
      .where("reward_type", "in", filter.eventRewards.map((f) => f.type))
      .groupBy(["session_id", "reward_type"])
      .execute();
    for (const r of rows) totals.set(r.session_id, (totals.get(r.session_id) ?? new Map()).set(r.reward_type ?? "", Number(r.total)));
  }
  type Check = { name: string; keeps: (s: { session_id: string; meta: Record<string, unknown> }) => boolean };
  const checks: Check[] = [];
  const outcomeOf = (id: string) => outcomes.get(id);
  if (filter.minOutcomeReward !== undefined) checks.push({ name: `outcome reward >= ${filter.minOutcomeReward}`, keeps: (s) => (outcomeOf(s.session_id)?.total ?? -Infinity) >= filter.minOutcomeReward! });
  if (filter.maxOutcomeReward !== undefined) checks.push({ name: `outcome reward <= ${filter.maxOutcomeReward}`, keeps: (s) => (outcomeOf(s.session_id)?.total ?? Infinity) <= filter.maxOutcomeReward! });
  if (filter.splits) checks.push({ name: `split in [${filter.splits.join(", ")}]`, keeps: (s) => filter.splits!.includes(String(s.meta.split)) });
  if (filter.taskIds) checks.push({ name: `task id in [${filter.taskIds.join(", ")}]`, keeps: (s) => filter.taskIds!.includes(String(s.meta.task_id ?? s.meta.env_name)) });
  for (const [judge, min] of Object.entries(filter.minJudgeScores ?? {}))
    checks.push({ name: `judge ${judge} >= ${min}`, keeps: (s) => (outcomeOf(s.session_id)?.judges[judge] ?? -Infinity) >= min });
  for (const [judge, max] of Object.entries(filter.maxJudgeScores ?? {}))
    checks.push({ name: `judge ${judge} <= ${max}`, keeps: (s) => (outcomeOf(s.session_id)?.judges[judge] ?? Infinity) <= max });
  for (const { type, min } of filter.eventRewards ?? [])
    checks.push({
      name: `event reward ${type} ${min === undefined ? "> 0" : `>= ${min}`}`,
      keeps: (s) => {
        const total = totals.get(s.session_id)?.get(type);
        return total !== undefined && (min === undefined ? total > 0 : total >= min);
      },
    });
  const removed = checks.map((c) => ({ filter: c.name, removed: 0 }));
  const kept = sessions.filter((s) => {
    const view = { session_id: s.session_id, meta: parseJsonObject(s.metadata) };
    const failed = checks.findIndex((c) => !c.keeps(view));
    if (failed >= 0) removed[failed]!.removed++;
    return failed < 0;
  });
  const ids = kept.map((s) => s.session_id);
  if (filter.shuffle) shuffleInPlace(ids, filter.shuffleSeed ?? 0);
  const offset = filter.offset ?? 0;
  const selected = ids.slice(offset, filter.sessionLimit === undefined ? undefined : offset + filter.sessionLimit);
  if (offset > 0) removed.push({ filter: `offset ${offset}`, removed: Math.min(offset, ids.length) });
  return { ids: selected, total: sessions.length, removed };
}

/** Ids of the sessions the filter keeps, in export order. */
export async function selectSessions(db: Kysely<TraceTables>, filter: SessionFilter): Promise<string[]> {
  return (await explainSelection(db, filter)).ids;
}

/** Thrown when an export would write no example; says which filter removed how many sessions. */
export class NoExamplesError extends Error {
  constructor(readonly selection: SessionSelection, models: string[] | undefined) {
    const parts = [`${selection.total} session${selection.total === 1 ? "" : "s"} in the store`];
    for (const r of selection.removed) if (r.removed > 0) parts.push(`${r.filter} removed ${r.removed}`);
    if (selection.ids.length > 0) parts.push(`${selection.ids.length} kept, with no LM call${models?.length ? ` of model ${models.join(", ")}` : ""} to export`);
    super(`0 examples: ${parts.join("; ")}; nothing was written`);
    this.name = "NoExamplesError";
  }
}

/** The turn of an LM call event: `metadata.turn`, else `step_id` "turn_N", else the running count. */
function turnOf(metadata: Record<string, unknown>, counter: number): number {
  if (typeof metadata.turn === "number") return metadata.turn;
  const match = typeof metadata.step_id === "string" ? /^turn_(\d+)$/.exec(metadata.step_id) : null;
  return match ? Number(match[1]) : counter;
}

/** The examples of one session, LM call by LM call. */
async function* examplesOf(db: Kysely<TraceTables>, sessionId: string, options: ExportSftOptions): AsyncGenerator<Record<string, unknown>> {
  let calls = db.selectFrom("events").select(["id", "metadata", "model_name", "provider", "call_records"]).where("session_id", "=", sessionId).where("event_type", "=", "cais").where("call_records", "is not", null);
  if (options.models?.length) calls = calls.where("model_name", "in", options.models);
  const events = await calls.orderBy("id").execute();
  if (events.length === 0) return;
  const rewards = await db.selectFrom("event_rewards").select(["turn_number", "reward_type", "reward_value"]).where("session_id", "=", sessionId).execute();
  const outcome = await db.selectFrom("outcome_rewards").select(["total_reward"]).where("session_id", "=", sessionId).where("objective_key", "=", "reward").executeTakeFirst();
  let counter = 0;
  for (const event of events) {
    const turn = turnOf(parseJsonObject(event.metadata), counter);
    counter = Math.max(counter, turn + 1);
    const turnRewards: Record<string, number> = {};
    for (const r of rewards) if (r.turn_number === turn) turnRewards[r.reward_type ?? "reward"] = (turnRewards[r.reward_type ?? "reward"] ?? 0) + Number(r.reward_value);
    const records = JSON.parse(event.call_records ?? "[]") as unknown[];
    for (const [index, record] of (Array.isArray(records) ? records : []).entries()) {
      const messages = callRecordToMessages(record);
      if (!messages) continue;
      const tools = callRecordTools(record);
      yield {
        messages,
        ...(tools ? { tools } : {}),
        metadata: {
          session_id: sessionId,
          turn,
          call_index: index,
          model: event.model_name,
          provider: event.provider ?? "unknown",
          outcome_reward: outcome ? Number(outcome.total_reward) : null,
          event_rewards: turnRewards,
        },
      };
    }
  }
}

/** Exports the examples the options select to `options.out` (refused before any query when it is not a regular file). */
export async function exportSft(db: Kysely<TraceTables>, options: ExportSftOptions): Promise<ExportSftResult> {
  resolveOutputTarget(options.out);
  const selection = await explainSelection(db, options);
  const ids = selection.ids;
  const output = await openAtomicStream(options.out);
  let examples = 0;
  let sessions = 0;
  try {
    outer: for (const id of ids) {
      sessions++;
      for await (const example of examplesOf(db, id, options)) {
        await output.write(`${JSON.stringify(example)}\n`);
        examples++;
        if (options.limit !== undefined && examples >= options.limit) break outer;
      }
      options.onProgress?.({ sessions, examples });
    }
    if (examples === 0) throw new NoExamplesError(selection, options.models);
  } catch (error) {
    await output.abort();
    throw error;
  }
  await output.commit();
  return { out: options.out, examples, sessions };
}
