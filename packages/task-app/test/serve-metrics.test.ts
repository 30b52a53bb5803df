/**
 * The in-flight gauge and the drain, on real `task-app serve` processes of
 * a gated app (a rollout stays in flight until the test opens its gate):
 * `--metrics-port` serves `task_app_rollouts_in_flight` in Prometheus' text
 * format, reading 1 while a rollout runs and 0 once it is answered, with
 * one process and with `--workers 2` (the primary sums what the workers
 * report); on SIGTERM the server stops taking rollouts (a new one is
 * refused), the rollout in flight completes with its answer, the gauge
 * reads 1 through the drain, and the process exits 0.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { cliArgv } from "./helpers/cli-command.js";

const KEY = "metrics-test-key-0123456789";
const root = await mkdtemp(path.join(os.tmpdir(), "serve-metrics-"));
after(() => rm(root, { recursive: true, force: true }));

interface Served {
  url: string;
  metrics: string;
  output: () => string;
  exited: Promise<number | string | null>;
  kill: (signal?: NodeJS.Signals) => void;
}

async function startGated(workers: number): Promise<Served> {
  const gates = await mkdtemp(path.join(root, "gates-"));
  const env: NodeJS.ProcessEnv = { ...process.env, ENVIRONMENT_API_KEY: KEY, GATE_DIR: gates };
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [...cliArgv(), "serve", "test/fixtures/apps/gated.mjs", "--port", "0", "--workers", String(workers), "--metrics-port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const exited = new Promise<number | string | null>((resolve) => child.on("close", (code, signal) => resolve(signal ?? code)));
  const found = await new Promise<{ url: string; metrics: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 90_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
      const metrics = /"metrics_url":"([^"]+)"/.exec(out)?.[1];
      if (url && metrics) {
        clearTimeout(timer);
        resolve({ url, metrics });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => reject(new Error(`serve exited:\n${out}`)));
  });
  after(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  return { ...found, output: () => out, exited, kill: (signal = "SIGTERM") => void child.kill(signal), gates } as Served & { gates: string };
}

const open = (served: Served, runId: string) => writeFile(path.join((served as Served & { gates: string }).gates, runId), "");
const rollout = (served: Served, runId: string) =>
  fetch(`${served.url}/rollout`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify({ run_id: runId, env: { seed: 1 }, policy: {}, ops: [] }) });

async function gauge(served: Served): Promise<number> {
  const response = await fetch(served.metrics);
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  assert.match(text, /^# TYPE task_app_rollouts_in_flight gauge$/m);
  return Number(/^task_app_rollouts_in_flight (\d+)$/m.exec(text)![1]);
}

/** The gauge once it reads `value` (the workers report every 200 ms); fails after 300 reads. */
async function gaugeReaches(served: Served, value: number): Promise<number> {
  let last = NaN;
  for (let n = 0; n < 300; n++) {
    last = await gauge(served);
    if (last === value) return last;
    await sleep(50);
  }
  return last;
}

for (const workers of [1, 2])
  describe(`serve --workers ${workers} --metrics-port`, { timeout: 120_000 }, () => {
    it("the gauge reads 1 while a rollout runs and 0 once it is answered; on SIGTERM the rollout in flight completes, a new one is refused, and the process exits 0", async () => {
      const served = await startGated(workers);
      assert.equal(await gauge(served), 0);
      assert.equal((await fetch(served.metrics.replace("/metrics", "/rollout"))).status, 404, "the metrics port serves the gauge alone");

      const first = rollout(served, "first");
      assert.equal(await gaugeReaches(served, 1), 1, "one rollout in flight");
      await open(served, "first");
      assert.equal((await first).status, 200);
      assert.equal(await gaugeReaches(served, 0), 0, "none once it is answered");

      const draining = rollout(served, "draining");
      assert.equal(await gaugeReaches(served, 1), 1);
      // A late rollout's gate is open: one a worker takes before the primary's word reaches it (--workers 2) ends at once.
      for (let n = 0; n < 300; n++) await open(served, `late-${n}`);
      served.kill("SIGTERM");
      for (let n = 0; n < 300 && !/shutting down/.test(served.output()); n++) await sleep(20);
      assert.match(served.output(), /shutting down/);
      // Wait until the listening socket is closed (every worker's, with --workers 2): a new connection is refused then.
      let refused = false;
      for (let n = 0; n < 300 && !refused; n++) {
        const late = await rollout(served, `late-${n}`).catch((error: Error) => error);
        if (late instanceof Error) refused = true;
        else if (workers === 1 || late.status !== 200) {
          assert.equal(late.status, 503, "a rollout arriving during the drain is refused");
          assert.equal(((await late.json()) as { error: { code: string } }).error.code, "shutting_down");
        } else await late.body?.cancel();
      }
      assert.ok(refused, "new connections are refused during the drain");
      assert.equal(await gaugeReaches(served, 1), 1, "the gauge still counts the rollout being drained");
      await open(served, "draining");
      const answered = await draining;
      assert.equal(answered.status, 200, "the rollout in flight at SIGTERM completed");
      assert.equal(((await answered.json()) as { run_id: string }).run_id, "draining");
      assert.equal(await served.exited, 0, served.output());
    });
  });
