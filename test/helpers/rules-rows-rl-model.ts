/** Rows of the RL rules about the model and the algorithm (run by test/rules-rl.test.ts). */
import { edit } from "./corpus.js";
import { RL, RL_POLICY, type RowTable } from "./rules-table.js";

export const RL_MODEL_ROWS: RowTable = {
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
};
