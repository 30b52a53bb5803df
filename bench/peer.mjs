/**
 * `npm run bench:peer`: server CPU per `POST /rollout` of `task-app serve`
 * against the Python servers a task app would otherwise run, on the same
 * request bytes and the same executor result (bench/server-shapes.mjs):
 *   - synth-ai's stack: FastAPI + uvicorn + pydantic with the route
 *     synth-ai's server runs (bench/python/peer_server.py restates it),
 *     from Debian's python3-fastapi and python3-uvicorn;
 *   - a lean server: a bare ASGI app on uvicorn validating the request with
 *     pydantic 2's `model_validate_json` and dumping the response with
 *     `model_dump_json` (pydantic-core), the least a Python server does.
 * CPU of each server process from /proc per request, rounds interleaved,
 * the ratio (peer / task-app) per round, median and min-max; the load
 * generator (bench/load.mjs) runs in a process of its own. A peer whose
 * packages are missing is left out with the command that installs them.
 *
 * Usage: npm run bench:peer [-- --seconds 1 --rounds 5 --sizes 1kb,150kb,image --concurrency 16]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { drive, findWrk } from "./load.mjs";
import { loadLine, ratios, reportGoal, spread, summarise, treeCpuUsOf } from "./measure.mjs";
import { SIZES, buildResponse, requestBody } from "./server-shapes.mjs";

const KEY = "bench-environment-key";
const { values: opts } = parseArgs({
  options: {
    seconds: { type: "string", default: "1" },
    rounds: { type: "string", default: "5" },
    sizes: { type: "string", default: SIZES.join(",") },
    concurrency: { type: "string", default: "16" },
    client: { type: "string", default: findWrk() ? "wrk" : "node" },
  },
});
const SCRIPT = new URL("./python/peer_server.py", import.meta.url).pathname;
const PEERS = [
  { name: "synth-ai (FastAPI)", kind: "synth-ai", python: "/usr/bin/python3", probe: "import fastapi, uvicorn, pydantic", install: "apt-get install -y python3-fastapi python3-uvicorn" },
  { name: "lean pydantic-core", kind: "lean", python: process.env.PYTHON ?? "python3", probe: "import pydantic_core, sys; sys.path.append('/usr/lib/python3/dist-packages'); import uvicorn", install: "pip install 'pydantic>=2' uvicorn (or apt-get install -y python3-uvicorn beside a Python with pydantic 2)" },
];

function freePort() {
  const probe = createServer();
  return new Promise((resolve) => probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  }));
}

async function waitListening(child, port, name) {
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`${name} did not start within 60 s`);
    const answered = await fetch(`http://127.0.0.1:${port}/rollout`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: requestBody("1kb") }).then((r) => r.status, () => 0);
    if (answered === 200) return;
    if (answered) throw new Error(`${name} answered ${answered} to a valid rollout`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function start(name, command, args, env = {}) {
  const port = await freePort();
  const child = spawn(command, [...args.map((a) => (a === "PORT" ? String(port) : a))], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  await waitListening(child, port, name);
  return { name, child, port, stop: () => child.kill("SIGTERM") };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "task-app-peer-"));
  for (const size of SIZES) writeFileSync(join(dir, `${size}.json`), JSON.stringify(buildResponse(size)));
  const root = new URL("..", import.meta.url).pathname;
  const servers = [await start("task-app serve", process.execPath, [`${root}bin/task-app.js`, "serve", `${root}bench/server-app.mjs`, "--port", "PORT", "--workers", "1", "--log-level", "warn"], { ENVIRONMENT_API_KEY: KEY })];
  const taskApp = servers[0];
  const missing = [];
  for (const peer of PEERS) {
    const probe = spawnSync(peer.python, ["-c", peer.probe], { encoding: "utf8" });
    if (probe.status !== 0) {
      missing.push(peer);
      console.log(`${peer.name} left out: ${peer.python} cannot ${peer.probe.split(";")[0]} (${(probe.stderr || probe.error?.message || "").trim().split("\n").pop()}); install with: ${peer.install}`);
      continue;
    }
    servers.push({ ...(await start(peer.name, peer.python, [SCRIPT, peer.kind, dir, "PORT", KEY])), peer });
  }
  const rounds = Number(opts.rounds);
  const seconds = Number(opts.seconds);
  const concurrency = Number(opts.concurrency);
  console.log(`server CPU per POST /rollout (user + system of each server process, /proc), concurrency ${concurrency}, ${rounds} interleaved rounds of ${seconds} s; load from ${opts.client} in its own process; ${loadLine()} at start`);
  const bySize = {};
  try {
    for (const s of servers) await drive({ port: s.port, body: requestBody("150kb"), concurrency, seconds: 1, key: KEY, client: opts.client });
    for (const size of opts.sizes.split(",")) {
      const runs = new Map(servers.map((s) => [s, []]));
      for (let r = 0; r < rounds; r++) {
        for (const s of servers.map((_, i) => servers[(i + r) % servers.length])) {
          const cpu0 = treeCpuUsOf(s.child.pid);
          const out = await drive({ port: s.port, body: requestBody(size), concurrency, seconds, key: KEY, client: opts.client });
          const cpu1 = treeCpuUsOf(s.child.pid);
          runs.get(s).push({ cpuUs: (cpu1 - cpu0) / out.requests, rps: out.requests / out.seconds, errors: out.errors });
        }
      }
      console.log(`\n${size}`);
      for (const s of servers) {
        const rs = runs.get(s);
        console.log(`  ${s.name.padEnd(20)} CPU ${spread(rs.map((x) => x.cpuUs), 0, " µs/req").padEnd(28)} ${spread(rs.map((x) => x.rps), 0, " req/s")} (secondary)  errors ${rs.reduce((n, x) => n + x.errors, 0)}`);
      }
      bySize[size] = {};
      for (const s of servers.slice(1)) {
        const r = ratios(runs.get(s).map((x) => x.cpuUs), runs.get(taskApp).map((x) => x.cpuUs));
        bySize[size][s.peer.kind] = { r, subject: runs.get(taskApp).map((x) => x.cpuUs), peer: runs.get(s).map((x) => x.cpuUs) };
        console.log(`  ${s.name} / task-app: ${spread(r, 2, "x")} the CPU per request`);
      }
    }
  } finally {
    for (const s of servers) s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const sizes = Object.keys(bySize);
  const row = (kind, label, goal, pass) => {
    const peer = PEERS.find((p) => p.kind === kind);
    if (missing.includes(peer)) return reportGoal({ row: label, figure: "-", goal, pass: null, note: `install: ${peer.install}` });
    const figures = sizes.map((size) => summarise(bySize[size][kind].r));
    reportGoal({
      row: label,
      subject: sizes.map((size) => `${size} ${summarise(bySize[size][kind].subject).median.toFixed(0)} µs`).join(" / "),
      baseline: sizes.map((size) => `${size} ${summarise(bySize[size][kind].peer).median.toFixed(0)} µs`).join(" / "),
      figure: `${sizes.map((size, i) => `${figures[i].median.toFixed(2)}x`).join(" / ")} less`,
      goal,
      pass: figures.every((f) => pass(f.median)),
      note: `${sizes.join(" / ")}; min ${Math.min(...figures.map((f) => f.min)).toFixed(2)}x`,
    });
  };
  row("synth-ai", "server CPU vs synth-ai's stack (FastAPI + pydantic, synth-ai's route)", "keep >= 10x less", (x) => x >= 10);
  row("lean", "server CPU vs a lean uvicorn + pydantic-core server", "less at every size (> 1x)", (x) => x > 1);
}

await main();
