/**
 * What schema errors about keys look like to users: the exact `formatFinding`
 * text for unknown keys (with and without a suggestion) and missing keys and
 * tables, and how `allowUnknown` keeps unknown keys. The bases every row edits
 * are checked clean here.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { edit, positionOf } from "./helpers/corpus.js";
import { EVAL, FILE, FILTER, RL, SFT, table } from "./helpers/schema-errors.js";

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
