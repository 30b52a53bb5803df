/**
 * What the viewer's JSON API answers, as plain functions over the run
 * directories and the trace store (read only): the runs overview, one run's
 * page (rows filtered, sorted and paged; histogram; failures), a comparison
 * of two runs by (seed, rollout), and one session. Aggregates over the store
 * are computed in SQL (`outcomeSumsByModel`, `sessionTokens`); a page never
 * carries more than its rows.
 */
import type { Kysely } from "kysely";
import type { EvalManifest, EvalResult } from "../eval/results.js";
import { summarizeEval, type EvalSummary } from "../eval/summary.js";
import { outcomeSumsByModel, sessionTokens, type ModelOutcomeSums } from "../traces/queries.js";
import type { TraceTables } from "../traces/tables.js";
import type { LoadedRun, RunReader } from "./runs.js";
import { loadSessionView } from "./session.js";
import { buildCompareView, buildRunPage } from "./pages.js";
import type { ComparePair, Comparison, failuresOf, Histogram, Page, RowQuery, RunRow } from "./tables.js";

export interface RunSummaryView {
  name: string;
  manifest: EvalManifest;
  started: string | null;
  finished: string | null;
  summary: Omit<EvalSummary, "seeds">;
}

export interface ModelGroupView {
  model: string | null;
  sessions: number;
  rewarded: number;
  mean_reward: number | null;
  stderr_reward: number | null;
  pass_rate: number | null;
}

export interface RunsOverview {
  store: string | null;
  runs: RunSummaryView[];
  /** Stored sessions that no listed run produced, grouped by the model they called. */
  models: ModelGroupView[];
}

export interface RunPageView extends RunSummaryView {
  histogram: Histogram;
  failures: ReturnType<typeof failuresOf>;
  rows: Page<RunRow>;
}

export interface CompareView {
  a: RunSummaryView;
  b: RunSummaryView;
  comparison: Omit<Comparison, "pairs">;
  pairs: Page<ComparePair>;
  /** (return A, return B) of every paired rollout, for the scatter. */
  points: [number, number][];
}

const summaryOf = (run: LoadedRun): RunSummaryView => {
  const { seeds: _, ...summary } = summarizeEval(run.results);
  return { name: run.name, manifest: run.manifest, started: run.started, finished: run.finished, summary };
};

/** Count, mean ± standard error and pass rate from sums. */
function groupView(s: ModelOutcomeSums): ModelGroupView {
  const n = s.rewarded;
  const mean = n ? s.sum / n : null;
  const variance = n > 1 && mean !== null ? Math.max(0, (s.sum_squares - n * mean * mean) / (n - 1)) : null;
  return { model: s.model, sessions: s.sessions, rewarded: n, mean_reward: mean, stderr_reward: variance === null ? (n === 1 ? 0 : null) : Math.sqrt(variance / n), pass_rate: n ? s.passed / n : null };
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

const sessionIdsOf = (results: readonly EvalResult[]) => results.map((r) => r.session_id).filter((id): id is string => typeof id === "string");

export interface ViewApi {
  runs(): Promise<RunsOverview>;
  run(name: string, query: RowQuery): Promise<RunPageView | undefined>;
  compare(a: string, b: string, query: { page?: number; size?: number }): Promise<CompareView | undefined>;
  session(id: string): ReturnType<typeof loadSessionView>;
  /** Every run's results and the tokens of their sessions: what an exported report embeds. */
  runData(name: string): Promise<{ run: RunSummaryView; results: EvalResult[]; tokens: Record<string, number> } | undefined>;
}

export function createViewApi(options: { db?: Kysely<TraceTables>; storeLocation?: string; runs: RunReader }): ViewApi {
  const { db, runs } = options;
  const tokensOf = async (ids: string[]) => (db && ids.length ? sessionTokens(db, ids) : new Map<string, number>());
  return {
    async runs() {
      const loaded = runs.all();
      let models: ModelGroupView[] = [];
      if (db) {
        const tied = [...new Set(loaded.flatMap((r) => sessionIdsOf(r.results)))];
        const [all, part] = await Promise.all([outcomeSumsByModel(db), tied.length ? outcomeSumsByModel(db, tied) : Promise.resolve([])]);
        models = subtractSums(all, part).map(groupView);
      }
      return { store: options.storeLocation ?? null, runs: loaded.map(summaryOf), models };
    },
    async run(name, query) {
      const run = runs.get(name);
      if (!run) return undefined;
      // Sorting by tokens needs every session's tokens; otherwise only the page's are read.
      if (query.sort === "tokens") return buildRunPage(summaryOf(run), run.results, query, await tokensOf(sessionIdsOf(run.results)));
      const page = buildRunPage(summaryOf(run), run.results, query, new Map());
      const tokens = await tokensOf(page.rows.rows.map((r) => r.session_id).filter((id): id is string => id !== null));
      for (const row of page.rows.rows) row.tokens = row.session_id ? (tokens.get(row.session_id) ?? null) : null;
      return page;
    },
    async compare(a, b, query) {
      const ra = runs.get(a);
      const rb = runs.get(b);
      return ra && rb ? buildCompareView(summaryOf(ra), summaryOf(rb), ra.results, rb.results, query) : undefined;
    },
    async session(id) {
      return db ? loadSessionView(db, id) : undefined;
    },
    async runData(name) {
      const run = runs.get(name);
      if (!run) return undefined;
      return { run: summaryOf(run), results: run.results, tokens: Object.fromEntries(await tokensOf(sessionIdsOf(run.results))) };
    },
  };
}
