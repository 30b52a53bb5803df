/**
 * SFTConfig: the TOML file that drives a supervised fine-tuning job
 * (CONTRACT.md §13.1). `[algorithm]` is required: the 0.2.13 payload builder
 * rejects a config without it.
 */
import { z } from "../zod.js";
import { PY_SPACE_CLASS } from "../text/python-str.js";
import { AlgorithmConfig, ComputeConfig, LoraConfig, posInt, Tags, typeTag } from "./train-common.js";

const validationKeys = {
  evaluation_strategy: z.enum(["steps", "epoch", "no"]).optional().meta({ description: 'When to evaluate: "steps", "epoch" or "no".' }),
  eval_steps: z.number().int().nonnegative().optional().meta({ description: "Steps between evaluations.", examples: [100] }),
  save_best_model_at_end: z.boolean().optional().meta({ description: "Keep the checkpoint with the best validation metric." }),
  load_best_model_at_end: z.boolean().optional().meta({ description: "Load the best checkpoint when training ends." }),
  metric_for_best_model: z.string().min(1).optional().meta({ description: "Metric that picks the best checkpoint.", examples: ["val.loss"] }),
  greater_is_better: z.boolean().optional().meta({ description: "A higher metric is better." }),
};

export const SFTValidationConfig = z
  .strictObject({ enabled: z.boolean().optional().meta({ description: "Evaluate on data.validation_path during training." }), ...validationKeys })
  .meta({ description: "Validation during training." });

export const ParallelismConfig = z
  .strictObject({
    use_deepspeed: z.boolean().optional().meta({ description: "Train with DeepSpeed." }),
    deepspeed_stage: z.number().int().min(0).max(3).optional().meta({ description: "DeepSpeed ZeRO stage (0-3).", examples: [2, 3] }),
    fsdp: z.boolean().optional().meta({ description: "Train with FSDP." }),
    fsdp_sharding_strategy: z.string().min(1).optional().meta({ description: "FSDP sharding strategy.", examples: ["full_shard"] }),
    fsdp_auto_wrap_policy: z.string().min(1).optional().meta({ description: "FSDP auto-wrap policy.", examples: ["transformer_block"] }),
    fsdp_use_orig_params: z.boolean().optional().meta({ description: "FSDP use_orig_params." }),
    bf16: z.boolean().optional().meta({ description: "bfloat16 mixed precision." }),
    fp16: z.boolean().optional().meta({ description: "float16 mixed precision." }),
    activation_checkpointing: z.boolean().optional().meta({ description: "Recompute activations to save memory." }),
    tensor_parallel_size: posInt("Tensor-parallel size.", [1]).optional(),
    pipeline_parallel_size: posInt("Pipeline-parallel size.", [1]).optional(),
    ...validationKeys,
  })
  .meta({
    description:
      "Parallelism and precision. Evaluation keys found here are accepted for compatibility but belong in [training.validation].",
  });

export const SFTHyperparameters = z
  .strictObject({
    n_epochs: posInt("Passes over the dataset.", [1]).default(1),
    batch_size: posInt("Examples per batch.", [1]).optional(),
    global_batch: posInt("Examples per optimizer step across all GPUs.", [512]).optional(),
    per_device_batch: posInt("Examples per GPU per micro-batch.", [1]).optional(),
    gradient_accumulation_steps: posInt("Micro-batches per optimizer step.", [64]).optional(),
    sequence_length: posInt("Maximum tokens per example.", [4096]).optional(),
    learning_rate: z.number().positive().optional().meta({ description: "Optimizer learning rate.", examples: [5e-6] }),
    warmup_ratio: z.number().min(0).max(1).optional().meta({ description: "Fraction of steps spent warming up.", examples: [0.03] }),
    weight_decay: z.number().min(0).optional().meta({
      description: "AdamW weight decay (not forwarded by the 0.2.13 payload builder).",
      examples: [0.01],
    }),
    train_kind: z.string().min(1).optional().meta({ description: 'Training kind: "fft", "peft", "sft".', examples: ["peft"] }),
    world_size: posInt("Total processes (not forwarded by the 0.2.13 payload builder).", [4]).optional(),
    lora_rank: posInt("LoRA rank (not forwarded by the 0.2.13 payload builder; prefer [lora].r).", [16]).optional(),
    lora_alpha: posInt("LoRA alpha (prefer [lora].alpha).", [32]).optional(),
    lora_dropout: z.number().min(0).max(1).optional().meta({ description: "LoRA dropout (prefer [lora].dropout).", examples: [0.05] }),
    lora_target_modules: z.array(z.string().min(1)).optional().meta({
      description: "LoRA target modules (prefer [lora].target_modules).",
      examples: [["all-linear"], ["q_proj", "k_proj", "v_proj", "o_proj"]],
    }),
    parallelism: ParallelismConfig.optional(),
  })
  .meta({ description: "Optimizer and batch settings forwarded to the trainer." });

