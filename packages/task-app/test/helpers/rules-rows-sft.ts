/** Rows of the SFT rules (run by test/rules-sft-eval-filter.test.ts). */
import { edit } from "./corpus.js";
import { SFT, type RowTable } from "./rules-table.js";

export const SFT_ROWS: RowTable = {
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
