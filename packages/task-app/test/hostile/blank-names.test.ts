/**
 * A whitespace-only `model.label`, `rollout.env_name`, `rollout.policy_name`
 * or eval `env_name` / `policy_name` is refused like an empty one, by
 * Python's blank rule (`str.strip()`: U+001C..U+001F and U+0085 are
 * whitespace, U+FEFF is not), at the key's line and column; Python's
 * `str.strip()` agrees on each value (skips without Python).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { checkConfigText } from "../../src/config/check.js";
import { formatFinding } from "../../src/config/findings.js";
import { findPython } from "../helpers/python.js";
import { EVAL, RL } from "../helpers/rules-table.js";

/** TOML basic-string bodies, and whether Python's str.strip() leaves nothing. */
const VALUES: [toml: string, blank: boolean][] = [
  ["   ", true],
  ["\\t\\n", true],
  ["\\u001c\\u001f", true],
  ["\\u0085", true],
  ["\\u00a0\\u3000", true],
  ["\\ufeff", false],
  [" crafter ", false],
];

const KEYS: [kind: "rl" | "eval", base: string, line: string, path: string][] = [
  ["rl", RL, 'label = "crafter-rl"', "model.label"],
  ["rl", RL, 'env_name = "crafter"', "rollout.env_name"],
  ["rl", RL, 'policy_name = "crafter-react"', "rollout.policy_name"],
  ["eval", EVAL, 'app_id = "grpo-crafter"', "eval.env_name"],
  ["eval", EVAL, 'app_id = "grpo-crafter"', "eval.policy_name"],
];

for (const [kind, base, line, path] of KEYS)
  test(`a blank ${path} is refused by Python's rule`, () => {
    assert.ok(base.includes(line));
    const key = path.split(".").at(-1)!;
    for (const [value, blank] of VALUES) {
      const replaced = kind === "eval" ? `${line}\n${key} = "${value}"` : `${key} = "${value}"`;
      const text = base.replace(line, replaced);
      const findings = checkConfigText(text, { file: "c.toml", kind }).findings.filter((f) => f.severity === "error").map(formatFinding);
      const row = text.split("\n").findIndex((l) => l.startsWith(`${key} = `)) + 1;
      if (blank) {
        assert.equal(findings.length, 1, `${value}: ${findings.join("; ")}`);
        assert.match(findings[0]!, new RegExp(`^c\\.toml:${row}:\\d+: error: ${path.replace(".", "\\.")}: must not be blank`), value);
      } else assert.deepEqual(findings, [], value);
    }
  });

const python = findPython(["json"]);

test("Python's str.strip() agrees on which values are blank", { skip: python.ok ? false : python.reason }, () => {
  if (!python.ok) return;
  const texts = VALUES.map(([v]) => JSON.parse(`"${v}"`) as string);
  const run = spawnSync(python.python, ["-c", "import json, sys\nprint(json.dumps([not s.strip() for s in json.load(sys.stdin)]))"], { input: JSON.stringify(texts), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout), VALUES.map(([, b]) => b));
});
