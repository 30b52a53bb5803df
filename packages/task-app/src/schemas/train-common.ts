/**
 * Sections shared by the RL and SFT training configs: `[algorithm]`,
 * `[compute]`, topology, LoRA and free-form `[tags]` (CONTRACT.md §11.2, §13.1).
 */
import { z } from "../zod.js";
import { pyStrip } from "../text/python-str.js";

/** A positive integer with its description (and examples) attached. */
export const posInt = (description: string, examples?: number[]) =>
  z.number().int().positive().meta(examples ? { description, examples } : { description });

/** The type/method/variety combinations the trainer runs, per job kind (CONTRACT.md §11.2, §13.1). */
export const SUPPORTED_ALGORITHMS = {
  rl: ["online/policy_gradient/gspo"],
  sft: ["offline/sft/fft", "offline/sft/lora", "offline/supervised_finetune/fft"],
} as const;

/** The values one `[algorithm]` key takes in the combinations a job kind's trainer runs, in their order (RL variety: "gspo"). */
export function supportedAlgorithmValues(kind: keyof typeof SUPPORTED_ALGORITHMS, key: "type" | "method" | "variety"): string[] {
  const at = { type: 0, method: 1, variety: 2 }[key];
  return [...new Set(SUPPORTED_ALGORITHMS[kind].map((combo) => combo.split("/")[at]!))];
}

/** `type/method/variety` of an `[algorithm]` table, stripped (Python's rules) and lower-cased as the trainer compares them. */
export function algorithmCombo(algorithm: Record<string, unknown>): string {
  return [algorithm.type, algorithm.method, algorithm.variety].map((v) => pyStrip(String(v ?? "")).toLowerCase()).join("/");
}

/** How step rewards are computed (RL `[training]`, `[training.rewards]`, env_config.step_rewards). */
export const StepRewardsMode = z.enum(["off", "decision_stepwise", "env_sparse"]);
/** How achievements are weighted in step rewards. */
export const StepRewardsStrategy = z.enum(["consistent", "per_achievement", "complex"]);
/** Where the reference (KL) model runs. */
export const ReferencePlacement = z.enum(["none", "dedicated", "stacked", "shared"]);

export const AlgorithmConfig = z
  .strictObject({
    type: z.string().min(1).meta({
      description: 'Learning regime: "online" for RL, "offline" for SFT.',
      examples: ["online", "offline"],
    }),
    method: z.string().min(1).meta({
      description: 'Training method: "policy_gradient" for RL, "sft" or "supervised_finetune" for SFT.',
      examples: ["policy_gradient", "sft"],
    }),
    variety: z.string().min(1).meta({
      description: 'Algorithm variant: "gspo" for RL; "fft" (full fine-tune) or "lora" for SFT.',
      examples: ["gspo", "fft", "lora"],
    }),
  })
  .meta({
    description:
      "Which training algorithm runs. RL accepts only online / policy_gradient / gspo; SFT accepts offline / sft / fft or lora, and offline / supervised_finetune / fft.",
  });

/** GPU split of one RL node; `[topology]` (0.2.13) or `[compute.topology]` (later). */
export const TopologyConfig = z
  .strictObject({
    type: z.string().min(1).optional().meta({
      description: "Topology layout.",
      examples: ["single_node_split"],
    }),
    gpus_for_vllm: z.number().int().nonnegative().optional().meta({
      description: "GPUs serving rollouts with vLLM. vllm + training + ref GPUs should add up to compute.gpu_count.",
      examples: [4],
    }),
    gpus_for_training: z.number().int().nonnegative().optional().meta({
      description: "GPUs running the trainer.",
      examples: [3],
    }),
    gpus_for_ref: z.number().int().nonnegative().optional().meta({
      description: "GPUs serving the reference model (0 when reference placement is none).",
      examples: [1],
    }),
    tensor_parallel: z.number().int().positive().optional().meta({
      description: "Tensor-parallel degree of the vLLM servers. Give vllm.tensor_parallel_size with the same value.",
      examples: [4],
    }),
    reference_placement: ReferencePlacement.optional().meta({
      description: "Where the reference model runs.",
    }),
    gpu_type: z.string().min(1).optional().meta({
      description: "GPU type for this topology, when it differs from compute.gpu_type.",
      examples: ["H100:8"],
    }),
    use_rdma: z.boolean().optional().meta({ description: "Use RDMA between GPUs." }),
  })
  .meta({ description: "How the GPUs of an RL job are split between vLLM, the trainer and the reference model." });

export const ComputeConfig = z
  .strictObject({
    gpu_type: z.string().min(1).meta({ description: "GPU model to run on.", examples: ["H100", "H200", "A100"] }),
    gpu_count: z.number().int().positive().meta({ description: "GPUs per job.", examples: [8] }),
    nodes: z.number().int().positive().optional().meta({ description: "Number of nodes.", examples: [1] }),
    gpus_per_node: z.number().int().positive().optional().meta({ description: "GPUs on each node.", examples: [8] }),
    variant: z.string().min(1).optional().meta({ description: "Backend-specific hardware variant.", examples: ["H100-4x"] }),
    topology: TopologyConfig.optional(),
  })
  .meta({ description: "Hardware the job runs on. Copied to the job payload's compute field." });

export const LoraConfig = z
  .strictObject({
    r: z.number().int().positive().optional().meta({ description: "LoRA rank.", examples: [16] }),
    alpha: z.number().int().positive().optional().meta({ description: "LoRA alpha (scaling).", examples: [32] }),
    dropout: z.number().min(0).max(1).optional().meta({ description: "LoRA dropout probability.", examples: [0.05] }),
    target_modules: z.array(z.string().min(1)).optional().meta({
      description: 'Modules to adapt; "all-linear" adapts every linear layer.',
      examples: [["all-linear"]],
    }),
  })
  .meta({ description: "LoRA adapter settings." });

export const Tags = z.record(z.string(), z.unknown()).meta({
  description: "Free-form labels stored with the job (experiment, task, model size, ...). Kept inside data.config.tags.",
  examples: [{ experiment: "crafter-vision", vision_enabled: true }],
});

/**
 * Options for a table-level refinement that must run even when other keys of
 * the table have errors (Zod skips refinements after an issue by default), as
 * long as the value is a table at all.
 */
export const whenTable = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null && !Array.isArray(payload.value),
};

/** A `type = "rl"` style discriminator some configs carry at the top level. */
export function typeTag<T extends string>(value: T) {
  return z.literal(value).optional().meta({
    description: `Config kind. Optional: task-app detects the kind from the content, but an explicit type = "${value}" wins.`,
  });
}
