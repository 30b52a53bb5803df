/**
 * The typed client speaks both rollout wires over a real loopback socket:
 * `wire: "container"` sends a container-era body and checks the answer
 * against that era (`metrics` accepted as an alias of `reward_info`, never
 * beside it), `wire: "0.2"` (the default) as before.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createTaskAppClient, TaskAppContractError } from "../src/client/index.js";
import { serve } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { sendJson, startLoopback } from "./helpers/loopback.js";

const KEY = "sk_env_c5t9y2u8j4";

test("one served app, a client of each wire", async () => {
  const running = await serve(createMathApp({ wire: "container" }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  try {
    const container = createTaskAppClient({ baseUrl: running.url, apiKey: KEY, wire: "container" });
    assert.equal(container.wire, "container");
    const answer = await container.rollout({ trace_correlation_id: "trace-9", env: { env_name: "math", seed: 2 }, policy: { policy_name: "p" } });
    assert.equal(answer.trace_correlation_id, "trace-9");
    assert.equal(answer.reward_info.outcome_reward, 1.5);
    const legacy = createTaskAppClient({ baseUrl: running.url, apiKey: KEY });
    assert.equal(legacy.wire, "0.2");
    const old = await legacy.rollout({ run_id: "r", env: { seed: 2 }, policy: {}, ops: [] });
    assert.equal(old.metrics.mean_return, 1.5);
    assert.equal((await legacy.info()).rollout_wire?.preferred, "container");
  } finally {
    await running.close();
  }
});

test("a container-era answer with metrics alone is read as reward_info; metrics beside reward_info is a contract error", async () => {
  const reward = { outcome_reward: 0.5, details: {} };
  let answer: Record<string, unknown> = { trace_correlation_id: "t", metrics: reward };
  const server = await startLoopback((_req, res) => sendJson(res, 200, answer));
  try {
    const client = createTaskAppClient({ baseUrl: server.url, apiKey: KEY, wire: "container", tries: 1 });
    const request = { trace_correlation_id: "t", env: {}, policy: {} };
    assert.equal((await client.rollout(request)).reward_info.outcome_reward, 0.5);
    assert.ok(!JSON.parse(server.seen[0]!.body).run_id, "no run_id sent");
    answer = { trace_correlation_id: "t", metrics: reward, reward_info: reward };
    await assert.rejects(client.rollout(request), (e: unknown) => e instanceof TaskAppContractError && e.issues.some((i) => i.path === "metrics"));
    answer = { run_id: "t", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 } };
    await assert.rejects(client.rollout(request), TaskAppContractError, "a 0.2.x answer is not a container-era one");
  } finally {
    await server.close();
  }
});
