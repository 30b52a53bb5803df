/**
 * Rows of the rules about images, thinking modes and Instruct models
 * (run by test/rules-vision-thinking.test.ts).
 */
import { edit } from "./corpus.js";
import { EVAL, RL, RL_VL, type RowTable } from "./rules-table.js";

export const VISION_THINKING_ROWS: RowTable = {
  image_only_needs_vision: [
    {
      name: "rollout.policy_config: image_only_mode without use_vision",
      kind: "rl",
      toml: `${RL_VL}\n[rollout.policy_config]\nuse_vision = false\nimage_only_mode = true\n`,
      expect: [
        {
          at: "image_only_mode = true",
          code: "image_only_needs_vision",
          text: "error: rollout.policy_config.image_only_mode: image_only_mode = true needs vision, but use_vision = false in the same table: set use_vision = true",
        },
      ],
    },
    {
      name: "[eval]: image_only_mode without use_vision",
      kind: "eval",
      toml: edit(EVAL, ["seeds = [0, 1, 2]", "seeds = [0, 1, 2]\nuse_vision = false\nimage_only_mode = true"]),
      expect: [
        {
          at: "image_only_mode = true",
          code: "image_only_needs_vision",
          text: "error: eval.image_only_mode: image_only_mode = true needs vision, but use_vision = false in the same table: set use_vision = true",
        },
      ],
    },
    {
      name: "image_only_mode with use_vision unset is fine (it turns vision on)",
      kind: "rl",
      toml: `${RL_VL}\n[rollout.policy_config]\nimage_only_mode = true\n`,
      expect: [],
    },
  ],
  thinking_budget_mode: [
    {
      name: 'thinking_budget with thinking_mode = "no_think"',
      kind: "rl",
      toml: edit(RL, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\nthinking_mode = "no_think"\nthinking_budget = 512']),
      expect: [
        {
          at: "thinking_budget = 512",
          code: "thinking_budget_mode",
          text: 'error: rollout.thinking_budget: thinking_budget has no effect with thinking_mode = "no_think": remove it or set thinking_mode = "think"',
        },
      ],
    },
    {
      name: "thinking_budget without thinking_mode (warning)",
      kind: "rl",
      toml: `${RL}\n[rollout.policy_config]\nthinking_budget = 1024\n`,
      expect: [
        {
          at: "thinking_budget = 1024",
          code: "thinking_budget_mode",
          text: 'warning: rollout.policy_config.thinking_budget: thinking_budget is only used with thinking_mode = "think"; set thinking_mode next to it',
        },
      ],
    },
    {
      name: '[eval.policy_config]: thinking_budget with thinking_mode = "no_think"',
      kind: "eval",
      toml: edit(EVAL, ["temperature = 0.6", 'temperature = 0.6\nthinking_mode = "no_think"\nthinking_budget = 256']),
      expect: [
        {
          at: "thinking_budget = 256",
          code: "thinking_budget_mode",
          text: 'error: eval.policy_config.thinking_budget: thinking_budget has no effect with thinking_mode = "no_think": remove it or set thinking_mode = "think"',
        },
      ],
    },
    {
      name: 'thinking_budget with thinking_mode = "think" is fine',
      kind: "rl",
      toml: edit(RL, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\nthinking_mode = "think"\nthinking_budget = 512']),
      expect: [],
    },
  ],
  image_settings_on_text_model: [
    {
      name: "use_vision on a text-only model",
      kind: "rl",
      toml: `${RL}\n[rollout.policy_config]\nuse_vision = true\n`,
      expect: [
        {
          at: "use_vision = true",
          code: "image_settings_on_text_model",
          text: "warning: rollout.policy_config.use_vision: use_vision is set but Qwen/Qwen3-4B is a text-only model: images would be dropped or rejected",
        },
      ],
    },
    {
      name: "training.supports_vision and vllm.limit_mm_per_prompt on a text-only model",
      kind: "rl",
      toml: `${edit(RL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nsupports_vision = true"])}\n[vllm.limit_mm_per_prompt]\nimage = 1\n`,
      expect: [
        {
          at: "supports_vision = true",
          code: "image_settings_on_text_model",
          text: "warning: training.supports_vision: supports_vision is set but Qwen/Qwen3-4B is a text-only model: images would be dropped or rejected",
        },
        {
          at: "[vllm.limit_mm_per_prompt]",
          code: "image_settings_on_text_model",
          text: "warning: vllm.limit_mm_per_prompt: vllm.limit_mm_per_prompt is set but Qwen/Qwen3-4B is a text-only model",
        },
      ],
    },
    {
      name: "use_vision = false on a text-only model is fine",
      kind: "rl",
      toml: `${RL}\n[rollout.policy_config]\nuse_vision = false\n`,
      expect: [],
    },
    {
      name: "a model id task-app cannot classify is not judged (only the catalog warning)",
      kind: "rl",
      toml: `${edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "local-checkpoint"'])}\n[rollout.policy_config]\nuse_vision = true\n`,
      expect: [
        {
          at: "base = ",
          code: "rl_supported_model",
          text: "error: model.base: local-checkpoint is not in synth-ai\'s model catalog (Qwen3, Qwen3-Coder, Qwen3-VL): synth-ai refuses it before a job is created; pass --allow-unknown-models for a backend with a larger catalog",
        },
      ],
    },
    {
      name: "a fine-tuned Qwen3-VL id is a vision model",
      kind: "rl",
      toml: `${edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "ft:Qwen/Qwen3-VL-8B-Instruct:job-1"'])}\n[rollout.policy_config]\nuse_vision = true\n`,
      expect: [],
    },
  ],
  thinking_on_non_thinking_model: [
    {
      name: "rollout.thinking_mode on an Instruct model",
      kind: "rl",
      toml: edit(RL_VL, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\nthinking_mode = "think"']),
      expect: [
        {
          at: 'thinking_mode = "think"',
          code: "thinking_on_non_thinking_model",
          text: "warning: rollout.thinking_mode: thinking_mode is set but Qwen/Qwen3-VL-4B-Instruct has no thinking mode; use a -Thinking or hybrid Qwen3 model",
        },
      ],
    },
    {
      name: "evaluation.thinking_budget on an Instruct model (both rules speak)",
      kind: "rl",
      toml: `${RL_VL}\n[evaluation]\ninstances = 4\nevery_n_iters = 5\nseeds = [0, 1]\nthinking_mode = "think"\nthinking_budget = 256\n`,
      expect: [
        {
          at: 'thinking_mode = "think"',
          code: "thinking_on_non_thinking_model",
          text: "warning: evaluation.thinking_mode: thinking_mode is set but Qwen/Qwen3-VL-4B-Instruct has no thinking mode; use a -Thinking or hybrid Qwen3 model",
        },
        {
          at: "thinking_budget = 256",
          code: "thinking_on_non_thinking_model",
          text: "warning: evaluation.thinking_budget: thinking_budget is set but Qwen/Qwen3-VL-4B-Instruct has no thinking mode; use a -Thinking or hybrid Qwen3 model",
        },
      ],
    },
    {
      name: 'thinking_mode = "no_think" on an Instruct model is fine',
      kind: "rl",
      toml: edit(RL_VL, ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\nthinking_mode = "no_think"']),
      expect: [],
    },
    {
      name: "thinking_mode on a -Thinking model is fine",
      kind: "rl",
      toml: edit(RL_VL, ["Qwen3-VL-4B-Instruct", "Qwen3-VL-4B-Thinking"], ["task_app_origin_rewards_only = true", 'task_app_origin_rewards_only = true\nthinking_mode = "think"']),
      expect: [],
    },
  ],
  instruct_async_semaphore: [
    {
      name: "async_semaphore_max above 4 on an Instruct model",
      kind: "rl",
      toml: edit(RL_VL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nasync_semaphore_max = 8"]),
      expect: [
        {
          at: "async_semaphore_max = 8",
          code: "instruct_async_semaphore",
          text: "warning: training.async_semaphore_max: async_semaphore_max = 8 with an Instruct model (Qwen/Qwen3-VL-4B-Instruct): instruct variants collapse with a large semaphore; use 4 or less",
        },
      ],
    },
    {
      name: "async_semaphore_max = 4 on an Instruct model is fine",
      kind: "rl",
      toml: edit(RL_VL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nasync_semaphore_max = 4"]),
      expect: [],
    },
    {
      name: "a large semaphore on a hybrid model is fine",
      kind: "rl",
      toml: edit(RL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nasync_semaphore_max = 16"]),
      expect: [],
    },
  ],
};
