/**
 * The viewer's pure computations over a run's results, shared by the server
 * (the API) and the browser (an exported report computes the same pages from
 * its embedded results): per-rollout rows filtered, sorted and paged; the
 * reward histogram over the returns' observed range (lowest / in between /
 * highest); failures by cause with the run ids that failed; and two runs
 * joined by (seed, rollout). No Node imports.
 */
import type { EvalResult } from "../eval/results.js";

/** One rollout of a run as the run page lists it. */
export interface RunRow {
  seed: number;
  rollout: number;
  return: number | null;
  outcome_score: number | null;
  events_score: number | null;
  steps: number | null;
  tokens: number | null;
  seconds: number;
  status: string;
  session_id: string | null;
  run_id: string;
  error: string | null;
}

export const SORT_KEYS = ["seed", "return", "outcome_score", "events_score", "steps", "tokens", "seconds", "status"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** The run page's query: filters (reward range, status, text), sort and page. */
export interface RowQuery {
  min?: number;
  max?: number;
  /** "ok", "failed" or a failure cause. */
  status?: string;
  /** Substring of the seed, session id, run id, status or error. */
  q?: string;
  sort?: SortKey;
  desc?: boolean;
  page?: number;
  size?: number;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  size: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/** Reads a RowQuery from URL search parameters (unknown or malformed values are ignored). */
export function parseRowQuery(params: URLSearchParams): RowQuery {
  const num = (name: string) => {
    const text = params.get(name);
    if (text === null || text.trim() === "") return undefined;
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  };
  const query: RowQuery = {};
  const min = num("min");
  const max = num("max");
  if (min !== undefined) query.min = min;
  if (max !== undefined) query.max = max;
  const status = params.get("status");
  if (status) query.status = status;
  const q = params.get("q");
  if (q) query.q = q;
  const sort = params.get("sort");
  if (sort && (SORT_KEYS as readonly string[]).includes(sort)) query.sort = sort as SortKey;
  if (params.get("desc") === "1") query.desc = true;
  const page = num("page");
  if (page !== undefined && Number.isInteger(page) && page >= 0) query.page = page;
  const size = num("size");
  if (size !== undefined && Number.isInteger(size) && size > 0) query.size = Math.min(size, MAX_PAGE_SIZE);
  return query;
}

/** The rows of a run's final results; `tokens` maps session id to the session's total tokens. */
export function toRunRows(results: readonly EvalResult[], tokens: ReadonlyMap<string, number> = new Map()): RunRow[] {
  return results.map((r) => ({
    seed: r.seed,
    rollout: r.rollout,
    return: r.return,
    outcome_score: r.outcome_score,
    events_score: r.events_score,
    steps: r.steps,
    tokens: r.session_id && tokens.has(r.session_id) ? tokens.get(r.session_id)! : null,
    seconds: r.duration_ms / 1000,
    status: r.status === "ok" ? "ok" : r.cause,
    session_id: r.session_id,
    run_id: r.run_id,
    error: r.error ?? null,
  }));
}

function matches(row: RunRow, query: RowQuery): boolean {
  if (query.min !== undefined && (row.return === null || row.return < query.min)) return false;
  if (query.max !== undefined && (row.return === null || row.return > query.max)) return false;
  if (query.status) {
    if (query.status === "failed" ? row.status === "ok" : row.status !== query.status) return false;
  }
  if (query.q) {
    const needle = query.q.toLowerCase();
    const hay = [String(row.seed), row.session_id ?? "", row.run_id, row.status, row.error ?? ""].join(" ").toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}

/** Nulls sort last whatever the direction; ties by (seed, rollout). */
function compareRows(key: SortKey, desc: boolean) {
  return (a: RunRow, b: RunRow): number => {
    const x = a[key];
    const y = b[key];
    let order = 0;
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null) order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    if (desc) order = -order;
    return order || a.seed - b.seed || a.rollout - b.rollout;
  };
}

/** Filters, sorts and pages rows. */
export function pageRows(rows: readonly RunRow[], query: RowQuery): Page<RunRow> {
  return pageOf(rows.filter((r) => matches(r, query)).sort(compareRows(query.sort ?? "seed", query.desc ?? false)), query);
}

/** One page of `rows` (a page past the last gives the last). */
export function pageOf<T>(rows: readonly T[], query: { page?: number; size?: number }): Page<T> {
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(0, Math.ceil(rows.length / size) - 1);
  const page = Math.min(query.page ?? 0, lastPage);
  return { rows: rows.slice(page * size, (page + 1) * size), total: rows.length, page, size };
}

/** The view path of a model group's page of stored sessions (a model may be any text; the group of no model has its own flag). */
export const storedPathOf = (model: string | null) => (model === null ? "/stored?no_model=1" : `/stored?model=${encodeURIComponent(model)}`);

/** The group a `/stored` query names, or undefined when it names none. */
export function storedModelOf(params: URLSearchParams): { model: string | null } | undefined {
  if (params.get("no_model") === "1") return { model: null };
  const model = params.get("model");
  return model === null ? undefined : { model };
}

/** Returns in three buckets over the range observed: at the lowest, strictly in between, at the highest. */
export interface Histogram {
  /** The lowest and highest return (null without returns). */
  min: number | null;
  max: number | null;
  /** Returns equal to the lowest (all of them when every return is the same). */
  at_min: number;
  between: number;
  /** Returns equal to the highest (0 when every return is the same). */
  at_max: number;
  /** Ten equal bins over [min, max] of the returns, for the chart (one bin of width 1 around the value when all are equal). */
  bins: { from: number; to: number; count: number }[];
}

/** The least and greatest of `xs` in one pass (a spread into Math.min overflows the call stack past about 130,000 values); null when empty. */
export function rangeOf(xs: Iterable<number>): { min: number; max: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const x of xs) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return min <= max ? { min, max } : null;
}

export function histogramOf(returns: readonly number[]): Histogram {
  const range = rangeOf(returns);
  if (!range) return { min: null, max: null, at_min: 0, between: 0, at_max: 0, bins: [] };
  const { min, max } = range;
  const h: Histogram = { min, max, at_min: 0, between: 0, at_max: 0, bins: [] };
  for (const x of returns) {
    if (x === min) h.at_min++;
    else if (x === max) h.at_max++;
    else h.between++;
  }
  if (min === max) {
    h.bins = [{ from: min - 0.5, to: max + 0.5, count: returns.length }];
    return h;
  }
  const width = (max - min) / 10;
  h.bins = Array.from({ length: 10 }, (_, i) => ({ from: min + i * width, to: i === 9 ? max : min + (i + 1) * width, count: 0 }));
  for (const x of returns) h.bins[Math.min(9, Math.floor((x - min) / width))]!.count++;
  return h;
}

/** Failed rollouts by cause, with their run ids (the id to grep a task app's logs for) and seeds. */
/** Failed rollouts by cause, most frequent first, with up to 20 examples each: the run id, the reason and the app's error id (to find its log line). */
export function failuresOf(results: readonly EvalResult[]): { cause: string; count: number; examples: { seed: number; rollout: number; run_id: string; error: string | null; error_id: string | null }[] }[] {
  const byCause = new Map<string, EvalResult[]>();
  for (const r of results) {
    if (r.status === "ok") continue;
    const list = byCause.get(r.cause);
    if (list) list.push(r);
    else byCause.set(r.cause, [r]);
  }
  return [...byCause]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([cause, rs]) => ({ cause, count: rs.length, examples: rs.slice(0, 20).map((r) => ({ seed: r.seed, rollout: r.rollout, run_id: r.run_id, error: r.error ?? null, error_id: r.error_id ?? null })) }));
}

