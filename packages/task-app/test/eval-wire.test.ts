/**
 * `task-app eval` over real loopback HTTP in either rollout wire: the one the
 * app's /info advertises by default, `--wire` otherwise. Container-era
 * answers give the same result lines (return, judge score, steps) and their
 * traces reach the store; a failure status is a failed line with its cause
 * and the app's error id.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { serve } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { runCli } from "./helpers/run-cli.js";

const KEY = "sk_env_e6v2l9q4w8";
const work = mkdtempSync(join(tmpdir(), "eval-wire-"));
after(() => rmSync(work, { recursive: true, force: true }));
const cliEnv = { ...process.env, ENVIRONMENT_API_KEY: KEY, NO_COLOR: "1" };
const lines = (file: string) => readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);

test("eval follows /info's preferred wire; container answers make ordinary result lines and stored traces", async () => {
  const seen: string[] = [];
  const inner = createMathApp().rollout;
  const app = createMathApp({ wire: "container", rollout: (request, ctx) => (seen.push(ctx.wire), inner(request, ctx)) });
  const running = await serve(app, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  try {
    const dir = join(work, "a");
    const db = join(work, "a.db");
    const res = await runCli(["eval", "--url", running.url, "--model", "scripted", "--seeds", "0-2", "--trace-db", db, "--run-dir", dir], work, cliEnv);
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.match(res.stdout + res.stderr, /rollout wire container/);
    assert.deepEqual(seen, ["container", "container", "container"]);
    const results = lines(join(dir, "results.jsonl"));
    assert.equal(results.length, 3);
    for (const r of results) {
      assert.equal(r.status, "ok");
      assert.equal(r.return, 1.5);
      assert.equal(r.outcome_score, 1);
      assert.equal(r.steps, 1);
    }
    const stored = await runCli(["traces", "ls", "--db", db, "--json"], work, cliEnv);
    assert.equal(stored.code, 0, stored.stderr);
    assert.equal((JSON.parse(stored.stdout) as unknown[]).length, 3, "each container-era trace is stored");
    seen.length = 0;
    const legacy = await runCli(["eval", "--url", running.url, "--model", "scripted", "--seeds", "0", "--no-trace", "--wire", "0.2", "--run-dir", join(work, "b")], work, cliEnv);
    assert.equal(legacy.code, 0, legacy.stderr);
    assert.deepEqual(seen, ["0.2"], "--wire overrides /info");
  } finally {
    await running.close();
  }
});

test("a container-era failure status is a failed line with its cause and error id; --wire is checked", async () => {
  const app = createMathApp({ rollout: () => Promise.reject(new Error("nope")) });
  const running = await serve(app, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  try {
    const dir = join(work, "c");
    const res = await runCli(["eval", "--url", running.url, "--model", "scripted", "--seeds", "0-1", "--no-trace", "--wire", "container", "--run-dir", dir], work, cliEnv);
    assert.notEqual(res.code, 0);
    const failed = lines(join(dir, "results.failures.jsonl"));
    assert.equal(failed.length, 2);
    for (const r of failed) {
      assert.equal(r.status, "failed");
      assert.equal(r.cause, "status_runtime_error");
      assert.match(String(r.error_id), /^[0-9a-f-]{36}$/);
    }
    const bad = await runCli(["eval", "--url", running.url, "--model", "scripted", "--seeds", "0", "--wire", "grpc"], work, cliEnv);
    assert.equal(bad.code, 2);
  } finally {
    await running.close();
  }
});
