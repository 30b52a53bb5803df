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
  /** One row per seed, up to MAX_SEED_ROWS seeds; a larger run has none (`seeds_omitted`). */
  seeds: SeedRow[];
  seeds_omitted?: boolean;
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

/** Seeds the per-seed table holds: a run of more seeds is summarised over the run alone (its results are on disk). */
export const MAX_SEED_ROWS = 10_000;

/** A summary built result by result, in memory that does not grow with the run (but for the per-seed table, up to {@link MAX_SEED_ROWS} seeds). */
export interface EvalSummarizer {
  add(result: EvalResult): void;
  summary(): EvalSummary;
}

/** Starts a summary; add each final result (one per seed and rollout index) once. */
export function createEvalSummarizer(): EvalSummarizer {
  let rollouts = 0;
  let ok = 0;
  // Welford's running mean and variance of the returns (a sum of squares loses precision on large runs).
  let returns = 0;
  let returnSum = 0;
  let returnMean = 0;
  let returnM2 = 0;
  let positive = 0;
  const judge = new Map<string, Sums>([
    ["outcome_score", sums()],
    ["events_score", sums()],
  ]);
  const criteria = new Map<string, Sums>();
  const policyModels: Record<string, number> = {};
  const failures: Record<string, number> = {};
  let bySeed: Map<number, SeedSums> | undefined = new Map();
  let seedsOmitted = false;
  return {
    add(r) {
      rollouts++;
      if (r.status === "ok") {
        ok++;
        if (typeof r.return === "number" && Number.isFinite(r.return)) {
          returns++;
          returnSum += r.return;
          const delta = r.return - returnMean;
          returnMean += delta / returns;
          returnM2 += delta * (r.return - returnMean);
          if (r.return > 0) positive++;
        }
        add(judge.get("outcome_score")!, r.outcome_score);
        add(judge.get("events_score")!, r.events_score);
        for (const name of Object.keys(r.criteria)) {
          let c = criteria.get(name);
          if (!c) criteria.set(name, (c = sums()));
          add(c, r.criteria[name] ?? null);
        }
        for (const m of r.policy_models ?? []) policyModels[m] = (policyModels[m] ?? 0) + 1;
      } else failures[r.cause] = (failures[r.cause] ?? 0) + 1;
      if (!bySeed) return;
      let s = bySeed.get(r.seed);
      if (!s) {
        if (bySeed.size >= MAX_SEED_ROWS) {
          bySeed = undefined;
          seedsOmitted = true;
          return;
        }
        bySeed.set(r.seed, (s = { rollouts: 0, ok: 0, failed: 0, firstCause: "", durationMs: 0, return: sums(), outcome: sums(), events: sums(), steps: sums() }));
      }
      s.rollouts++;
      s.durationMs += r.duration_ms;
      if (r.status !== "ok") {
        if (s.failed++ === 0) s.firstCause = r.cause;
        return;
      }
      s.ok++;
      add(s.return, r.return);
      add(s.outcome, r.outcome_score);
      add(s.events, r.events_score);
      add(s.steps, r.steps);
    },
    summary() {
      const means: Record<string, number> = {};
      for (const [key, s] of judge) if (s.n) means[key] = s.sum / s.n;
      for (const name of [...criteria.keys()].sort()) {
        const m = meanOf(criteria.get(name)!);
        if (m !== null) means[name] = m;
      }
      const seeds = [...(bySeed ?? [])]
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
        rollouts,
        ok,
        failed: rollouts - ok,
        mean_return: returns ? returnSum / returns : null,
        stderr_return: returns < 2 ? (returns ? 0 : null) : Math.sqrt(returnM2 / (returns - 1) / returns),
        pass_rate: returns ? positive / returns : null,
        judge: means,
        failures,
        policy_models: policyModels,
        seeds,
        ...(seedsOmitted ? { seeds_omitted: true } : {}),
      };
    },
  };
}

/** Summarises the final results of a run (one per seed and rollout index). */
export function summarizeEval(results: readonly EvalResult[]): EvalSummary {
  const summarizer = createEvalSummarizer();
  for (const r of results) summarizer.add(r);
  return summarizer.summary();
}

const num = (x: number | null, width = 7) => (x === null ? "-".padStart(width) : x.toFixed(3).padStart(width));

/** The per-seed table and the aggregate, as lines for a terminal or a log; `style` colours each status and the failure count. */
export function formatEvalSummary(s: EvalSummary, style: Style = plain): string[] {
  const lines = s.seeds_omitted ? [`  (more than ${MAX_SEED_ROWS.toLocaleString("en-US")} seeds: no per-seed table; every result is in the results file)`] : ["  seed   return  outcome   events   steps    time  status"];
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
