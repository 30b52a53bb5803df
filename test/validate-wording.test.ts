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
