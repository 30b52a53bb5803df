/**
 * Mixed shapes are routed as synth-ai's servers route them: a body with a
 * `trace_correlation_id` is container-era even when it also carries `run_id`
 * or `ops` (a container server drops them as unknown keys), so its client
 * gets an answer it can read; a body without one is 0.2.x. Checked through
 * the server in-process and, for the container answers, against the restated
 * synth-ai models (test/python/check_wire_eras.py; skips without pydantic).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { packageRoot } from "../../src/scaffold/paths.js";
import { createTaskAppServer } from "../../src/server/index.js";
import { createMathApp } from "../fixtures/apps/math.js";
import { findPython } from "../helpers/python.js";

const KEY = "sk_env_m3x7e1r9a5";
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const env = { env_name: "math", seed: 2 };
const policy = { policy_name: "p" };

/** Bodies, with the era synth-ai's servers answer them in. */
const BODIES: [name: string, body: Record<string, unknown>, wire: "0.2" | "container"][] = [
  ["trace_correlation_id and run_id", { trace_correlation_id: "t-run", run_id: "r-1", env, policy }, "container"],
  ["trace_correlation_id and ops", { trace_correlation_id: "t-ops", ops: ["agent", "env"], env, policy }, "container"],
  ["trace_correlation_id, run_id and ops", { trace_correlation_id: "t-all", run_id: "r-2", ops: [], env, policy }, "container"],
  ["run_id and ops alone", { run_id: "r-3", ops: [], env, policy }, "0.2"],
];

async function answerAll() {
  const seen: string[] = [];
  const inner = createMathApp().rollout;
  const server = createTaskAppServer(createMathApp({ rollout: (request, ctx) => (seen.push(`${ctx.wire}:${request.run_id}`), inner(request, ctx)) }), { env: { ENVIRONMENT_API_KEY: KEY } });
  const answers: { status: number; body: Record<string, unknown> }[] = [];
  for (const [, body] of BODIES) {
    const res = await server.request("/rollout", { method: "POST", headers, body: JSON.stringify(body) });
    answers.push({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  }
  return { answers, seen };
}

test("a body with a trace_correlation_id gets a container-era answer, whatever else it carries", async () => {
  const { answers, seen } = await answerAll();
  for (const [n, [name, body, wire]] of BODIES.entries()) {
    const { status, body: answer } = answers[n]!;
    assert.equal(status, 200, `${name}: ${JSON.stringify(answer)}`);
    if (wire === "container") {
      assert.equal(answer.trace_correlation_id, body.trace_correlation_id, name);
      assert.ok("reward_info" in answer && !("metrics" in answer) && !("run_id" in answer), name);
    } else assert.ok("metrics" in answer && !("reward_info" in answer), name);
  }
  assert.deepEqual(seen, ["container:t-run", "container:t-ops", "container:t-all", "0.2:r-3"]);
});

const python = findPython(["pydantic"]);

test("synth-ai's models of each era read every mixed request and its answer", { skip: python.ok ? false : python.reason }, async () => {
  if (!python.ok) return;
  const { answers } = await answerAll();
  const cases = BODIES.map(([name, request, wire], n) => ({ name, wire, request, response: answers[n]!.body }));
  const run = spawnSync(python.python, [join(packageRoot(), "test", "python", "check_wire_eras.py")], { input: JSON.stringify({ cases }), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});
