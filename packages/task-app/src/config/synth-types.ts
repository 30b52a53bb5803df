/**
 * Where synth-ai's pydantic models type a config key as int, float or bool
 * (restated from `synth_ai/api/train/configs/{rl,sft,shared}.py`: the 0.2.13
 * models, and for `[policy]`-era RL configs the later ones). Only there does
 * pydantic's lax mode coerce a value (`batch_size = "4"` becomes 4); every
 * other key (`[vllm]`, `[topology]`, `[lora]`, `rollout.policy_config`, the
 * `*_rewards_only` flags, ...) is free-form for synth-ai and is forwarded to
 * the trainer as written, so task-app must not coerce it either.
 */
import type { ConfigKind } from "../schemas/registry.js";

export type SynthScalar = "int" | "float" | "bool";

/** Dotted paths; `*` stands for any key or list index (list[int], dict[str, float]). */
const RL_0213: Record<string, SynthScalar> = {
  "compute.gpu_count": "int",
  "compute.nodes": "int",
  "rollout.max_turns": "int",
  "rollout.episodes_per_batch": "int",
  "rollout.max_concurrent_rollouts": "int",
  "rollout.batches_per_step": "int",
  "evaluation.instances": "int",
  "evaluation.every_n_iters": "int",
  "evaluation.seeds.*": "int",
  "training.num_epochs": "int",
  "training.iterations_per_epoch": "int",
  "training.gradient_accumulation_steps": "int",
  "training.max_accumulated_minibatch": "int",
  "training.max_turns": "int",
  "training.batch_size": "int",
  "training.group_size": "int",
  "training.learning_rate": "float",
  "training.log_interval": "int",
  "training.weight_sync_interval": "int",
  "training.step_rewards_enabled": "bool",
  "training.step_rewards_indicator_lambda": "float",
  "training.step_rewards_beta": "float",
  "training.weight_sync.enable": "bool",
  "training.weight_sync.direct": "bool",
  "training.weight_sync.verify_every_k": "int",
  "judge.timeout_s": "int",
  "judge.options.event": "bool",
  "judge.options.outcome": "bool",
  "judge.options.weights.*": "float",
  "judge.options.max_concurrency": "int",
};

/** What the later models add, for `[policy]`-era configs (the later CLI submits them). */
const RL_LATER: Record<string, SynthScalar> = {
  ...RL_0213,
  "compute.topology.gpus_for_vllm": "int",
  "compute.topology.gpus_for_training": "int",
  "compute.topology.gpus_for_ref": "int",
  "compute.topology.tensor_parallel": "int",
  "policy.max_tokens": "int",
  "policy.temperature": "float",
  "policy.top_p": "float",
  "policy.top_k": "int",
  "policy.repetition_penalty": "float",
  "training.lora.r": "int",
  "training.lora.alpha": "int",
  "training.lora.dropout": "float",
  "training.rewards.step_rewards_enabled": "bool",
  "training.rewards.step_rewards_indicator_lambda": "float",
  "training.rewards.step_rewards_beta": "float",
  "judge.enabled": "bool",
  "judge.reward_blend.*": "float",
  "judge.rubric.enabled": "bool",
  "judge.rubric.reward_blend.*": "float",
  "smoke.max_steps": "int",
  "smoke.mock_port": "int",
  "smoke.return_trace": "bool",
  "smoke.use_mock": "bool",
  "smoke.task_app_port": "int",
  "smoke.task_app_force": "bool",
  "smoke.sqld_auto_start": "bool",
  "smoke.sqld_hrana_port": "int",
  "smoke.sqld_http_port": "int",
};

const SFT: Record<string, SynthScalar> = {
  "compute.gpu_count": "int",
  "compute.nodes": "int",
  "job.poll_seconds": "int",
  "training.use_qlora": "bool",
  "training.validation.enabled": "bool",
  "training.validation.eval_steps": "int",
  "training.validation.save_best_model_at_end": "bool",
  "training.validation.greater_is_better": "bool",
  "hyperparameters.n_epochs": "int",
  "hyperparameters.batch_size": "int",
  "hyperparameters.global_batch": "int",
  "hyperparameters.per_device_batch": "int",
  "hyperparameters.gradient_accumulation_steps": "int",
  "hyperparameters.sequence_length": "int",
  "hyperparameters.learning_rate": "float",
  "hyperparameters.warmup_ratio": "float",
  "hyperparameters.weight_decay": "float",
  "hyperparameters.parallelism.use_deepspeed": "bool",
  "hyperparameters.parallelism.deepspeed_stage": "int",
  "hyperparameters.parallelism.fsdp": "bool",
  "hyperparameters.parallelism.bf16": "bool",
  "hyperparameters.parallelism.fp16": "bool",
  "hyperparameters.parallelism.activation_checkpointing": "bool",
  "hyperparameters.parallelism.tensor_parallel_size": "int",
  "hyperparameters.parallelism.pipeline_parallel_size": "int",
};

/** True for an RL config submitted by the later CLI: [policy] without [model]. */
const isPolicyEra = (doc: Record<string, unknown>) => doc.policy !== undefined && !("model" in doc);

/**
 * The scalar type synth-ai's model gives the key at `path`, or undefined for a
 * key it leaves free-form (or a config kind it has no typed model for: eval and
 * filter configs are read as plain tables by the 0.2.13 CLI).
 */
export function synthScalarAt(kind: ConfigKind, doc: Record<string, unknown>, path: readonly PropertyKey[]): SynthScalar | undefined {
  const table = kind === "sft" ? SFT : kind === "rl" ? (isPolicyEra(doc) ? RL_LATER : RL_0213) : undefined;
  if (!table) return undefined;
  const exact = path.map(String).join(".");
  return table[exact] ?? table[[...path.slice(0, -1).map(String), "*"].join(".")];
}
