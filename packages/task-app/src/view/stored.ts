/**
 * The stored sessions no listed eval run produced, grouped by the model they
 * called: each group's summary (count, mean outcome reward ± standard error,
 * judge means, pass rate, failures by cause) and the page that lists its
 * sessions. Sums come from SQL (`outcomeSumsByModel`: the store's totals
 * minus the listed runs' sessions); judge scores and truncated episodes are
 * read only for the sessions that have any. A stored session answered its
 * rollout, so its failures are what the store can show: no outcome recorded,
 * or an episode the environment truncated.
 */
import type { Kysely } from "kysely";
import { sessionGroupFacts, sessionIdsOfModel, type SessionGroupFacts } from "../traces/model-groups.js";
import { outcomeSumsByModel, sessionTokens, summariseSessions, type ModelOutcomeSums } from "../traces/queries.js";
import type { TraceTables } from "../traces/tables.js";
import { pageOf, type Page } from "./tables.js";

export interface ModelGroupView {
  /** The model the sessions called; null: no LM call (or none that named its model). */
  model: string | null;
  sessions: number;
  /** Sessions with a `reward` outcome. */
  rewarded: number;
  mean_reward: number | null;
  stderr_reward: number | null;
  pass_rate: number | null;
  /** Mean of each judge score (and `judge.criterion`) over the sessions that have it. */
  judge: Record<string, number>;
  /** `no_outcome` (no reward outcome recorded) and `truncated` (the environment cut the episode short), when any. */
  failures: Record<string, number>;
}

/** One session of a group, as its page lists it. */
export interface StoredRow {
  session_id: string;
  created_at: string | null;
  run_id: string | null;
  seed: number | string | null;
  steps: number;
  lm_calls: number;
  outcome_reward: number | null;
  judge_scores: Record<string, number>;
  tokens: number | null;
}

export interface StoredPageView {
  group: ModelGroupView;
  rows: Page<StoredRow>;
}

/** `all` minus `part`, model by model (sessions of the listed runs taken out of the store's totals). */
function subtractSums(all: ModelOutcomeSums[], part: ModelOutcomeSums[]): ModelOutcomeSums[] {
  return all
    .map((s) => {
      const p = part.find((x) => x.model === s.model);
      return p ? { ...s, sessions: s.sessions - p.sessions, rewarded: s.rewarded - p.rewarded, sum: s.sum - p.sum, sum_squares: s.sum_squares - p.sum_squares, passed: s.passed - p.passed } : s;
    })
    .filter((s) => s.sessions > 0);
}

/** Count, mean ± standard error and pass rate from sums; judge means and failures from the sessions' facts. */
function groupView(s: ModelOutcomeSums, facts: SessionGroupFacts[]): ModelGroupView {
  const n = s.rewarded;
  const mean = n ? s.sum / n : null;
  const variance = n > 1 && mean !== null ? Math.max(0, (s.sum_squares - n * mean * mean) / (n - 1)) : null;
  const sums = new Map<string, [number, number]>();
  for (const f of facts) for (const [k, v] of Object.entries(f.judges)) sums.set(k, [(sums.get(k)?.[0] ?? 0) + v, (sums.get(k)?.[1] ?? 0) + 1]);
  const judge = Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)).map(([k, [sum, count]]) => [k, sum / count]));
  const failures: Record<string, number> = {};
  if (s.sessions > n) failures.no_outcome = s.sessions - n;
  const truncated = facts.filter((f) => f.truncated).length;
  if (truncated) failures.truncated = truncated;
  return {
    model: s.model,
    sessions: s.sessions,
    rewarded: n,
    mean_reward: mean,
    stderr_reward: variance === null ? (n === 1 ? 0 : null) : Math.sqrt(variance / n),
    pass_rate: n ? s.passed / n : null,
    judge,
    failures,
  };
}

/** The groups of the store's sessions that are not in `tied` (the sessions the listed runs produced). */
export async function loadModelGroups(db: Kysely<TraceTables>, tied: ReadonlySet<string>): Promise<ModelGroupView[]> {
  const ids = [...tied];
  const [all, part] = await Promise.all([outcomeSumsByModel(db), ids.length ? outcomeSumsByModel(db, ids) : Promise.resolve([])]);
  const sums = subtractSums(all, part);
  // Judge scores and truncations are read only when some session is of no run (a store of eval runs alone skips it).
  const facts = sums.length ? (await sessionGroupFacts(db)).filter((f) => !tied.has(f.session_id)) : [];
  return sums.map((s) => groupView(s, facts.filter((f) => f.model === s.model)));
}

/** One group's page: its summary and its sessions, newest first, paged; undefined when the group holds none. */
export async function loadStoredPage(db: Kysely<TraceTables>, model: string | null, tied: ReadonlySet<string>, query: { page?: number; size?: number }, groups?: ModelGroupView[]): Promise<StoredPageView | undefined> {
  const group = (groups ?? (await loadModelGroups(db, tied))).find((g) => g.model === model);
  if (!group) return undefined;
  const ids = (await sessionIdsOfModel(db, model)).filter((id) => !tied.has(id));
  const page = pageOf(ids, query);
  const [summaries, tokens] = await Promise.all([summariseSessions(db, page.rows), sessionTokens(db, page.rows)]);
  const rows = summaries.map(
    (s): StoredRow => ({ session_id: s.session_id, created_at: s.created_at, run_id: s.run_id, seed: s.seed, steps: s.steps, lm_calls: s.lm_calls, outcome_reward: s.outcome_reward, judge_scores: s.judge_scores, tokens: tokens.get(s.session_id) ?? null }),
  );
  return { group, rows: { ...page, rows } };
}
