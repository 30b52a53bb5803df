/**
 * Cross-section rules, one row per rule and per branch: a small inline config
 * (a clean base, edited per row) and the exact findings users see, as
 * `formatFinding` prints them. Each row lists every finding the file gets, so
 * a rule that fires too often fails as surely as one that stays silent.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { rules } from "../src/config/rules/index.js";
import type { ConfigKind } from "../src/schemas/registry.js";
import { edit, positionOf } from "./helpers/corpus.js";

/** A clean 0.2.13-era RL config: hybrid Qwen3 text model, 4 GPUs split 2/1/1, TP 2. */
const RL = `[algorithm]
type = "online"
method = "policy_gradient"
variety = "gspo"

[services]
task_url = "https://task.example.com"

[compute]
gpu_type = "H100"
gpu_count = 4

[topology]
gpus_for_vllm = 2
gpus_for_training = 1
gpus_for_ref = 1
tensor_parallel = 2

[vllm]
tensor_parallel_size = 2

[model]
base = "Qwen/Qwen3-4B"
trainer_mode = "lora"
label = "crafter-rl"

[rollout]
env_name = "crafter"
policy_name = "crafter-react"
max_turns = 10
episodes_per_batch = 8
max_concurrent_rollouts = 4
task_app_origin_rewards_only = true

[training]
num_epochs = 1
iterations_per_epoch = 10
max_turns = 10
batch_size = 4
group_size = 4
learning_rate = 5e-5

[training.weight_sync]
enable = true
targets = ["policy"]
mode = "direct"
`;

/** The same config on a Qwen3-VL Instruct model (a vision model without a thinking mode). */
const RL_VL = edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-VL-4B-Instruct"']);

/** The later era: [policy] instead of [model], [compute.topology] instead of [topology]. */
const RL_POLICY = edit(
  RL,
  [
    "[topology]\ngpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\ntensor_parallel = 2\n",
    "[compute.topology]\ngpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\ntensor_parallel = 2\n",
  ],
  ['[model]\nbase = "Qwen/Qwen3-4B"', '[policy]\nmodel_name = "Qwen/Qwen3-4B"'],
);

const SFT = `[algorithm]
type = "offline"
method = "sft"
variety = "fft"

[job]
model = "Qwen/Qwen3-4B"
data = "ft_data/train.jsonl"

[compute]
gpu_type = "H100"
gpu_count = 1

[hyperparameters]
n_epochs = 1
batch_size = 4
learning_rate = 5e-6
`;

const EVAL = `[eval]
app_id = "grpo-crafter"
model = "Qwen/Qwen3-4B"
seeds = [0, 1, 2]

[eval.policy_config]
temperature = 0.6
`;

const FILTER = `[filter]
db = "traces/v3/synth_ai.db"
output = "ft_data/train.jsonl"
`;

interface Expected {
  /** Where the finding points: a unique needle for `positionOf` ("" = 1:1). */
  at: string;
  code: string;
  /** Everything after `file:line:col: `, exactly. */
  text: string;
}

interface Row {
  name: string;
  toml: string;
  kind: ConfigKind;
  expect: Expected[];
}

const FILE = { rl: "rl.toml", sft: "sft.toml", eval: "eval.toml", filter: "filter.toml" } as const;

function check(row: Row) {
  const file = FILE[row.kind];
  const result = checkConfigText(row.toml, { file });
  assert.equal(result.kind, row.kind, "detected kind");
  const got = result.findings.map((f) => `${f.code} | ${formatFinding(f)}`);
  const want = row.expect.map((e) => `${e.code} | ${file}:${positionOf(row.toml, e.at)}: ${e.text}`);
  assert.deepEqual([...got].sort(), [...want].sort());
  assert.equal(result.ok, !row.expect.some((e) => e.text.startsWith("error:")), "ok is true exactly when there is no error");
}

