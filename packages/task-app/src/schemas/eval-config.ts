/**
 * EvalConfig: an evaluation run against a task app (CONTRACT.md §14). The eval
 * CLI reads the `[eval]` table, or the whole file when there is none (the flat
 * legacy form), so both shapes are accepted with the same keys.
 */
import { z } from "../zod.js";
import { PY_EMPTY_OR_NOT_BLANK } from "../text/python-str.js";
import { TraceFormat } from "./rollout.js";
import { PolicyConfigTable } from "./policy-config.js";
import { EnvConfigTable, RolloutConfig } from "./rl-rollout.js";
import { posInt, typeTag, whenTable } from "./train-common.js";

export const SeedSpec = z
  .union([
    z.array(z.number().int()).min(1),
    z.number().int(),
    z.string().regex(/^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/, 'seeds as a string are numbers and inclusive ranges: "1,2,3", "0-99" or "1-5,9"'),
  ])
  .meta({
    description: 'Seeds to evaluate: a list of integers, one integer, or a string of numbers and inclusive ranges ("1,2,3", "0-99", "1-5,9").',
    examples: [[0, 1, 2], "0-99", "1-5,9"],
  });

export const JudgeSpec = z
  .strictObject({
    module: z.string().min(1).optional().meta({
      description: "Python module of the judge. Exactly one of module and path.",
      examples: ["examples.multi_step.judges.crafter_backend_judge"],
    }),
    path: z.string().min(1).optional().meta({
      description: "File path of the judge. Exactly one of module and path.",
      examples: ["examples/multi_step/judges/crafter_backend_judge.py"],
    }),
    callable: z.string().min(1).optional().meta({ description: 'Function to call (default "judge").', examples: ["judge"] }),
    function: z.string().min(1).optional().meta({ description: "Alias of callable.", examples: ["judge"] }),
    name: z.string().min(1).optional().meta({ description: "Name of this judge in the results.", examples: ["Backend"] }),
    backend_url: z.string().min(1).optional().meta({
      description: "Judge backend URL (passed to the judge).",
      examples: ["http://localhost:8000/api"],
    }),
    model: z.string().min(1).optional().meta({ description: "Judge model (passed to the judge).", examples: ["openai/gpt-oss-120b"] }),
    timeout_s: z.number().positive().optional().meta({ description: "Seconds per judge call (passed to the judge).", examples: [45] }),
  })
  .superRefine((judge, ctx) => {
    if ((judge.module === undefined) === (judge.path === undefined))
      ctx.addIssue({ code: "custom", path: [], message: "set exactly one of module or path for a judge", params: { rule: "judge_module_xor_path" } });
  }, whenTable)
  .meta({ description: "A judge that scores each evaluated episode." });

const JudgeTable = z
  .union([JudgeSpec, z.record(z.string(), JudgeSpec)])
  .meta({ description: "One judge, or several as named sub-tables ([eval.judge.<name>])." });

const EvalPolicyTable = PolicyConfigTable.extend({
  max_actions_per_call: posInt("Actions the policy may take per tool call (sokoban).", [4]).optional(),
}).meta({ description: "Policy settings of the legacy flat form." });

