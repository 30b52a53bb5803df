/**
 * Builders for the pieces of a RolloutResponse: metrics from returns and
 * judge scores, trajectories, pipeline metadata and the response itself.
 * Each output is validated, so a mistake surfaces in the executor, not on
 * the wire. `rolloutMetricsOf` and `trajectoryOf` make the same pieces
 * unvalidated, for a caller whose response is validated once, whole (the
 * server checks every executor's result; `buildRolloutResponse` checks every
 * trajectory and the metrics again).
 */
import {
  RolloutMetrics,
  RolloutResponse,
  RolloutTrajectory,
  type RolloutRequest,
  type RolloutStepInput,
} from "../schemas/rollout.js";
import type { Trace } from "../schemas/trace.js";
import type { RubricScore } from "./rubrics.js";

/** Inputs of `buildRolloutMetrics`. Judge scores are numbers or `scoreOutcome`/`scoreEvents` results. */
export interface MetricsInput {
  episodeReturns: readonly number[];
  numSteps: number;
  /** Defaults to the number of episode returns. */
  numEpisodes?: number;
  outcomeScore?: number | RubricScore | null;
  eventsScore?: number | RubricScore | null;
  details?: Record<string, unknown>;
}

/**
 * Builds `RolloutMetrics`: `mean_return` is the mean of the returns (0 for
 * none); rubric results give their score and land in `details.outcome` /
 * `details.events` with their per-criterion breakdown.
 */
export function buildRolloutMetrics(input: MetricsInput): RolloutMetrics {
  return RolloutMetrics.parse(rolloutMetricsOf(input));
}

/** The metrics `buildRolloutMetrics` returns, not yet validated. */
export function rolloutMetricsOf(input: MetricsInput): RolloutMetrics {
  const returns = [...input.episodeReturns];
  const mean = returns.length ? returns.reduce((a, b) => a + b, 0) / returns.length : 0;
  const details: Record<string, unknown> = { ...input.details };
  const score = (value: number | RubricScore | null | undefined, key: string) => {
    if (value === null || value === undefined || typeof value === "number") return value ?? null;
    details[key] = value;
    return value.score;
  };
  return {
    episode_returns: returns,
    mean_return: mean,
    num_steps: input.numSteps,
    num_episodes: input.numEpisodes ?? returns.length,
    outcome_score: score(input.outcomeScore, "outcome"),
    events_score: score(input.eventsScore, "events"),
    details,
  };
}

/** Inputs of `buildTrajectory`. */
export interface TrajectoryInput {
  envId: string;
  policyId: string;
  steps: readonly RolloutStepInput[];
  final?: Record<string, unknown> | null;
  /** The inference URL the policy called (later synth-ai reads `?cid=` from it). */
  inferenceUrl?: string;
  decisionSamples?: Record<string, unknown>[] | null;
}

/** Builds a `RolloutTrajectory`; `length` is the number of steps. */
export function buildTrajectory(input: TrajectoryInput): RolloutTrajectory {
  return RolloutTrajectory.parse(trajectoryOf(input));
}

/** The trajectory `buildTrajectory` returns, not yet validated (its steps as given). */
export function trajectoryOf(input: TrajectoryInput): RolloutTrajectory {
  return {
    env_id: input.envId,
    policy_id: input.policyId,
    steps: input.steps,
    final: input.final ?? null,
    length: input.steps.length,
    inference_url: input.inferenceUrl ?? "",
    decision_samples: input.decisionSamples ?? null,
  } as RolloutTrajectory;
}

/** Adds (or replaces) the `cid` query parameter that correlates inference calls with a rollout. */
export function withCorrelationId(inferenceUrl: string, correlationId: string): string {
  const url = new URL(inferenceUrl);
  url.searchParams.set("cid", correlationId);
  return url.href;
}

/** Builds `pipeline_metadata`: the inference URL, the correlation id and any extra keys. */
export function buildPipelineMetadata(input: {
  inferenceUrl?: string | null;
  traceCorrelationId?: string | null;
  extra?: Record<string, unknown>;
}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input.extra };
  if (input.inferenceUrl) out.inference_url = input.inferenceUrl;
  if (input.traceCorrelationId) out.trace_correlation_id = input.traceCorrelationId;
  return out;
}

/** Inputs of `buildRolloutResponse`. */
export interface ResponseInput {
  request: Pick<RolloutRequest, "run_id" | "ops">;
  trajectories: RolloutTrajectory[];
  metrics: RolloutMetrics;
  trace?: Trace | null;
  aborted?: boolean;
  /** Defaults to the number of ops in the request. */
  opsExecuted?: number;
  traceCorrelationId?: string | null;
  pipelineMetadata?: Record<string, unknown>;
  branches?: Record<string, string[]>;
}

/** Builds a validated `RolloutResponse` for a request. */
export function buildRolloutResponse(input: ResponseInput): RolloutResponse {
  return RolloutResponse.parse({
    run_id: input.request.run_id,
    trajectories: input.trajectories,
    branches: input.branches ?? {},
    metrics: input.metrics,
    aborted: input.aborted ?? false,
    ops_executed: input.opsExecuted ?? input.request.ops.length,
    trace: input.trace ?? null,
    trace_correlation_id: input.traceCorrelationId ?? null,
    pipeline_metadata: input.pipelineMetadata ?? {},
  });
}
