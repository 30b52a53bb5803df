/**
 * Rows of the RL rules about the training setup: the GPU split and tensor
 * parallelism, vLLM image limits, the reward source, weight sync, and settings
 * given in two places (run by test/rules-rl.test.ts).
 */
import { edit } from "./corpus.js";
import { GPU_SPLIT, RL, RL_POLICY, RL_VL, type RowTable } from "./rules-table.js";

export const RL_TRAINING_ROWS: RowTable = {
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
      name: "[policy] era: a weight_sync block without enable (the later CLI requires weight_sync.enable truthy)",
      kind: "rl",
      toml: edit(RL_POLICY, ["[training.weight_sync]\nenable = true\n", "[training.weight_sync]\n"]),
      expect: [
        {
          at: "[training.weight_sync]",
          code: "rl_weight_sync",
          text: "error: training.weight_sync: [training.weight_sync] needs enable = true: synth-ai's later CLI refuses [policy]-era configs without it",
        },
      ],
    },
    { name: "[model] era: enable may be left out (0.2.13 WeightSyncConfig.enable is optional)", kind: "rl", toml: edit(RL, ["[training.weight_sync]\nenable = true\n", "[training.weight_sync]\n"]), expect: [] },
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
      name: 'mode "full": one warning, as the later CLI rewrites it to "direct"',
      kind: "rl",
      toml: edit(RL, ['mode = "direct"', 'mode = "full"']),
      expect: [
        {
          at: 'mode = "full"',
          code: "rl_weight_sync",
          text: 'warning: training.weight_sync.mode: weight_sync.mode = "full": synth-ai\'s later CLI rewrites it to "direct", the only mode the trainer supports',
        },
      ],
    },
    {
      name: "any other mode: the same single warning, no enum error",
      kind: "rl",
      toml: edit(RL, ['mode = "direct"', 'mode = "nccl"']),
      expect: [
        {
          at: 'mode = "nccl"',
          code: "rl_weight_sync",
          text: 'warning: training.weight_sync.mode: weight_sync.mode = "nccl": synth-ai\'s later CLI rewrites it to "direct", the only mode the trainer supports',
        },
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
};
