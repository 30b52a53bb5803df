/**
 * `task-app serve --workers 2` as real processes: one port answered by both
 * workers, SIGTERM draining every worker and leaving no process behind, a
 * worker killed with SIGKILL replaced while the server keeps answering, and a
 * module that fails to load reported once with a non-zero exit, and workers
 * that keep dying restarted with backoff until the server gives up.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cliArgv } from "./helpers/cli-command.js";
import { shownSecretPieces } from "./helpers/leaks.js";
import { runCli } from "./helpers/run-cli.js";
import { countRows } from "./helpers/trace-checks.js";
import { maxRestartsOf, restartDelayMs } from "../src/server/cluster.js";
import { openTraceStore } from "../src/traces/store.js";

// Random-looking like real keys: any 6 characters of a key are redacted from logs, so a key made of words ("workers") would mask them.
const KEY = "sk_env_Wk4Rz8Tq1Mv6Ys3Lp9";
const headers = { "x-api-key": KEY, "content-type": "application/json" };

interface Served {
  child: ChildProcess;
  url: string;
  pids: number[];
  output: () => string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

function spawnServe(module: string, extraArgs: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [...cliArgv(), "serve", module, "--port", "0", "--workers", "2", ...extraArgs], {
    env: { ...process.env, ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACE_DB: "", TASKAPP_TRACING_ENABLED: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => {
    output += d;
    stderr += d;
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, output: () => output, stderr: () => stderr, exited };
}

/** Starts the pid fixture on two workers and waits until the primary prints the URL and the workers' pids. */
async function startWorkers(extraArgs: string[] = []): Promise<Served> {
  const { child, output, exited } = spawnServe("test/fixtures/apps/pid.mjs", extraArgs);
  let failed = false;
  void exited.then(() => (failed = true));
  const until = Date.now() + 45_000;
  while (!/"msg":"workers started"/.test(output())) {
    if (failed || Date.now() > until) assert.fail(`serve did not start: ${output()}`);
    await pause(20);
  }
  const url = /"url":"(http:[^"]+)","app_id":"pid","auth":true,"msg":"task app listening"/.exec(output())?.[1];
  const pids = JSON.parse(/"pids":(\[[^\]]*\])/.exec(output())?.[1] ?? "[]") as number[];
  assert.ok(url, output());
  return { child, url, pids, output, exited };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One rollout; resolves with the pid of the worker that ran it. */
async function rolloutPid(url: string, runId: string, delayMs = 0): Promise<number> {
  const res = await fetch(`${url}/rollout`, { method: "POST", headers, body: JSON.stringify({ run_id: runId, env: { seed: 1, config: { delay_ms: delayMs } }, policy: {}, ops: [] }) });
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as { trajectories: { steps: { obs: { pid: number } }[] }[] };
  return body.trajectories[0]!.steps[0]!.obs.pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(done: () => boolean, what: string, output: () => string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) assert.fail(`${what}: ${output()}`);
    await pause(20);
  }
}

