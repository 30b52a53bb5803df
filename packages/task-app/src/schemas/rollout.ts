/**
 * `POST /rollout` request and response (CONTRACT.md §5.1, §5.2), keys as on
 * the wire. Parsing follows pydantic: unknown keys are dropped, free-form
 * dicts are records. Both generations of synth-ai are covered: `ops` and
 * `mode` are optional on input and always present on output; `trajectories`
 * may be absent on input (later, trace-only apps) and is always present on
 * output; the later `trace_correlation_id` and `pipeline_metadata` are kept.
 */
import { z } from "../zod.js";
import { PolicyConfig } from "./policy-config.js";
import { Trace } from "./trace.js";

const anyRecord = z.record(z.string(), z.unknown());
const optionalString = (description: string, examples?: string[]) =>
  z.string().nullable().optional().meta(examples ? { description, examples } : { description });

/** Which environment instance to run. */
export const RolloutEnvSpec = z
  .object({
    env_id: optionalString("Id of an existing environment instance."),
    env_name: optionalString("Environment name.", ["crafter", "math"]),
    config: anyRecord.default({}).meta({
      description: "Free-form environment settings (split, index, difficulty, env_params, step_rewards, ...).",
      examples: [{ split: "train", index: 3 }],
    }),
    seed: z.number().int().nullable().optional().meta({ description: "Task instance seed; an integer.", examples: [0, 42] }),
  })
  .meta({ id: "RolloutEnvSpec", description: "The environment to roll out: name or id, free-form config and seed." });
export type RolloutEnvSpec = z.infer<typeof RolloutEnvSpec>;

/** Which policy acts, and its settings. */
export const RolloutPolicySpec = z
  .object({
    policy_id: optionalString("Id of the policy."),
    policy_name: optionalString("Policy name.", ["crafter-react", "math-react"]),
    config: PolicyConfig.default({}).meta({
      description: "Policy settings the task app reads: inference_url, model, sampling, tools, vision and thinking controls.",
    }),
    output_mode: z.enum(["tool_calls", "text", "structured"]).optional().meta({
      description: "How the policy expects model outputs (later synth-ai).",
      examples: ["tool_calls"],
    }),
    structured_config: z
      .object({
        schema: anyRecord.meta({ description: "JSON Schema of the structured output." }),
        schema_name: z.string().default("response").meta({ description: "Name given to the schema." }),
        strict: z.boolean().default(true).meta({ description: "Ask the provider for strict schema adherence." }),
      })
      .optional()
      .meta({ description: 'Structured-output settings, used with output_mode "structured" (later synth-ai).' }),
  })
  .meta({ id: "RolloutPolicySpec", description: "The policy to roll out: name or id and its config." });
export type RolloutPolicySpec = z.infer<typeof RolloutPolicySpec>;

/** Trace shape a rollout returns: compact summary, full SessionTrace, or structured (later synth-ai). */
export const TraceFormat = z.enum(["compact", "full", "structured"]);

/** What the response should record. */
export const RolloutRecordConfig = z
  .object({
    trajectories: z.boolean().default(true).meta({ description: "Return step-by-step trajectories." }),
    logprobs: z.boolean().default(false).meta({ description: "Record token log-probabilities." }),
    value: z.boolean().default(false).meta({ description: "Record value estimates." }),
    return_trace: z.boolean().default(false).meta({ description: "Return a trace in RolloutResponse.trace." }),
    trace_format: TraceFormat.default("compact").meta({
      description: 'Trace shape: "compact" summary, "full" SessionTrace, or "structured" (later synth-ai).',
      examples: ["compact", "full"],
    }),
  })
  .meta({ id: "RolloutRecordConfig", description: "What a rollout records and returns." });
export type RolloutRecordConfig = z.infer<typeof RolloutRecordConfig>;

/** Limits a rollout must respect. */
export const RolloutSafetyConfig = z
  .object({
    max_ops: z.number().int().nonnegative().default(100000).meta({ description: "Maximum ops executed." }),
    max_time_s: z.number().positive().default(3600).meta({
      description: "Wall-clock limit in seconds; the server aborts the executor past it.",
      examples: [3600, 30],
    }),
  })
  .meta({ id: "RolloutSafetyConfig", description: "Safety limits: op count and wall-clock time." });
export type RolloutSafetyConfig = z.infer<typeof RolloutSafetyConfig>;

/** Body of `POST /rollout`. */
export const RolloutRequest = z
  .object({
    run_id: z.string().meta({ description: "Caller's id for this rollout.", examples: ["run-0001"] }),
    env: RolloutEnvSpec,
    policy: RolloutPolicySpec,
    ops: z.union([z.array(anyRecord), z.array(z.string())]).default([]).meta({
      description: 'Op script: strings ("agent", "env") or objects with a type/op field. Required by 0.2.9-0.2.13 servers (send [] for none); removed later.',
      examples: [[], ["agent", "env"]],
    }),
    record: RolloutRecordConfig.prefault({}).meta({ description: "What to record; defaults when absent." }),
    on_done: z.string().default("reset").meta({ description: 'What to do when the episode ends: "reset" or "terminate".', examples: ["reset", "terminate"] }),
    safety: RolloutSafetyConfig.prefault({}).meta({ description: "Safety limits; defaults when absent." }),
    training_session_id: optionalString("Training session this rollout belongs to."),
    synth_base_url: optionalString("Base URL of the Synth backend that requested the rollout."),
    mode: z.enum(["rl", "eval"]).default("rl").meta({
      description: 'Rollout purpose. Absent in 0.2.9-0.2.13, required later; "rl" when absent.',
      examples: ["rl", "eval"],
    }),
  })
  .meta({
    id: "RolloutRequest",
    description: "A rollout request: run id, environment, policy, optional op script, recording and safety settings.",
    examples: [{ run_id: "run-1", env: { env_name: "math", seed: 0, config: { split: "train" } }, policy: { policy_name: "math-react" }, ops: [] }],
  });
