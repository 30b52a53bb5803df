/**
 * Hostile use of an eval's run directory, in real processes: two evals on
 * one directory, special files and foreign files as --out, a results line
 * edited by hand, every replica dying mid-run.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startCli, startNode } from "../helpers/cli-process.js";

const require = createRequire(import.meta.url);
const tsx = pathToFileURL(require.resolve("tsx/esm")).href;
const evalApp = fileURLToPath(new URL("../fixtures/apps/eval-app.ts", import.meta.url));
const serveEval = fileURLToPath(new URL("../fixtures/apps/serve-eval.ts", import.meta.url));
const KEY = "sk_env_eval_rundir_0123456789abcdef";
const scratch = await mkdtemp(join(tmpdir(), "task-app-eval-rundir-"));
after(() => rm(scratch, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(scratch, `t${++n}`);

const evalCli = (args: string[], env: NodeJS.ProcessEnv = {}) => startCli(["eval", ...args], { ENVIRONMENT_API_KEY: KEY, ...env }, scratch);
const readLines = async (path: string) => (await readFile(path, "utf8")).split("\n").filter(Boolean);
const seedsOf = async (path: string) => (await readLines(path)).map((l) => (JSON.parse(l) as { seed: number }).seed).sort((a, b) => a - b);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("eval: one run directory, one eval", () => {
  test("a second eval --resume on a running run directory is refused with the holder's pid, exit 2; the first finishes with each seed once", async () => {
    const dir = fresh();
    const args = ["--app", evalApp, "--model", "scripted", "--seeds", "0-11", "--concurrency", "2", "--no-trace", "--run-dir", dir];
    const first = evalCli(args, { EVAL_APP_DELAY_MS: "400" });
    await first.waitFor(/^\[\d+\/12\] seed/, 2);
    const second = evalCli([...args, "--resume"], { EVAL_APP_DELAY_MS: "400" });
    assert.equal(await second.exited, 2, second.stdout() + second.stderr());
    assert.match(second.stderr(), new RegExp(`is in use by another eval \\(pid ${first.child.pid}\\b`));
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
