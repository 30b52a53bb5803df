/** The 0.2.x answer leaves out every container-only key of an executor's result, and copies only when there is one. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { CONTAINER_ONLY, toLegacyResponse } from "../src/server/wire/container.js";
import type { RolloutResult } from "../src/schemas/rollout-result.js";

const result = (): RolloutResult =>
  ({ run_id: "r", trajectories: [], branches: {}, metrics: { episode_returns: [1], mean_return: 1, num_steps: 1, num_episodes: 1, details: {} }, aborted: false, ops_executed: 0, pipeline_metadata: {} }) as unknown as RolloutResult;

test("a result without container-only keys is answered as it is, not copied", () => {
  const plain = result();
  assert.equal(toLegacyResponse(plain), plain);
});

test("each container-only key alone is left out of the 0.2.x answer, on a copy", () => {
  for (const key of CONTAINER_ONLY) {
    const withKey = { ...result(), [key]: key === "success_status" ? "success" : 1 } as RolloutResult;
    const answer = toLegacyResponse(withKey);
    assert.notEqual(answer, withKey, `${key}: copied`);
    assert.equal(key in answer, false, `${key}: left out`);
    assert.equal(key in withKey, true, `${key}: the executor's result keeps it`);
    assert.deepEqual(answer, result(), key);
  }
});
