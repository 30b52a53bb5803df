/**
 * The container era mapped onto the one executor API: a container-era
 * request becomes the 0.2.x `RolloutRequest` executors take (its `run_id`
 * is the `trace_correlation_id` stripped as Python strips it, no ops, the full session recorded),
 * and what the executor returns becomes a `ContainerRolloutResponse`. A
 * failure the 0.2.x wire answers with an error status is a 200 here with a
 * `success_status` and the error id in `status_detail`, as synth-ai's
 * containers report it.
 */
import { pyStrip } from "../../text/python-str.js";
import type { ContainerRolloutRequest, ContainerRolloutResponse, ContextOverride, ContextOverrideStatus, RewardInfo, SuccessStatus } from "../../schemas/container-rollout.js";
import type { RolloutRequest } from "../../schemas/rollout.js";
import type { RolloutResult } from "../../schemas/rollout-result.js";
import { failedStatus, type CheckedOverrides } from "../../runtime/override-rules.js";

/** The 0.2.x request an executor receives for a container-era one. */
export function toExecutorRequest(request: ContainerRolloutRequest): RolloutRequest {
  return {
    run_id: pyStrip(request.trace_correlation_id),
    env: request.env,
    policy: request.policy,
    ops: [],
    record: { trajectories: true, logprobs: false, value: false, return_trace: true, trace_format: "full" },
    on_done: request.on_done,
    safety: { max_ops: 100000, max_time_s: request.safety.max_time_s },
    training_session_id: request.training_session_id ?? null,
    synth_base_url: request.synth_base_url ?? null,
    mode: "rl",
  };
}

/** The rewards of the steps, when every step has one. */
function stepRewards(result: RolloutResult): number[] | null {
  const steps = (result.trajectories ?? []).flatMap((t) => t.steps);
  if (steps.length === 0 || steps.some((s) => typeof s.reward !== "number")) return null;
  return steps.map((s) => s.reward as number);
}

/** `reward_info` of an executor's result: its explicit reward, else the mean return; judge scores kept in details. */
export function rewardInfoOf(result: RolloutResult): RewardInfo {
  const { metrics } = result;
  const outcome = result.outcome_reward ?? metrics.mean_return;
  const details: Record<string, unknown> = { ...metrics.details, num_steps: metrics.num_steps, num_episodes: metrics.num_episodes };
  if (metrics.outcome_score !== null && metrics.outcome_score !== undefined) details.outcome_score = metrics.outcome_score;
  if (metrics.events_score !== null && metrics.events_score !== undefined) details.events_score = metrics.events_score;
  const info: RewardInfo = { outcome_reward: outcome, outcome_objectives: result.outcome_objectives ?? { reward: outcome }, details };
  const events = result.event_rewards ?? stepRewards(result);
  if (events) info.event_rewards = events;
  if (result.event_objectives) info.event_objectives = result.event_objectives;
  if (result.instance_objectives) info.instance_objectives = result.instance_objectives;
  return info;
}

/** The inference URL the rollout used: pipeline metadata, a trajectory's, else the request's. */
function inferenceUrlOf(result: RolloutResult, request: RolloutRequest): string | null {
  const fromPipeline = result.pipeline_metadata?.inference_url;
  if (typeof fromPipeline === "string" && fromPipeline) return fromPipeline;
  const fromTrajectory = (result.trajectories ?? []).find((t) => t.inference_url)?.inference_url;
  if (fromTrajectory) return fromTrajectory;
  const fromRequest = (request.policy.config as { inference_url?: unknown }).inference_url;
  return typeof fromRequest === "string" && fromRequest ? fromRequest : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The trace of this era: a SessionTrace (the session out of a v3 envelope
 * when the executor returned one), its metadata holding the correlation id.
 */
function containerTrace(trace: unknown, correlationId: string): Record<string, unknown> | null {
  if (!isRecord(trace)) return null;
  const session = isRecord(trace.session_trace) ? trace.session_trace : trace;
  const metadata = isRecord(session.metadata) ? session.metadata : {};
  return { ...session, metadata: { ...metadata, trace_correlation_id: correlationId } };
}

/** One status per override of the request, in its order: the refused, then what the executor reported for the accepted ones. */
export function overrideResults(
  all: readonly ContextOverride[],
  checked: CheckedOverrides,
  reported: readonly ContextOverrideStatus[] | null | undefined,
  unreported: string,
): ContextOverrideStatus[] {
  let accepted = 0;
  return all.map((override, index) => {
    const refused = checked.refused.get(index);
    if (refused) return refused;
    const own = reported?.[accepted++];
    return own ?? failedStatus(override, [{ error_type: "validation", message: unreported, target: null }], "skipped");
  });
}

/** Everything the container answer needs besides the executor's result. */
export interface ContainerRun {
  request: ContainerRolloutRequest;
  executorRequest: RolloutRequest;
  overrides: CheckedOverrides;
}

/** The container-era answer to an executor's result. */
export function toContainerResponse(result: RolloutResult, run: ContainerRun): ContainerRolloutResponse {
  const all = run.request.context_overrides ?? [];
  const response: ContainerRolloutResponse = {
    trace_correlation_id: run.executorRequest.run_id,
    reward_info: rewardInfoOf(result),
    trace: containerTrace(result.trace, run.executorRequest.run_id),
    inference_url: inferenceUrlOf(result, run.executorRequest),
  };
  if (result.artifact) response.artifact = result.artifact;
  if (result.success_status) response.success_status = result.success_status;
  if (result.status_detail) response.status_detail = result.status_detail;
  if (all.length) response.override_application_results = overrideResults(all, run.overrides, result.override_application_results, "the task app did not report applying it");
  return response;
}

/** A container-era answer for a rollout that produced no result: zero reward, the status and its detail. */
export function failureResponse(run: ContainerRun, status: SuccessStatus, detail: string, skipped = "not applied: the rollout did not run"): ContainerRolloutResponse {
  const all = run.request.context_overrides ?? [];
  return {
    trace_correlation_id: run.executorRequest.run_id,
    reward_info: { outcome_reward: 0, outcome_objectives: { reward: 0 }, details: {} },
    trace: null,
    inference_url: null,
    success_status: status,
    status_detail: detail,
    ...(all.length ? { override_application_results: overrideResults(all, run.overrides, null, skipped) } : {}),
  };
}

/** Keys of an executor's result that only the container era sends. */
export const CONTAINER_ONLY = ["outcome_reward", "event_rewards", "outcome_objectives", "event_objectives", "instance_objectives", "artifact", "success_status", "status_detail", "override_application_results"] as const;

/**
 * The 0.2.x answer: the result without the container-only keys (a shallow
 * copy only when it has any; a key holding undefined is left, as JSON leaves
 * it out). The keys are read by name, which V8 caches per call site, rather
 * than looked up in a loop.
 */
export function toLegacyResponse(result: RolloutResult): RolloutResult {
  const r = result as Partial<Record<(typeof CONTAINER_ONLY)[number], unknown>>;
  const plain =
    r.outcome_reward === undefined && r.event_rewards === undefined && r.outcome_objectives === undefined && r.event_objectives === undefined && r.instance_objectives === undefined &&
    r.artifact === undefined && r.success_status === undefined && r.status_detail === undefined && r.override_application_results === undefined;
  if (plain) return result;
  const out: Record<string, unknown> = { ...result };
  for (const key of CONTAINER_ONLY) delete out[key];
  return out as RolloutResult;
}