// One server for the two claims about a server that ends with SIGTERM: it answers from both workers,
// a worker killed with SIGKILL is replaced and the server keeps answering, and then SIGTERM lets a
// rollout in flight finish, exits 0 and leaves no worker behind, the replacement included.
describe("serve --workers 2, one server through its life", { timeout: 120_000 }, () => {
  let served: Served;
  let replacement: number | undefined;
  before(async () => {
    served = await startWorkers();
  });
  after(() => {
    served?.child.kill("SIGKILL");
  });

  test("answers on one port from both workers, printing the URL once", async () => {
    assert.equal(served.pids.length, 2);
    assert.ok(!served.pids.includes(served.child.pid!), "workers are separate processes");
    assert.equal(served.output().match(/"msg":"task app listening"/g)?.length, 1, "the URL is printed once");
    const seen = new Set(await Promise.all(Array.from({ length: 16 }, (_, i) => rolloutPid(served.url, `spread-${i}`, 30))));
    assert.deepEqual([...seen].sort(), [...served.pids].sort(), "both workers served rollouts");
  });

  test("a worker killed with SIGKILL is replaced and the server keeps answering", async () => {
    const [victim, survivor] = served.pids as [number, number];
    process.kill(victim, "SIGKILL");
    await waitUntil(() => /"msg":"replacement worker ready"/.test(served.output()), "no replacement", served.output);
    assert.match(served.output(), new RegExp(`"pid":${victim},"code":null,"signal":"SIGKILL"[^\\n]*"msg":"worker exited; starting a replacement"`));
    replacement = Number(/"pid":(\d+),"msg":"replacement worker ready"/.exec(served.output())?.[1]);
    assert.ok(isAlive(replacement) && !served.pids.includes(replacement));
    const seen = new Set<number>();
    for (let round = 0; round < 20 && seen.size < 2; round++) {
      for (const pid of await Promise.all(Array.from({ length: 8 }, (_, i) => rolloutPid(served.url, `after-${round}-${i}`, 20)))) seen.add(pid);
    }
    assert.deepEqual([...seen].sort(), [survivor, replacement].sort(), "the survivor and the replacement both answer");
  });

  test("SIGTERM lets a rollout in flight finish, exits 0 and leaves no worker behind, the replacement included", async () => {
    assert.ok(replacement, "the test above replaced a worker");
    const live = [served.pids[1]!, replacement];
    const inFlight = rolloutPid(served.url, "in-flight", 600);
    await pause(200);
    served.child.kill("SIGTERM");
    assert.ok(live.includes(await inFlight), "the rollout in flight completed during the drain");
    const [code] = await served.exited;
    assert.equal(code, 0, served.output());
    await waitUntil(() => [...served.pids, replacement!].every((pid) => !isAlive(pid)), "workers still alive after the primary exited", served.output, 5_000);
    assert.match(served.output(), /"msg":"shutting down"/);
    assert.deepEqual(shownSecretPieces(served.output(), [KEY]), []);
  });
});

test("during the drain a second SIGTERM only logs; a third kills every worker and exits 143", { timeout: 90_000 }, async () => {
  const served = await startWorkers();
  try {
    const stuck = rolloutPid(served.url, "long", 20_000).catch(() => null);
    await pause(300);
    for (const message of [/"msg":"shutting down"/, /send the signal once more/, /"msg":"forced exit during shutdown"/]) {
      served.child.kill("SIGTERM");
      await waitUntil(() => message.test(served.output()), `no ${message}`, served.output);
    }
    const [code] = await served.exited;
    assert.equal(code, 143, served.output());
    await waitUntil(() => served.pids.every((pid) => !isAlive(pid)), "workers outlived the forced exit", served.output, 5_000);
    await stuck;
  } finally {
    served.child.kill("SIGKILL");
  }
});

test("a primary killed with SIGKILL takes its workers with it: no orphan keeps the port", { timeout: 90_000 }, async () => {
  const served = await startWorkers();
  served.child.kill("SIGKILL");
  await served.exited;
  await waitUntil(() => served.pids.every((pid) => !isAlive(pid)), "workers outlived their primary", served.output, 10_000);
  await assert.rejects(fetch(`${served.url}/health`), "nothing answers on the port any more");
});

test("with --trace, every worker writes to the one SQLite store: each rollout's session is there once", { timeout: 90_000 }, async () => {
  const db = join(mkdtempSync(join(tmpdir(), "serve-workers-")), "traces.db");
  const served = await startWorkers(["--trace", db]);
  try {
    const pids = await Promise.all(Array.from({ length: 24 }, (_, i) => rolloutPid(served.url, `traced-${i}`, 20)));
    assert.equal(new Set(pids).size, 2, "both workers served rollouts");
  } finally {
    served.child.kill("SIGTERM");
  }
  const [code] = await served.exited;
  assert.equal(code, 0, served.output());
  assert.equal(served.output().match(/"msg":"closing the trace store"/g)?.length, 2, "each worker closed its own connection");
  const store = await openTraceStore(db, { mustExist: true });
  try {
    assert.equal(await countRows(store.db, "session_traces"), 24);
  } finally {
    await store.close();
  }
  assert.doesNotMatch(served.output(), /trace store write failed/);
});

test("a module that fails to load is reported once, redacted, and serve exits 1 instead of restarting workers", { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "serve-workers-"));
  const module = join(dir, "broken.mjs");
  writeFileSync(module, "throw new Error(`cannot reach the database with key ${process.env.ENVIRONMENT_API_KEY}`);\n");
  const run = spawnServe(module);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), 30_000);
  const [code] = await run.exited;
  clearTimeout(timer);
  assert.equal(code, 1, run.output());
  assert.equal(run.stderr().match(/task-app serve: /g)?.length, 1, run.stderr());
  assert.match(run.stderr(), /task-app serve: cannot reach the database with key \[redacted\]/);
  assert.doesNotMatch(run.output(), /starting a replacement|task app listening/);
  assert.deepEqual(shownSecretPieces(run.output(), [KEY]), []);
});

