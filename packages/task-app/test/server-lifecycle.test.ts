import { test } from "node:test";
import assert from "node:assert/strict";
import { serve } from "../src/server/index.js";
import { EXIT_AFTER_SHUTDOWN_MS } from "../src/server/announce.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_lifecycle";
const env = { ENVIRONMENT_API_KEY: KEY };
const json = { "x-api-key": KEY, "content-type": "application/json" };
const body = JSON.stringify({ run_id: "slow", env: { seed: 1 }, policy: {}, ops: [] });

test("startup hooks run before listening; shutdown waits for in-flight rollouts, refuses new ones, then runs hooks", async () => {
  const events: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const app = createMathApp({
    onStartup: [async () => void events.push("startup-1"), (a) => void events.push(`startup-2:${a.appId}`)],
    onShutdown: [() => void events.push("shutdown")],
    rollout: async (req, ctx) => {
      entered();
      await gate;
      events.push("rollout-done");
      return createMathApp().rollout(req, ctx);
    },
  });
  const running = await serve(app, { port: 0, env, logLevel: "silent", handleSignals: false });
  assert.deepEqual(events, ["startup-1", "startup-2:math-test"]);
  const inflight = fetch(`${running.url}/rollout`, { method: "POST", headers: json, body });
  await inside;
  const closing = running.close();
  await new Promise((r) => setTimeout(r, 50));
  await assert.rejects(fetch(`${running.url}/health`, { headers: json }), "new connections are refused");
  assert.ok(!events.includes("shutdown"), "hooks wait for the in-flight rollout");
  release();
  const res = await inflight;
  assert.equal(res.status, 200, "the in-flight rollout finished normally");
  await closing;
  assert.deepEqual(events.slice(2), ["rollout-done", "shutdown"]);
  await running.closed;
});

test("shutdown is bounded: a rollout that never ends is aborted after the grace period", { timeout: 30_000 }, async () => {
  let aborted = false;
  let started!: () => void;
  const running_ = new Promise<void>((resolve) => (started = resolve));
  const app = createMathApp({
    limits: { shutdownGraceMs: 200 },
    onShutdown: [() => { throw new Error("hook failure does not block shutdown"); }],
    rollout: (_req, ctx) => {
      ctx.signal.addEventListener("abort", () => (aborted = true));
      started();
      return new Promise(() => {});
    },
  });
  const running = await serve(app, { port: 0, env, logLevel: "silent", handleSignals: false });
  const inflight = fetch(`${running.url}/rollout`, { method: "POST", headers: json, body }).catch(() => null);
  await running_; // the executor is running (a fixed sleep is not enough on a loaded machine)
  await running.close();
  assert.equal(aborted, true);
  const res = await inflight;
  if (res) assert.equal(res.status, 503);
});

test("an idle kept-alive connection does not hold shutdown: close() ends long before the grace period, and the connection is closed", { timeout: 30_000 }, async () => {
  const { Agent, request } = await import("node:http");
  const app = createMathApp({ limits: { shutdownGraceMs: 10_000 } });
  const running = await serve(app, { port: 0, env, logLevel: "silent", handleSignals: false });
  const agent = new Agent({ keepAlive: true });
  try {
    // One answered request leaves its connection open and idle in the agent.
    const socketClosed = await new Promise<Promise<void>>((resolve, reject) => {
      const req = request(`${running.url}/health`, { agent, headers: json }, (res) => {
        res.resume();
        res.on("end", () => resolve(new Promise<void>((r) => req.socket!.once("close", () => r()))));
      });
      req.on("error", reject);
      req.end();
    });
    const started = Date.now();
    await running.close();
    assert.ok(Date.now() - started < 5_000, `close() took ${Date.now() - started} ms`);
    await socketClosed;
  } finally {
    agent.destroy();
  }
});

test("SIGTERM triggers the same graceful shutdown, then ends a process something still holds open", async (t) => {
  const events: string[] = [];
  // After a signal's shutdown serve ends the process if it is still alive a second later. This test
  // holds it (as an executor ignoring its abort signal would): the exit is recorded, not made, so
  // it cannot end the tests of the files sharing this process (scripts/test-groups.mjs).
  const exits: (string | number | null | undefined)[] = [];
  t.mock.method(process, "exit", ((code?: string | number | null) => void exits.push(code)) as typeof process.exit);
  const running = await serve(createMathApp({ onShutdown: [() => void events.push("shutdown")] }), { port: 0, env, logLevel: "silent" });
  process.emit("SIGTERM", "SIGTERM");
  await running.closed;
  assert.deepEqual(events, ["shutdown"]);
  assert.equal(process.listenerCount("SIGTERM"), 0, "signal handlers removed");
  assert.deepEqual(exits, [], "not before the second is up");
  await new Promise((resolve) => setTimeout(resolve, EXIT_AFTER_SHUTDOWN_MS + 200));
  assert.deepEqual(exits, [process.exitCode ?? 0], "the process is ended, with its exit code");
});
