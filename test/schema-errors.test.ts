/**
 * What schema errors look like to users: the exact `formatFinding` text for
 * unknown keys (with and without a suggestion), missing keys and tables,
 * wrong types, enum values, ranges; `allowUnknown`; and the fixture files
 * under test/fixtures/{valid,invalid}.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import { checkConfigFile, checkConfigText, type CheckOptions } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import type { ConfigKind } from "../src/schemas/registry.js";
import { edit, positionOf } from "./helpers/corpus.js";

const fixtures = fileURLToPath(new URL("fixtures/", import.meta.url));
const read = (rel: string) => readFileSync(`${fixtures}${rel}`, "utf8");

/** Clean configs to edit: each validates with zero findings (checked below). */
const RL = read("valid/rl-model-era.toml");
const SFT = read("valid/sft.toml");
const EVAL = read("valid/eval.toml");
const FILTER = read("valid/filter.toml");
const FILE: Record<ConfigKind, string> = { rl: "rl.toml", sft: "sft.toml", eval: "eval.toml", filter: "filter.toml" };

interface Row {
  name: string;
  toml: string;
  kind: ConfigKind;
  options?: CheckOptions;
  /** Each finding: where (a `positionOf` needle), its code, and the text after `file:line:col: `. */
  expect: { at: string; code: string; text: string }[];
}

function check(row: Row) {
  const file = FILE[row.kind];
  const result = checkConfigText(row.toml, { file, ...row.options });
  assert.equal(result.kind, row.kind);
  const got = result.findings.map((f) => `${f.code} | ${formatFinding(f)}`);
  const want = row.expect.map((e) => `${e.code} | ${file}:${positionOf(row.toml, e.at)}: ${e.text}`);
  assert.deepEqual([...got].sort(), [...want].sort());
  assert.equal(result.ok, false);
  assert.equal(result.config, undefined, "no config is returned for an invalid file");
}

function table(rows: Row[]) {
  for (const row of rows) test(row.name, () => check(row));
}

test("the bases are clean", () => {
  for (const [text, kind] of [[RL, "rl"], [SFT, "sft"], [EVAL, "eval"], [FILTER, "filter"]] as const) {
    const result = checkConfigText(text, { file: FILE[kind] });
    assert.deepEqual(result.findings, [], kind);
    assert.equal(result.kind, kind);
  }
});

describe("unknown keys", () => {
  table([
    {
      name: "a typo of an optional key gets a suggestion",
      kind: "rl",
      toml: edit(RL, ["temperature = 0.6", "temprature = 0.6"]),
      expect: [
        {
          at: "temprature",
          code: "unknown_key",
          text: 'error: rollout.policy_config.temprature: unknown key "temprature" in [rollout.policy_config]; did you mean "temperature"?',
        },
      ],
    },
    {
      name: "a typo of a required key: one finding names the typo and the missing key",
      kind: "rl",
      toml: edit(RL, ["batch_size = 16", "batchsize = 16"]),
      expect: [
        {
          at: "batchsize",
          code: "unknown_key",
          text: 'error: training.batchsize: unknown key "batchsize" in [training]; did you mean "batch_size"? (batch_size is required)',
        },
      ],
    },
    {
      name: "a key nobody is close to gets no suggestion",
      kind: "rl",
      toml: edit(RL, ["log_interval = 1", "log_interval = 1\nfrobnicate = true"]),
      expect: [{ at: "frobnicate", code: "unknown_key", text: 'error: training.frobnicate: unknown key "frobnicate" in [training]' }],
    },
    {
      name: "a misspelt top-level table",
      kind: "rl",
      toml: edit(RL, ["[evaluation]", "[evalution]"]),
      expect: [{ at: "[evalution]", code: "unknown_key", text: 'error: evalution: unknown key "evalution"; did you mean "evaluation"?' }],
    },
    {
      name: "an unknown top-level table (a passthrough extra of synth-ai) is an error in strict mode",
      kind: "rl",
      toml: `${RL}\n[checkpoint]\ninterval = 10\n`,
      expect: [{ at: "[checkpoint]", code: "unknown_key", text: 'error: checkpoint: unknown key "checkpoint"' }],
    },
    {
      name: "three tables deep",
      kind: "rl",
      toml: edit(RL, ['strategy = "consistent"', 'stratgy = "consistent"']),
      expect: [
        {
          at: "stratgy",
          code: "unknown_key",
          text: 'error: rollout.env_config.step_rewards.stratgy: unknown key "stratgy" in [rollout.env_config.step_rewards]; did you mean "strategy"?',
        },
      ],
    },
    {
      name: "in an SFT config",
      kind: "sft",
      toml: edit(SFT, ["learning_rate = 5e-6", "learnig_rate = 5e-6"]),
      expect: [
        { at: "learnig_rate", code: "unknown_key", text: 'error: hyperparameters.learnig_rate: unknown key "learnig_rate" in [hyperparameters]; did you mean "learning_rate"?' },
      ],
    },
  ]);
});

