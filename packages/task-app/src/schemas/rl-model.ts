/**
 * RL config sections about what is trained and where it is served:
 * `[services]`, `[model]` (0.2.13 era), `[policy]` (later era), `[vllm]`, `[reference]`.
 */
import { z } from "../zod.js";
import { ThinkingBudget, ThinkingMode } from "./policy-config.js";
import { ReferencePlacement, whenTable } from "./train-common.js";
import { isPyBlank, isPyTruthyString, PY_EMPTY_OR_NOT_BLANK, PY_SPACE_CLASS } from "../text/python-str.js";

export const ServicesConfig = z
  .strictObject({
    // The scheme is case-insensitive (HTTPS://... is a URL for synth-ai and every HTTP client); spaces around are stripped by synth-ai.
    task_url: z.string().regex(new RegExp(`^[${PY_SPACE_CLASS}]*[hH][tT][tT][pP][sS]?://[^${PY_SPACE_CLASS}]+[${PY_SPACE_CLASS}]*$`), "must be an http:// or https:// URL").meta({
      description:
        "Base URL of the task app the trainer calls for rollouts. TASK_APP_URL in the environment, then --task-url, take precedence.",
      examples: ["https://my-org--crafter-task-app.modal.run"],
    }),
    judge_url: z.string().min(1).optional().meta({
      description: "Base URL of a hosted judge service.",
      examples: ["https://judge.example.com/api"],
    }),
  })
  .meta({ description: "Services the RL job talks to." });

const trainerMode = z.string().min(1).meta({
  description: 'How the weights are trained: "full" (all weights) or "lora" (adapters).',
  examples: ["full", "lora"],
});
const label = z.string().min(1).regex(PY_EMPTY_OR_NOT_BLANK, "must not be blank: synth-ai strips it and refuses what is left empty").meta({
  description: "Human-readable name for the trained model.",
  examples: ["crafter-rl-from-base"],
});

/** Vision and thinking settings of the trained model; in [model] or [policy]. */
const modelCapabilityKeys = {
    supports_vision: z.boolean().optional().meta({
      description: "The model takes image inputs. Set for Qwen3-VL models (injected by task-app when missing).",
    }),
    max_images_per_message: z.number().int().positive().optional().meta({
      description: "Maximum images in one chat message for a vision model.",
      examples: [1],
    }),
    vision_processor_id: z.string().min(1).optional().meta({
      description: "Hugging Face processor id used to prepare images (the model's own id for Qwen3-VL).",
      examples: ["Qwen/Qwen3-VL-4B-Instruct"],
    }),
    thinking_mode: ThinkingMode.optional().meta({
      description: 'Default reasoning mode of the model ("think" for -Thinking SKUs).',
    }),
    thinking_budget: ThinkingBudget.optional().meta({
      description: 'Token budget for the <think> section; only meaningful with thinking_mode = "think".',
      examples: [1024],
    }),
};

/**
 * A model id key: empty or naming something. A blank id ("   ") is an error:
 * synth-ai's model counts it as set (pydantic's exactly-one-of sees a truthy
 * string), then its builder strips it to nothing, so it never names a model.
 */
const modelId = (section: string, key: string) =>
  z.string().regex(new RegExp(`^$|[^${PY_SPACE_CLASS}]`), {
    error: `${section}.${key} is blank: synth-ai counts a blank id as set (exactly one of the model keys fails) and strips it to nothing; remove the key or name the model`,
  });

/** Exactly one of two model keys set, as synth-ai's model counts them (a non-empty string is set); blank ids are reported by their key. */
const countSet = (...values: unknown[]): number | undefined =>
  values.some((v) => typeof v === "string" && v !== "" && isPyBlank(v)) ? undefined : values.filter(isPyTruthyString).length;

export const ModelConfig = z
  .strictObject({
    source: modelId("model", "source").optional().meta({
      description:
        'A fine-tuned model to start from (ft:, fft:, qft: or rl: prefixed id). Exactly one of source and base. --model on the command line replaces it.',
      examples: ["ft:Qwen/Qwen3-4B:job-abc123"],
    }),
    base: modelId("model", "base").optional().meta({
      description: "A base model to start from (Hugging Face id). Exactly one of source and base.",
      examples: ["Qwen/Qwen3-4B", "Qwen/Qwen3-VL-4B-Instruct"],
    }),
    trainer_mode: trainerMode,
    label,
    ...modelCapabilityKeys,
    name: z.string().min(1).optional().meta({ description: "Display name (legacy configs).", examples: ["Qwen/Qwen3-0.6B"] }),
    dtype: z.string().min(1).optional().meta({ description: "Weight dtype.", examples: ["bfloat16"] }),
    seed: z.number().int().optional().meta({ description: "Random seed for training.", examples: [42] }),
  })
  .superRefine((m, ctx) => {
    const count = countSet(m.source, m.base);
    if (count !== undefined && count !== 1)
      ctx.addIssue({
        code: "custom",
        path: count === 0 ? [] : ["base"],
        message:
          count === 0
            ? "set exactly one of model.source (a fine-tuned id) or model.base (a base model id); neither is set"
            : "set exactly one of model.source or model.base, not both",
        params: { rule: "model_source_xor_base" },
      });
  }, whenTable)
  .meta({
    description:
      "The model to train (0.2.13 era). Exactly one of source (fine-tuned id) or base (base model id), plus trainer_mode and label.",
  });

