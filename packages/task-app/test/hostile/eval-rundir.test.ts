/**
 * Hostile use of an eval's run directory, in real processes: two evals on
 * one directory, special files and foreign files as --out, a results line
 * edited by hand, every replica dying mid-run.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { lockRunDir, RunDirLockedError } from "../../src/eval/index.js";
import { startCli, startNode } from "../helpers/cli-process.js";

const evalApp = fileURLToPath(new URL("../fixtures/apps/eval-app.mjs", import.meta.url));
const hostileApp = fileURLToPath(new URL("../fixtures/apps/hostile-eval.mjs", import.meta.url));
const KEY = "sk_env_eval_rundir_0123456789abcdef";
const scratch = await mkdtemp(join(tmpdir(), "task-app-eval-rundir-"));
after(() => rm(scratch, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(scratch, `t${++n}`);

const evalCli = (args: string[], env: NodeJS.ProcessEnv = {}) => startCli(["eval", ...args], { ENVIRONMENT_API_KEY: KEY, ...env }, scratch);
const readLines = async (path: string) => (await readFile(path, "utf8")).split("\n").filter(Boolean);
const seedsOf = async (path: string) => (await readLines(path)).map((l) => (JSON.parse(l) as { seed: number }).seed).sort((a, b) => a - b);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** A replica: `task-app serve` of the plain JavaScript eval app on one process (on `port`, else a free one), which a test kills. */
const startReplica = (env: NodeJS.ProcessEnv, port = 0) => startCli(["serve", evalApp, "--port", String(port), "--workers", "1"], env, scratch);
const replicaUrl = async (replica: ReturnType<typeof startCli>) => {
  await replica.waitFor(/"msg":"task app listening"/);
  return /"url":"(http:[^"]+)"/.exec(replica.stdout())![1]!;
};

describe("eval: one run directory, one eval", () => {
  test("the lock: a live holder is refused; a pid reused by another process (its start time differs) and a half-written lock are taken over", async () => {
    const dir = fresh();
    const held = await lockRunDir(dir);
    await assert.rejects(lockRunDir(dir), (e: Error) => e instanceof RunDirLockedError && e.message.includes(`pid ${process.pid}`));
    held.release();
    assert.ok(!existsSync(dir), "the directory made for the lock goes with it");

    await mkdir(dir, { recursive: true });
    // The parent process is alive, but the lock was written by an earlier process that had its pid.
    await writeFile(join(dir, "eval.lock"), JSON.stringify({ pid: process.ppid, started_at: "2026-01-01T00:00:00Z", proc_start: "1" }));
    const reused = await lockRunDir(dir);
    assert.equal(JSON.parse(await readFile(join(dir, "eval.lock"), "utf8")).pid, process.pid);
    reused.release();
    await writeFile(join(dir, "eval.lock"), "{\"pi");
    const halfWritten = await lockRunDir(dir);
    halfWritten.release();
    assert.ok(existsSync(dir), "a directory that was there before stays");
  });


  test("a second eval --resume on a running run directory is refused with the holder's pid, exit 2; the first finishes with each seed once", async () => {
    const dir = fresh();
    const args = ["--app", evalApp, "--model", "scripted", "--seeds", "0-11", "--concurrency", "2", "--no-trace", "--run-dir", dir];
    // The first run's rollouts wait while the hold file exists: it is surely running when the second starts.
    const hold = join(scratch, `hold-${n}`);
    await writeFile(hold, "");
    const first = evalCli(args, { EVAL_APP_HOLD_FILE: hold });
    while (!existsSync(join(dir, "eval.lock"))) await sleep(20);
    const second = evalCli([...args, "--resume"]);
    assert.equal(await second.exited, 2, second.stdout() + second.stderr());
    assert.match(second.stderr(), new RegExp(`is in use by another eval \\(pid ${first.child.pid}\\b`));
    await rm(hold);
    assert.equal(await first.exited, 0, first.stderr());
    assert.deepEqual(await seedsOf(join(dir, "results.jsonl")), range(12));
    assert.ok(!existsSync(join(dir, "eval.lock")), "the lock is released at the end");
  });

  test("a lock left by a run killed with SIGKILL is taken over by --resume", async () => {
    const dir = fresh();
    const args = ["--app", evalApp, "--model", "scripted", "--seeds", "0-9", "--concurrency", "2", "--no-trace", "--run-dir", dir];
    const first = evalCli(args, { EVAL_APP_DELAY_MS: "150" });
    await first.waitFor(/^\[\d+\/10\] seed/, 2);
    first.child.kill("SIGKILL");
    await first.exited;
    const left = JSON.parse(await readFile(join(dir, "eval.lock"), "utf8")) as { pid: number };
    assert.equal(left.pid, first.child.pid, "the killed run left its lock");
    const resumed = evalCli([...args, "--resume"]);
    assert.equal(await resumed.exited, 0, resumed.stderr());
    assert.deepEqual(await seedsOf(join(dir, "results.jsonl")), range(10));
  });
});