describe("missing keys and tables", () => {
  table([
    {
      name: "a required key, reported at its table",
      kind: "rl",
      toml: edit(RL, ['env_name = "crafter"\n', ""]),
      expect: [{ at: "[rollout]", code: "missing_key", text: 'error: rollout.env_name: missing required key "env_name"' }],
    },
    {
      name: "several required keys of one table",
      kind: "rl",
      toml: edit(RL, ['gpu_type = "H100"\ngpu_count = 8\n', ""]),
      expect: [
        { at: "[compute]", code: "missing_key", text: 'error: compute.gpu_type: missing required key "gpu_type"' },
        { at: "[compute]", code: "missing_key", text: 'error: compute.gpu_count: missing required key "gpu_count"' },
      ],
    },
    {
      name: "a required table, reported at the top of the file",
      kind: "rl",
      toml: edit(RL, ['[services]\ntask_url = "https://example-org--crafter-task-app.modal.run"\n', ""]),
      expect: [{ at: "", code: "missing_key", text: "error: services: missing required table [services]" }],
    },
    {
      name: "[job] of an SFT config",
      kind: "sft",
      toml: edit(SFT, ['[job]\nmodel = "Qwen/Qwen3-4B"\ndata = "ft_data/crafter_train.jsonl"\npoll_seconds = 600\n', ""]),
      expect: [{ at: "", code: "missing_key", text: "error: job: missing required table [job]" }],
    },
    {
      name: "filter.db",
      kind: "filter",
      toml: edit(FILTER, ['db = "traces/v3/synth_ai.db"\n', ""]),
      expect: [{ at: "[filter]", code: "missing_key", text: 'error: filter.db: missing required key "db"' }],
    },
  ]);
});

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
      name: "a string for a boolean",
      kind: "rl",
      toml: edit(RL, ["gpu_memory_utilization = 0.85", 'gpu_memory_utilization = 0.85\nenforce_eager = "yes"']),
      expect: [{ at: "enforce_eager", code: "invalid_type", text: 'error: vllm.enforce_eager: expected a boolean, got string "yes"' }],
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
      toml: edit(RL, ["seeds = [0, 1, 2, 3, 4, 5, 6, 7]", 'seeds = [0, 1, "2", 3]']),
      expect: [{ at: '"2"', code: "invalid_type", text: 'error: evaluation.seeds[2]: expected an integer, got string "2"' }],
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

describe("eval seeds: a list, one integer, \"1,2,3\" or a range \"0-99\"", () => {
  const SEEDS = "seeds = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]";
  for (const form of ["[3, 5, 8]", "7", '"1,2,3"', '"0-99"', '" 10 - 19 "']) {
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
      expect: [{ at: "seeds = ", code: "invalid_format", text: 'error: eval.seeds: seeds as a string must be "1,2,3" or a range "0-99"' }],
    },
    {
      name: "a float inside the list",
      kind: "eval",
      toml: edit(EVAL, [SEEDS, "seeds = [1, 2.5]"]),
      expect: [{ at: "2.5", code: "invalid_type", text: "error: eval.seeds[1]: expected an integer, got float 2.5" }],
    },
  ]);
});