export type RolloutRequest = z.infer<typeof RolloutRequest>;
export type RolloutRequestInput = z.input<typeof RolloutRequest>;

/** One step of a trajectory. */
export const RolloutStep = z
  .object({
    obs: anyRecord.meta({ description: "Observation before the step." }),
    tool_calls: z.array(anyRecord).meta({ description: "Tool calls the policy made." }),
    reward: z.number().nullable().optional().meta({ description: "Reward of the step." }),
    done: z.boolean().default(false).meta({ description: "Whether the episode ended." }),
    truncated: z.boolean().nullable().optional().meta({ description: "Whether the episode was cut short." }),
    info: anyRecord.nullable().optional().meta({ description: "Free-form step info (later synth-ai reads info.meta.inference_url)." }),
  })
  .meta({ id: "RolloutStep", description: "A trajectory step: observation, tool calls, reward and end flags." });
export type RolloutStep = z.infer<typeof RolloutStep>;
export type RolloutStepInput = z.input<typeof RolloutStep>;

/** One episode's steps. */
export const RolloutTrajectory = z
  .object({
    env_id: z.string().meta({ description: "Environment instance id." }),
    policy_id: z.string().meta({ description: "Policy id." }),
    steps: z.array(RolloutStep).meta({ description: "Steps in order." }),
    final: anyRecord.nullable().optional().meta({ description: "Final observation or summary." }),
    length: z.number().int().nonnegative().meta({ description: "Number of steps." }),
    inference_url: z.string().default("").meta({
      description: 'Inference URL the policy used (required by later synth-ai, which reads a "?cid=" correlation id from it); "" when unknown.',
    }),
    decision_samples: z.array(anyRecord).nullable().optional().meta({ description: "Per-decision samples (later synth-ai)." }),
  })
  .meta({ id: "RolloutTrajectory", description: "An episode: environment and policy ids, steps, final state and length." });
export type RolloutTrajectory = z.infer<typeof RolloutTrajectory>;
export type RolloutTrajectoryInput = z.input<typeof RolloutTrajectory>;

/** Episode returns and judge scores. */
export const RolloutMetrics = z
  .object({
    episode_returns: z.array(z.number()).meta({ description: "Return of each episode.", examples: [[1.0]] }),
    mean_return: z.number().meta({ description: "Mean of episode_returns." }),
    num_steps: z.number().int().nonnegative().meta({ description: "Total steps taken." }),
    num_episodes: z.number().int().nonnegative().default(0).meta({ description: "Episodes run." }),
    outcome_score: z.number().nullable().optional().meta({ description: "Outcome rubric score." }),
    events_score: z.number().nullable().optional().meta({ description: "Event rubric score." }),
    details: anyRecord.default({}).meta({ description: "Free-form details (per-criterion scores, achievements, ...)." }),
  })
  .meta({ id: "RolloutMetrics", description: "Rollout metrics: episode returns, their mean, step count and judge scores." });
export type RolloutMetrics = z.infer<typeof RolloutMetrics>;
export type RolloutMetricsInput = z.input<typeof RolloutMetrics>;

/** Body of a `POST /rollout` answer. */
export const RolloutResponse = z
  .object({
    run_id: z.string().meta({ description: "The request's run_id." }),
    trajectories: z.array(RolloutTrajectory).default([]).meta({
      description: "Trajectories. Required by 0.2.9-0.2.13 clients (always sent); later trace-only apps may omit it.",
    }),
    branches: z.record(z.string(), z.array(z.string())).default({}).meta({ description: "Branch ids by parent." }),
    metrics: RolloutMetrics,
    aborted: z.boolean().default(false).meta({ description: "Whether the rollout stopped early." }),
    ops_executed: z.number().int().nonnegative().default(0).meta({ description: "Ops executed." }),
    trace: Trace.nullable().optional().meta({ description: "Trace of the rollout when record.return_trace is set: compact, full or v3 envelope." }),
    trace_correlation_id: optionalString("Correlation id linking the rollout to inference traces (later synth-ai)."),
    pipeline_metadata: anyRecord.default({}).meta({ description: "Free-form pipeline metadata, e.g. inference_url (later synth-ai)." }),
  })
  .meta({ id: "RolloutResponse", description: "A rollout result: trajectories, metrics, optional trace and pipeline metadata." });
export type RolloutResponse = z.infer<typeof RolloutResponse>;
export type RolloutResponseInput = z.input<typeof RolloutResponse>;
