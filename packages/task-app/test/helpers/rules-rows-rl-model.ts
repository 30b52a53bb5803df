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
      name: "both [model] and [policy]: accepted, [model] is used (synth-ai build_rl_payload reads config.model)",
      kind: "rl",
      toml: `${RL}\n[policy]\nmodel_name = "Qwen/Qwen3-4B"\ntrainer_mode = "lora"\nlabel = "crafter-rl"\n`,
      expect: [
        {
          at: "[policy]",
          code: "rl_model_section",
          text: "warning: policy: [policy] is ignored next to [model]: synth-ai 0.2.13 trains the model named in [model] and sends [policy] on as written, unchecked; remove it, or move to the [policy] era by dropping [model] (where [policy] needs model_name or source, trainer_mode and label)",
        },
      ],
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
          text: 'error: algorithm.type: unsupported RL algorithm type "offline": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"; did you mean "online"?',
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
          text: 'error: algorithm.variety: unsupported RL algorithm variety "grpo": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"; did you mean "gspo"?',
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
      name: "model.source is a base model id: accepted with a warning (synth-ai sends it as data.model)",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "Qwen/Qwen3-4B"']),
      expect: [
        {
          at: 'source = "Qwen/Qwen3-4B"',
          code: "rl_model_source",
          text: 'warning: model.source: model.source "Qwen/Qwen3-4B" is a base model id; synth-ai sends it as the job\'s model, but model.base is the usual key for a base model',
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
      name: "policy.source is a base model id: accepted with a warning",
      kind: "rl",
      toml: edit(RL_POLICY, ['model_name = "Qwen/Qwen3-4B"', 'source = "Qwen/Qwen3-4B"']),
      expect: [
        {
          at: 'source = "Qwen/Qwen3-4B"',
          code: "rl_model_source",
          text: 'warning: policy.source: policy.source "Qwen/Qwen3-4B" is a base model id; synth-ai sends it as the job\'s model, but policy.model_name is the usual key for a base model',
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
      name: "a model synth-ai's catalog does not know: an error, as synth-ai refuses it (ensure_allowed_model)",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "meta-llama/Llama-3.1-8B-Instruct"']),
      expect: [
        {
          at: "base = ",
          code: "rl_supported_model",
          text: "error: model.base: meta-llama/Llama-3.1-8B-Instruct is not in synth-ai\'s model catalog (Qwen3, Qwen3-Coder, Qwen3-VL): synth-ai refuses it before a job is created; pass --allow-unknown-models for a backend with a larger catalog",
        },
      ],
    },
    {
      name: "a catalog model without the rl training mode: an error (supported.py RL_SUPPORTED_MODELS)",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-VL-32B-Instruct"']),
      expect: [{ at: "base = ", code: "rl_supported_model", text: "error: model.base: Qwen/Qwen3-VL-32B-Instruct does not support RL training (synth-ai's catalog lists it for sft only)" }],
    },
    {
      name: "a text base the RL trainer leaves out (Qwen3-32B), matched case-insensitively",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "qwen/qwen3-32b"']),
      expect: [{ at: "base = ", code: "rl_supported_model", text: "error: model.base: Qwen/Qwen3-32B does not support RL training (synth-ai's catalog lists it for sft only)" }],
    },
    {
      name: "a vendor chat model: an error",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "openai/gpt-4o-mini"']),
      expect: [
        {
          at: "base = ",
          code: "rl_supported_model",
          text: "error: model.base: openai/gpt-4o-mini is a hosted vendor chat model: the RL trainer trains open-weight models of its catalog (Qwen3 families)",
        },
      ],
    },
    {
      name: "an experimental model: a warning naming SDK_EXPERIMENTAL (supported.py ensure_allowed_model)",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-30B-A3B-Thinking-2507"']),
      expect: [
        {
          at: "base = ",
          code: "rl_supported_model",
          text: "warning: model.base: Qwen/Qwen3-30B-A3B-Thinking-2507 is experimental: synth-ai refuses it unless SDK_EXPERIMENTAL=1 is set or --allow-experimental is passed",
        },
      ],
    },
    { name: "fine-tunes resolve to their base after a colon", kind: "rl", toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "ft:Qwen/Qwen3-8B:job-1"']), expect: [] },
    {
      name: "a fine-tuned id without a catalog base: an error",
      kind: "rl",
      toml: edit(RL, ['base = "Qwen/Qwen3-4B"', 'source = "fft:REPLACE-ME"']),
      expect: [
        {
          at: "source = ",
          code: "rl_supported_model",
          text: "error: model.source: fft:REPLACE-ME is not in synth-ai\'s model catalog (Qwen3, Qwen3-Coder, Qwen3-VL): synth-ai refuses it before a job is created; pass --allow-unknown-models for a backend with a larger catalog",
        },
      ],
    },
  ],
};
