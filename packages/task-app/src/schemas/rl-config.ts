/**
 * RLConfig: the TOML file that drives an RL training job (CONTRACT.md §11).
 * Accepts both eras real configs use: `[model]` + `[topology]` (0.2.13) and
 * `[policy]` + `[compute.topology]` + `[training.rewards]` / `[training.lora]`
 * (later). Rules that span sections live in `src/config/rules/`.
 */
import { z } from "../zod.js";
import { JudgeConfig, RubricSection, SmokeConfig } from "./rl-judge.js";
import { ModelConfig, PolicySection, ReferenceConfig, ServicesConfig, VllmConfig } from "./rl-model.js";
import { EvaluationConfig, RolloutConfig } from "./rl-rollout.js";
import { RLTrainingConfig } from "./rl-training.js";
import { AlgorithmConfig, ComputeConfig, LoraConfig, Tags, TopologyConfig, typeTag } from "./train-common.js";

export const RLConfig = z
  .strictObject({
    type: typeTag("rl"),
    algorithm: AlgorithmConfig,
    services: ServicesConfig,
    compute: ComputeConfig,
    topology: TopologyConfig.optional().meta({ description: "GPU split (0.2.13 place; later configs use [compute.topology])." }),
    vllm: VllmConfig.optional(),
    reference: ReferenceConfig.optional(),
    model: ModelConfig.optional().meta({ description: "The model to train (0.2.13 era). Give [model] or [policy]." }),
    policy: PolicySection.optional().meta({ description: "The model and sampling settings (later era). Give [model] or [policy]." }),
    lora: LoraConfig.optional().meta({ description: "LoRA settings (0.2.13 place; later configs use [training.lora])." }),
    rollout: RolloutConfig,
    evaluation: EvaluationConfig.optional(),
    training: RLTrainingConfig.optional(),
    judge: JudgeConfig.optional(),
    rubric: RubricSection.optional(),
    tags: Tags.optional(),
    smoke: SmokeConfig.optional(),
  })
  .meta({
    id: "RLConfig",
    title: "task-app RL config",
    description:
      "An RL training job for a synth-ai compatible trainer: algorithm, task app URL, hardware, model, rollouts, training, evaluation and judge settings.",
  });

export type RLConfig = z.infer<typeof RLConfig>;
export type RLConfigInput = z.input<typeof RLConfig>;
