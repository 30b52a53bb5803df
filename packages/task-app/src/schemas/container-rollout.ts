/**
 * `POST /rollout` of synth-ai's container era (task apps renamed
 * "containers"): the request keyed by `trace_correlation_id` with context
 * overrides, the response with `reward_info`, artifacts and a success
 * status. Restated from synth-ai's `sdk/container/_impl/contracts.py` and its
 * Rust mirror `synth_ai_core/src/container/types.rs` (with
 * `data/context_override.rs`, `data/artifacts.py`). Keys as on the wire;
 * unknown keys are dropped, as pydantic and serde drop them. The 0.2.x
 * shapes are in `rollout.ts`; the server tells them apart by shape
 * (`src/server/wire/era.ts`).
 */
import { z } from "../zod.js";
import { PY_SPACE_CLASS } from "../text/python-str.js";
import { RolloutEnvSpec, RolloutPolicySpec } from "./rollout.js";

const anyRecord = z.record(z.string(), z.unknown());
const optionalString = (description: string) => z.string().nullable().optional().meta({ description });
const numberRecord = z.record(z.string(), z.number());

/**
 * Not blank by Python's `str.strip()` (synth-ai strips it and refuses an
 * empty one: U+001C-U+001F and U+0085 are whitespace there, U+FEFF is not);
 * the pattern carries the rule into JSON Schema.
 */
export const TraceCorrelationId = z
  .string()
  .regex(new RegExp(`[^${PY_SPACE_CLASS}]`), { message: "trace_correlation_id must be a non-empty string" })
  .meta({ description: "The rollout's id: correlation of traces and inference calls, seed derivation. Not blank.", examples: ["trace_7f3a"] });

/** Infrastructure status of a rollout, orthogonal to its reward; absent means success. */
export const SuccessStatus = z
  .enum(["success", "timeout", "network_error", "apply_failed", "runtime_error", "failure"])
  .meta({ id: "SuccessStatus", description: "Infrastructure status of the rollout, orthogonal to its reward; absent means success." });
export type SuccessStatus = z.infer<typeof SuccessStatus>;

/** Limits of a container-era rollout. */
export const ContainerSafetyConfig = z
  .object({
    max_time_s: z.number().int().positive().default(3600).meta({ description: "Wall-clock limit in seconds (an integer in this era).", examples: [3600] }),
    max_memory_mb: z.number().int().nullable().optional().meta({ description: "Memory limit in MB, if the container enforces one." }),
    allow_network: z.boolean().default(true).meta({ description: "Whether the rollout may use the network." }),
  })
  .meta({ id: "ContainerSafetyConfig", description: "Container-era safety limits." });

/** Files, environment variables and a preflight script applied before the agent runs. */
export const ContextOverride = z
  .object({
    file_artifacts: z.record(z.string(), z.string()).default({}).meta({ description: "Files to write, relative path → content. No absolute paths, no `..`." }),
    preflight_script: optionalString("Script run before the agent (a #!/bin/bash script)."),
    env_vars: z.record(z.string(), z.string()).default({}).meta({ description: "Environment variables for the agent. PATH and loader variables are refused." }),
    mutation_type: optionalString("Kind of mutation (prompt, file_artifacts, preflight_script, multi, crossover)."),
    created_at: optionalString("When the override was created (ISO 8601)."),
    override_id: optionalString("Id of the override."),
    source: optionalString("Where the override came from (optimizer, manual)."),
    priority: z.number().int().nullable().optional().meta({ description: "Order of application; higher is applied later." }),
  })
  .meta({ id: "ContextOverride", description: "A context override: files, environment variables and a preflight script." });
export type ContextOverride = z.infer<typeof ContextOverride>;
export type ContextOverrideInput = z.input<typeof ContextOverride>;

/** Body of a container-era `POST /rollout`. No `run_id`, `ops`, `record` or `mode`. */
export const ContainerRolloutRequest = z
  .object({
    trace_correlation_id: TraceCorrelationId,
    env: RolloutEnvSpec,
    policy: RolloutPolicySpec,
    on_done: z.string().default("reset").meta({ description: 'What to do when the episode ends: "reset" or "terminate".' }),
    safety: ContainerSafetyConfig.prefault({}).meta({ description: "Safety limits; defaults when absent." }),
    training_session_id: optionalString("Training session this rollout belongs to."),
    synth_base_url: optionalString("Base URL of the Synth backend that requested the rollout."),
    context_overrides: z.array(ContextOverride).nullable().optional().meta({ description: "Context overrides applied before the agent runs." }),
    override_bundle_id: optionalString("Stable id of the override bundle (traceability)."),
  })
  .meta({
    id: "ContainerRolloutRequest",
    description: "A container-era rollout request: correlation id, environment, policy, safety, context overrides.",
    examples: [{ trace_correlation_id: "trace_1", env: { env_name: "math", seed: 0 }, policy: { policy_name: "math-react" } }],
  });
export type ContainerRolloutRequest = z.infer<typeof ContainerRolloutRequest>;
export type ContainerRolloutRequestInput = z.input<typeof ContainerRolloutRequest>;

