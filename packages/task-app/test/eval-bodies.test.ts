/**
 * Eval serialises a run's request once and puts each rollout's run_id and
 * seed into it: the bodies must be byte for byte what serialising each
 * request gives, in both wires, traced or not, whatever the plan holds
 * (an env config with its own seed or index, strings that look like the
 * template's slots).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { resolveEvalPlan, type EvalPlan } from "../src/eval/index.js";
import { buildEvalRequest, createEvalBodies, evalRunId } from "../src/eval/rollout.js";
import { containerEvalRequest } from "../src/eval/wire.js";

const scratch = mkdtempSync(join(tmpdir(), "eval-bodies-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const plans = async (): Promise<[string, EvalPlan][]> => {
  const base = await resolveEvalPlan({ url: ["http://127.0.0.1:9"], model: "m", seeds: "0-3", envName: "math", split: "test", runDir: join(scratch, "a"), traceDb: false }, scratch);
  return [
    ["plain", base],
    ["no env name, policy config", { ...(await resolveEvalPlan({ url: ["http://127.0.0.1:9"], model: "org/m", seeds: "7", policyConfig: ["temperature=0.2", 'stop=["\\n"]'], runDir: join(scratch, "b"), traceDb: false }, scratch)) }],
    ["env config with its own index and seed", { ...base, envConfig: { index: 99, seed: "s", difficulty: "hard", nested: { seed: 1 } } }],
    ["a value holding a slot's text", { ...base, envConfig: { note: "\u0000task-app-seed\u0000" }, policyConfig: { ...base.policyConfig, x: "\u0000task-app-run-id\u0000" } }],
    ["unicode and escapes", { ...base, envName: 'm"ath\\ é ✓', ops: ["agent", "env"], split: "line\nbreak" }],
  ];
};

test("a rollout's body is the serialised request, in both wires, traced or not", async () => {
  for (const [name, plan] of await plans())
    for (const traced of [false, true])
      for (const wire of ["0.2", "container"] as const) {
        const bodies = createEvalBodies(plan, traced, wire);
        for (const [seed, rollout] of [[0, 0], [3, 1], [12345, 0], [7, 2]] as const) {
          const request = buildEvalRequest(plan, seed, rollout, traced);
          const expected = JSON.stringify(wire === "container" ? containerEvalRequest(request) : request);
          const got = bodies(seed, rollout);
          assert.equal(got.body, expected, `${name}, traced ${traced}, wire ${wire}, seed ${seed}`);
          assert.equal(got.runId, evalRunId(plan.runDir, plan.digest, seed, rollout));
        }
      }
});
