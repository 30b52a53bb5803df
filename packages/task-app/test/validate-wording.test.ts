/**
 * What `task-app validate` says about common mistakes, word for word: it names
 * the mistake, where it is, and what was meant.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import { edit, positionOf } from "./helpers/corpus.js";
import { RL } from "./helpers/rules-table.js";

const report = (toml: string, options = {}) => checkConfigText(toml, { file: "rl.toml", ...options }).findings.map(formatFinding);

test("an integer beyond 2^53 is a warning, never a TOML syntax error", () => {
  const toml = `${RL}\n[training.extra]\nseed = 9007199254740993\n`;
  const found = report(toml, { allowUnknown: true });
  assert.deepEqual(found, [
    `rl.toml:${positionOf(toml, "seed = 9007")}: warning: training.extra.seed: integer 9007199254740993 is beyond ±2^53 and has no exact number; it is read as 9007199254740992`,
  ]);
});

test("an unterminated string says so, at its opening quote", () => {
  assert.deepEqual(report('type = "rl"\nname = "crafter\nx = 1\n'), [
    "rl.toml:2:8: error: invalid TOML: unterminated string: the quote at line 2, column 8 is not closed before the end of the line (use triple quotes for a multi-line string)",
  ]);
  assert.deepEqual(report("type = 'rl'\nprompt = '''\nnever closed\n"), [
    "rl.toml:2:10: error: invalid TOML: unterminated string: the quote at line 2, column 10 is never closed",
  ]);
});

test("a duplicate key names the key and its first definition; a table defined twice too", () => {
  const key = edit(RL, ["batch_size = 4", "batch_size = 4\nbatch_size = 8"]);
  const [line, column] = positionOf(key, "batch_size = 4").split(":");
  assert.deepEqual(report(key), [`rl.toml:${Number(line) + 1}:1: error: invalid TOML: duplicate key "batch_size" in [training]; first defined at line ${line}, column ${column}`]);
  const table = `${RL}\n[compute]\ngpu_count = 8\n`;
  assert.deepEqual(report(table), [
    `rl.toml:${table.split("\n").lastIndexOf("[compute]") + 1}:2: error: invalid TOML: table [compute] is defined twice; first defined at line ${positionOf(RL, "[compute]").split(":")[0]}, column 2`,
  ]);
});

test("a misspelt table name is reported once, at the typo, with did-you-mean; not as the keys it holds", () => {
  // [training.weight_sync] further down still opens [training], which then misses every key [trainig] holds.
  const toml = edit(RL, ["[training]", "[trainig]"]);
  assert.deepEqual(report(toml), [`rl.toml:${positionOf(toml, "[>>trainig]")}: error: trainig: unknown key "trainig"; did you mean "training"?`]);
});

test("a key in the wrong table says which table it belongs to", () => {
  const toml = edit(RL, ["[rollout]", "[rollout]\nlearning_rate = 1e-5"]);
  assert.deepEqual(report(toml), [`rl.toml:${positionOf(toml, "learning_rate = 1e-5")}: error: rollout.learning_rate: unknown key "learning_rate" in [rollout]; it belongs in [training]`]);
});

test("--allow-unknown keeps the key but still says did-you-mean, as a warning", () => {
  const toml = edit(RL, ["[rollout]", "[rollout]\nlearning_rate = 1e-5\nmax_turn = 3\ncustom_knob = 1"]);
  const result = checkConfigText(toml, { file: "rl.toml", allowUnknown: true });
  assert.equal(result.ok, true);
  assert.deepEqual(result.findings.map(formatFinding), [
    `rl.toml:${positionOf(toml, "learning_rate = 1e-5")}: warning: rollout.learning_rate: unknown key "learning_rate" in [rollout] is kept (--allow-unknown); it belongs in [training]`,
    `rl.toml:${positionOf(toml, "max_turn = 3")}: warning: rollout.max_turn: unknown key "max_turn" in [rollout] is kept (--allow-unknown); did you mean "max_turns"?`,
  ]);
});
