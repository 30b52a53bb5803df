/**
 * What an eval found: per seed, and over the run (mean return with its
 * standard error, the mean of each judge score and rubric criterion, the pass
 * rate), with failures counted by cause, apart from rollouts that scored 0.
 */
import type { EvalResult } from "./results.js";
import { plain, type Style } from "../style.js";

export interface SeedRow {
  seed: number;
  rollouts: number;
  ok: number;
  return: number | null;
  outcome_score: number | null;
  events_score: number | null;
  steps: number | null;
  seconds: number;
  status: string;
}

export interface EvalSummary {
  rollouts: number;
  ok: number;
  failed: number;
  /** Mean return over the rollouts that answered, and its standard error. */
  mean_return: number | null;
  stderr_return: number | null;
  /** Share of answered rollouts with a positive return. */
  pass_rate: number | null;
  /** Means of outcome_score, events_score and each `judge.criterion`, over the rollouts that have them. */
  judge: Record<string, number>;
  /** Failed rollouts by cause (http_500, timeout, invalid_response, connection, ...). */
  failures: Record<string, number>;
  /** The models the answered rollouts' traces record LM calls by, with how many rollouts used each: the policy that really ran. */
  policy_models: Record<string, number>;
  seeds: SeedRow[];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const present = (xs: (number | null)[]) => xs.filter((x): x is number => typeof x === "number" && Number.isFinite(x));

function standardError(xs: number[]): number | null {
  if (xs.length < 2) return xs.length ? 0 : null;
  const m = mean(xs)!;
  const variance = xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
  return Math.sqrt(variance / xs.length);
}

/** A running sum and count of the finite numbers of one column. */
interface Sums {
  sum: number;
  n: number;
}
const sums = (): Sums => ({ sum: 0, n: 0 });
const add = (s: Sums, x: number | null) => {
  if (typeof x === "number" && Number.isFinite(x)) {
    s.sum += x;
    s.n++;
  }
};
const meanOf = (s: Sums) => (s.n ? s.sum / s.n : null);

interface SeedSums {
  rollouts: number;
  ok: number;
  failed: number;
  firstCause: string;
  durationMs: number;
  return: Sums;
  outcome: Sums;
  events: Sums;
  steps: Sums;
}

/** Summarises the final results of a run (one per seed and rollout index). */
export function summarizeEval(results: readonly EvalResult[]): EvalSummary {
  const ok = results.filter((r) => r.status === "ok");
  const returns = present(ok.map((r) => r.return));
  const judge: Record<string, number> = {};
  for (const key of ["outcome_score", "events_score"] as const) {
    const m = mean(present(ok.map((r) => r[key])));
    if (m !== null) judge[key] = m;
  }
  for (const name of [...new Set(ok.flatMap((r) => Object.keys(r.criteria)))].sort()) judge[name] = mean(present(ok.map((r) => r.criteria[name] ?? null)))!;
  const policyModels: Record<string, number> = {};
  for (const r of ok) for (const m of r.policy_models ?? []) policyModels[m] = (policyModels[m] ?? 0) + 1;
  const failures: Record<string, number> = {};
  for (const r of results) if (r.status !== "ok") failures[r.cause] = (failures[r.cause] ?? 0) + 1;
  // One pass over the results, grouped by seed (a run of many seeds is summarised in linear time and few allocations).
  const bySeed = new Map<number, SeedSums>();
  for (const r of results) {
    let s = bySeed.get(r.seed);
    if (!s) bySeed.set(r.seed, (s = { rollouts: 0, ok: 0, failed: 0, firstCause: "", durationMs: 0, return: sums(), outcome: sums(), events: sums(), steps: sums() }));
    s.rollouts++;
    s.durationMs += r.duration_ms;
    if (r.status !== "ok") {
      if (s.failed++ === 0) s.firstCause = r.cause;
      continue;
    }
    s.ok++;
    add(s.return, r.return);
    add(s.outcome, r.outcome_score);
    add(s.events, r.events_score);
    add(s.steps, r.steps);
  }
  const seeds = [...bySeed]
    .sort((a, b) => a[0] - b[0])
    .map(([seed, s]): SeedRow => ({
      seed,
      rollouts: s.rollouts,
      ok: s.ok,
      return: meanOf(s.return),
      outcome_score: meanOf(s.outcome),
      events_score: meanOf(s.events),
      steps: meanOf(s.steps),
      seconds: s.durationMs / s.rollouts / 1000,
      status: s.failed ? (s.ok ? `${s.failed} failed` : s.firstCause) : "ok",
    }));
  return {
    rollouts: results.length,
    ok: ok.length,
    failed: results.length - ok.length,
    mean_return: mean(returns),
    stderr_return: standardError(returns),
    pass_rate: returns.length ? returns.filter((x) => x > 0).length / returns.length : null,
    judge,
    failures,
    policy_models: policyModels,
    seeds,
  };
}

const num = (x: number | null, width = 7) => (x === null ? "-".padStart(width) : x.toFixed(3).padStart(width));

/** The per-seed table and the aggregate, as lines for a terminal or a log; `style` colours each status and the failure count. */
export function formatEvalSummary(s: EvalSummary, style: Style = plain): string[] {
  const lines = ["  seed   return  outcome   events   steps    time  status"];
  for (const r of s.seeds)
    lines.push(`  ${String(r.seed).padStart(4)}  ${num(r.return)}  ${num(r.outcome_score)}  ${num(r.events_score)}  ${r.steps === null ? "-".padStart(6) : r.steps.toFixed(0).padStart(6)}  ${`${r.seconds.toFixed(1)}s`.padStart(6)}  ${r.status === "ok" ? style.pass(r.status) : style.fail(r.status)}`);
  const causes = Object.entries(s.failures).map(([cause, n]) => `${n} ${cause}`);
  const rows: [string, string][] = [
    ["mean return", s.mean_return === null ? "-" : `${s.mean_return.toFixed(3)} ± ${(s.stderr_return ?? 0).toFixed(3)} (standard error)`],
    ...Object.entries(s.judge).map(([name, value]): [string, string] => [`mean ${name}`, value.toFixed(3)]),
    ["pass rate", s.pass_rate === null ? "-" : `${(s.pass_rate * 100).toFixed(1)}% (return > 0)`],
    ...(Object.keys(s.policy_models).length ? [["policy (traces)", Object.entries(s.policy_models).map(([m, n]) => `${m} (${n})`).join(", ")] as [string, string]] : []),
    ["rollouts", `${style.pass(`${s.ok} ok`)}, ${s.failed ? style.fail(`${s.failed} failed`) : "0 failed"}${causes.length ? ` (${causes.join(", ")})` : ""}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [...lines, "", ...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`)];
}