export const PolicySection = z
  .strictObject({
    model_name: modelId("policy", "model_name").optional().meta({
      description: "Base model id to train. Exactly one of model_name and source.",
      examples: ["Qwen/Qwen3-4B"],
    }),
    source: modelId("policy", "source").optional().meta({
      description: "Fine-tuned model id to continue from. Exactly one of model_name and source.",
      examples: ["ft:Qwen/Qwen3-4B:job-abc123"],
    }),
    trainer_mode: trainerMode,
    label,
    max_tokens: z.number().int().positive().default(512).meta({ description: "Maximum tokens per policy turn.", examples: [512] }),
    temperature: z.number().min(0).default(0.7).meta({ description: "Sampling temperature for rollouts.", examples: [0.6] }),
    top_p: z.number().gt(0).max(1).default(0.95).meta({ description: "Nucleus-sampling mass for rollouts.", examples: [0.95] }),
    top_k: z.number().int().positive().optional().meta({ description: "Top-k sampling cutoff.", examples: [50] }),
    repetition_penalty: z.number().positive().default(1).meta({ description: "Repetition penalty.", examples: [1.1] }),
    stop_sequences: z.array(z.string()).optional().meta({ description: "Strings that end a completion.", examples: [["<|im_end|>"]] }),
    inference_url: z.string().min(1).optional().meta({
      description: "Inference endpoint override.",
      examples: ["https://agent-learning.onrender.com/api/inference"],
    }),
    ...modelCapabilityKeys,
  })
  .superRefine((p, ctx) => {
    const count = countSet(p.model_name, p.source);
    if (count !== undefined && count !== 1)
      ctx.addIssue({
        code: "custom",
        path: count === 0 ? [] : ["source"],
        message: "set exactly one of policy.model_name or policy.source",
        params: { rule: "policy_model_xor_source" },
      });
  }, whenTable)
  .meta({
    description:
      "The model and its sampling settings (later era; replaces [model]). Exactly one of model_name or source, plus trainer_mode and label.",
  });

export const VllmConfig = z
  .strictObject({
    tensor_parallel_size: z.number().int().positive().optional().meta({
      description: "Tensor-parallel size of each vLLM server; must match topology.tensor_parallel.",
      examples: [4],
    }),
    max_model_len: z.number().int().positive().optional().meta({ description: "Context length.", examples: [8192] }),
    max_num_seqs: z.number().int().positive().optional().meta({ description: "Maximum concurrent sequences.", examples: [32] }),
    max_parallel_generations: z.number().int().positive().optional().meta({ description: "Maximum parallel generations.", examples: [4] }),
    gpu_memory_utilization: z.number().gt(0).max(1).optional().meta({ description: "Fraction of GPU memory vLLM may use.", examples: [0.9] }),
    enforce_eager: z.boolean().optional().meta({ description: "Disable CUDA graphs." }),
    limit_mm_per_prompt: z
      .strictObject({
        image: z.number().int().nonnegative().meta({
          description: "Maximum images per prompt; at least training.max_images_per_message.",
          examples: [1],
        }),
      })
      .optional()
      .meta({ description: "Multimodal input limits per prompt (vision models)." }),
  })
  .meta({ description: "vLLM serving settings for rollouts." });

export const ReferenceConfig = z
  .strictObject({
    placement: ReferencePlacement.optional().meta({
      description: 'Where the reference model runs; "none" turns it off. Injected as "none" when missing.',
    }),
    port: z.number().int().min(1).max(65535).optional().meta({ description: "Port of the reference server.", examples: [8002] }),
    tp: z.number().int().positive().optional().meta({ description: "Tensor-parallel size of the reference server.", examples: [1] }),
    health_max_wait_s: z.number().int().positive().optional().meta({
      description: "Seconds to wait for the reference server to be healthy.",
      examples: [180],
    }),
    health_interval_ms: z.number().int().positive().optional().meta({ description: "Milliseconds between health probes.", examples: [300] }),
    model_id: z.string().min(1).optional().meta({ description: "Reference model id, when not the policy's base.", examples: ["Qwen/Qwen3-0.6B"] }),
  })
  .meta({ description: "Reference (KL) model server." });