export const SFTConfig = z
  .strictObject({
    type: typeTag("sft"),
    algorithm: AlgorithmConfig,
    job: z
      .strictObject({
        // Blank as Python's str.strip() sees it: synth-ai's builder strips the id before it looks at it.
        model: z.string().regex(new RegExp(`[^${PY_SPACE_CLASS}]`), "model not specified: job.model is blank").meta({ description: "Base model to fine-tune (a base id: synth-ai's SFT builder refuses fine-tuned ids).", examples: ["Qwen/Qwen3-4B"] }),
        data: z.string().min(1).optional().meta({ description: "Training JSONL path (relative to the working directory).", examples: ["ft_data/train.jsonl"] }),
        data_path: z.string().min(1).optional().meta({
          description: "Training JSONL path, used when data is not set.",
          examples: ["ft_data/train.jsonl"],
        }),
        poll_seconds: posInt("Seconds between job status polls.", [1800]).optional(),
        description: z.string().optional().meta({
          description: "Free-text job description.",
          examples: ["Crafter VLM SFT (text + image prompts)"],
        }),
        modalities: z.array(z.enum(["text", "image"])).optional().meta({
          description: "Input modalities of the data.",
          examples: [["text", "image"]],
        }),
      })
      .meta({ description: "What to fine-tune and on which data." }),
    compute: ComputeConfig.optional(),
    data: z
      .strictObject({
        topology: z.record(z.string(), z.unknown()).optional().meta({
          description: "Container/GPU layout hints for the backend.",
          examples: [{ container_count: 4 }],
        }),
        validation_path: z.string().min(1).optional().meta({
          description: "Validation JSONL path (a missing file is a warning).",
          examples: ["ft_data/train.val.jsonl"],
        }),
      })
      .optional()
      .meta({ description: "Data layout and validation data." }),
    training: z
      .strictObject({
        mode: z.string().min(1).optional().meta({ description: 'Fine-tuning mode: "full_finetune", "lora", "sft_offline".', examples: ["lora"] }),
        use_qlora: z.boolean().optional().meta({ description: "Quantized LoRA." }),
        validation: SFTValidationConfig.optional(),
      })
      .optional()
      .meta({ description: "Training mode." }),
    hyperparameters: SFTHyperparameters.optional(),
    lora: LoraConfig.optional(),
    model_config: z
      .strictObject({
        supports_vision: z.boolean().optional().meta({ description: "The model takes image inputs." }),
        max_images_per_message: posInt("Maximum images in one chat message.", [1]).optional(),
        max_model_len: posInt("Context length.", [2048]).optional(),
      })
      .optional()
      .meta({ description: "Model capabilities (vision)." }),
    metadata: z.record(z.string(), z.unknown()).optional().meta({
      description: "Free-form metadata sent with the job.",
      examples: [{ effective_config: { compute: { gpu_type: "H200", gpu_count: 1, nodes: 1 } } }],
    }),
    tags: Tags.optional(),
  })
  .meta({
    id: "SFTConfig",
    title: "task-app SFT config",
    description: "A supervised fine-tuning job: algorithm, base model and data, hardware, hyperparameters and vision settings.",
  });

export type SFTConfig = z.infer<typeof SFTConfig>;
