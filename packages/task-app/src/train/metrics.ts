/**
 * The training metrics worth showing while a job runs, read from the data
 * of its events: mean return and rewards for RL, judge scores, losses for
 * SFT, and the step they belong to.
 */

/** Keys read as plain numeric metrics, in display order. */
export const METRIC_KEYS = ["mean_return", "avg_reward", "mean_reward", "outcome_score", "judge_score", "loss", "train_loss", "eval_loss", "val_loss", "learning_rate"] as const;

/** Metrics of one event: name → number, and the step when given. */
export interface Metrics {
  step?: number;
  values: Record<string, number>;
}

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Reads the metrics in an event's data (also under `data.metrics`); undefined when there are none. */
export function readMetrics(data: Record<string, unknown>): Metrics | undefined {
  const nested = typeof data.metrics === "object" && data.metrics !== null ? (data.metrics as Record<string, unknown>) : {};
  const source = { ...nested, ...data };
  const values: Record<string, number> = {};
  for (const key of METRIC_KEYS) if (isNumber(source[key])) values[key] = source[key];
  const judges = source.judge_scores ?? source.judges;
  if (typeof judges === "object" && judges !== null && !Array.isArray(judges))
    for (const [name, score] of Object.entries(judges)) if (isNumber(score)) values[`judge.${name}`] = score;
  if (Object.keys(values).length === 0) return undefined;
  const step = [source.step, source.iteration, source.epoch].find(isNumber);
  return step === undefined ? { values } : { step, values };
}

/** `step 3: mean_return=0.52 judge.quality=0.8`. */
export function formatMetrics(metrics: Metrics): string {
  const values = Object.entries(metrics.values).map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toPrecision(4).replace(/\.?0+$/, "")}`);
  return `${metrics.step === undefined ? "" : `step ${metrics.step}: `}${values.join(" ")}`;
}
