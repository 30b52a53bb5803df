/**
 * The eval library: seed lists, the plan from flags and [eval] TOML, and
 * runEval against task apps served on loopback: results appended per rollout,
 * judge metrics, failures by cause, resume (with a half-written last line),
 * and a refused resume when the manifest differs.
 */
import assert from "node:assert/strict";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createEvalReporter, EvalPlanError, parseSeeds, readResults, resolveEvalPlan, runEval, type EvalEvent, type EvalFlags } from "../src/eval/index.js";
import { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { serve } from "../src/server/index.js";
import { createEvalApp } from "./fixtures/apps/eval-app.js";
import { PassThrough } from "node:stream";
import { createServer } from "node:http";
import { describeKeyRejected, describeUnreachable } from "../src/check/verdict.js";
import { closedPort } from "./helpers/loopback.js";

const KEY = "sk_env_eval_test_key_0123456789";
const scratch = mkdtempSync(join(tmpdir(), "task-app-eval-"));
let dirs = 0;
const runDir = () => join(scratch, `run-${++dirs}`);
after(() => rmSync(scratch, { recursive: true, force: true }));

describe("seeds", () => {
  const ok: [string | number | number[], number[]][] = [
    ["1-5,9", [1, 2, 3, 4, 5, 9]],
    [" 0 - 2 , 2, 7 ", [0, 1, 2, 7]],
    [7, [7]],
    [[3, 1, 3], [3, 1]],
  ];
  for (const [spec, want] of ok) test(`${JSON.stringify(spec)}`, () => assert.deepEqual(parseSeeds(spec), want));
  for (const [spec, message] of [
    ["", /no seeds given/],
    ["1-x", /"1-x" is neither a number nor a range/],
    ["5-1", /runs backwards; write 1-5/],
    ["0-99999999", /more than 1,000,000 seeds/],
  ] as const)
    test(`${JSON.stringify(spec)} is refused`, () => assert.throws(() => parseSeeds(spec), message));
});

describe("plan", () => {
  test("flags override the [eval] file; policy.config gets model, inference_url and key=value pairs", async () => {
    const config = join(scratch, "eval.toml");
    writeFileSync(config, '[eval]\nmodel = "file-model"\nseeds = "0-3"\nconcurrency = 2\nsplit = "test"\ntemperature = 0.5\n[eval.policy_config]\nmax_tokens = 64\n');
    const plan = await resolveEvalPlan({ config, url: ["http://127.0.0.1:9/"], seeds: "1-2", inferenceUrl: "http://127.0.0.1:8/v1", policyConfig: ["temperature=0.2", "tag=abc"] }, scratch);
    assert.deepEqual(plan.seeds, [1, 2]);
    assert.equal(plan.model, "file-model");
    assert.equal(plan.concurrency, 2);
    assert.equal(plan.split, "test");
    assert.deepEqual(plan.target, { kind: "urls", urls: ["http://127.0.0.1:9"] });
    assert.deepEqual(plan.policyConfig, { temperature: 0.2, max_tokens: 64, model: "file-model", inference_url: "http://127.0.0.1:8/v1", tag: "abc" });
  });

  test("an invalid [eval] file is reported as path:line:col before anything runs", async () => {
    const config = join(scratch, "bad-eval.toml");
    writeFileSync(config, '[eval]\nmodel = "m"\nseeds = "first ten"\n');
    await assert.rejects(resolveEvalPlan({ config, url: ["http://127.0.0.1:9"] }, scratch), (e: Error) => e instanceof EvalPlanError && /bad-eval\.toml:3:1: error: eval\.seeds:/.test(e.message));
  });

  const usage: [string, EvalFlags, RegExp][] = [
    ["no app", { model: "m", seeds: "1" }, /pass --app <module>.*or --url/],
    ["both --app and --url", { app: "a.ts", url: ["http://x"], model: "m", seeds: "1" }, /not both/],
    ["no model", { url: ["http://x"], seeds: "1" }, /no model/],
    ["no seeds", { url: ["http://x"], model: "m" }, /no seeds/],
    ["--resume without --run-dir", { url: ["http://x"], model: "m", seeds: "1", resume: true }, /--resume needs --run-dir/],
    ["a bad --policy-config", { url: ["http://x"], model: "m", seeds: "1", policyConfig: ["novalue"] }, /write key=value/],
  ];
  for (const [name, flags, message] of usage) test(`usage error: ${name}`, async () => assert.rejects(resolveEvalPlan(flags, scratch), (e: Error) => e instanceof EvalPlanError && message.test(e.message)));
});

describe("runEval", async () => {
  const app = await serve(createEvalApp({ EVAL_APP_FAIL_SEEDS: "4" }), { port: 0, handleSignals: false, logLevel: "silent", env: { ENVIRONMENT_API_KEY: KEY } });
  after(() => app.close());
  const events: EvalEvent[] = [];
  const reporter = { emit: (e: EvalEvent) => void events.push(e), close() {} };

  test("results per rollout, judge means, failures by cause, one session per answered rollout", async () => {
    const dir = runDir();
    const plan = await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1-5", runDir: dir, concurrency: 3 }, scratch);
    const sessions: { session_id: string }[] = [];
    const report = await runEval(plan, { urls: [app.url], app: app.url, apiKey: KEY, reporter, sink: async (s) => void sessions.push(SessionTraceV3.parse(s)) });
    assert.deepEqual(report.results.map((r) => [r.seed, r.status, r.cause]), [[1, "ok", "ok"], [2, "ok", "ok"], [3, "ok", "ok"], [4, "failed", "http_500"], [5, "ok", "ok"]]);
    assert.equal(report.summary.mean_return, 1.5);
    assert.equal(report.summary.stderr_return, 0);
    assert.equal(report.summary.judge.outcome_score, 1);
    assert.deepEqual(report.summary.failures, { http_500: 1 });
    assert.equal(sessions.length, 4);
    assert.equal(report.traces.stored, 4);
    assert.deepEqual(new Set(sessions.map((s) => s.session_id)).size, 4);
    assert.deepEqual(readResults(plan.out).map((r) => r.seed).sort(), [1, 2, 3, 5]);
    assert.deepEqual(readResults(plan.failuresOut).map((r) => [r.seed, r.cause, r.http_status]), [[4, "http_500", 500]]);
    assert.match(readResults(plan.failuresOut)[0]!.error ?? "", /^\w+: /, "the failure keeps the app's error code and message");
    assert.ok(!JSON.stringify(readResults(plan.failuresOut)).includes(KEY), "no key in the failures");
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    assert.deepEqual(manifest.seeds, [1, 2, 3, 4, 5]);
  });

  test("a replica that stops answering altogether (a cut link) is taken out after the first rollout that timed out there", { timeout: 60_000 }, async (t) => {
    // Answers /health until a rollout arrives, then nothing at all: what a host whose link is cut looks like.
    let dark = false;
    const held: import("node:http").ServerResponse[] = [];
    const blackHole = createServer((req, res) => {
      if (req.url === "/rollout") dark = true;
      if (dark) return void held.push(res);
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"healthy"}');
    });
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    t.after(() => {
      blackHole.closeAllConnections();
      blackHole.close();
    });
    const hole = `http://127.0.0.1:${(blackHole.address() as import("node:net").AddressInfo).port}`;
    const plan = await resolveEvalPlan({ url: [hole, app.url], model: "scripted", seeds: "10-29", runDir: runDir(), concurrency: 2, timeout: 1 }, scratch);
    const seen: EvalEvent[] = [];
    const report = await runEval(plan, { urls: [hole, app.url], app: app.url, apiKey: KEY, reporter: { emit: (e) => void seen.push(e), close() {} } });
    assert.ok(seen.some((e) => e.event === "replica_removed" && (e as { replica?: string }).replica === hole), "the silent replica is taken out");
    const timedOut = report.results.filter((r) => r.cause === "timeout");
    assert.ok(timedOut.length >= 1 && timedOut.length <= 2, `only the rollouts in flight there time out (${timedOut.length})`);
    assert.equal(report.results.filter((r) => r.status === "ok").length, 20 - timedOut.length);
  });

  test("resume: a half-written last line is cut, only missing or failed rollouts run, one result per seed", async () => {
    const dir = runDir();
    const flags: EvalFlags = { url: [app.url], model: "scripted", seeds: "1-6", runDir: dir };
    const first = await resolveEvalPlan({ ...flags, seeds: "1-6" }, scratch);
    await runEval(first, { urls: [app.url], app: app.url, apiKey: KEY, reporter, stop: AbortSignal.abort() });
    // A crash mid-append: two whole lines and half of a third.
    const line = (seed: number) => JSON.stringify({ run_id: `r${seed}`, seed, rollout: 0, status: "ok", cause: "ok", http_status: 200, replica: app.url, return: 1, outcome_score: 1, events_score: null, criteria: {}, steps: 1, duration_ms: 5, session_id: null, finished_at: "x" });
    writeFileSync(first.out, `${line(1)}\n${line(2)}\n`);
    appendFileSync(first.out, line(3).slice(0, 40));
    const resumed = await resolveEvalPlan({ ...flags, resume: true }, scratch);
    const report = await runEval(resumed, { urls: [app.url], app: app.url, apiKey: KEY, reporter });
    const lines = readFileSync(first.out, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => l.seed).sort(), [1, 2, 3, 5, 6], "seed 3 ran again; the half line is gone; seed 4 failed again");
    assert.equal(report.results.length, 6);
    assert.deepEqual(report.results.map((r) => r.seed), [1, 2, 3, 4, 5, 6]);
  });

  test("resume refuses a run directory whose manifest differs, naming what changed", async () => {
    const dir = runDir();
    await runEval(await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1-2", runDir: dir }, scratch), { urls: [app.url], app: app.url, apiKey: KEY, reporter });
    const other = await resolveEvalPlan({ url: [app.url], model: "other-model", seeds: "1-2", runDir: dir, resume: true }, scratch);
    await assert.rejects(runEval(other, { urls: [app.url], app: app.url, apiKey: KEY, reporter }), /cannot resume .*model was "scripted", now "other-model"/);
    const again = await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1-2", runDir: dir }, scratch);
    await assert.rejects(runEval(again, { urls: [app.url], app: app.url, apiKey: KEY, reporter }), /already holds a run: pass --resume/);
  });

  test("a wrong key: no replica passes its health check and nothing runs; the message says the key was refused, as check does", async () => {
    const plan = await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1", runDir: runDir() }, scratch);
    await assert.rejects(
      runEval(plan, { urls: [app.url], app: app.url, apiKey: "wrong-key-123456", reporter }),
      (e: Error) => e.message === describeKeyRejected({ method: "GET", path: "/health", status: 401, headers: {}, text: "", json: undefined }),
    );
  });

  test("a server that is down is told apart from a wrong key, in check's words", async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const plan = await resolveEvalPlan({ url: [down], model: "scripted", seeds: "1", runDir: runDir() }, scratch);
    await assert.rejects(runEval(plan, { urls: [down], app: down, apiKey: KEY, reporter }), (e: Error) => e.message === describeUnreachable(down, "ECONNREFUSED"));
  });

  test("the next rollouts run while a trace waits for the store: at concurrency 1, three finish before the first trace is stored", { timeout: 30_000 }, async () => {
    const plan = await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1-3,5-6", concurrency: 1, runDir: runDir() }, scratch);
    let calls = 0;
    let release!: () => void;
    const third = new Promise<void>((resolve) => (release = resolve));
    // The first session's store waits until three sessions reached the store: it could not if a record held the only worker.
    const sink = async () => {
      if (++calls === 3) release();
      if (calls === 1) await third;
    };
    const report = await runEval(plan, { urls: [app.url], app: app.url, apiKey: KEY, reporter, sink });
    assert.equal(calls, 5);
    assert.equal(report.traces.stored, 5);
    assert.deepEqual(readResults(plan.out).map((r) => r.seed).sort(), [1, 2, 3, 5, 6]);
  });

  test("a record that throws (here, the reporter) fails the run after the rollouts in flight, and starts no new ones", async () => {
    const plan = await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1-3,5-9", concurrency: 2, runDir: runDir() }, scratch);
    let rollouts = 0;
    const failing = {
      emit: (e: EvalEvent) => {
        if (e.event === "rollout" && ++rollouts === 1) throw new Error("the terminal went away");
      },
      close() {},
    };
    await assert.rejects(runEval(plan, { urls: [app.url], app: app.url, apiKey: KEY, reporter: failing }), /the terminal went away/);
    assert.ok(rollouts < 8, `${rollouts} rollouts were reported: the run stopped taking new ones`);
  });

  test("plain lines without a terminal, NDJSON with --json", async () => {
    const plan = await resolveEvalPlan({ url: [app.url], model: "scripted", seeds: "1-2", runDir: runDir() }, scratch);
    for (const json of [false, true]) {
      const out = new PassThrough();
      let text = "";
      out.on("data", (c: Buffer) => (text += c));
      const r = createEvalReporter({ json, out, err: out, tty: false });
      await runEval({ ...plan, runDir: runDir(), out: join(runDir(), "r.jsonl"), failuresOut: join(runDir(), "f.jsonl") }, { urls: [app.url], app: app.url, apiKey: KEY, reporter: r });
      if (json) assert.deepEqual(text.trim().split("\n").map((l) => JSON.parse(l).event), ["start", "rollout", "rollout"]);
      else assert.match(text, /^eval: 2 rollouts on http:\/\/127\.0\.0\.1:\d+\n\[1\/2\] seed \d #0 ok return=1\.500 outcome=1\.000/);
    }
  });
});
