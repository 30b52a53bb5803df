/**
 * The SFT cross-section rules (rows in test/helpers/rules-rows-sft.ts, where
 * the coverage check of test/rules-core.test.ts sees them too), and the
 * refinements inside the RL, eval and filter schemas, checked the same way.
 */
import { describe, test } from "node:test";
import { edit } from "./helpers/corpus.js";
import { SFT_ROWS } from "./helpers/rules-rows-sft.js";
import { check, describeRuleRows, EVAL, FILTER, RL, RL_POLICY, type RowTable } from "./helpers/rules-table.js";

describeRuleRows(SFT_ROWS);

/** Refinements inside the schemas: reported with their own codes, like rules. */
const SCHEMA_ROWS: RowTable = {
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
      expect: [{ at: "output = ", code: "invalid_format", text: "error: filter.output: output must end in .jsonl or .json (in any case, as synth-ai compares it)" }],
    },
    {
      name: "output suffix in capitals: accepted (synth-ai lower-cases the suffix before comparing)",
      kind: "filter",
      toml: edit(FILTER, ['output = "ft_data/train.jsonl"', 'output = "ft_data/TRAIN.JSONL"']),
      expect: [],
    },
    {
      name: "equal min and max scores, shuffle_seed with shuffle",
      kind: "filter",
      toml: `${FILTER}min_official_score = 0.5\nmax_official_score = 0.5\nshuffle = true\nshuffle_seed = 7\n`,
      expect: [],
    },
  ],
};

describe("schema refinements", () => {
  for (const [code, rows] of Object.entries(SCHEMA_ROWS)) {
    describe(code, () => {
      for (const row of rows) test(row.name, () => check(row));
    });
  }
});
