/**
 * Rollouts per second through the full task-app stack (socket, auth, request
 * and response validation, serialization) as a ratio to a bare node:http
 * handler that returns the same JSON body. Both servers run in their own
 * process; one load generator (this process) drives them in alternating
 * rounds over keep-alive connections on loopback. Prints p50 and p99 latency.
 *
 * Usage: npm run bench:server [-- --requests 20000 --concurrency 64 --rounds 3]
 */
import { fork } from "node:child_process";
import { createServer, Agent, request as httpRequest } from "node:http";
import { parseArgs } from "node:util";

const KEY = "bench-environment-key";
const { values: opts } = parseArgs({
  options: {
    server: { type: "string" },
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "64" },
    rounds: { type: "string", default: "3" },
  },
});

const rolloutBody = JSON.stringify({ run_id: "bench", env: { env_name: "bench", seed: 7, config: { split: "train" } }, policy: { policy_name: "bench", config: { model: "m" } }, ops: [] });
const executorResult = (runId, seed) => ({
  run_id: runId,
  trajectories: [{ env_id: "e", policy_id: "p", steps: [{ obs: { seed }, tool_calls: [], reward: 1, done: true }], length: 1 }],
  metrics: { episode_returns: [1], mean_return: 1, num_steps: 1, num_episodes: 1 },
});

async function startFull() {
  const { defineTaskApp, serve } = await import("../dist/server/index.js");
  const app = defineTaskApp({
    appId: "bench",
    name: "Bench",
    baseTaskInfo: {
      task: { id: "bench", name: "Bench" }, environment: "bench", environments: ["bench"], action_space: {}, observation: {},
      dataset: {}, rubric: {}, inference: {}, capabilities: {}, limits: {},
    },
    rollout: (req) => executorResult(req.run_id, req.env.seed ?? 0),
  });
  const running = await serve(app, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: true });
  return running.port;
}

async function startBare() {
  const { RolloutResponse } = await import("../dist/schemas/rollout.js");
  const body = JSON.stringify(RolloutResponse.parse(executorResult("bench", 7)));
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return server.address().port;
}

if (opts.server) {
  const port = opts.server === "full" ? await startFull() : await startBare();
  process.send({ port });
  process.on("message", (m) => {
    if (m === "cpu") {
      const u = process.cpuUsage();
      process.send({ cpu: u.user + u.system });
    }
  });
  process.on("disconnect", () => process.exit(0));
} else {
  await main();
}

function cpuOf(child) {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m.cpu));
    child.send("cpu");
  });
}

function spawnServer(kind) {
  const child = fork(new URL(import.meta.url).pathname, ["--server", kind], { execArgv: process.env.BENCH_PROFILE === kind ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ child, port: m.port }));
    child.once("exit", (code) => reject(new Error(`${kind} server exited ${code}`)));
  });
}

async function load(port, total, concurrency) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = new Float64Array(total);
  const headers = { "x-api-key": KEY, "content-type": "application/json", "content-length": Buffer.byteLength(rolloutBody) };
  let next = 0;
  let errors = 0;
  let bodyBytes = 0;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = httpRequest({ agent, host: "127.0.0.1", port, path: "/rollout", method: "POST", headers }, (res) => {
        let n = 0;
        res.on("data", (d) => (n += d.length));
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          bodyBytes = n;
          resolve(performance.now() - t0);
        });
      });
      req.on("error", () => {
        errors++;
        resolve(performance.now() - t0);
      });
      req.end(rolloutBody);
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        latencies[i] = await one();
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort();
  const pct = (p) => latencies[Math.min(total - 1, Math.floor(p * total))];
  return { rps: total / seconds, p50: pct(0.5), p99: pct(0.99), errors, bodyBytes };
}

async function main() {
  const total = Number(opts.requests);
  const concurrency = Number(opts.concurrency);
  const rounds = Number(opts.rounds);
  const full = await spawnServer("full");
  const bare = await spawnServer("bare");
  await load(full.port, 2000, concurrency);
  await load(bare.port, 2000, concurrency);
  const results = { full: [], bare: [] };
  for (let r = 0; r < rounds; r++) {
    for (const [kind, s] of r % 2 ? [["bare", bare], ["full", full]] : [["full", full], ["bare", bare]]) {
      const cpu0 = await cpuOf(s.child);
      const result = await load(s.port, total, concurrency);
      result.cpuUs = ((await cpuOf(s.child)) - cpu0) / total;
      results[kind].push(result);
    }
  }
  full.child.disconnect();
  bare.child.disconnect();
  const summary = (rs) => {
    const best = rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    return { rps: best.rps, p50: best.p50, p99: best.p99, errors: rs.reduce((a, b) => a + b.errors, 0), bodyBytes: best.bodyBytes, cpuUs: Math.min(...rs.map((r) => r.cpuUs)) };
  };
  const f = summary(results.full);
  const b = summary(results.bare);
  const row = (name, s) => `${name.padEnd(22)} ${s.rps.toFixed(0).padStart(8)} req/s   p50 ${s.p50.toFixed(2).padStart(6)} ms   p99 ${s.p99.toFixed(2).padStart(6)} ms   server CPU ${s.cpuUs.toFixed(0).padStart(4)} us/req   errors ${s.errors}   body ${s.bodyBytes} B`;
  console.log(`POST /rollout, ${total} requests x ${rounds} rounds per server, concurrency ${concurrency}, best round shown`);
  console.log(row("bare node:http", b));
  console.log(row("task-app full stack", f));
  const ratio = f.rps / b.rps;
  console.log(`ratio full/bare: ${ratio.toFixed(2)}x (target >= 0.70x) ${ratio >= 0.7 ? "met" : "NOT met"}`);
  if (f.errors || b.errors) process.exitCode = 1;
}