describe("allowUnknown", () => {
  const extras = edit(
    RL,
    ["\n[model]\n", '\n[rdma]\nenabled = true\nifname = "eth0"\n\n[model]\n'],
    ["log_interval = 1", "log_interval = 1\ncustom_knob = 3"],
    ['mode = "direct"', 'mode = "direct"\nchunk_size = 4096'],
    ["max_llm_calls = 10", 'max_llm_calls = 10\nreasoning_style = "terse"'],
  );

  test("strict mode reports every unknown key", () => {
    const result = checkConfigText(extras, { file: "rl.toml" });
    assert.deepEqual(
      result.findings.map((f) => `${f.code} ${f.path}`),
      ["unknown_key rdma", "unknown_key rollout.policy_config.reasoning_style", "unknown_key training.custom_knob", "unknown_key training.weight_sync.chunk_size"],
    );
    assert.equal(result.ok, false);
  });

  test("unknown keys are kept in the config at their path, with no finding", () => {
    const result = checkConfigText(extras, { file: "rl.toml", allowUnknown: true });
    assert.deepEqual(result.findings, []);
    assert.equal(result.ok, true);
    const config = result.config as Record<string, Record<string, unknown>>;
    assert.deepEqual(config.rdma, { enabled: true, ifname: "eth0" });
    assert.equal(config.training!.custom_knob, 3);
    assert.equal((config.training!.weight_sync as Record<string, unknown>).chunk_size, 4096);
    assert.equal((config.rollout!.policy_config as Record<string, unknown>).reasoning_style, "terse");
    // Known keys are untouched.
    assert.equal(config.training!.batch_size, 16);
    assert.deepEqual((config.training!.weight_sync as Record<string, unknown>).targets, ["policy"]);
  });

  test("unknown keys inside an array of tables are kept at their index", () => {
    const toml = `${EVAL}\n[[eval.judges]]\nmodule = "judges.progress"\nweight = 2\n`;
    const result = checkConfigText(toml, { file: "eval.toml", allowUnknown: true });
    assert.deepEqual(result.findings, []);
    const judges = (result.config as { eval: { judges: Record<string, unknown>[] } }).eval.judges;
    assert.deepEqual(judges, [{ module: "judges.progress", weight: 2 }]);
  });

  test("every other error is still reported", () => {
    const toml = edit(extras, ["batch_size = 16", 'batch_size = "x"']);
    const result = checkConfigText(toml, { file: "rl.toml", allowUnknown: true });
    assert.deepEqual(result.findings.map(formatFinding), [`rl.toml:${positionOf(toml, "batch_size = ")}: error: training.batch_size: expected an integer, got string "x"`]);
    assert.equal(result.config, undefined);
  });

  test("rules still run", () => {
    const toml = edit(extras, ["gpus_for_vllm = 4", "gpus_for_vllm = 5"]);
    const result = checkConfigText(toml, { file: "rl.toml", allowUnknown: true });
    assert.deepEqual(result.findings.map((f) => `${f.code} ${f.path}`), ["rl_topology_gpus topology.gpus_for_vllm"]);
  });
});

test("findings come sorted by position, errors before warnings on the same spot", () => {
  const toml = edit(
    RL,
    ['env_name = "crafter"\n', ""],
    ["task_app_origin_rewards_only = true\n", ""],
    ["group_size = 4", "group_size = 0"],
    ['mode = "direct"', 'mode = "full"'],
    ["[evaluation]", "[evalution]"],
  );
  const result = checkConfigText(toml, { file: "rl.toml" });
  assert.deepEqual(result.findings.map(formatFinding), [
    `rl.toml:${positionOf(toml, "[rollout]")}: error: rollout.env_name: missing required key "env_name"`,
    `rl.toml:${positionOf(toml, "[rollout]")}: warning: rollout: set exactly one of rollout.rubric_rewards_only or rollout.task_app_origin_rewards_only = true; later trainers reject a config with neither`,
    `rl.toml:${positionOf(toml, "[evalution]")}: error: evalution: unknown key "evalution"; did you mean "evaluation"?`,
    `rl.toml:${positionOf(toml, "group_size")}: error: training.group_size: must be > 0, got integer 0`,
    `rl.toml:${positionOf(toml, '[training.weight_sync]>>mode = "full"')}: warning: training.weight_sync.mode: weight_sync.mode = "full" is replaced by "direct": the trainer supports only direct sync`,
  ]);
});

describe("fixtures", () => {
  const kindOf = (name: string): ConfigKind => {
    const kind = (["rl", "sft", "eval", "filter"] as const).find((k) => name.startsWith(k));
    assert.ok(kind, `fixture ${name} must start with its kind`);
    return kind;
  };

  for (const name of readdirSync(`${fixtures}valid`).filter((f) => f.endsWith(".toml"))) {
    test(`valid/${name}: no finding at all, and a config`, async () => {
      const result = await checkConfigFile(`${fixtures}valid/${name}`, { file: name });
      assert.deepEqual(result.findings.map(formatFinding), []);
      assert.equal(result.ok, true);
      assert.equal(result.kind, kindOf(name));
      assert.ok(result.config && typeof result.config === "object");
    });
  }

  for (const name of readdirSync(`${fixtures}invalid`).filter((f) => f.endsWith(".toml"))) {
    test(`invalid/${name}: exactly the findings its "# expect:" lines name`, async () => {
      const text = read(`invalid/${name}`);
      const expected = [...text.matchAll(/^# expect: (\S+) (.+)$/gm)].map((m) => `${m[1]} | ${name}:${m[2]}`);
      assert.ok(expected.length > 0, `invalid/${name} has no "# expect: <code> <line>:<col>: <severity>: ..." line`);
      const result = await checkConfigFile(`${fixtures}invalid/${name}`, { file: name });
      assert.deepEqual(result.findings.map((f) => `${f.code} | ${formatFinding(f)}`), expected);
      assert.equal(result.ok, false);
    });
  }
});
