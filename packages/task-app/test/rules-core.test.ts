/**
 * What holds for every cross-section rule: the clean bases have no finding,
 * every rule has rows (in test/helpers/rules-rows-*.ts, run by the other
 * test/rules-*.test.ts files), rules read the raw document, and rules of one
 * kind never run on another.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { rules } from "../src/config/rules/index.js";
import { edit, positionOf } from "./helpers/corpus.js";
import { FIDELITY_ROWS } from "./helpers/rules-rows-fidelity.js";
import { REACH_ROWS } from "./helpers/rules-rows-reach.js";
import { RL_MODEL_ROWS } from "./helpers/rules-rows-rl-model.js";
import { RL_TRAINING_ROWS } from "./helpers/rules-rows-rl-training.js";
import { SFT_ROWS } from "./helpers/rules-rows-sft.js";
import { VISION_THINKING_ROWS } from "./helpers/rules-rows-vision-thinking.js";
import { check, EVAL, FILTER, RL, RL_POLICY, RL_VL, type Row, SFT } from "./helpers/rules-table.js";

/** Rows per rule code, from every rows module; every code in src/config/rules must have a row. */
const ROWS = [RL_MODEL_ROWS, RL_TRAINING_ROWS, VISION_THINKING_ROWS, SFT_ROWS, FIDELITY_ROWS, REACH_ROWS];

const BASES: Row[] = [
  { name: "RL base", toml: RL, kind: "rl", expect: [] },
  { name: "RL base on a Qwen3-VL Instruct model", toml: RL_VL, kind: "rl", expect: [] },
  { name: "RL base, later [policy] era", toml: RL_POLICY, kind: "rl", expect: [] },
  { name: "SFT base", toml: SFT, kind: "sft", expect: [] },
  { name: "eval base", toml: EVAL, kind: "eval", expect: [] },
  { name: "filter base", toml: FILTER, kind: "filter", expect: [] },
];

describe("clean bases", () => {
  for (const row of BASES) test(row.name, () => check(row));
});

describe("cross-section rules", () => {
  test("every rule has rows, and every row names a rule", () => {
    const codes = ROWS.flatMap((table) => Object.keys(table));
    assert.equal(new Set(codes).size, codes.length, "no rule has rows in two modules");
    assert.deepEqual(codes.sort(), rules.map((r) => r.code).sort());
  });
});

test("rules read the raw document, so they still speak when the schema fails elsewhere", () => {
  const toml = edit(RL, ["batch_size = 4", 'batch_size = "four"'], ["gpus_for_vllm = 2", "gpus_for_vllm = 3"]);
  const result = checkConfigText(toml, { file: "rl.toml" });
  assert.deepEqual(
    result.findings.map(formatFinding),
    [
      `rl.toml:${positionOf(toml, "gpus_for_vllm = 3")}: error: topology.gpus_for_vllm: topology uses 5 GPUs (vllm 3 + training 1 + ref 1) but compute.gpu_count = 4`,
      `rl.toml:${positionOf(toml, "batch_size = ")}: error: training.batch_size: expected an integer, got string "four"`,
    ],
  );
  assert.equal(result.config, undefined, "no config when there is an error");
});

test("rules of one kind never run on another", () => {
  // SFT rules would flag weight_decay; on an RL config the key is an unknown key, nothing more.
  const toml = edit(RL, ["learning_rate = 5e-5", "learning_rate = 5e-5\nweight_decay = 0.1"]);
  const result = checkConfigText(toml, { file: "rl.toml" });
  assert.deepEqual(result.findings.map((f) => f.code), ["unknown_key"]);
  // RL rules would flag the missing topology; an eval config has none.
  assert.deepEqual(checkConfigText(EVAL, { file: "eval.toml" }).findings, []);
});