/** The rollout's reward and objectives (synth-ai's `RolloutMetrics` of this era). */
export const RewardInfo = z
  .object({
    outcome_reward: z.number().meta({ description: "The rollout's reward: the single source of truth for training." }),
    event_rewards: z.array(z.number()).nullable().optional().meta({ description: "Per-step or per-event rewards." }),
    outcome_objectives: numberRecord.nullable().optional().meta({ description: 'Objectives of the outcome; {"reward": outcome_reward} when not given.' }),
    event_objectives: z.array(numberRecord).nullable().optional().meta({ description: "Objectives per trace event." }),
    instance_objectives: z.array(numberRecord).nullable().optional().meta({ description: "Objectives per seed, in response order." }),
    details: anyRecord.default({}).meta({ description: "Metadata only, never used for reward." }),
  })
  .meta({ id: "RewardInfo", description: "Reward and objectives of a rollout (synth-ai's container-era RolloutMetrics)." });
export type RewardInfo = z.infer<typeof RewardInfo>;

/** An output of the rollout (code, JSON, text), stored apart from the trace. */
export const Artifact = z
  .object({
    content: z.union([z.string(), anyRecord]).meta({ description: "Inline content: text or a JSON object." }),
    content_type: optionalString('Free-form content type ("rust_code", "application/json").'),
    metadata: anyRecord.default({}).meta({ description: "Artifact metadata (file_path, line_count, ...)." }),
    artifact_id: optionalString("Backend-assigned id after storage."),
    trace_correlation_id: optionalString("The rollout's correlation id."),
    size_bytes: z.number().int().nonnegative().nullable().optional().meta({ description: "Size in bytes, when known." }),
    sha256: optionalString("SHA-256 of the content, when known."),
    storage: anyRecord.nullable().optional().meta({ description: "Where a non-inline artifact is stored." }),
    created_at: optionalString("When it was stored (ISO 8601)."),
    name: optionalString("Name of the artifact."),
    description: optionalString("What the artifact is."),
  })
  .meta({ id: "Artifact", description: "An artifact produced by a rollout." });
export type Artifact = z.infer<typeof Artifact>;
export type ArtifactInput = z.input<typeof Artifact>;

const ApplicationErrorType = z.enum(["validation", "path_traversal", "permission", "size_limit", "timeout", "runtime", "not_found", "unknown"]);

/** How applying one context override went; readable by both synth-ai's pydantic and Rust models. */
export const ContextOverrideStatus = z
  .object({
    override_id: optionalString("The override's id."),
    overall_status: z.enum(["applied", "partial", "failed", "skipped"]).meta({ description: "Aggregate status of the override." }),
    errors: z
      .array(z.object({ error_type: ApplicationErrorType, message: z.string(), target: z.string().nullable().optional(), details: anyRecord.default({}) }))
      .default([])
      .meta({ description: "What failed, per target." }),
    error_type: ApplicationErrorType.nullable().optional().meta({ description: "The first error's type (the Rust model's field)." }),
    error_message: optionalString("The first error's message (the Rust model's field)."),
    file_artifacts: z.record(z.string(), anyRecord).default({}).meta({ description: "Status per file: {status, bytes_written?, error?}." }),
    preflight_script: anyRecord.nullable().optional().meta({ description: "Preflight script result: {status, exit_code?, ...}." }),
    env_vars: z.record(z.string(), anyRecord).default({}).meta({ description: "Status per variable: {status, error?}." }),
  })
  .meta({ id: "ContextOverrideStatus", description: "Result of applying one context override." });
export type ContextOverrideStatus = z.infer<typeof ContextOverrideStatus>;
export type ContextOverrideStatusInput = z.input<typeof ContextOverrideStatus>;

/** Body of a container-era `POST /rollout` answer. Never carries `metrics` (an input alias of `reward_info` only). */
export const ContainerRolloutResponse = z
  .object({
    trace_correlation_id: TraceCorrelationId.meta({ description: "The request's trace_correlation_id, echoed." }),
    reward_info: RewardInfo,
    trace: anyRecord.nullable().optional().meta({ description: "The rollout's SessionTrace (tracing v3), its metadata holding trace_correlation_id." }),
    inference_url: optionalString("Inference URL the policy used."),
    artifact: z.array(Artifact).nullable().optional().meta({ description: "Artifacts the rollout produced." }),
    success_status: SuccessStatus.nullable().optional().meta({ description: "Infrastructure status; absent means success." }),
    status_detail: optionalString("Detail of success_status (for a failure: the error id to look up in the app's log)."),
    override_application_results: z.array(ContextOverrideStatus).nullable().optional().meta({ description: "One result per context override, in request order." }),
  })
  .meta({ id: "ContainerRolloutResponse", description: "A container-era rollout result: correlation id, reward info, trace, artifacts, status." });
export type ContainerRolloutResponse = z.infer<typeof ContainerRolloutResponse>;
export type ContainerRolloutResponseInput = z.input<typeof ContainerRolloutResponse>;
