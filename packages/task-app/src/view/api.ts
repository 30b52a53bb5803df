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
import { sessionTokens } from "../traces/queries.js";
import type { TraceTables } from "../traces/tables.js";
import type { LoadedRun, RunReader } from "./runs.js";
import { loadSessionView, type SessionRunRef } from "./session.js";
import { loadModelGroups, loadStoredPage, type ModelGroupView, type StoredPageView } from "./stored.js";
import { buildCompareView, buildRunPage } from "./pages.js";
import { rangeOf, type ComparePair, type Comparison, type failuresOf, type Histogram, type Page, type RowQuery, type RunRow } from "./tables.js";

/** A run's manifest as the pages show it: the seed list summed up (a run may have hundreds of thousands of seeds), without the absolute path of its results file. */
export type ManifestSummary = Omit<EvalManifest, "seeds" | "out"> & { seed_count: number; first_seed: number | null; last_seed: number | null };

export interface RunSummaryView {
  name: string;
  manifest: ManifestSummary;
  started: string | null;
  finished: string | null;
  summary: Omit<EvalSummary, "seeds">;
  /** What of the run could not be read, and why; empty when all was read. */
  problems: string[];
}

export type { ModelGroupView, StoredPageView };

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

export function summariseManifest(manifest: EvalManifest): ManifestSummary {
  const { seeds, out: _out, ...rest } = manifest;
  const list = Array.isArray(seeds) ? seeds.filter((x): x is number => typeof x === "number") : [];
  const range = rangeOf(list);
  return { ...rest, seed_count: list.length, first_seed: range?.min ?? null, last_seed: range?.max ?? null };
}

const summaryOf = (run: LoadedRun): RunSummaryView => {
  const { seeds: _, ...summary } = summarizeEval(run.results);
  return { name: run.name, manifest: summariseManifest(run.manifest), started: run.started, finished: run.finished, summary, problems: run.problems };
};

const sessionIdsOf = (results: readonly EvalResult[]) => results.map((r) => r.session_id).filter((id): id is string => typeof id === "string");

/** The sessions the listed runs produced. */
const tiedOf = (loaded: readonly LoadedRun[]) => new Set(loaded.flatMap((r) => sessionIdsOf(r.results)));

/** Session id → the (seed, rollout) of the results naming it, per results array (a run read again is indexed again). */
const sessionIndex = new WeakMap<readonly EvalResult[], Map<string, Omit<SessionRunRef, "name">[]>>();
function runRefsOf(loaded: readonly LoadedRun[], id: string): SessionRunRef[] {
  return loaded.flatMap((run) => {
    let index = sessionIndex.get(run.results);
    if (!index) {
      index = new Map();
      for (const r of run.results) if (typeof r.session_id === "string") index.set(r.session_id, [...(index.get(r.session_id) ?? []), { seed: r.seed, rollout: r.rollout }]);
      sessionIndex.set(run.results, index);
    }
    return (index.get(id) ?? []).map((ref) => ({ name: run.name, ...ref }));
  });
}

export interface ViewApi {
  runs(): Promise<RunsOverview>;
  run(name: string, query: RowQuery): Promise<RunPageView | undefined>;
  compare(a: string, b: string, query: { page?: number; size?: number }): Promise<CompareView | undefined>;
  session(id: string): ReturnType<typeof loadSessionView>;
  /** A model group of the stored sessions no listed run produced: its summary and a page of its sessions. */
  stored(model: string | null, query: { page?: number; size?: number }): Promise<StoredPageView | undefined>;
  /** Every run's results and the tokens of their sessions: what an exported report embeds. */
  runData(name: string): Promise<{ run: RunSummaryView; results: EvalResult[]; tokens: Record<string, number> } | undefined>;
}

export function createViewApi(options: { db?: Kysely<TraceTables>; storeLocation?: string; runs: RunReader }): ViewApi {
  const { db, runs } = options;
  const tokensOf = async (ids: string[]) => (db && ids.length ? sessionTokens(db, ids) : new Map<string, number>());
  return {
    async runs() {
      const loaded = runs.all();
      const models = db ? await loadModelGroups(db, tiedOf(loaded)) : [];
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
    async stored(model, query) {
      return db ? loadStoredPage(db, model, tiedOf(runs.all()), query) : undefined;
    },
    async session(id) {
      const found = db ? await loadSessionView(db, id) : undefined;
      if (found) found.view.runs = runRefsOf(runs.all(), id);
      return found;
    },
    async runData(name) {
      const run = runs.get(name);
      if (!run) return undefined;
      return { run: summaryOf(run), results: run.results, tokens: Object.fromEntries(await tokensOf(sessionIdsOf(run.results))) };
    },
  };
}