/** Mean and standard error (n - 1 in the variance); null when empty, error 0 with one value. */
export function meanWithError(xs: readonly number[]): { mean: number | null; stderr: number | null } {
  if (xs.length === 0) return { mean: null, stderr: null };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (xs.length < 2) return { mean, stderr: 0 };
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, stderr: Math.sqrt(variance / xs.length) };
}

/** One (seed, rollout) of a comparison. */
export interface ComparePair {
  seed: number;
  rollout: number;
  a: number | null;
  b: number | null;
  /** b − a when both answered. */
  delta: number | null;
  a_session: string | null;
  b_session: string | null;
  a_status: string | null;
  b_status: string | null;
}

export interface Comparison {
  pairs: ComparePair[];
  /** Pairs where both runs have a return. */
  paired: number;
  only_a: number;
  only_b: number;
  /** Seen from B: B's return higher, lower, equal. */
  wins: number;
  losses: number;
  ties: number;
  /** Mean of b − a over the paired rollouts, with its standard error. */
  mean_delta: number | null;
  stderr_delta: number | null;
}

/** Joins two runs' final results by (seed, rollout). */
export function compareResults(a: readonly EvalResult[], b: readonly EvalResult[]): Comparison {
  const key = (r: EvalResult) => `${r.seed}:${r.rollout}`;
  const right = new Map(b.map((r) => [key(r), r]));
  const seen = new Set<string>();
  const pairs: ComparePair[] = [];
  const status = (r: EvalResult | undefined) => (r ? (r.status === "ok" ? "ok" : r.cause) : null);
  for (const x of a) {
    const y = right.get(key(x));
    seen.add(key(x));
    const delta = x.return !== null && y?.return !== null && y?.return !== undefined ? y.return - x.return : null;
    pairs.push({ seed: x.seed, rollout: x.rollout, a: x.return, b: y?.return ?? null, delta, a_session: x.session_id, b_session: y?.session_id ?? null, a_status: status(x), b_status: status(y) });
  }
  for (const y of b)
    if (!seen.has(key(y))) pairs.push({ seed: y.seed, rollout: y.rollout, a: null, b: y.return, delta: null, a_session: null, b_session: y.session_id, a_status: null, b_status: status(y) });
  pairs.sort((p, q) => p.seed - q.seed || p.rollout - q.rollout);
  const deltas = pairs.map((p) => p.delta).filter((d): d is number => d !== null);
  const { mean, stderr } = meanWithError(deltas);
  return {
    pairs,
    paired: deltas.length,
    only_a: pairs.filter((p) => p.a_status !== null && p.b_status === null).length,
    only_b: pairs.filter((p) => p.a_status === null && p.b_status !== null).length,
    wins: deltas.filter((d) => d > 0).length,
    losses: deltas.filter((d) => d < 0).length,
    ties: deltas.filter((d) => d === 0).length,
    mean_delta: mean,
    stderr_delta: stderr,
  };
}
