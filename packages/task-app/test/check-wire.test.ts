/**
 * `check` speaks the rollout wire asked for, else the one the app's `/info`
 * advertises: over real loopback HTTP, a container-preferring app is checked
 * in the container era, a failure status or an answer with `metrics` beside
 * `reward_info` fails rollout-valid; `--wire` on the CLI.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkTaskApp, formatCheckReport } from "../src/check/index.js";
import { serve } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { sendJson, startLoopback } from "./helpers/loopback.js";
import { runCli } from "./helpers/run-cli.js";

const KEY = "sk_env_k3d8s1f6g9";
const env = { ENVIRONMENT_API_KEY: KEY };
const failed = (r: Awaited<ReturnType<typeof checkTaskApp>>) => r.results.filter((x) => !x.ok).map((x) => x.name);

test("check follows /info's preferred wire, or the one asked for", async () => {
  const running = await serve(createMathApp({ wire: "container" }), { port: 0, env, logLevel: "silent", handleSignals: false });
  try {
    const report = await checkTaskApp({ url: running.url, apiKey: KEY });
    assert.equal(report.wire, "container");
    assert.deepEqual(failed(report), [], formatCheckReport(report));
    assert.match(report.results.find((r) => r.name === "rollout-valid")!.detail, /^container wire: POST \/rollout -> 200/);
    assert.match(formatCheckReport(report), /\(rollout wire container\)/);
    const legacy = await checkTaskApp({ url: running.url, apiKey: KEY, wire: "0.2" });
    assert.equal(legacy.wire, "0.2");
    assert.deepEqual(failed(legacy), []);
  } finally {
    await running.close();
  }
  const plain = await serve(createMathApp(), { port: 0, env, logLevel: "silent", handleSignals: false });
  try {
    assert.equal((await checkTaskApp({ url: plain.url, apiKey: KEY })).wire, "0.2");
  } finally {
    await plain.close();
  }
});

test("a container-era failure status fails rollout-valid with its detail", async () => {
  const running = await serve(createMathApp({ wire: "container", rollout: () => Promise.reject(new Error("no")) }), { port: 0, env, logLevel: "silent", handleSignals: false });
  try {
    const report = await checkTaskApp({ url: running.url, apiKey: KEY });
    assert.deepEqual(failed(report), ["rollout-valid"]);
    assert.match(report.results.find((r) => r.name === "rollout-valid")!.detail, /success_status is runtime_error \(the rollout executor failed \(error id /);
  } finally {
    await running.close();
  }
});

test("an app answering metrics beside reward_info, or not echoing the id, fails rollout-valid", async () => {
  let echo = true;
  const server = await startLoopback((req, res) => {
    if (req.headers["x-api-key"] !== KEY) return sendJson(res, 401, { detail: { error: { code: "unauthorised", message: "no" } } });
    if (req.path === "/info") return sendJson(res, 200, { service: { task: {} }, dataset: {}, rubrics: null, inference: {}, limits: {}, rollout_wire: { preferred: "container", supported: ["container"] } });
    if (req.path.startsWith("/task_info")) return sendJson(res, 200, req.path === "/task_info" ? { taskset: {} } : req.path.includes("&") ? [{}, {}] : {});
    if (req.path === "/rollout") {
      let body: { trace_correlation_id?: unknown } | null = {};
      try {
        body = JSON.parse(req.body) as typeof body;
      } catch {
        return sendJson(res, 400, {});
      }
      if (typeof body?.trace_correlation_id !== "string" || !body.trace_correlation_id.trim()) return sendJson(res, 422, {});
      const reward = { outcome_reward: 1, details: {} };
      return sendJson(res, 200, echo ? { trace_correlation_id: body.trace_correlation_id, reward_info: reward, metrics: reward } : { trace_correlation_id: "other", reward_info: reward });
    }
    sendJson(res, 200, { healthy: true });
  });
  try {
    const both = await checkTaskApp({ url: server.url, apiKey: KEY });
    assert.equal(both.wire, "container");
    assert.match(both.results.find((r) => r.name === "rollout-valid")!.detail, /metrics: metrics beside reward_info/);
    echo = false;
    const other = await checkTaskApp({ url: server.url, apiKey: KEY });
    assert.match(other.results.find((r) => r.name === "rollout-valid")!.detail, /trace_correlation_id does not echo the request/);
  } finally {
    await server.close();
  }
});

test("task-app check --wire", async () => {
  const running = await serve(createMathApp(), { port: 0, env, logLevel: "silent", handleSignals: false });
  try {
    const ok = await runCli(["check", running.url, "--api-key", KEY, "--wire", "container"]);
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /rollout wire container/);
    assert.match(ok.stdout, /PASS {2}rollout-valid +container wire/);
    const bad = await runCli(["check", running.url, "--api-key", KEY, "--wire", "1.0"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /wire/);
  } finally {
    await running.close();
  }
});
