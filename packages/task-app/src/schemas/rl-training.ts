/**
 * `[training]` of an RL config, with its reward, weight-sync and LoRA sub-tables
 * (CONTRACT.md §11.2). Later-era configs nest rewards and LoRA here.
 */
import { z } from "../zod.js";
import { LoraConfig, posInt, StepRewardsMode, StepRewardsStrategy } from "./train-common.js";

const rewardKeys = {
  step_rewards_enabled: z.boolean().optional().meta({ description: "Turn on decision-level step rewards." }),
  step_rewards_mode: StepRewardsMode.optional().meta({
    description: "How step rewards are computed.",
  }),
  step_rewards_indicator_lambda: z.number().optional().meta({ description: "Weight of the new-achievement indicator.", examples: [0.5] }),
  step_rewards_beta: z.number().optional().meta({ description: "Weight of the shaped step term.", examples: [0] }),
  step_rewards_strategy: StepRewardsStrategy.optional().meta({
    description: "How achievements are weighted.",
  }),
  event_rewards_kind: z.enum(["unique", "absolute"]).optional().meta({
    description: 'Decision scalar: "unique" counts new achievements only, "absolute" counts all.',
  }),
};

export const RewardsConfig = z.strictObject(rewardKeys).meta({
  description: "Step and event reward settings (later era; the same keys once sat directly in [training]).",
});

export const WeightSyncConfig = z
  .strictObject({
    enable: z.boolean().optional().meta({ description: "Push trained weights to the vLLM servers." }),
    targets: z.array(z.string().min(1)).optional().meta({ description: 'What receives the weights; include "policy".', examples: [["policy"]] }),
    mode: z.string().min(1).optional().meta({ description: 'Transfer mode. The trainer supports only "direct"; the later CLI rewrites any other value to it.', examples: ["direct"] }),
    direct: z.boolean().optional().meta({ description: "Transfer weights GPU to GPU." }),
    verify_every_k: z.number().int().nonnegative().optional().meta({ description: "Verify checksums every k syncs (0 = never).", examples: [0] }),
    weight_sync_interval: posInt("Iterations between syncs.", [1]).optional(),
    interval: posInt("Iterations between syncs (alias).", [1]).optional(),
    chunk_bytes: z.number().int().nonnegative().optional().meta({ description: "Bytes per transfer chunk (0 = backend default).", examples: [0] }),
  })
  .meta({ description: "How trained weights reach the rollout servers." });

export const RLTrainingConfig = z
  .strictObject({
    num_epochs: posInt("Training epochs.", [1]),
    iterations_per_epoch: posInt("Iterations per epoch.", [10]),
    max_turns: posInt("Maximum turns per episode seen by the trainer.", [10]),
    batch_size: posInt("Episodes per training batch.", [16]),
    group_size: posInt("Rollouts per group (GSPO/GRPO groups share a prompt).", [4]),
    learning_rate: z.number().positive().meta({ description: "Optimizer learning rate.", examples: [5e-5] }),
    gradient_accumulation_steps: posInt("Micro-batches accumulated per optimizer step.", [1]).optional(),
    max_accumulated_minibatch: posInt("Maximum accumulated minibatches.", [1]).optional(),
    log_interval: posInt("Iterations between log lines.", [1]).optional(),
    weight_sync_interval: posInt("Iterations between weight syncs.", [1]).optional(),
    async_semaphore_max: posInt(
      "Maximum concurrent in-flight generations per trainer. Instruct models collapse above 4.",
      [4],
    ).optional(),
    max_images_per_message: posInt("Maximum images per chat message (vision models).", [1]).optional(),
    supports_vision: z.boolean().optional().meta({ description: "The policy takes image inputs." }),
    max_completion_tokens: posInt("Maximum completion tokens per turn.", [256]).optional(),
    max_grad_norm: z.number().positive().optional().meta({ description: "Gradient clipping norm.", examples: [0.5] }),
    update_reference_interval: posInt("Iterations between reference-model refreshes.", [1]).optional(),
    weight_sync_verify_checksums: z.boolean().optional().meta({ description: "Verify weight checksums after sync." }),
    ops: z.array(z.string().min(1)).optional().meta({
      description: "Op sequence (legacy place; prefer rollout.ops).",
      examples: [["agent", "env"]],
    }),
    reward_positive: z.number().optional().meta({ description: "Reward for a correct answer (math).", examples: [1] }),
    reward_negative_no_tool: z.number().optional().meta({
      description: "Reward when the policy makes no tool call (math).",
      examples: [-1],
    }),
    reward_negative_no_answer: z.number().optional().meta({
      description: "Reward when the policy gives no answer (math).",
      examples: [-0.5],
    }),
    step_rewards_weights: z.record(z.string(), z.number()).optional().meta({
      description: "Per-achievement step-reward weights.",
      examples: [{ collect_sapling: 0.6, collect_wood: 0.8, collect_stone: 1.0, collect_iron: 1.2 }],
    }),
    step_rewards_k_limits: z.record(z.string(), z.number().int()).optional().meta({
      description: "Per-achievement caps on rewarded repetitions.",
      examples: [{ collect_sapling: 2, collect_wood: 4, collect_stone: 3, collect_iron: 3 }],
    }),
    ...rewardKeys,
    weight_sync: WeightSyncConfig.optional(),
    rewards: RewardsConfig.optional(),
    lora: LoraConfig.optional(),
  })
  .meta({ description: "Trainer settings." });
