/**
 * `policy.config` of a rollout request, also written as `[rollout.policy_config]`
 * in RL TOML and `[eval.policy_config]` in eval TOML (CONTRACT.md §6).
 * Known keys are typed; any other key is kept as is, because task apps read
 * their own extra keys from this map.
 */
import { z } from "../zod.js";

export const ThinkingMode = z.enum(["think", "no_think"]).meta({
  description:
    'Whether the policy model reasons inside <think> tags ("think") or answers directly ("no_think"). Forwarded as a top-level field of the inference request body.',
});

export const ThinkingBudget = z.number().int().positive().meta({
  description:
    'Token budget for the <think> section. A positive integer; only meaningful with thinking_mode = "think". synth-ai task apps default it to 1028 unless the inference URL is openai.com.',
  examples: [1028, 2048],
});

const policyConfigShape = {
  inference_url: z.string().min(1).optional().meta({
    description:
      "OpenAI-compatible chat-completions base URL the task app calls for the policy. A URL ending in /chat/completions is used as is; one ending in /v1 gets /chat/completions appended.",
    examples: ["http://localhost:8000/v1", "https://api.openai.com/v1"],
  }),
  model: z.string().min(1).optional().meta({
    description: "Model id the task app asks the inference server for.",
    examples: ["Qwen/Qwen3-4B", "gpt-5-nano"],
  }),
  provider: z.string().min(1).optional().meta({
    description: "Inference provider the task app talks to.",
    examples: ["openai", "groq", "synth"],
  }),
  temperature: z.number().min(0).optional().meta({ description: "Sampling temperature.", examples: [0.7] }),
  top_p: z.number().gt(0).max(1).optional().meta({ description: "Nucleus-sampling probability mass.", examples: [0.95] }),
  max_tokens: z.number().int().positive().optional().meta({
    description: "Maximum tokens per completion (sent as max_completion_tokens to gpt-5 models).",
    examples: [512],
  }),
  max_completion_tokens: z.number().int().positive().optional().meta({
    description: "Maximum completion tokens, for providers that take this name instead of max_tokens.",
    examples: [512],
  }),
  max_llm_calls: z.number().int().positive().optional().meta({
    description: "Cap on policy (LLM) calls per episode.",
    examples: [10],
  }),
  use_tools: z.boolean().optional().meta({
    description:
      'Send tools with tool_choice "required" so the policy answers through a tool call. Default true in synth-ai task apps.',
  }),
  use_vision: z.boolean().optional().meta({
    description:
      "Attach observation images as image_url content parts. When unset, task apps infer it from the model name.",
  }),
  image_only_mode: z.boolean().optional().meta({
    description: "Send only image parts, no text observation. Needs use_vision (setting it forces vision on).",
  }),
  max_images_per_step: z.number().int().positive().optional().meta({
    description: "Maximum images attached to one policy turn.",
    examples: [1],
  }),
  thinking_mode: ThinkingMode.optional(),
  thinking_budget: ThinkingBudget.optional(),
};

/** Known keys typed; other keys kept (`catchall`), as task apps read their own. */
export const PolicyConfig = z.object(policyConfigShape).catchall(z.unknown()).meta({
  id: "PolicyConfig",
  description:
    "Policy settings the task app reads for each rollout: inference endpoint, sampling, tools, vision and thinking controls. Unknown keys are kept for the task app.",
});
export type PolicyConfig = z.infer<typeof PolicyConfig>;

/** The same keys for TOML tables, where a typo should be caught: unknown keys are errors. */
export const PolicyConfigTable = z.strictObject(policyConfigShape).meta({
  description:
    "Policy settings sent to the task app in every rollout request as policy.config: inference endpoint, sampling, tools, vision and thinking controls.",
});
