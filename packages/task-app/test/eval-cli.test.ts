/**
 * `task-app eval` as a user runs it, in real processes: --app serves the
 * module for the run and the traces land in the store; replicas share the
 * work and a killed one is taken out with nothing lost or duplicated; a run
 * killed with SIGKILL resumes to exactly one result per seed; Ctrl-C stops,
 * says how to resume and exits 130; --inference-url reaches an
 * OpenAI-compatible server through the scaffolded math app, and its LM calls
 * are traced with that model.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { listSessions, openTraceStore } from "../src/traces/index.js";
import { rolloutSessionId } from "../src/tracing/index.js";
import { cliArgv } from "./helpers/cli-command.js";
import { startNode } from "./helpers/cli-process.js";
import { sendJson, startLoopback } from "./helpers/loopback.js";

const evalApp = fileURLToPath(new URL("./fixtures/apps/eval-app.mjs", import.meta.url));
const KEY = "sk_env_eval_cli_0123456789abcdef";
const scratch = await mkdtemp(join(tmpdir(), "task-app-eval-cli-"));
after(() => rm(scratch, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(scratch, `t${++n}`);

/** Spawns `node <argv>` with the API key set. */
const start = (argv: string[], env: NodeJS.ProcessEnv = {}, cwd = scratch) => startNode(argv, { ENVIRONMENT_API_KEY: KEY, ...env }, cwd);

const evalCli = (args: string[], env: NodeJS.ProcessEnv = {}) => start([...cliArgv(), "eval", ...args], env);
const lines = async (path: string) => (await readFile(path, "utf8")).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as { seed: number; status: string; run_id: string; session_id: string | null });