const evalKeys = {
  app_id: z.string().min(1).optional().meta({ description: "Registered task app id.", examples: ["grpo-crafter-task-app"] }),
  task_app_url: z.string().min(1).optional().meta({ description: "Task app base URL (else --url).", examples: ["http://127.0.0.1:8001"] }),
  model: z.string().min(1).optional().meta({ description: "Policy model id.", examples: ["Qwen/Qwen3-4B"] }),
  provider: z.string().min(1).optional().meta({ description: "Inference provider.", examples: ["openai", "groq", "synth"] }),
  inference_url: z.string().min(1).optional().meta({
    description: "Inference endpoint for the policy.",
    examples: ["https://api.groq.com/openai", "http://localhost:8001/proxy/groq"],
  }),
  seeds: SeedSpec.optional(),
  seed_start: z.number().int().nonnegative().optional().meta({ description: "First seed (legacy flat form, with num_episodes).", examples: [0] }),
  num_episodes: posInt("Episodes to run (legacy flat form).", [20]).optional(),
  split: z.string().min(1).optional().meta({ description: "Dataset split.", default: "train", examples: ["train", "test"] }),
  max_turns: posInt("Maximum turns per episode.", [10]).optional(),
  max_llm_calls: z.number().int().positive().optional().meta({ description: "Maximum policy calls per episode.", default: 10, examples: [10] }),
  concurrency: z.number().int().positive().optional().meta({ description: "Episodes in flight at once.", default: 1, examples: [5] }),
  rollouts_per_seed: posInt("Rollouts per seed (task-app eval).", [1, 4]).optional(),
  timeout_s: z.number().positive().optional().meta({ description: "Seconds one rollout may take before task-app eval counts it as timed out.", examples: [600] }),
  env_name: z.string().min(1).regex(PY_EMPTY_OR_NOT_BLANK, "must not be blank: synth-ai strips it and refuses what is left empty").optional().meta({ description: "Environment name.", examples: ["crafter"] }),
  policy_name: z.string().min(1).regex(PY_EMPTY_OR_NOT_BLANK, "must not be blank: synth-ai strips it and refuses what is left empty").optional().meta({ description: "Policy name.", examples: ["crafter-react"] }),
  trace_format: TraceFormat.optional().meta({ description: "Trace shape requested from the task app." }),
  return_trace: z.boolean().optional().meta({ description: "Ask the task app to return a trace.", default: false }),
  ops: z.array(z.string().min(1)).optional().meta({ description: "Op sequence per rollout.", examples: [["agent", "env"]] }),
  env_config: EnvConfigTable.optional(),
  policy_config: PolicyConfigTable.optional(),
  env_file: z.string().min(1).optional().meta({ description: "Env file with ENVIRONMENT_API_KEY and provider keys.", examples: [".env"] }),
  metadata: z.record(z.string(), z.unknown()).optional().meta({
    description: "Metadata stored with each result.",
    examples: [{ experiment: "crafter-baseline", model_family: "qwen3" }],
  }),
  metadata_sql: z.string().min(1).optional().meta({
    description: "SQL that selects seeds from a trace store.",
    examples: ["SELECT seed FROM tasks WHERE difficulty = 'easy' LIMIT 20"],
  }),
  temperature: z.number().min(0).optional().meta({ description: "Sampling temperature.", examples: [0.7] }),
  max_tokens: posInt("Maximum tokens per turn.", [512]).optional(),
  reasoning_effort: z.string().min(1).optional().meta({ description: "Reasoning effort for models that take it.", examples: ["low", "medium", "high"] }),
  system_hint: z.string().optional().meta({
    description: "Hint appended to the system prompt.",
    examples: ["Answer with exactly one tool call."],
  }),
  tool_choice: z.string().min(1).optional().meta({ description: "OpenAI tool_choice.", examples: ["required", "auto"] }),
  use_tools: z.boolean().optional().meta({ description: "Answer through tool calls." }),
  use_vision: z.boolean().optional().meta({ description: "Attach observation images." }),
  image_only_mode: z.boolean().optional().meta({ description: "Send only images, no text observation." }),
  judge: JudgeTable.optional(),
  judges: z.array(JudgeSpec).optional().meta({ description: "Several judges." }),
  policy: EvalPolicyTable.optional(),
  rollout: RolloutConfig.partial().optional().meta({ description: "Rollout settings (legacy flat form)." }),
};

export const EvalTable = z.strictObject(evalKeys).meta({ description: "The evaluation run." });

export const EvalConfig = z
  .strictObject({ type: typeTag("eval"), eval: EvalTable.optional(), ...evalKeys })
  .superRefine((config, ctx) => {
    if (config.eval === undefined || config.eval === null) return;
    const { type: _type, eval: _eval, ...topLevel } = config;
    for (const key of Object.keys(topLevel))
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `move ${key} into [eval]: the eval CLI reads only the [eval] table when the file has one`,
        params: { rule: "eval_top_level_ignored" },
      });
  }, whenTable)
  .meta({
    id: "EvalConfig",
    title: "task-app eval config",
    description:
      "An evaluation run against a task app: model, seeds, policy and environment settings, judges. Keys go in [eval], or at the top level in the legacy flat form (not both).",
  });

export type EvalConfig = z.infer<typeof EvalConfig>;
