/**
 * The run and compare pages from a run's summary and results, as pure
 * functions: the server's API and an exported report (in the browser, from
 * its embedded results) build them with the same code, so both show the same
 * numbers. No Node imports.
 */
import type { EvalResult } from "../eval/results.js";
import type { CompareView, RunPageView, RunSummaryView } from "./api.js";
import { compareResults, failuresOf, histogramOf, pageRows, toRunRows, type RowQuery } from "./tables.js";

/** The run page; `tokens` needs to hold at least the sessions of the page (all of them to sort by tokens). */
export function buildRunPage(run: RunSummaryView, results: readonly EvalResult[], query: RowQuery, tokens: ReadonlyMap<string, number>): RunPageView {
  const returns = results.filter((r) => r.status === "ok" && typeof r.return === "number").map((r) => r.return!);
  return { ...run, histogram: histogramOf(returns), failures: failuresOf(results), rows: pageRows(toRunRows(results, tokens), query) };
}

export function buildCompareView(a: RunSummaryView, b: RunSummaryView, ra: readonly EvalResult[], rb: readonly EvalResult[], query: { page?: number; size?: number }): CompareView {
  const { pairs, ...comparison } = compareResults(ra, rb);
  const size = Math.min(query.size ?? 100, 500);
  const last = Math.max(0, Math.ceil(pairs.length / size) - 1);
  const page = Math.min(query.page ?? 0, last);
  return {
    a,
    b,
    comparison,
    pairs: { rows: pairs.slice(page * size, (page + 1) * size), total: pairs.length, page, size },
    points: pairs.filter((p) => p.a !== null && p.b !== null).map((p) => [p.a!, p.b!]),
  };
}
