/**
 * What schema errors about values look like to users: the exact
 * `formatFinding` text for wrong types, enum values (with and without a
 * suggestion), ranges, and the forms eval seeds may take.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { edit } from "./helpers/corpus.js";
import { EVAL, RL, SFT, table } from "./helpers/schema-errors.js";

describe("wrong types", () => {
  table([
    {
      name: "a string for an integer",
      kind: "rl",
      toml: edit(RL, ["batch_size = 16", 'batch_size = "x"']),
      expect: [{ at: "batch_size = ", code: "invalid_type", text: 'error: training.batch_size: expected an integer, got string "x"' }],
    },
    {
      name: "a float for an integer",
      kind: "rl",
      toml: edit(RL, ["group_size = 4", "group_size = 2.5"]),
      expect: [{ at: "group_size = ", code: "invalid_type", text: "error: training.group_size: expected an integer, got float 2.5" }],
    },
    {
      name: "a string for a number",
      kind: "rl",
      toml: edit(RL, ["learning_rate = 5e-5", 'learning_rate = "fast"']),
      expect: [{ at: "learning_rate = ", code: "invalid_type", text: 'error: training.learning_rate: expected a number, got string "fast"' }],
    },
    {
      name: "a datetime for a number",
      kind: "rl",
      toml: edit(RL, ["learning_rate = 5e-5", "learning_rate = 1979-05-27"]),
      expect: [{ at: "learning_rate = ", code: "invalid_type", text: 'error: training.learning_rate: expected a number, got datetime "1979-05-27"' }],
    },
    {
      name: "a string pydantic cannot read as a boolean",
      kind: "rl",
      toml: edit(RL, ["gpu_memory_utilization = 0.85", 'gpu_memory_utilization = 0.85\nenforce_eager = "maybe"']),
      expect: [{ at: "enforce_eager", code: "invalid_type", text: 'error: vllm.enforce_eager: expected a boolean, got string "maybe"' }],
    },
    {
      name: "an integer for a string",
      kind: "rl",
      toml: edit(RL, ['label = "crafter-rl-from-base"', "label = 3"]),
      expect: [{ at: "label = 3", code: "invalid_type", text: "error: model.label: expected a string, got integer 3" }],
    },
    {
      name: "a string for an array",
      kind: "rl",
      toml: edit(RL, ['targets = ["policy"]', 'targets = "policy"']),
      expect: [{ at: "targets = ", code: "invalid_type", text: 'error: training.weight_sync.targets: expected an array, got string "policy"' }],
    },
    {
      name: "a string for a table",
      kind: "rl",
      toml: `model = "Qwen/Qwen3-4B"\n${edit(RL, ['[model]\nbase = "Qwen/Qwen3-4B"\ntrainer_mode = "full"\nlabel = "crafter-rl-from-base"\n', ""])}`,
      expect: [{ at: 'model = "Qwen', code: "invalid_type", text: 'error: model: expected a table, got string "Qwen/Qwen3-4B"' }],
    },
    {
      name: "an array element, reported at the element",
      kind: "rl",
      toml: edit(RL, ["seeds = [0, 1, 2, 3, 4, 5, 6, 7]", 'seeds = [0, 1, "two", 3]']),
      expect: [{ at: '"two"', code: "invalid_type", text: 'error: evaluation.seeds[2]: expected an integer, got string "two"' }],
    },
    {
      name: "a long value is shortened",
      kind: "rl",
      toml: edit(RL, ["log_interval = 1", 'log_interval = "every iteration, or whenever it seems useful"']),
      expect: [{ at: "log_interval = ", code: "invalid_type", text: 'error: training.log_interval: expected an integer, got string "every iteration, or whenever it seem...' }],
    },
  ]);
});

describe("enum values", () => {
  table([
    {
      name: "thinking_mode with a suggestion",
      kind: "rl",
      toml: edit(RL, ["max_llm_calls = 10", 'max_llm_calls = 10\nthinking_mode = "thnk"']),
      expect: [
        {
          at: "thinking_mode",
          code: "invalid_value",
          text: 'error: rollout.policy_config.thinking_mode: expected one of "think", "no_think", got string "thnk"; did you mean "think"?',
        },
      ],
    },
    {
      name: "thinking_mode far from every value: no suggestion",
      kind: "rl",
      toml: edit(RL, ["max_llm_calls = 10", 'max_llm_calls = 10\nthinking_mode = "maybe"']),
      expect: [{ at: "thinking_mode", code: "invalid_value", text: 'error: rollout.policy_config.thinking_mode: expected one of "think", "no_think", got string "maybe"' }],
    },
    {
      name: "reference.placement",
      kind: "rl",
      toml: edit(RL, ['placement = "dedicated"', 'placement = "dedicted"']),
      expect: [
        {
          at: "placement = ",
          code: "invalid_value",
          text: 'error: reference.placement: expected one of "none", "dedicated", "stacked", "shared", got string "dedicted"; did you mean "dedicated"?',
        },
      ],
    },
    {
      name: "a value of the wrong type for an enum",
      kind: "rl",
      toml: edit(RL, ['event_rewards_kind = "unique"', "event_rewards_kind = 1"]),
      expect: [{ at: "event_rewards_kind", code: "invalid_value", text: 'error: training.event_rewards_kind: expected one of "unique", "absolute", got integer 1' }],
    },
    {
      name: "a type tag that contradicts --kind",
      kind: "rl",
      options: { kind: "rl" },
      toml: `type = "sft"\n${RL}`,
      expect: [{ at: "", code: "invalid_value", text: 'error: type: expected "rl", got string "sft"' }],
    },
  ]);
});

describe("ranges", () => {
  table([
    {
      name: "above an inclusive maximum",
      kind: "rl",
      toml: edit(RL, ["gpu_memory_utilization = 0.85", "gpu_memory_utilization = 1.5"]),
      expect: [{ at: "gpu_memory_utilization", code: "out_of_range", text: "error: vllm.gpu_memory_utilization: must be <= 1, got float 1.5" }],
    },
    {
      name: "zero for a positive integer",
      kind: "rl",
      toml: edit(RL, ["group_size = 4", "group_size = 0"]),
      expect: [{ at: "group_size", code: "out_of_range", text: "error: training.group_size: must be > 0, got integer 0" }],
    },
    {
      name: "a port above 65535",
      kind: "rl",
      toml: edit(RL, ["port = 8002", "port = 70000"]),
      expect: [{ at: "port = ", code: "out_of_range", text: "error: reference.port: must be <= 65535, got integer 70000" }],
    },
    {
      name: "a negative temperature",
      kind: "rl",
      toml: edit(RL, ["temperature = 0.6", "temperature = -0.1"]),
      expect: [{ at: "temperature = ", code: "out_of_range", text: "error: rollout.policy_config.temperature: must be >= 0, got float -0.1" }],
    },
    {
      name: "an empty string",
      kind: "rl",
      toml: edit(RL, ['label = "crafter-rl-from-base"', 'label = ""']),
      expect: [{ at: "label = ", code: "out_of_range", text: 'error: model.label: must not be empty, got string ""' }],
    },
    {
      name: "a DeepSpeed stage above 3",
      kind: "sft",
      toml: edit(SFT, ["bf16 = true", "bf16 = true\ndeepspeed_stage = 4"]),
      expect: [{ at: "deepspeed_stage", code: "out_of_range", text: "error: hyperparameters.parallelism.deepspeed_stage: must be <= 3, got integer 4" }],
    },
    {
      name: "a warmup ratio above 1",
      kind: "sft",
      toml: edit(SFT, ["warmup_ratio = 0.03", "warmup_ratio = 1.5"]),
      expect: [{ at: "warmup_ratio", code: "out_of_range", text: "error: hyperparameters.warmup_ratio: must be <= 1, got float 1.5" }],
    },
    {
      name: "an empty list of seeds",
      kind: "eval",
      toml: edit(EVAL, ["seeds = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]", "seeds = []"]),
      expect: [{ at: "seeds = ", code: "out_of_range", text: "error: eval.seeds: must have at least 1 item, got an array" }],
    },
  ]);
});

describe("eval seeds: a list, one integer, \"1,2,3\", a range \"0-99\" or both \"1-5,9\"", () => {
  const SEEDS = "seeds = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]";
  for (const form of ["[3, 5, 8]", "7", '"1,2,3"', '"0-99"', '" 10 - 19 "', '"1-5,9"', '"0-3, 8, 10-12"']) {
    test(`seeds = ${form} is accepted`, () => {
      const result = checkConfigText(edit(EVAL, [SEEDS, `seeds = ${form}`]), { file: "eval.toml" });
      assert.deepEqual(result.findings, []);
    });
  }
  table([
    {
      name: "a string that is neither a list nor a range",
      kind: "eval",
      toml: edit(EVAL, [SEEDS, 'seeds = "first ten"']),
      expect: [{ at: "seeds = ", code: "invalid_format", text: 'error: eval.seeds: seeds as a string are numbers and inclusive ranges: "1,2,3", "0-99" or "1-5,9"' }],
    },
    {
      name: "a float inside the list",
      kind: "eval",
      toml: edit(EVAL, [SEEDS, "seeds = [1, 2.5]"]),
      expect: [{ at: "2.5", code: "invalid_type", text: "error: eval.seeds[1]: expected an integer, got float 2.5" }],
    },
  ]);
});
