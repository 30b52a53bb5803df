/**
 * RL config sections about collecting experience: `[rollout]` and `[evaluation]`
 * (CONTRACT.md §11.2, §6).
 */
import { z } from "../zod.js";
import { PY_EMPTY_OR_NOT_BLANK } from "../text/python-str.js";
import { posInt, StepRewardsMode, StepRewardsStrategy } from "./train-common.js";
import { PolicyConfigTable, ThinkingBudget, ThinkingMode } from "./policy-config.js";

export const StepRewardsEnvConfig = z
  .strictObject({
    enabled: z.boolean().optional().meta({ description: "Turn on decision-level step rewards inside the environment." }),
    mode: StepRewardsMode.optional().meta({ description: "How step rewards are computed." }),
    strategy: StepRewardsStrategy.optional().meta({ description: "How achievements are weighted." }),
    indicator_lambda: z.number().optional().meta({ description: "Weight of the new-achievement indicator.", examples: [0.5] }),
    step_beta: z.number().optional().meta({ description: "Weight of the shaped step term.", examples: [0] }),
    weights: z.record(z.string(), z.number()).optional().meta({
      description: "Per-achievement weights (strategy = per_achievement or complex).",
      examples: [{ collect_sapling: 0.1, craft_wood_pickaxe: 0.3, collect_diamond: 1.0 }],
    }),
    k_limits: z.record(z.string(), z.number().int()).optional().meta({
      description: "Per-achievement caps on rewarded repetitions.",
      examples: [{ collect_sapling: 1, craft_wood_pickaxe: 2, collect_diamond: 3 }],
    }),
  })
  .meta({ description: "Environment-side step-reward shaping (crafter)." });

export const EnvConfigTable = z
  .object({
    difficulty: z.string().min(1).optional().meta({ description: "Environment difficulty.", examples: ["easy"] }),
    step_rewards: StepRewardsEnvConfig.optional(),
  })
  .catchall(z.unknown())
  .meta({ description: "Environment settings sent in every rollout request as env.config. Task apps read their own keys from it." });

export const RolloutConfig = z
  .strictObject({
    env_name: z.string().min(1).regex(PY_EMPTY_OR_NOT_BLANK, "must not be blank: synth-ai strips it and refuses what is left empty").meta({ description: "Environment the task app runs.", examples: ["crafter", "math"] }),
    policy_name: z.string().min(1).regex(PY_EMPTY_OR_NOT_BLANK, "must not be blank: synth-ai strips it and refuses what is left empty").meta({ description: "Policy name sent in rollout requests.", examples: ["crafter-react"] }),
    max_turns: posInt("Maximum policy turns per episode.", [10]),
    episodes_per_batch: posInt("Episodes collected per batch.", [64]),
    max_concurrent_rollouts: posInt("Rollouts in flight at once against the task app.", [8]),
    batches_per_step: posInt("Batches per training step.", [2]).optional(),
    env_config: EnvConfigTable.optional(),
    policy_config: PolicyConfigTable.optional(),
    ops: z.array(z.string().min(1)).optional().meta({
      description: 'Op sequence per rollout: "agent" (policy turn) and "env" (environment step).',
      examples: [["agent", "env"]],
    }),
    task_app_origin_rewards_only: z.boolean().optional().meta({
      description: "Train only on rewards the task app returns. Exactly one of this and rubric_rewards_only should be true.",
    }),
    rubric_rewards_only: z.boolean().optional().meta({
      description: "Train only on judge/rubric rewards (needs [judge] or [rubric] enabled).",
    }),
    max_steps_per_episode: posInt("Environment steps per episode.", [50]).optional(),
    sampling_temperature: z.number().min(0).optional().meta({ description: "Sampling temperature (legacy place).", examples: [0.3] }),
    sampling_top_p: z.number().gt(0).max(1).optional().meta({ description: "Nucleus-sampling mass (legacy place).", examples: [0.95] }),
    max_tokens: posInt("Maximum tokens per policy turn (legacy place).", [1024]).optional(),
    ops_per_rollout: posInt("Ops per rollout (legacy).", [14]).optional(),
    on_done: z.enum(["reset", "terminate"]).optional().meta({ description: "What the task app does when an episode ends." }),
    thinking_mode: ThinkingMode.optional(),
    thinking_budget: ThinkingBudget.optional(),
  })
  .meta({ description: "How rollouts are collected from the task app." });

export const EvaluationConfig = z
  .strictObject({
    instances: posInt("Evaluation episodes per run.", [10]),
    every_n_iters: posInt("Evaluate every N training iterations.", [10]),
    seeds: z.array(z.number().int()).meta({ description: "Seeds to evaluate on.", examples: [[0, 1, 2, 3]] }),
    rollouts_per_seed: posInt("Rollouts per evaluation seed.", [1]).optional(),
    max_concurrent_rollouts: posInt("Evaluation rollouts in flight at once.", [4]).optional(),
    thinking_mode: ThinkingMode.optional(),
    thinking_budget: ThinkingBudget.optional(),
  })
  .meta({ description: "Periodic evaluation during RL training." });
