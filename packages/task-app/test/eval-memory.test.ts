/**
 * eval's memory does not grow with the run: 50,000 rollouts against a cheap
 * app, the eval process's resident memory read every 1,000 rollouts (when
 * the app has answered the 1,000th), and the least reading of rollouts
 * 44,000-49,000 must be within 10 MB of the least of 10,000-15,000. The
 * least of a window, not one reading: a reading lands anywhere in the
 * garbage collector's cycle (single readings move by up to 10 MB here), the
 * least of six after its collections (they moved by 3 MB at most over five
 * runs, 101-102 MB early and 103-104 MB late). The early window starts once
 * the process has grown to its working size (it grows for the first 10,000).
 * When every result was kept for the summary eval grew about 1 KB a rollout:
 * 34 MB over that span. The summary is built as results come; the results
 * stay on disk, and the run's summary still counts all.
 *
 * The app is a bare `node:http` handler in this process answering what a
 * task app answers (/health, /info, a 0.2.x rollout for the seed asked):
 * the CPU of the run is then mostly eval's, the process measured (a task-app
 * server would spend twice eval's CPU on the same rollouts, and the suite
 * runs on two cores).
 */
// npm test: own process (its app answers from this process for a minute, and the CPU measured must be eval's; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { cliArgv } from "./helpers/cli-command.js";

const KEY = "sk-eval-memory-0123456789abcdef";
const ROLLOUTS = 50_000;
const EVERY = 1_000;
const EARLY = [10_000, 15_000] as const;
const LATE = [44_000, 49_000] as const;
const BOUND_MB = 10;
const work = await mkdtemp(path.join(os.tmpdir(), "eval-memory-"));
after(() => rm(work, { recursive: true, force: true }));

const rssMb = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

const WIRE = { preferred: "0.2", supported: ["0.2"] };
const HEALTH = JSON.stringify({ healthy: true, status: "healthy", authorized: true, service: "cheap", version: "1.0.0", auth: { required: true }, rollout_wire: WIRE });
const INFO = JSON.stringify({
  service: { task: { id: "cheap", name: "Cheap", version: "1.0.0" }, version: "1.0.0" },
  dataset: { id: "cheap", name: "Cheap", splits: ["train"], default_split: "train", cardinality: ROLLOUTS },
  capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true },
  rollout_wire: WIRE,
});
const rolloutAnswer = (runId: string, seed: number) =>
  JSON.stringify({
    run_id: runId,
    trajectories: [{ env_id: "e", policy_id: "p", steps: [{ obs: { seed }, tool_calls: [], reward: 1, done: true }], length: 1, inference_url: "" }],
    metrics: { episode_returns: [1], mean_return: 1, num_steps: 1, num_episodes: 1, details: {} },
    branches: {},
    aborted: false,
    ops_executed: 0,
    pipeline_metadata: {},
  });

/** Serves the cheap app; `onRollout(n)` is called after the n-th rollout answered. */
async function serveCheapApp(onRollout: (n: number) => void) {
  let answered = 0;
  const send = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
  const server = createServer((req: IncomingMessage, res) => {
    if (req.headers["x-api-key"] !== KEY) return void send(res, 401, '{"detail":"unauthorized"}');
    if (req.url === "/health") return void send(res, 200, HEALTH);
    if (req.url === "/info") return void send(res, 200, INFO);
    if (req.url !== "/rollout" || req.method !== "POST") return void send(res, 404, '{"detail":"not found"}');
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { run_id: string; env?: { seed?: number } };
      send(res, 200, rolloutAnswer(body.run_id, body.env?.seed ?? 0));
      onRollout(++answered);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test(`RSS grows by less than ${BOUND_MB} MB between rollouts 10,000-15,000 and 44,000-49,000 of ${ROLLOUTS.toLocaleString("en-US")}`, { skip: process.platform === "linux" ? false : "reads /proc", timeout: 600_000 }, async (t) => {
  const runDir = path.join(work, "run");
  const samples = new Map<number, Promise<number>>();
  let pid = 0;
  const app = await serveCheapApp((n) => {
    if (n % EVERY === 0) samples.set(n, rssMb(pid));
  });
  t.after(app.close);
  const child = spawn(process.execPath, [...cliArgv(), "eval", "--url", app.url, "--model", "m", "--seeds", `0-${ROLLOUTS - 1}`, "--concurrency", "32", "--no-trace", "--json", "--run-dir", runDir], {
    env: { ...process.env, ENVIRONMENT_API_KEY: KEY, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  pid = child.pid!;
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on("data", (c: Buffer) => stdout.push(c));
  child.stderr.on("data", (c: Buffer) => stderr.push(c));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(code, 0, Buffer.concat(stderr).toString("utf8").slice(-2000));
  const lines = Buffer.concat(stdout).toString("utf8").trimEnd().split("\n");
  const events = lines.map((line) => JSON.parse(line) as { event: string; summary?: { rollouts: number; ok: number; seeds: unknown[]; seeds_omitted?: boolean } });
  assert.equal(events.filter((e) => e.event === "rollout").length, ROLLOUTS);
  const summary = events.find((e) => e.event === "summary")?.summary;
  /** The readings of rollouts `from` to `to`, and their least. */
  const window = async ([from, to]: readonly [number, number]) => {
    const readings = await Promise.all(Array.from({ length: (to - from) / EVERY + 1 }, (_, i) => samples.get(from + i * EVERY)!));
    return { readings, least: Math.min(...readings) };
  };
  const [early, late] = await Promise.all([window(EARLY), window(LATE)]);
  const said = `RSS at rollouts 10,000-15,000: ${early.readings.map((mb) => mb.toFixed(0)).join(" ")} MB (least ${early.least.toFixed(1)}); at 44,000-49,000: ${late.readings.map((mb) => mb.toFixed(0)).join(" ")} MB (least ${late.least.toFixed(1)})`;
  t.diagnostic(said);
  assert.ok(late.least - early.least < BOUND_MB, said);
  assert.equal(summary?.rollouts, ROLLOUTS);
  assert.equal(summary?.ok, ROLLOUTS);
  assert.equal(summary?.seeds_omitted, true);
  assert.deepEqual(summary?.seeds, []);
  // The results are on disk, one line each.
  assert.ok((await stat(path.join(runDir, "results.jsonl"))).size > ROLLOUTS * 100);
});