const BASES: Row[] = [
  { name: "RL base", toml: RL, kind: "rl", expect: [] },
  { name: "RL base on a Qwen3-VL Instruct model", toml: RL_VL, kind: "rl", expect: [] },
  { name: "RL base, later [policy] era", toml: RL_POLICY, kind: "rl", expect: [] },
  { name: "SFT base", toml: SFT, kind: "sft", expect: [] },
  { name: "eval base", toml: EVAL, kind: "eval", expect: [] },
  { name: "filter base", toml: FILTER, kind: "filter", expect: [] },
];

const GPU_SPLIT = "[topology]\ngpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\ntensor_parallel = 2\n";

/** Rows per rule code; every code in src/config/rules must have a row. */
const ROWS: Record<string, Row[]> = {
  rl_model_section: [
    {
      name: "neither [model] nor [policy]",
      kind: "rl",
      toml: edit(RL, ['[model]\nbase = "Qwen/Qwen3-4B"\ntrainer_mode = "lora"\nlabel = "crafter-rl"\n', ""]),
      expect: [
        {
          at: "",
          code: "rl_model_section",
          text: "error: missing [model] table: name the model to train with model.base or model.source (or use the later [policy] table)",
        },
      ],
    },
    {
      name: "both [model] and [policy]",
      kind: "rl",
      toml: `${RL}\n[policy]\nmodel_name = "Qwen/Qwen3-4B"\ntrainer_mode = "lora"\nlabel = "crafter-rl"\n`,
      expect: [{ at: "[policy]", code: "rl_model_section", text: "error: policy: give [model] or [policy], not both: they are two eras of the same setting" }],
    },
  ],
  rl_algorithm: [
    {
      name: "type is not online",
      kind: "rl",
      toml: edit(RL, ['type = "online"', 'type = "offline"']),
      expect: [
        {
          at: 'type = "offline"',
          code: "rl_algorithm",
          text: 'error: algorithm.type: unsupported RL algorithm type "offline": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"',
        },
      ],
    },
    {
      name: "method is not policy_gradient",
      kind: "rl",
      toml: edit(RL, ['method = "policy_gradient"', 'method = "ppo"']),
      expect: [
        {
          at: 'method = "ppo"',
          code: "rl_algorithm",
          text: 'error: algorithm.method: unsupported RL algorithm method "ppo": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"',
        },
      ],
    },
    {
      name: "variety is not gspo (only the first wrong key is reported)",
      kind: "rl",
      toml: edit(RL, ['method = "policy_gradient"', 'method = "reinforce"'], ['variety = "gspo"', 'variety = "grpo"']),
      expect: [
        {
          at: 'method = "reinforce"',
          code: "rl_algorithm",
          text: 'error: algorithm.method: unsupported RL algorithm method "reinforce": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"',
        },
      ],
    },
    {
      name: "variety alone is wrong",
      kind: "rl",
      toml: edit(RL, ['variety = "gspo"', 'variety = "grpo"']),
      expect: [
        {
          at: 'variety = "grpo"',
          code: "rl_algorithm",
          text: 'error: algorithm.variety: unsupported RL algorithm variety "grpo": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"',
        },
      ],
    },
    {
      name: "case and surrounding spaces do not matter",
      kind: "rl",
      toml: edit(RL, ['type = "online"', 'type = " Online "'], ['variety = "gspo"', 'variety = "GSPO"']),
      expect: [],
    },
  ],
  rl_model_source: [
    {
      name: "model.source is a base model id",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "Qwen/Qwen3-4B"']),
      expect: [
        {
          at: 'source = "Qwen/Qwen3-4B"',
          code: "rl_model_source",
          text: 'error: model.source: model.source "Qwen/Qwen3-4B" is not a fine-tuned model id (ft:, fft:, qft: or rl: prefix); to start from a base model use model.base',
        },
      ],
    },
    {
      name: "model.base is a fine-tuned id",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "ft:Qwen/Qwen3-4B:job-123"']),
      expect: [
        {
          at: "base = ",
          code: "rl_model_source",
          text: 'error: model.base: model.base "ft:Qwen/Qwen3-4B:job-123" is a fine-tuned model id; use model.source for it',
        },
      ],
    },
    {
      name: "every fine-tuned prefix is a valid model.source",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "RL:Qwen/Qwen3-4B:job-9"']),
      expect: [],
    },
    {
      name: "policy.source is a base model id",
      kind: "rl",
      toml: edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"', 'source = "Qwen/Qwen3-4B"']),
      expect: [
        {
          at: 'source = "Qwen/Qwen3-4B"',
          code: "rl_model_source",
          text: 'error: policy.source: policy.source "Qwen/Qwen3-4B" is not a fine-tuned model id (ft:, fft:, qft: or rl: prefix); to start from a base model use policy.model_name',
        },
      ],
    },
    {
      name: "policy.model_name is a fine-tuned id",
      kind: "rl",
      toml: edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"', 'model_name = "qft:Qwen/Qwen3-4B:job-7"']),
      expect: [
        {
          at: "model_name = ",
          code: "rl_model_source",
          text: 'error: policy.model_name: policy.model_name "qft:Qwen/Qwen3-4B:job-7" is a fine-tuned model id; use policy.source for it',
        },
      ],
    },
  ],
  rl_topology_required: [
    {
      name: "no [topology] and no [compute.topology]",
      kind: "rl",
      toml: edit(RL, [GPU_SPLIT, ""], ["tensor_parallel_size = 2\n", "max_model_len = 8192\n"]),
      expect: [
        {
          at: "[compute]",
          code: "rl_topology_required",
          text: "error: compute: missing GPU split: add [compute.topology] (or [topology]) with gpus_for_vllm, gpus_for_training and gpus_for_ref",
        },
      ],
    },
    {
      name: "no [compute] either: reported at the top of the file",
      kind: "rl",
      toml: edit(RL, [GPU_SPLIT, ""], ["tensor_parallel_size = 2\n", "max_model_len = 8192\n"], ['[compute]\ngpu_type = "H100"\ngpu_count = 4\n', ""]),
      expect: [
        { at: "", code: "missing_key", text: "error: compute: missing required table [compute]" },
        {
          at: "",
          code: "rl_topology_required",
          text: "error: compute: missing GPU split: add [compute.topology] (or [topology]) with gpus_for_vllm, gpus_for_training and gpus_for_ref",
        },
      ],
    },
  ],
  rl_supported_model: [
    {
      name: "a model outside the Qwen3 families",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "meta-llama/Llama-3.1-8B-Instruct"']),
      expect: [
        {
          at: "base = ",
          code: "rl_supported_model",
          text: "warning: model.base: meta-llama/Llama-3.1-8B-Instruct is not a Qwen3 model; synth-ai's RL trainer supports the Qwen3 families (others need SDK_EXPERIMENTAL=1)",
        },
      ],
    },
    {
      name: "a Qwen3-VL size RL does not train",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-VL-32B-Instruct"']),
      expect: [{ at: "base = ", code: "rl_supported_model", text: "warning: model.base: Qwen/Qwen3-VL-32B-Instruct: RL supports Qwen3-VL in 2B, 4B and 8B only" }],
    },
    { name: "Qwen3 and fine-tunes of it are fine", kind: "rl", toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "ft:Qwen/Qwen3-8B:job-1"']), expect: [] },
    { name: "an id task-app cannot classify is left alone", kind: "rl", toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "fft:REPLACE-ME"']), expect: [] },
  ],
  rl_topology_gpus: [
    {
      name: "[topology] GPUs do not add up to compute.gpu_count",
      kind: "rl",
      toml: edit(RL, ["gpus_for_vllm = 2", "gpus_for_vllm = 3"]),
      expect: [
        {
          at: "gpus_for_vllm = 3",
          code: "rl_topology_gpus",
          text: "error: topology.gpus_for_vllm: topology uses 5 GPUs (vllm 3 + training 1 + ref 1) but compute.gpu_count = 4",
        },
      ],
    },
    {
      name: "[compute.topology] GPUs do not add up (missing counts are 0; located at the table)",
      kind: "rl",
      toml: edit(RL_POLICY, ["gpus_for_vllm = 2\n", ""], ["gpus_for_ref = 1", "gpus_for_ref = 0"]),
      expect: [
        {
          at: "[compute.topology]",
          code: "rl_topology_gpus",
          text: "error: compute.topology.gpus_for_vllm: compute.topology uses 1 GPU (vllm 0 + training 1 + ref 0) but compute.gpu_count = 4",
        },
      ],
    },
    {
      name: "a topology without GPU counts is not checked",
      kind: "rl",
      toml: edit(RL, ["gpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\n", 'type = "single_node_split"\n']),
      expect: [],
    },
  ],
  rl_tensor_parallel: [
    {
      name: "topology.tensor_parallel differs from vllm.tensor_parallel_size",
      kind: "rl",
      toml: edit(RL, ["tensor_parallel_size = 2", "tensor_parallel_size = 1"]),
      expect: [
        {
          at: "tensor_parallel = 2",
          code: "rl_tensor_parallel",
          text: "error: topology.tensor_parallel: topology.tensor_parallel = 2 differs from vllm.tensor_parallel_size = 1",
        },
      ],
    },
    {
      name: "topology.tensor_parallel without vllm.tensor_parallel_size",
      kind: "rl",
      toml: edit(RL, ["tensor_parallel_size = 2", "max_model_len = 8192"]),
      expect: [
        {
          at: "tensor_parallel = 2",
          code: "rl_tensor_parallel",
          text: "error: topology.tensor_parallel: topology.tensor_parallel = 2 needs vllm.tensor_parallel_size with the same value",
        },
      ],
    },
    {
      name: "vllm.tensor_parallel_size without topology.tensor_parallel",
      kind: "rl",
      toml: edit(RL, ["tensor_parallel = 2\n", ""]),
      expect: [
        {
          at: "tensor_parallel_size = 2",
          code: "rl_tensor_parallel",
          text: "error: vllm.tensor_parallel_size: vllm.tensor_parallel_size = 2 needs topology.tensor_parallel (in [compute.topology] or [topology]) with the same value",
        },
      ],
    },
    {
      name: "[compute.topology] is checked too",
      kind: "rl",
      toml: edit(RL_POLICY, ["tensor_parallel_size = 2", "tensor_parallel_size = 4"]),
      expect: [
        {
          at: "tensor_parallel = 2",
          code: "rl_tensor_parallel",
          text: "error: compute.topology.tensor_parallel: compute.topology.tensor_parallel = 2 differs from vllm.tensor_parallel_size = 4",
        },
      ],
    },
  ],
  rl_vllm_images: [
    {
      name: "limit_mm_per_prompt.image below training.max_images_per_message",
      kind: "rl",
      toml: `${edit(RL_VL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nmax_images_per_message = 2"])}\n[vllm.limit_mm_per_prompt]\nimage = 1\n`,
      expect: [
        {
          at: "image = 1",
          code: "rl_vllm_images",
          text: "error: vllm.limit_mm_per_prompt.image: vllm.limit_mm_per_prompt.image = 1 is below training.max_images_per_message = 2: vLLM would reject prompts with that many images",
        },
      ],
    },
    {
      name: "limit_mm_per_prompt.image below model.max_images_per_message",
      kind: "rl",
      toml: `${edit(RL_VL, ['label = "crafter-rl"', 'label = "crafter-rl"\nmax_images_per_message = 3'])}\n[vllm.limit_mm_per_prompt]\nimage = 2\n`,
      expect: [
        {
          at: "image = 2",
          code: "rl_vllm_images",
          text: "error: vllm.limit_mm_per_prompt.image: vllm.limit_mm_per_prompt.image = 2 is below model.max_images_per_message = 3: vLLM would reject prompts with that many images",
        },
      ],
    },
    {
      name: "a limit equal to max_images_per_message is fine",
      kind: "rl",
      toml: `${edit(RL_VL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nmax_images_per_message = 2"])}\n[vllm.limit_mm_per_prompt]\nimage = 2\n`,
      expect: [],
    },
  ],
  rl_reward_source: [
    {
      name: "neither reward flag (warning: later trainers reject it)",
      kind: "rl",
      toml: edit(RL, ["task_app_origin_rewards_only = true\n", ""]),
      expect: [
        {
          at: "[rollout]",
          code: "rl_reward_source",
          text: "warning: rollout: set exactly one of rollout.rubric_rewards_only or rollout.task_app_origin_rewards_only = true; later trainers reject a config with neither",
        },
      ],
    },
    {
      name: "both flags true, no judge",
      kind: "rl",
      toml: edit(RL, ["task_app_origin_rewards_only = true", "task_app_origin_rewards_only = true\nrubric_rewards_only = true"]),
      expect: [
        { at: "rubric_rewards_only = true", code: "rl_reward_source", text: "error: rollout.rubric_rewards_only: rubric_rewards_only and task_app_origin_rewards_only are both true; set exactly one" },
        {
          at: "rubric_rewards_only = true",
          code: "rl_reward_source",
          text: "error: rollout.rubric_rewards_only: rubric_rewards_only = true needs judge.enabled = true (or rubric.enabled = true): nothing would produce rewards",
        },
      ],
    },
    {
      name: "rubric rewards without an enabled judge",
      kind: "rl",
      toml: `${edit(RL, ["task_app_origin_rewards_only = true", "rubric_rewards_only = true"])}\n[judge]\nenabled = false\n`,
      expect: [
        {
          at: "rubric_rewards_only = true",
          code: "rl_reward_source",
          text: "error: rollout.rubric_rewards_only: rubric_rewards_only = true needs judge.enabled = true (or rubric.enabled = true): nothing would produce rewards",
        },
      ],
    },
    {
      name: "rubric rewards with judge.enabled",
      kind: "rl",
      toml: `${edit(RL, ["task_app_origin_rewards_only = true", "rubric_rewards_only = true"])}\n[judge]\nenabled = true\n`,
      expect: [],
    },
    {
      name: "rubric rewards with [rubric] enabled",
      kind: "rl",
      toml: `${edit(RL, ["task_app_origin_rewards_only = true", "rubric_rewards_only = true"])}\n[rubric]\nenabled = true\n`,
      expect: [],
    },
    {
      name: "rubric rewards with the deprecated judge.rubric.enabled",
      kind: "rl",
      toml: `${edit(RL, ["task_app_origin_rewards_only = true", "rubric_rewards_only = true"])}\n[judge.rubric]\nenabled = true\n`,
      expect: [],
    },
    {
      name: "rubric_rewards_only = false next to task_app_origin_rewards_only = true",
      kind: "rl",
      toml: edit(RL, ["task_app_origin_rewards_only = true", "task_app_origin_rewards_only = true\nrubric_rewards_only = false"]),
      expect: [],
    },
  ],
  rl_weight_sync: [
    {
      name: "enable = false",
      kind: "rl",
      toml: edit(RL, ["enable = true", "enable = false"]),
      expect: [
        { at: "enable = false", code: "rl_weight_sync", text: "error: training.weight_sync.enable: weight_sync.enable = false: the rollout servers would never see the trained weights" },
      ],
    },
    {
      name: 'targets without "policy"',
      kind: "rl",
      toml: edit(RL, ['targets = ["policy"]', 'targets = ["reference"]']),
      expect: [{ at: "targets = ", code: "rl_weight_sync", text: 'error: training.weight_sync.targets: weight_sync.targets must include "policy"' }],
    },
    {
      name: 'mode "full" (warning: replaced by direct)',
      kind: "rl",
      toml: edit(RL, ['mode = "direct"', 'mode = "full"']),
      expect: [
        { at: 'mode = "full"', code: "rl_weight_sync", text: 'warning: training.weight_sync.mode: weight_sync.mode = "full" is replaced by "direct": the trainer supports only direct sync' },
      ],
    },
  ],
  rl_duplicate_places: [
    {
      name: "LoRA in both [lora] and [training.lora]",
      kind: "rl",
      toml: `${RL}\n[lora]\nr = 16\n\n[training.lora]\nr = 16\n`,
      expect: [{ at: "[lora]", code: "rl_duplicate_places", text: "warning: lora: LoRA is set in both [lora] and [training.lora]; [training.lora] is the later place, keep one" }],
    },
    {
      name: "[topology] and [compute.topology] differ",
      kind: "rl",
      toml: `${RL}\n[compute.topology]\nreference_placement = "none"\n`,
      expect: [{ at: "[topology]", code: "rl_duplicate_places", text: "warning: topology: [topology] and [compute.topology] differ; trainers read one or the other, keep one" }],
    },
    {
      name: "identical [topology] and [compute.topology] are fine",
      kind: "rl",
      toml: `${RL}\n[compute.topology]\n${GPU_SPLIT.replace("[topology]\n", "")}`,
      expect: [],
    },
  ],
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
      name: "a model id task-app cannot classify is not judged",
      kind: "rl",
      toml: `${edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "local-checkpoint"'])}\n[rollout.policy_config]\nuse_vision = true\n`,
      expect: [],
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
  sft_algorithm: [
    {
      name: "a combination outside the allow-list",
      kind: "sft",
      toml: edit(SFT, ['method = "sft"', 'method = "supervised_finetune"'], ['variety = "fft"', 'variety = "lora"']),
      expect: [
        {
          at: "[algorithm]",
          code: "sft_algorithm",
          text: "error: algorithm: unsupported SFT algorithm offline/supervised_finetune/lora; use one of offline/sft/fft, offline/sft/lora, offline/supervised_finetune/fft",
        },
      ],
    },
    {
      name: "qlora is not an algorithm variety (use training.use_qlora)",
      kind: "sft",
      toml: edit(SFT, ['variety = "fft"', 'variety = "qlora"']),
      expect: [
        {
          at: "[algorithm]",
          code: "sft_algorithm",
          text: "error: algorithm: unsupported SFT algorithm offline/sft/qlora; use one of offline/sft/fft, offline/sft/lora, offline/supervised_finetune/fft",
        },
      ],
    },
    {
      name: "allowed combinations are matched case-insensitively",
      kind: "sft",
      toml: edit(SFT, ['type = "offline"', 'type = "Offline"'], ['variety = "fft"', 'variety = "LoRA"']),
      expect: [],
    },
  ],
  sft_dataset: [
    {
      name: "no job.data and no job.data_path (warning)",
      kind: "sft",
      toml: edit(SFT, ['data = "ft_data/train.jsonl"\n', ""]),
      expect: [{ at: "[job]", code: "sft_dataset", text: "warning: job: no dataset in job.data or job.data_path: pass --dataset when submitting" }],
    },
    {
      name: "job.data_path is enough",
      kind: "sft",
      toml: edit(SFT, ['data = "ft_data/train.jsonl"', 'data_path = "ft_data/train.jsonl"']),
      expect: [],
    },
  ],
  sft_dropped_keys: [
    {
      name: "lora_* hyperparameters, weight_decay and world_size are not forwarded",
      kind: "sft",
      toml: edit(SFT, ["learning_rate = 5e-6", "learning_rate = 5e-6\nlora_rank = 16\nweight_decay = 0.01\nworld_size = 4"]),
      expect: [
        {
          at: "lora_rank = 16",
          code: "sft_dropped_keys",
          text: "warning: hyperparameters.lora_rank: hyperparameters.lora_rank is not forwarded to the trainer by synth-ai 0.2.13; use the [lora] table",
        },
        { at: "weight_decay = 0.01", code: "sft_dropped_keys", text: "warning: hyperparameters.weight_decay: hyperparameters.weight_decay is not forwarded to the trainer by synth-ai 0.2.13" },
        { at: "world_size = 4", code: "sft_dropped_keys", text: "warning: hyperparameters.world_size: hyperparameters.world_size is not forwarded to the trainer by synth-ai 0.2.13" },
      ],
    },
    {
      name: "evaluation keys inside [hyperparameters.parallelism]",
      kind: "sft",
      toml: `${SFT}\n[hyperparameters.parallelism]\nbf16 = true\neval_steps = 50\n`,
      expect: [
        {
          at: "eval_steps = 50",
          code: "sft_dropped_keys",
          text: "warning: hyperparameters.parallelism.eval_steps: eval_steps belongs in [training.validation], not [hyperparameters.parallelism]; it is ignored here",
        },
      ],
    },
    {
      name: "the same keys in [training.validation] are fine",
      kind: "sft",
      toml: `${SFT}\n[training]\nmode = "full_finetune"\n\n[training.validation]\nenabled = true\neval_steps = 50\n`,
      expect: [],
    },
  ],
};

/** Refinements inside the schemas: reported with their own codes, like rules. */
const SCHEMA_ROWS: Record<string, Row[]> = {
  model_source_xor_base: [
    {
      name: "both model.source and model.base",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B"\nsource = "ft:Qwen/Qwen3-4B:job-1"']),
      expect: [{ at: "base = ", code: "model_source_xor_base", text: "error: model.base: set exactly one of model.source or model.base, not both" }],
    },
    {
      name: "neither model.source nor model.base",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"\n', ""]),
      expect: [
        {
          at: "[model]",
          code: "model_source_xor_base",
          text: "error: model: set exactly one of model.source (a fine-tuned id) or model.base (a base model id); neither is set",
        },
      ],
    },
    {
      name: "an empty string counts as unset",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B"\nsource = ""']),
      expect: [],
    },
  ],
  policy_model_xor_source: [
    {
      name: "both policy.model_name and policy.source",
      kind: "rl",
      toml: edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"', 'model_name = "Qwen/Qwen3-4B"\nsource = "ft:Qwen/Qwen3-4B:job-1"']),
      expect: [{ at: "source = ", code: "policy_model_xor_source", text: "error: policy.source: set exactly one of policy.model_name or policy.source" }],
    },
    {
      name: "neither policy.model_name nor policy.source",
      kind: "rl",
      toml: edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"\n', ""]),
      expect: [{ at: "[policy]", code: "policy_model_xor_source", text: "error: policy: set exactly one of policy.model_name or policy.source" }],
    },
  ],
  eval_top_level_ignored: [
    {
      name: "a key beside [eval] that the eval CLI would not read",
      kind: "eval",
      toml: `temperature = 0.2\n${EVAL}`,
      expect: [
        {
          at: "temperature = 0.2",
          code: "eval_top_level_ignored",
          text: "error: temperature: move temperature into [eval]: the eval CLI reads only the [eval] table when the file has one",
        },
      ],
    },
    {
      // split, max_llm_calls, concurrency and return_trace have schema defaults, and the
      // refinement cannot tell a default from a value the user wrote: it must still report them.
      name: "a key with a schema default beside [eval] is ignored just the same",
      kind: "eval",
      toml: `concurrency = 4\n${EVAL}`,
      expect: [
        {
          at: "concurrency = 4",
          code: "eval_top_level_ignored",
          text: "error: concurrency: move concurrency into [eval]: the eval CLI reads only the [eval] table when the file has one",
        },
      ],
    },
    {
      name: "the same keys without an [eval] table are the flat form",
      kind: "eval",
      toml: 'model = "Qwen/Qwen3-4B"\nseeds = [0, 1]\nconcurrency = 4\n',
      expect: [],
    },
  ],
  filter_refinements: [
    {
      name: "min_official_score above max_official_score",
      kind: "filter",
      toml: `${FILTER}min_official_score = 0.9\nmax_official_score = 0.5\n`,
      expect: [{ at: "min_official_score = 0.9", code: "filter_score_range", text: "error: filter.min_official_score: min_official_score must be <= max_official_score" }],
    },
    {
      name: "shuffle_seed without shuffle = true",
      kind: "filter",
      toml: `${FILTER}shuffle = false\nshuffle_seed = 7\n`,
      expect: [{ at: "shuffle_seed = 7", code: "filter_shuffle_seed", text: "error: filter.shuffle_seed: shuffle_seed needs shuffle = true" }],
    },
    {
      name: "output that is not .jsonl or .json",
      kind: "filter",
      toml: edit(FILTER, ['output = "ft_data/train.jsonl"', 'output = "ft_data/train.csv"']),
      expect: [{ at: "output = ", code: "invalid_format", text: "error: filter.output: output must end in .jsonl or .json" }],
    },
    {
      name: "equal min and max scores, shuffle_seed with shuffle",
      kind: "filter",
      toml: `${FILTER}min_official_score = 0.5\nmax_official_score = 0.5\nshuffle = true\nshuffle_seed = 7\n`,
      expect: [],
    },
  ],
};

describe("clean bases", () => {
  for (const row of BASES) test(row.name, () => check(row));
});

describe("cross-section rules", () => {
  test("every rule has rows, and every row names a rule", () => {
    assert.deepEqual(Object.keys(ROWS).sort(), rules.map((r) => r.code).sort());
  });
  for (const [code, rows] of Object.entries(ROWS)) {
    describe(code, () => {
      for (const row of rows) test(row.name, () => check(row));
      test("has an error or warning row for each severity it uses", () => {
        const rule = rules.find((r) => r.code === code);
        assert.ok(rule, `no rule ${code}`);
        const severities = new Set(rows.flatMap((r) => r.expect.filter((e) => e.code === code).map((e) => e.text.split(":")[0])));
        assert.ok(severities.has(rule.severity), `${code}: no row with its default severity ${rule.severity}`);
      });
    });
  }
});

describe("schema refinements", () => {
  for (const [code, rows] of Object.entries(SCHEMA_ROWS)) {
    describe(code, () => {
      for (const row of rows) test(row.name, () => check(row));
    });
  }
});

test("rules read the raw document, so they still speak when the schema fails elsewhere", () => {
  const toml = edit(RL, ["batch_size = 4", 'batch_size = "four"'], ["gpus_for_vllm = 2", "gpus_for_vllm = 3"]);
  const result = checkConfigText(toml, { file: "rl.toml" });
  assert.deepEqual(
    result.findings.map(formatFinding),
    [
      `rl.toml:${positionOf(toml, "gpus_for_vllm = 3")}: error: topology.gpus_for_vllm: topology uses 5 GPUs (vllm 3 + training 1 + ref 1) but compute.gpu_count = 4`,
      `rl.toml:${positionOf(toml, "batch_size = ")}: error: training.batch_size: expected an integer, got string "four"`,
    ],
  );
  assert.equal(result.config, undefined, "no config when there is an error");
});

test("rules of one kind never run on another", () => {
  // SFT rules would flag weight_decay; on an RL config the key is an unknown key, nothing more.
  const toml = edit(RL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nweight_decay = 0.1"]);
  const result = checkConfigText(toml, { file: "rl.toml" });
  assert.deepEqual(result.findings.map((f) => f.code), ["unknown_key"]);
  // RL rules would flag the missing topology; an eval config has none.
  assert.deepEqual(checkConfigText(EVAL, { file: "eval.toml" }).findings, []);
});
