/**
 * eval's memory does not grow with the run: 200,000 rollouts against a
 * cheap app (served in a process of its own), the eval process's resident
 * memory read at rollout 10,000 and again at 140,000 must not have grown by
 * 20 MB or more (it grew about 1 KB a rollout, 130 MB over that span, while
 * every result was kept for the summary). The summary is built as results
 * come; the results stay on disk, and the run's summary still counts all.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { cliArgv } from "./helpers/cli-command.js";
import { startServe, type ServeProcess } from "./helpers/serve-process.js";

const KEY = "sk-eval-memory-0123456789abcdef";
const ROLLOUTS = 200_000;
const BOUND_MB = 20;
const work = await mkdtemp(path.join(os.tmpdir(), "eval-memory-"));
let app: ServeProcess;
before(async () => {
  app = await startServe("test/fixtures/apps/trivial.ts", [], { env: { ENVIRONMENT_API_KEY: KEY } });
});
after(async () => {
  await app?.kill();
  await rm(work, { recursive: true, force: true });
});

const rssMb = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

test(`RSS grows by less than ${BOUND_MB} MB between rollout 10,000 and 140,000 of ${ROLLOUTS.toLocaleString("en-US")}`, { skip: process.platform === "linux" ? false : "reads /proc", timeout: 600_000 }, async (t) => {
  const runDir = path.join(work, "run");
  const child = spawn(process.execPath, [...cliArgv(), "eval", "--url", app.url, "--model", "m", "--seeds", `0-${ROLLOUTS - 1}`, "--concurrency", "32", "--no-trace", "--json", "--run-dir", runDir], {
    env: { ...process.env, ENVIRONMENT_API_KEY: KEY, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr: Buffer[] = [];
  child.stderr.on("data", (c: Buffer) => stderr.push(c));
  const samples = new Map<number, number>();
  let done = 0;
  let summary: { rollouts: number; ok: number; seeds: unknown[]; seeds_omitted?: boolean } | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    const event = JSON.parse(line) as { event: string; summary?: typeof summary };
    if (event.event === "rollout") {
      done++;
      if ((done === 10_000 || done === 140_000) && !samples.has(done)) samples.set(done, await rssMb(child.pid!));
    } else if (event.event === "summary") summary = event.summary;
  }
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 0, Buffer.concat(stderr).toString("utf8").slice(-2000));
  assert.equal(done, ROLLOUTS);
  const [early, late] = [samples.get(10_000)!, samples.get(140_000)!];
  t.diagnostic(`RSS ${early.toFixed(1)} MB at rollout 10,000, ${late.toFixed(1)} MB at 140,000`);
  assert.ok(late - early < BOUND_MB, `RSS ${early.toFixed(1)} MB at rollout 10,000, ${late.toFixed(1)} MB at 140,000`);
  assert.equal(summary?.rollouts, ROLLOUTS);
  assert.equal(summary?.ok, ROLLOUTS);
  assert.equal(summary?.seeds_omitted, true);
  assert.deepEqual(summary?.seeds, []);
  // The results are on disk, one line each.
  assert.ok((await stat(path.join(runDir, "results.jsonl"))).size > ROLLOUTS * 100);
});
