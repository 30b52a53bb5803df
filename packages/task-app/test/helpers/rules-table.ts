/**
 * Shared by the rules tests (test/rules-*.test.ts): clean inline configs to
 * edit per row, the row shape, and `check`, which compares a row against the
 * exact findings users see, as `formatFinding` prints them. Each row lists
 * every finding the file gets, so a rule that fires too often fails as surely
 * as one that stays silent.
 *
 * The rows of the cross-section rules live in the rules-rows-*.ts modules
 * beside this one, so that test/rules-core.test.ts can check that every rule
 * has rows across all of them.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigText } from "../../src/config/check.js";
import { formatFinding } from "../../src/config/findings.js";
import { rules } from "../../src/config/rules/index.js";
import type { ConfigKind } from "../../src/schemas/registry.js";
import { edit, positionOf } from "./corpus.js";

/** A clean 0.2.13-era RL config: hybrid Qwen3 text model, 4 GPUs split 2/1/1, TP 2. */
export const RL = `[algorithm]
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
log_interval = 1
weight_sync_interval = 1

[training.weight_sync]
enable = true
targets = ["policy"]
mode = "direct"
`;

/** The same config on a Qwen3-VL Instruct model (a vision model without a thinking mode). */
export const RL_VL = edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-VL-4B-Instruct"']);

/** The later era: [policy] instead of [model], [compute.topology] instead of [topology]. */
export const RL_POLICY = edit(
  RL,
  [
    "[topology]\ngpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\ntensor_parallel = 2\n",
    "[compute.topology]\ngpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\ntensor_parallel = 2\n",
  ],
  ['[model]\nbase = "Qwen/Qwen3-4B"', '[policy]\nmodel_name = "Qwen/Qwen3-4B"'],
);

export const SFT = `[algorithm]
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

export const EVAL = `[eval]
app_id = "grpo-crafter"
model = "Qwen/Qwen3-4B"
seeds = [0, 1, 2]

[eval.policy_config]
temperature = 0.6
`;

export const FILTER = `[filter]
db = "traces/v3/synth_ai.db"
output = "ft_data/train.jsonl"
`;

export interface Expected {
  /** Where the finding points: a unique needle for `positionOf` ("" = 1:1). */
  at: string;
  code: string;
  /** Everything after `file:line:col: `, exactly. */
  text: string;
}

export interface Row {
  name: string;
  toml: string;
  kind: ConfigKind;
  expect: Expected[];
}

/** Rows keyed by the code they exercise. */
export type RowTable = Record<string, Row[]>;

const FILE = { rl: "rl.toml", sft: "sft.toml", eval: "eval.toml", filter: "filter.toml", deploy: "deploy.toml" } as const;

export function check(row: Row) {
  const file = FILE[row.kind];
  const result = checkConfigText(row.toml, { file });
  assert.equal(result.kind, row.kind, "detected kind");
  const got = result.findings.map((f) => `${f.code} | ${formatFinding(f)}`);
  const want = row.expect.map((e) => `${e.code} | ${file}:${positionOf(row.toml, e.at)}: ${e.text}`);
  assert.deepEqual([...got].sort(), [...want].sort());
  assert.equal(result.ok, !row.expect.some((e) => e.text.startsWith("error:")), "ok is true exactly when there is no error");
}

/** The base's [topology] table (and its GPU split), for rows that drop or copy it. */
export const GPU_SPLIT = "[topology]\ngpus_for_vllm = 2\ngpus_for_training = 1\ngpus_for_ref = 1\ntensor_parallel = 2\n";

/**
 * Runs the rows of cross-section rules as `cross-section rules > <code> > <row>`,
 * and checks that each code has a row with its rule's default severity.
 */
export function describeRuleRows(table: RowTable): void {
  describe("cross-section rules", () => {
    for (const [code, rows] of Object.entries(table)) {
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
}
