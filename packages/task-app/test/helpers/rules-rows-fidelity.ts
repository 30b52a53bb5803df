/**
 * Rows of the rules that hold task-app to synth-ai's own validators (the
 * 0.2.13 models and builders, the model catalog, and the later CLI validator
 * for [policy]-era configs). Each row's name says which synth-ai behaviour it
 * follows. Run by test/rules-fidelity.test.ts; the coverage check of
 * test/rules-core.test.ts sees them too.
 */
import { edit } from "./corpus.js";
import { RL, RL_POLICY, SFT, type RowTable } from "./rules-table.js";

export const FIDELITY_ROWS: RowTable = {
  rl_task_url_spaces: [
    {
      name: "surrounding spaces: accepted and trimmed with a warning (build_rl_payload strips task_url)",
      kind: "rl",
      toml: edit(RL, ['task_url = "https://task.example.com"', 'task_url = "  https://task.example.com "']),
      expect: [
        {
          at: "task_url = ",
          code: "rl_task_url_spaces",
          text: 'warning: services.task_url: services.task_url has surrounding spaces; synth-ai trims them and uses "https://task.example.com": write it without them',
        },
      ],
    },
    { name: "a URL without spaces", kind: "rl", toml: RL, expect: [] },
  ],
  rl_policy_algorithm_type: [
    {
      name: '[policy] era: "Online" is refused (the later CLI checks type not in {"online", None}, case-sensitive)',
      kind: "rl",
      toml: edit(RL_POLICY, ['type = "online"', 'type = "Online"']),
      expect: [
        {
          at: 'type = "Online"',
          code: "rl_policy_algorithm_type",
          text: 'error: algorithm.type: algorithm.type = "Online": synth-ai\'s later CLI accepts exactly "online" (case-sensitive) for [policy]-era configs',
        },
      ],
    },
    { name: '[model] era: "Online" is fine (0.2.13 compares after lower-casing)', kind: "rl", toml: edit(RL, ['type = "online"', 'type = "Online"']), expect: [] },
  ],
  rl_policy_training: [
    {
      name: "[policy] era: [training] without log_interval and weight_sync_interval (the later CLI's required_training_fields)",
      kind: "rl",
      toml: edit(RL_POLICY, ["log_interval = 1\nweight_sync_interval = 1\n", ""]),
      expect: [
        { at: "[training]", code: "rl_policy_training", text: "error: training: [training] needs log_interval: synth-ai's later CLI refuses [policy]-era configs without it" },
        { at: "[training]", code: "rl_policy_training", text: "error: training: [training] needs weight_sync_interval: synth-ai's later CLI refuses [policy]-era configs without it" },
      ],
    },
    { name: "[model] era: not required (0.2.13 RLTrainingConfig has them optional)", kind: "rl", toml: edit(RL, ["log_interval = 1\nweight_sync_interval = 1\n", ""]), expect: [] },
  ],
  rl_policy_judge: [
    {
      name: "[policy] era: a judge provider outside openai/groq/gemini and no model (judge_schemas.JudgeOptionsConfig)",
      kind: "rl",
      toml: `${RL_POLICY}\n[judge]\nenabled = true\n\n[judge.options]\nprovider = "anthropic"\n`,
      expect: [
        {
          at: 'provider = "anthropic"',
          code: "rl_policy_judge",
          text: 'error: judge.options.provider: judge.options.provider "anthropic" is not accepted: synth-ai\'s later CLI accepts openai, groq, gemini',
        },
        { at: "[judge.options]", code: "rl_policy_judge", text: 'error: judge.options: judge.options.model is required (the judge\'s model id, e.g. "gpt-5")' },
      ],
    },
    {
      name: "[policy] era: event and outcome both off (JudgeOptionsConfig._validate_at_least_one_enabled)",
      kind: "rl",
      toml: `${RL_POLICY}\n[judge]\nenabled = true\n\n[judge.options]\nprovider = "openai"\nmodel = "gpt-5"\nevent = false\noutcome = false\n`,
      expect: [
        {
          at: "event = false",
          code: "rl_policy_judge",
          text: "error: judge.options.event: judge.options.event and judge.options.outcome are both false: enable at least one, as synth-ai's later CLI requires",
        },
      ],
    },
    {
      name: "[policy] era: an enabled judge without [judge.options] (validate_judge_config)",
      kind: "rl",
      toml: `${RL_POLICY}\n[judge]\nenabled = true\n`,
      expect: [
        {
          at: "[judge]",
          code: "rl_policy_judge",
          text: "error: judge: judge.enabled = true needs [judge.options] with provider and model: synth-ai's later CLI refuses a [judge] without them",
        },
      ],
    },
    {
      name: "[policy] era: a disabled judge without options stays a warning (SOURCES.md marks NEW_FORMAT valid)",
      kind: "rl",
      toml: `${RL_POLICY}\n[judge]\nenabled = false\n`,
      expect: [
        {
          at: "[judge]",
          code: "rl_policy_judge",
          text: "warning: judge: synth-ai's later CLI refuses a [judge] table without [judge.options] (provider, model); a warning here because synth-ai's own [policy]-era example ships a disabled [judge] this way",
        },
      ],
    },
    { name: "[policy] era: groq with a model is fine", kind: "rl", toml: `${RL_POLICY}\n[judge]\nenabled = true\n\n[judge.options]\nprovider = "groq"\nmodel = "openai/gpt-oss-120b"\n`, expect: [] },
    { name: "[model] era: not checked (0.2.13 JudgeOptionsConfig has every key optional)", kind: "rl", toml: `${RL}\n[judge]\nenabled = true\n`, expect: [] },
  ],
  sft_supported_model: [
    {
      name: "a vendor chat model for SFT: an error",
      kind: "sft",
      toml: edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "gpt-4o-mini"']),
      expect: [
        { at: "model = ", code: "sft_supported_model", text: "error: job.model: gpt-4o-mini is a hosted vendor chat model: the SFT trainer trains open-weight models of its catalog (Qwen3 families)" },
      ],
    },
    {
      name: "a fine-tuned id: an error (build_sft_payload allows no fine-tuned prefixes)",
      kind: "sft",
      toml: edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "ft:Qwen/Qwen3-4B:job-1"']),
      expect: [
        {
          at: "model = ",
          code: "sft_supported_model",
          text: "error: job.model: ft:Qwen/Qwen3-4B:job-1 is a fine-tuned model id: synth-ai's SFT builder takes base model ids only (it refuses ft:, fft:, qft: and rl: ids); name the base model",
        },
      ],
    },
    {
      name: "an experimental model: a warning (synth-ai gates it behind SDK_EXPERIMENTAL=1)",
      kind: "sft",
      toml: edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "Qwen/Qwen3-Coder-480B-A35B-Instruct"']),
      expect: [
        {
          at: "model = ",
          code: "sft_supported_model",
          text: "warning: job.model: Qwen/Qwen3-Coder-480B-A35B-Instruct is experimental: synth-ai refuses it unless SDK_EXPERIMENTAL=1 is set or --allow-experimental is passed",
        },
      ],
    },
    { name: "Qwen3-32B trains with SFT (supported.py SFT_SUPPORTED_MODELS)", kind: "sft", toml: edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "Qwen/Qwen3-32B"']), expect: [] },
    {
      name: "an unknown model: an error",
      kind: "sft",
      toml: edit(SFT, ['model = "Qwen/Qwen3-4B"', 'model = "mistralai/Mistral-7B"']),
      expect: [
        {
          at: "model = ",
          code: "sft_supported_model",
          text: "error: job.model: mistralai/Mistral-7B is not in synth-ai\'s model catalog (Qwen3, Qwen3-Coder, Qwen3-VL): synth-ai refuses it before a job is created; pass --allow-unknown-models for a backend with a larger catalog",
        },
      ],
    },
  ],
};
