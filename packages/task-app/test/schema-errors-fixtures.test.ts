/**
 * Schema errors across a whole file: the order findings come in, and the
 * fixture files under test/fixtures/{valid,invalid} (valid ones have no
 * finding; invalid ones have exactly the findings their "# expect:" lines name).
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { describe, test } from "node:test";
import { checkConfigFile, checkConfigText } from "../src/config/check.js";
import { formatFinding } from "../src/config/findings.js";
import type { ConfigKind } from "../src/schemas/registry.js";
import { edit, positionOf } from "./helpers/corpus.js";
import { fixtures, read, RL } from "./helpers/schema-errors.js";

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
    `rl.toml:${positionOf(toml, '[training.weight_sync]>>mode = "full"')}: warning: training.weight_sync.mode: weight_sync.mode = "full": synth-ai's later CLI rewrites it to "direct", the only mode the trainer supports`,
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
