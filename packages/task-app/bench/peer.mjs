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
 * generator (bench/load.mjs) runs in a process of its own. When the load
 * generator stops, `--concurrency` requests are still in flight and every
 * server still works them through (the body is in; only the answer goes
 * nowhere): the CPU is read once the server is idle again and those requests
 * are counted, which is what keeps a slow server (a few requests a second)
 * from being charged 16 requests' work for free. A round lasts `--seconds`
 * and goes on until `--min-requests` were answered (at most 15 s), so no one
 * is judged on a handful of requests and 10 ms CPU ticks. Before measuring, each
 * server's answer of every size is fetched once and its size printed, so the
 * response bytes compared are seen to be the same work. A peer whose
 * packages are missing is left out with the command that installs them.
 * Each server and the load generator run on one CPU (`--pin`, as in
 * bench:server, bench/pin.mjs: a reply never wakes the client on another
 * CPU, which this machine bills the sender 15-35 µs for); every line prints
 * the machine's IPIs per request.
 *
 * Usage: npm run bench:peer [-- --seconds 1 --rounds 5 --min-requests 40 --sizes 1kb,150kb,image --concurrency 16 --pin same|off|CPUS]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drive, findWrk } from "./load.mjs";
import { allCpus, canPin, ipiCount, pinnedCpus, setAffinity } from "./pin.mjs";
import { loadLine, parseBenchArgs, ratios, reportGoal, spread, summarise, treeCpuUsOf } from "./measure.mjs";
import { SIZES, buildResponse, requestBody } from "./server-shapes.mjs";

const KEY = "bench-environment-key";
const { values: opts } = parseBenchArgs({
  options: {
    seconds: { type: "string", default: "1" },
    rounds: { type: "string", default: "5" },
    sizes: { type: "string", default: SIZES.join(",") },
    concurrency: { type: "string", default: "16" },
    "min-requests": { type: "string", default: "40" },
    client: { type: "string", default: findWrk() ? "wrk" : "node" },
    pin: { type: "string", default: "same" },
  },
});
const cpus = pinnedCpus(opts.pin);
const SCRIPT = new URL("./python/peer_server.py", import.meta.url).pathname;
const PEERS = [
  { name: "synth-ai (FastAPI)", kind: "synth-ai", python: "/usr/bin/python3", probe: "import fastapi, uvicorn, pydantic", versions: "import sys, fastapi, uvicorn, pydantic; print(f'Python {sys.version.split()[0]}, FastAPI {fastapi.__version__}, uvicorn {uvicorn.__version__}, pydantic {pydantic.VERSION}')", install: "apt-get install -y python3-fastapi python3-uvicorn" },
  { name: "lean pydantic-core", kind: "lean", python: process.env.PYTHON ?? "python3", probe: "import pydantic_core, sys; sys.path.append('/usr/lib/python3/dist-packages'); import uvicorn", versions: "import sys; sys.path.append('/usr/lib/python3/dist-packages'); import uvicorn, pydantic; print(f'Python {sys.version.split()[0]}, uvicorn {uvicorn.__version__}, pydantic {pydantic.VERSION}')", install: "pip install 'pydantic>=2' uvicorn (or apt-get install -y python3-uvicorn beside a Python with pydantic 2)" },
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

/** A round goes on until `--min-requests` were answered, for at most this long. */
const MAX_ROUND_SECONDS = 15;

/** Resolves once `pid` used no CPU for 300 ms (the requests left in flight are done), or after 30 s. */
async function waitIdle(pid) {
  const until = Date.now() + 30_000;
  let last = treeCpuUsOf(pid);
  let quiet = 0;
  while (quiet < 3 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    const now = treeCpuUsOf(pid);
    quiet = now - last < 1 ? quiet + 1 : 0;
    last = now;
  }
}

/** Each server's answer to one rollout of every size: "size: server bytes, ...". */
async function responseSizes(servers) {
  const lines = [];
  for (const size of opts.sizes.split(",")) {
    const sizes = [];
    for (const s of servers) {
      const res = await fetch(`http://127.0.0.1:${s.port}/rollout`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: requestBody(size) });
      sizes.push(`${s.name} ${(await res.arrayBuffer()).byteLength}${res.status === 200 ? "" : ` (status ${res.status})`}`);
    }
    lines.push(`${size}: ${sizes.join(", ")}`);
  }
  return lines;
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
    console.log(`${peer.name}: ${spawnSync(peer.python, ["-c", peer.versions], { encoding: "utf8" }).stdout.trim()}`);
    servers.push({ ...(await start(peer.name, peer.python, [SCRIPT, peer.kind, dir, "PORT", KEY])), peer });
  }
  console.log(`response bytes (the same rollout from each server): ${(await responseSizes(servers)).join("; ")}`);
  const rounds = Number(opts.rounds);
  const minRequests = Number(opts["min-requests"]);
  const seconds = Number(opts.seconds);
  const concurrency = Number(opts.concurrency);
  console.log(`server CPU per POST /rollout (user + system of each server process, /proc), concurrency ${concurrency}, ${rounds} interleaved rounds of ${seconds} s; load from ${opts.client} in its own process; ${cpus ? `each server and the load generator on CPU ${cpus} (--pin)` : "free to run on any CPU (--pin off)"}; ${loadLine()} at start`);
  if (canPin()) for (const s of servers) setAffinity(s.child.pid, cpus ?? allCpus());
  const bySize = {};
  try {
    for (const s of servers) await drive({ port: s.port, body: requestBody("150kb"), concurrency, seconds: 1, key: KEY, client: opts.client, cpus });
    for (const size of opts.sizes.split(",")) {
      const runs = new Map(servers.map((s) => [s, []]));
      for (let r = 0; r < rounds; r++) {
        for (const s of servers.map((_, i) => servers[(i + r) % servers.length])) {
          const cpu0 = treeCpuUsOf(s.child.pid);
          const ipi0 = ipiCount();
          const out = { requests: 0, seconds: 0, errors: 0 };
          while (out.requests < minRequests && out.seconds < MAX_ROUND_SECONDS) {
            const part = await drive({ port: s.port, body: requestBody(size), concurrency, seconds, key: KEY, client: opts.client, cpus });
            await waitIdle(s.child.pid);
            out.requests += part.requests + concurrency;
            out.seconds += part.seconds;
            out.errors += part.errors;
          }
          const cpu1 = treeCpuUsOf(s.child.pid);
          runs.get(s).push({ ipis: (ipiCount() - ipi0) / out.requests, cpuUs: (cpu1 - cpu0) / out.requests, rps: out.requests / out.seconds, errors: out.errors, requests: out.requests });
        }
      }
      console.log(`\n${size}`);
      for (const s of servers) {
        const rs = runs.get(s);
        console.log(`  ${s.name.padEnd(20)} CPU ${spread(rs.map((x) => x.cpuUs), 0, " µs/req").padEnd(28)} ${spread(rs.map((x) => x.rps), 0, " req/s")} (secondary)  ${Math.min(...rs.map((x) => x.requests))}+ requests a round  IPIs ${summarise(rs.map((x) => x.ipis)).median.toFixed(2)}/req  errors ${rs.reduce((n, x) => n + x.errors, 0)}`);
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