describe("task-app eval", () => {
  test("--app: serves the module, prints judge metrics, writes one result line and one traced session per rollout", async () => {
    const dir = fresh();
    const db = join(dir, "traces", "v3", "synth_ai.db");
    const run = evalCli(["--app", evalApp, "--model", "scripted", "--seeds", "1-5", "--trace-db", db, "--out", join(dir, "results.jsonl"), "--run-dir", join(dir, "run")], { ENVIRONMENT_API_KEY: "" });
    assert.equal(await run.exited, 0, run.stderr());
    assert.match(run.stdout(), /\nmean return +1\.500 ± 0\.000 \(standard error\)\n/);
    assert.match(run.stdout(), /\nmean outcome_score +1\.000\n/);
    assert.match(run.stdout(), /\nrollouts +5 ok, 0 failed\n/);
    assert.match(run.stdout(), /traces +5 stored in /);
    assert.deepEqual((await lines(join(dir, "results.jsonl"))).map((l) => l.seed).sort(), [1, 2, 3, 4, 5]);
    const store = await openTraceStore(db, { mustExist: true });
    try {
      const sessions = await listSessions(store.db, { limit: 100 });
      assert.equal(sessions.length, 5);
    } finally {
      await store.close();
    }
  });

  test("evals started together without --run-dir each get a run directory of their own (runs/eval-<time>, then -2, -3)", async () => {
    const dir = fresh();
    await mkdir(dir, { recursive: true });
    // Three at once: the default name is the same second for all of them.
    const runs = [1, 2, 3].map(() => start([...cliArgv(), "eval", "--app", evalApp, "--model", "scripted", "--seeds", "1-2", "--no-trace"], { ENVIRONMENT_API_KEY: "" }, dir));
    for (const run of runs) assert.equal(await run.exited, 0, run.stderr());
    const made = (await readdir(join(dir, "runs"))).sort();
    assert.equal(made.length, 3, made.join(", "));
    for (const name of made) assert.match(name, /^eval-\d{8}-\d{6}(-[23])?$/);
    for (const name of made) assert.equal((await lines(join(dir, "runs", name, "results.jsonl"))).length, 2, name);
  });

  test("failures are counted by cause and exit 1; the run still completes", async () => {
    const dir = fresh();
    const run = evalCli(["--app", evalApp, "--model", "scripted", "--seeds", "1-4", "--no-trace", "--run-dir", dir], { EVAL_APP_FAIL_SEEDS: "2" });
    assert.equal(await run.exited, 1, run.stderr());
    assert.match(run.stdout(), /\nrollouts +3 ok, 1 failed \(1 http_500\)\n/);
    assert.deepEqual((await lines(join(dir, "results.failures.jsonl"))).map((l) => l.seed), [2]);
  });

  test("usage errors exit 2 and say what to do", async () => {
    const run = evalCli(["--model", "scripted", "--seeds", "1-3"]);
    assert.equal(await run.exited, 2);
    assert.match(run.stderr(), /task-app eval: no task app: pass --app <module>/);
  });

  test("two replicas, one killed mid-run: the other finishes, every seed once", async () => {
    const env = { EVAL_APP_DELAY_MS: "150" };
    // Each replica a `task-app serve` process of its own on the plain JavaScript app (no tsx to load).
    const replicas = [0, 1].map(() => start([...cliArgv(), "serve", evalApp, "--port", "0", "--workers", "1"], env));
    try {
      await Promise.all(replicas.map((r) => r.waitFor(/"msg":"task app listening"/)));
      const [a, b] = replicas.map((r) => /"url":"(http:[^"]+)"/.exec(r.stdout())![1]!);
      const dir = fresh();
      const run = evalCli(["--url", a!, "--url", b!, "--model", "scripted", "--seeds", "0-29", "--concurrency", "4", "--no-trace", "--json", "--run-dir", dir]);
      await run.waitFor(/"event":"rollout"/, 6);
      replicas[0]!.child.kill("SIGKILL");
      assert.equal(await run.exited, 0, run.stderr());
      const events = run.stdout().trim().split("\n").map((l) => JSON.parse(l));
      assert.ok(events.some((e) => e.event === "replica_removed" && e.replica === a), "the dead replica is taken out");
      const seeds = (await lines(join(dir, "results.jsonl"))).map((l) => l.seed).sort((x, y) => x - y);
      assert.deepEqual(seeds, Array.from({ length: 30 }, (_, i) => i));
    } finally {
      for (const r of replicas) r.child.kill("SIGKILL");
    }
  });

  test("a run killed with SIGKILL resumes to exactly one result per seed", async () => {
    const dir = fresh();
    const args = ["--app", evalApp, "--model", "scripted", "--seeds", "0-15", "--concurrency", "2", "--no-trace", "--run-dir", dir];
    const first = evalCli([...args, "--json"], { EVAL_APP_DELAY_MS: "100" });
    await first.waitFor(/"event":"rollout"/, 5);
    first.child.kill("SIGKILL");
    await first.exited;
    const before = await lines(join(dir, "results.jsonl"));
    assert.ok(before.length >= 5 && before.length < 16, `killed mid-run: ${before.length} results`);
    const resumed = evalCli([...args, "--resume"]);
    assert.equal(await resumed.exited, 0, resumed.stderr());
    assert.match(resumed.stdout(), new RegExp(`eval: ${16 - before.length} rollouts \\(${before.length} already done\\)`));
    const seeds = (await lines(join(dir, "results.jsonl"))).map((l) => l.seed).sort((x, y) => x - y);
    assert.deepEqual(seeds, Array.from({ length: 16 }, (_, i) => i));
  });

  test("a rollout run again (--resume after its result was lost to a kill -9) is not stored twice: the store names sessions by run, seed and rollout", async () => {
    const dir = fresh();
    const db = join(dir, "synth_ai.db");
    const args = ["--app", evalApp, "--model", "scripted", "--seeds", "1-4", "--trace-db", db, "--run-dir", join(dir, "run")];
    const first = evalCli(args, { ENVIRONMENT_API_KEY: "" });
    assert.equal(await first.exited, 0, first.stderr());
    assert.match(first.stdout(), /traces +4 stored in /);
    // the state a kill -9 leaves between committing a trace and appending its result: traces stored, results lost
    const results = join(dir, "run", "results.jsonl");
    await writeFile(results, `${(await readFile(results, "utf8")).split("\n")[0]}\n`);
    const resumed = evalCli([...args, "--resume"], { ENVIRONMENT_API_KEY: "" });
    assert.equal(await resumed.exited, 0, resumed.stderr());
    assert.match(resumed.stdout(), /traces +0 stored in .*, 3 already stored \(not stored again\)/);
    const store = await openTraceStore(db, { mustExist: true });
    try {
      const sessions = await listSessions(store.db, { limit: 100 });
      assert.equal(sessions.length, 4, "each rollout once");
      // Named by the rollout's run_id (the same on --resume) and seed, as every server's trace sink names it.
      // Named by the rollout's run_id (the same on --resume) and seed, as every server's trace sink names it; the result line names it so.
      const done = await lines(results);
      assert.deepEqual(done.map((r) => r.seed).sort(), [1, 2, 3, 4]);
      const ids = done.map((r) => rolloutSessionId({ run_id: r.run_id, env: { seed: r.seed } })).sort();
      assert.deepEqual(sessions.map((s) => s.session_id).sort(), ids);
      assert.deepEqual(done.map((r) => r.session_id).sort(), ids);
      assert.ok(sessions.every((s) => typeof s.metadata.app_session_id === "string"), "the app's own id is kept");
      // The app's trace named no run: eval's store records the rollout's run_id and seed, so `traces ls --run` finds them.
      assert.deepEqual(sessions.map((s) => s.seed).sort(), [1, 2, 3, 4]);
      assert.equal((await listSessions(store.db, { limit: 100, runIds: done.map((r) => r.run_id) })).length, 4);
    } finally {
      await store.close();
    }
  });

  test("Ctrl-C stops new rollouts, lets running ones finish, says how to resume, exits 130", async () => {
    const dir = fresh();
    const run = evalCli(["--app", evalApp, "--model", "scripted", "--seeds", "0-19", "--concurrency", "2", "--no-trace", "--run-dir", dir], { EVAL_APP_DELAY_MS: "200" });
    await run.waitFor(/^\[\d+\/20\] seed/, 2);
    run.child.kill("SIGINT");
    assert.equal(await run.exited, 130, run.stderr());
    assert.match(run.stderr(), /interrupted: \d+ rollouts not run\. Resume with:\n {2}task-app eval .* --resume\n/);
    const done = await lines(join(dir, "results.jsonl"));
    assert.ok(done.length >= 2 && done.length < 20);
    assert.ok(done.every((l) => l.status === "ok"), "running rollouts finished, not aborted");
  });

  test("--model without --inference-url: the scaffolded app runs its scripted policy, and eval says so (traces, summary, warning)", async () => {
    const dir = fresh();
    const project = await createTaskApp({ dir: join(dir, "math"), template: "math", environmentApiKey: false });
    await mkdir(join(project.dir, "node_modules"));
    await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
    const run = evalCli(["--app", join(project.dir, "src", "app.ts"), "--model", "Qwen/Qwen3-4B", "--seeds", "0-2", "--split", "test", "--trace-db", join(dir, "synth_ai.db"), "--run-dir", join(dir, "run")]);
    assert.equal(await run.exited, 0, run.stderr());
    assert.match(run.stdout(), /\npolicy \(traces\) +scripted \(3\)\n/);
    assert.match(run.stdout(), /warning: --model is Qwen\/Qwen3-4B, but the app's traces record LM calls by scripted \(no --inference-url was given/);
    assert.match(run.stderr(), /warning: --model is Qwen\/Qwen3-4B, but the app's traces record LM calls by scripted/);
    const results = (await readFile(join(dir, "run", "results.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { policy_models?: string[] });
    assert.ok(results.every((r) => r.policy_models?.join() === "scripted"), "each result names the policy its trace shows");
  });

  test("--inference-url reaches an OpenAI-compatible server through the scaffolded math app; its LM calls are traced with that model", async () => {
    const dir = fresh();
    const project = await createTaskApp({ dir: join(dir, "math"), template: "math", environmentApiKey: false });
    await mkdir(join(project.dir, "node_modules"));
    await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
    const models: string[] = [];
    const vendor = await startLoopback((req, res) => {
      const request = JSON.parse(req.body) as { model: string };
      models.push(request.model);
      sendJson(res, 200, {
        id: "cmpl-1",
        object: "chat.completion",
        model: request.model,
        choices: [{ index: 0, finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "submit_answer", arguments: '{"answer":"42"}' } }] } }],
        usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
      });
    });
    try {
      const db = join(dir, "synth_ai.db");
      const run = evalCli(["--app", join(project.dir, "src", "app.ts"), "--model", "fake-model", "--inference-url", `${vendor.url}/v1`, "--seeds", "0-2", "--split", "test", "--trace-db", db, "--run-dir", join(dir, "run")]);
      assert.equal(await run.exited, 0, run.stderr());
      assert.deepEqual(models, ["fake-model", "fake-model", "fake-model"]);
      assert.match(run.stdout(), /\nmean events_score +\d\.\d{3}\n/);
      assert.match(run.stdout(), /\npolicy \(traces\) +fake-model \(3\)\n/);
      assert.doesNotMatch(run.stderr(), /warning: --model/, "the traces show the model asked for");
      const store = await openTraceStore(db, { mustExist: true });
      try {
        const rows = await store.db.selectFrom("events").select(["model_name"]).where("event_type", "=", "cais").execute();
        assert.equal(rows.length, 3);
        assert.ok(rows.every((r) => r.model_name === "fake-model"));
      } finally {
        await store.close();
      }
    } finally {
      await vendor.close();
    }
  });
});
