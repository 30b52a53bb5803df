/**
 * Where a config refuses an empty `model.label`, `rollout.env_name` or
 * `rollout.policy_name` (and the eval config's `env_name` / `policy_name`),
 * it refuses a blank one by Python's `str.strip()` too, as synth-ai does:
 * spaces, U+0085, U+001C; U+FEFF is not whitespace to Python and passes.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { checkSourceText } from "../src/config/check-source.js";

const RL = readFileSync(new URL("./fixtures/valid/rl-model-era.toml", import.meta.url), "utf8");
const errorsOf = (text: string, file = "rl.toml") => checkSourceText(text, { file }).findings.filter((f) => f.severity === "error").map((f) => `${f.path}: ${f.message}`);

for (const [key, pattern] of [
  ["label", /^label = .*$/m],
  ["env_name", /^env_name = .*$/m],
  ["policy_name", /^policy_name = .*$/m],
] as const)
  test(`${key}: blank by Python's strip() is refused like an empty one; U+FEFF passes`, () => {
    assert.ok(pattern.test(RL), `the fixture sets ${key}`);
    for (const blank of ["   ", "\\u0085", " \\u001c\\t"]) {
      const errors = errorsOf(RL.replace(pattern, `${key} = "${blank}"`));
      assert.equal(errors.length, 1, `${JSON.stringify(blank)}: ${errors.join("; ")}`);
      assert.match(errors[0]!, /must not be blank: synth-ai strips it/);
    }
    assert.equal(errorsOf(RL.replace(pattern, `${key} = ""`)).length, 1);
    assert.deepEqual(errorsOf(RL.replace(pattern, `${key} = "\\ufeffx"`)), []);
  });

test("the eval config's env_name and policy_name follow the same rule", () => {
  const text = '[eval]\napp_id = "math"\nmodel = "Qwen/Qwen3-4B"\nseeds = [1, 2]\nenv_name = " \\u0085 "\npolicy_name = "\\t"\n';
  const errors = errorsOf(text, "eval.toml");
  assert.deepEqual(errors.map((e) => e.split(":")[0]).sort(), ["eval.env_name", "eval.policy_name"]);
});