test("--workers must be a whole number, at least 1", async () => {
  const res = await runCli(["serve", "test/fixtures/apps/pid.mjs", "--workers", "0"]);
  assert.equal(res.code, 2);
  assert.match(res.stderr, /--workers must be a whole number of processes, at least 1 \(got 0\)/);
});

test("the restart backoff: nothing for the first exit, then 100 ms doubling with each recent exit, at most 5 s", () => {
  assert.deepEqual(Array.from({ length: 11 }, (_, i) => restartDelayMs(i + 1)), [0, 100, 200, 400, 800, 1_600, 3_200, 5_000, 5_000, 5_000, 5_000]);
  assert.deepEqual(Array.from({ length: 10 }, (_, i) => restartDelayMs(i + 1, 10)), [0, 10, 20, 40, 80, 160, 320, 500, 500, 500]);
});

test("the server gives up past 10 worker exits in the window by default; TASKAPP_MAX_RESTARTS (a whole number, at least 1) or the option sets another limit", () => {
  assert.equal(maxRestartsOf({ env: {} }), 10);
  assert.equal(maxRestartsOf({ env: { TASKAPP_MAX_RESTARTS: "3" } }), 3);
  for (const bad of ["0", "-2", "2.5", "many", ""]) assert.equal(maxRestartsOf({ env: { TASKAPP_MAX_RESTARTS: bad } }), 10, bad);
  assert.equal(maxRestartsOf({ maxRestarts: 5, env: { TASKAPP_MAX_RESTARTS: "3" } }), 5);
});

test("workers that keep dying are restarted after a growing backoff, then the server gives up with exit 1", { timeout: 120_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "serve-workers-"));
  const module = join(dir, "crashy.mjs");
  const pid = pathToFileURL(resolve("test/fixtures/apps/pid.mjs")).href;
  // The first two workers load the app, listen (the primary hears they are ready) and die a
  // second after both listen (each leaves a mark in `dir`: on a busy machine the second can start
  // long after the first); every replacement dies as it starts. The backoff's first wait is 10 ms here
  // (TASKAPP_RESTART_BACKOFF_MS) and the server gives up past 4 exits (TASKAPP_MAX_RESTARTS), so
  // five exits take a second and five worker processes, not half a minute and eleven; the
  // default schedule and limit are the tests above.
  writeFileSync(
    module,
    [
      `import cluster from "node:cluster";`,
      `import net from "node:net";`,
      `import { existsSync, writeFileSync } from "node:fs";`,
      `const id = cluster.worker?.id ?? 0;`,
      `if (id > 2) process.exit(3);`,
      `const mark = (n) => ${JSON.stringify(dir)} + "/listening-" + n;`,
      `const listen = net.Server.prototype.listen;`,
      `net.Server.prototype.listen = function (...args) {`,
      `  this.once("listening", () => {`,
      `    writeFileSync(mark(id), "");`,
      `    const poll = setInterval(() => {`,
      `      if (existsSync(mark(1)) && existsSync(mark(2))) { clearInterval(poll); setTimeout(() => process.exit(3), 1_000); }`,
      `    }, 20);`,
      `  });`,
      `  return listen.apply(this, args);`,
      `};`,
      `export { default } from ${JSON.stringify(pid)};`,
    ].join("\n"),
  );
  const run = spawnServe(module, [], { TASKAPP_RESTART_BACKOFF_MS: "10", TASKAPP_MAX_RESTARTS: "4" });
  const timer = setTimeout(() => run.child.kill("SIGKILL"), 100_000);
  const [code] = await run.exited;
  clearTimeout(timer);
  assert.equal(code, 1, run.output());
  assert.match(run.output(), /"msg":"workers started"/, "the workers listened before they died");
  assert.match(run.output(), /"msg":"worker exited; starting a replacement"/, "workers died while the server was up");
  const delays = [...run.output().matchAll(/"restart_in_ms":(\d+)/g)].map((m) => Number(m[1]));
  assert.deepEqual(delays, [0, 10, 20, 40], run.output());
  assert.match(run.output(), /"exits":5,"window_ms":60000,"msg":"workers keep exiting; shutting down"/);
});