/** Runs an eval that must stop on its own: killed (and failed) if it hangs on a special file. */
async function mustExit(args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = evalCli(args, env);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), 30_000);
  const code = await run.exited;
  clearTimeout(timer);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe("eval --out: only this run's own regular file", () => {
  const base = (dir: string) => ["--app", evalApp, "--model", "scripted", "--seeds", "0-3", "--no-trace", "--run-dir", dir];

  test("a device, a FIFO, /dev/stdout and a directory are refused at once, exit 2, nothing written", async () => {
    const dir = fresh();
    await mkdir(dir, { recursive: true });
    const fifo = join(dir, "pipe.jsonl");
    execFileSync("mkfifo", [fifo]);
    const cases: [string, RegExp][] = [
      ["/dev/null", /--out \/dev\/null is a character device, not a regular file/],
      [fifo, /is a FIFO \(named pipe\), not a regular file/],
      ["/dev/stdout", /--out \/dev\/stdout is a (FIFO \(named pipe\)|socket), not a regular file/],
      [dir, /is a directory, not a regular file/],
    ];
    for (const [out, message] of cases) {
      const run = await mustExit([...base(join(dir, `run-${cases.findIndex((c) => c[0] === out)}`)), "--out", out]);
      assert.equal(run.code, 2, `${out}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stdout, /"seed"/, `${out}: no result reached the special file`);
      assert.ok(!existsSync(join(dir, `run-${cases.findIndex((c) => c[0] === out)}`)), "no empty run directory is left behind");
    }
  });

  test("an existing file that is not this run's is refused, and kept byte for byte (its last line is not cut)", async () => {
    const dir = fresh();
    await mkdir(dir, { recursive: true });
    const notes = join(dir, "notes.txt");
    await writeFile(notes, "first line\nlast line without a newline");
    const run = await mustExit([...base(join(dir, "run")), "--out", notes]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /--out .*notes\.txt already holds data that no run in .* wrote/);
    assert.equal(await readFile(notes, "utf8"), "first line\nlast line without a newline");
  });

  test("another run's results.jsonl is neither reported as this run's nor appended to, fresh or resumed", async () => {
    const dir = fresh();
    const theirs = join(dir, "a");
    const done = await mustExit(["--app", evalApp, "--model", "scripted", "--seeds", "0-2", "--no-trace", "--run-dir", theirs]);
    assert.equal(done.code, 0, done.stderr);
    const before = await readFile(join(theirs, "results.jsonl"), "utf8");

    const fresh1 = await mustExit([...base(join(dir, "b")), "--out", join(theirs, "results.jsonl")]);
    assert.equal(fresh1.code, 2, fresh1.stdout + fresh1.stderr);
    assert.match(fresh1.stderr, /results\.jsonl already holds data that no run in .*b wrote/);
    assert.doesNotMatch(fresh1.stdout, /already done|mean return/);

    const own = await mustExit(base(join(dir, "c")), { EVAL_APP_FAIL_SEEDS: "1" });
    assert.equal(own.code, 1, own.stderr);
    const resumed = await mustExit([...base(join(dir, "c")), "--resume", "--out", join(theirs, "results.jsonl")]);
    assert.equal(resumed.code, 2, resumed.stdout + resumed.stderr);
    assert.match(resumed.stderr, /cannot resume .*c: its results are in .*c\/results\.jsonl, not .*a\/results\.jsonl/);
    assert.equal(await readFile(join(theirs, "results.jsonl"), "utf8"), before, "the other run's file is untouched");
  });
});

describe("eval against a hostile app", () => {
  test("an answer for another run_id is a failure with its cause, not a return", async () => {
    const app = startNode([hostileApp], {}, scratch);
    try {
      await app.waitFor(/^http:/);
      const dir = fresh();
      const run = await mustExit(["--url", app.stdout().trim(), "--model", "scripted", "--seeds", "0-2", "--no-trace", "--run-dir", dir]);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stdout, /FAILED run_id_mismatch: the app answered for run_id "someone-else", not this rollout's "eval-/);
      assert.match(run.stdout, /\nrollouts +0 ok, 3 failed \(3 run_id_mismatch\)\n/);
      assert.doesNotMatch(run.stdout, /mean return +7/);
      assert.equal(existsSync(join(dir, "results.jsonl")) ? (await readLines(join(dir, "results.jsonl"))).length : 0, 0);
      assert.equal((await readLines(join(dir, "results.failures.jsonl"))).length, 3);
    } finally {
      app.child.kill("SIGKILL");
    }
  });
});

describe("eval --resume on a results file edited by hand", () => {
  test("a line without a return is named by file and line and skipped; its rollout runs again; the summary holds", async () => {
    const dir = fresh();
    const args = ["--app", evalApp, "--model", "scripted", "--seeds", "0-3", "--no-trace", "--run-dir", dir];
    const first = await mustExit(args, { EVAL_APP_FAIL_SEEDS: "1" });
    assert.equal(first.code, 1, first.stderr);
    const path = join(dir, "results.jsonl");
    const lines = await readLines(path);
    const edited = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const victim = edited.findIndex((r) => r.seed === 2);
    delete edited[victim]!.return;
    await writeFile(path, `${edited.map((r) => JSON.stringify(r)).join("\n")}\nnot json at all\n`);
    const resumed = await mustExit([...args, "--resume"]);
    assert.equal(resumed.code, 0, resumed.stdout + resumed.stderr);
    assert.match(resumed.stdout, new RegExp(`results\\.jsonl:${victim + 1}: not a result \\(return: missing\\): skipped`));
    assert.match(resumed.stdout, new RegExp(`results\\.jsonl:${lines.length + 1}: not JSON: skipped`));
    assert.match(resumed.stdout, /eval: 2 rollouts \(2 already done\)/, "seed 1 (failed) and seed 2 (unreadable) run again");
    assert.match(resumed.stdout, /\nrollouts +4 ok, 0 failed\n/);
    assert.doesNotMatch(resumed.stderr, /Cannot convert undefined or null to object/);
  });
});

describe("eval when every replica dies", () => {
  test("stops dispatching, says so, prints the resume command without the key, exits 1; the resume finishes the run", async () => {
    const replica = startReplica({ ENVIRONMENT_API_KEY: KEY, EVAL_APP_DELAY_MS: "30" });
    const dir = fresh();
    const args = ["--url", "", "--model", "scripted", "--seeds", "0-399", "--concurrency", "4", "--no-trace", "--run-dir", dir, "--api-key", KEY];
    try {
      args[1] = await replicaUrl(replica);
      const run = evalCli(args, { ENVIRONMENT_API_KEY: "" });
      await run.waitFor(/^\[\d+\/400\] seed/, 8);
      replica.child.kill("SIGKILL");
      assert.equal(await run.exited, 1, run.stderr());
      const out = run.stdout() + run.stderr();
      const failedLines = run.stdout().split("\n").filter((l) => / FAILED /.test(l));
      assert.ok(failedLines.length <= 4, `only the rollouts in flight fail (${failedLines.length} FAILED lines)`);
      assert.doesNotMatch(run.stdout(), /FAILED no_replica/);
      const notRun = Number(/stopped dispatching, (\d+) rollouts not run/.exec(run.stderr())?.[1]);
      assert.ok(notRun > 300, run.stderr());
      assert.match(run.stderr(), /every task app replica is gone \(none answers GET \/health\)/);
      assert.match(run.stderr(), /resume with:\n {2}task-app eval --url http:\/\/127\.0\.0\.1:\d+ .*--run-dir \S+ --resume\n\(the key given with --api-key is left out: set ENVIRONMENT_API_KEY/);
      assert.ok(!out.includes(KEY), "the key is never printed");
      const seedRows = run.stdout().split("\n").filter((l) => /^ +\d+ +/.test(l));
      assert.ok(seedRows.length < 100, `the table holds the rollouts that ran, not every seed (${seedRows.length} rows)`);

      // The same replica back on its port; the command eval printed, with the key in ENVIRONMENT_API_KEY.
      const again = startReplica({ ENVIRONMENT_API_KEY: KEY }, Number(new URL(args[1]!).port));
      try {
        assert.equal(await replicaUrl(again), args[1]);
        const printed = /resume with:\n {2}task-app eval (.*)\n/.exec(run.stderr())![1]!.split(" ");
        const resumed = await mustExit(printed);
        assert.equal(resumed.code, 0, resumed.stderr);
        assert.deepEqual(await seedsOf(join(dir, "results.jsonl")), range(400));
      } finally {
        again.child.kill("SIGKILL");
      }
    } finally {
      replica.child.kill("SIGKILL");
    }
  });
});
