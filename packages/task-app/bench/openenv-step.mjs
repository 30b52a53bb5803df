/**
 * `npm run bench:openenv-step`: server CPU per step of a declared environment stepped by a
 * trainer (bench/openenv-app.mjs, a counter with one tool) through `task-app serve`
 * (`--workers 1`, untraced), on both of its wires:
 *   - OpenEnv's WebSocket (`/openenv/ws`): `{"type":"step","data":{"tool":"add","args":{"n":1}}}`
 *     answered with the observation, one connection per session;
 *   - synth-ai's env lifecycle over HTTP (`POST /env/counter/step` with the env_id), on kept-alive
 *     connections;
 * each as a ratio to bench/openenv-bare.mjs, a bare server doing the same (node:http and `ws`,
 * parse the action, check it, step the state, answer the same JSON), and, on the WebSocket, the
 * OpenEnv-style FastAPI + pydantic server of bench/python/openenv_peer.py (Debian's
 * python3-fastapi, python3-uvicorn and python3-websockets; left out, with the command that
 * installs them, when missing). CPU of each server process (and its children) from /proc per
 * step (no per-message compression on any of them: the client does not offer it); `--sessions` concurrent sessions each stepping in turn (a reply before the next step, as
 * a trainer does); rounds interleaved, the order rotating; medians with the min-max spread.
 *
 * Twenty-five rounds by default: on this shared 2-core machine a median of five moved by ±0.15x between runs,
 * and one of eleven, on a busy day, from 0.92x to 1.24x (the WebSocket at 1 session, four runs in two hours).
 *
 * The servers and the load generator run on one CPU (`--pin`, as bench:server: bench/pin.mjs): free,
 * each reply wakes the trainer's client asleep on the other CPU with an IPI billed to the server,
 * about the same for every server, which pulls the ratios toward 1 (the peer paid it most). A
 * shorter free run of each row follows, its ratio printed in the goal row's note.
 *
 * Usage: npm run bench:openenv-step [-- --steps 4000 --sessions 1,16 --rounds 25 --pin same|off|CPUS]
 */
import { fork, spawn, spawnSync } from "node:child_process";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { loadLine, parseBenchArgs, preciseTreeCpuUsOf, ratios, reportGoal, spread, summarise } from "./measure.mjs";
import { allCpus, ipiCount, pinnedCpus, setAffinity, setTreeAffinity } from "./pin.mjs";

const { values: opts } = parseBenchArgs({ options: { steps: { type: "string", default: "4000" }, sessions: { type: "string", default: "1,16" }, rounds: { type: "string", default: "25" }, pin: { type: "string", default: "same" } } });
const STEPS = Number(opts.steps);
const ROUNDS = Number(opts.rounds);
const SESSIONS = opts.sessions.split(",").map(Number);
const KEY = "bench-openenv-key";
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const PYTHON = "/usr/bin/python3";

/** Starts a server; resolves with its pid, port and a stop function. */
function startTaskApp() {
  const child = spawn(process.execPath, [here("../bin/task-app.js"), "serve", here("openenv-app.mjs"), "--port", "0", "--workers", "1"], {
    env: { ...process.env, ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACING_ENABLED: "0", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return listening(child, (out) => /"url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(out)?.[1]);
}
function startBare() {
  const child = fork(here("openenv-bare.mjs"), [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve) => child.once("message", ({ port }) => resolve({ pid: child.pid, port, stop: () => child.kill() })));
}
function startPeer() {
  const probe = spawnSync(PYTHON, ["-c", "import fastapi, uvicorn, websockets, pydantic"], { encoding: "utf8" });
  if (probe.status !== 0) return null;
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(PYTHON, [here("python/openenv_peer.py"), String(port)], { stdio: ["ignore", "pipe", "pipe"] });
  return (async () => {
    for (let i = 0; i < 100; i++) {
      if (await new Promise((resolve) => new WebSocket(`ws://127.0.0.1:${port}/openenv/ws`, { perMessageDeflate: false }).once("open", function () { this.close(); resolve(true); }).once("error", () => resolve(false)))) return { pid: child.pid, port, stop: () => child.kill() };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the peer did not listen");
  })();
}
function listening(child, portOf) {
  return new Promise((resolve, reject) => {
    let out = "";
    const on = (c) => {
      out += c.toString("utf8");
      const port = portOf(out);
      if (port) resolve({ pid: child.pid, port: Number(port), stop: () => child.kill() });
    };
    child.stdout.on("data", on);
    child.stderr.on("data", on);
    child.once("exit", (code) => reject(new Error(`exited ${code}:\n${out}`)));
  });
}

/** Steps `steps` times over `sessions` WebSockets (each resets, then steps in turn); resolves once done. */
async function driveWs(port, sessions, steps) {
  const sockets = await Promise.all(Array.from({ length: sessions }, (_, i) => new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/openenv/ws`, { headers: { "x-api-key": KEY }, perMessageDeflate: false });
    ws.once("open", () => {
      ws.once("message", () => resolve(ws));
      ws.send(JSON.stringify({ type: "reset", data: { seed: i } }));
    });
    ws.once("error", reject);
  })));
  const step = JSON.stringify({ type: "step", data: { tool: "add", args: { n: 1 } } });
  let left = steps;
  await Promise.all(sockets.map((ws) => new Promise((resolve, reject) => {
    const next = () => {
      if (left <= 0) return resolve();
      left--;
      ws.send(step);
    };
    ws.on("message", (data) => {
      if (!/^\{"type": ?"observation"/.test(data.toString())) return reject(new Error(`not an observation: ${data}`));
      next();
    });
    next();
  })));
  for (const ws of sockets) ws.terminate();
}

/** Steps `steps` times over `sessions` env-lifecycle sessions on kept-alive HTTP connections. */
async function driveHttp(port, sessions, steps) {
  const agent = new Agent({ keepAlive: true, maxSockets: sessions });
  const post = (path, body) => new Promise((resolve, reject) => {
    const bytes = Buffer.from(JSON.stringify(body));
    const req = request({ host: "127.0.0.1", port, path, method: "POST", agent, headers: { "content-type": "application/json", "content-length": bytes.length, "x-api-key": KEY } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => (res.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))) : reject(new Error(`${path}: ${res.statusCode} ${Buffer.concat(chunks)}`))));
    });
    req.on("error", reject);
    req.end(bytes);
  });
  const ids = await Promise.all(Array.from({ length: sessions }, (_, i) => post("/env/counter/initialize", { seed: i }).then((r) => r.env_id)));
  let left = steps;
  await Promise.all(ids.map(async (env_id) => {
    while (left > 0) {
      left--;
      await post("/env/counter/step", { env_id, action: { tool_calls: [{ tool: "add", args: { n: 1 } }] } });
    }
  }));
  await Promise.all(ids.map((env_id) => post("/env/counter/terminate", { env_id })));
  agent.destroy();
}

/** Server CPU µs per step of one round. */
async function measure(server, drive, sessions) {
  await drive(server.port, sessions, Math.min(200, STEPS)); // warm: JIT, sockets
  await new Promise((r) => setTimeout(r, 50));
  const before = preciseTreeCpuUsOf(server.pid);
  await drive(server.port, sessions, STEPS);
  await new Promise((r) => setTimeout(r, 50));
  return (preciseTreeCpuUsOf(server.pid) - before) / STEPS;
}

// Pinned before any server starts: every process started after inherits the CPU.
const cpus = pinnedCpus(opts.pin);
if (cpus) setAffinity(process.pid, cpus);
const servers = { "task-app": await startTaskApp(), bare: await startBare() };
const peer = await startPeer();
if (peer) servers.peer = peer;
else process.stdout.write(`OpenEnv-style peer left out: ${PYTHON} lacks fastapi/uvicorn/websockets (apt-get install -y python3-fastapi python3-uvicorn python3-websockets)\n`);
const versions = spawnSync(PYTHON, ["-c", "import sys, fastapi, uvicorn, websockets, pydantic; print(f'Python {sys.version.split()[0]}, FastAPI {fastapi.__version__}, uvicorn {uvicorn.__version__}, websockets {websockets.__version__}, pydantic {pydantic.VERSION}')"], { encoding: "utf8" }).stdout.trim();

try {
  process.stdout.write(`server CPU per step, ${STEPS} steps a round, ${ROUNDS} interleaved rounds; median (min-max) in µs; ${cpus ? `the servers and the load generator on CPU ${cpus}` : "free (--pin off)"}\n`);
  /** Where every process of the benchmark runs. */
  const place = (on) => {
    setAffinity(process.pid, on);
    for (const server of Object.values(servers)) setTreeAffinity(server.pid, on);
  };
  /** `rounds` rotated rounds of `names` on one row: CPU per step by server, and IPIs per step. */
  const measureRounds = async (names, drive, sessions, rounds) => {
    const cpu = Object.fromEntries(names.map((n) => [n, []]));
    const ipis = ipiCount();
    for (let round = 0; round < rounds; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) cpu[name].push(await measure(servers[name], drive, sessions));
    }
    return { cpu, ipisPerStep: (ipiCount() - ipis) / (rounds * names.length * STEPS) };
  };
  for (const sessions of SESSIONS) {
    const rows = [
      { wire: "websocket", drive: driveWs, names: Object.keys(servers) },
      { wire: "http", drive: driveHttp, names: ["task-app", "bare"] },
    ];
    for (const { wire, drive, names } of rows) {
      const { cpu, ipisPerStep } = await measureRounds(names, drive, sessions, ROUNDS);
      // The same row free (the scheduler's placement, wake-ups billed): reported beside the goal.
      let free = null;
      if (cpus) {
        place(allCpus());
        free = await measureRounds(names, drive, sessions, Math.max(3, Math.ceil(ROUNDS / 2)));
        place(cpus);
      }
      const line = names.map((n) => `${n} ${spread(cpu[n], 1)}`).join(", ");
      const vsBare = ratios(cpu["task-app"], cpu.bare);
      const label = `${sessions} session${sessions === 1 ? "" : "s"}`;
      process.stdout.write(`${wire}, ${label}: ${line}; task-app / bare ${spread(vsBare, 2, "x")}${cpu.peer ? `; peer / task-app ${spread(ratios(cpu.peer, cpu["task-app"]), 1, "x")}` : ""}; ${ipisPerStep.toFixed(2)} IPIs per step\n`);
      const freeVsBare = free ? summarise(ratios(free.cpu["task-app"], free.cpu.bare)).median : null;
      const freePeer = free?.cpu.peer ? summarise(ratios(free.cpu.peer, free.cpu["task-app"])).median : null;
      if (free) process.stdout.write(`  free (${free.cpu.bare.length} rounds, ${free.ipisPerStep.toFixed(2)} IPIs per step): task-app / bare ${freeVsBare.toFixed(2)}x${freePeer !== null ? `, peer / task-app ${freePeer.toFixed(1)}x` : ""}\n`);
      const placement = cpus ? "servers and load generator on one CPU" : "free";
      const figure = summarise(vsBare).median;
      reportGoal({ row: `OpenEnv step, ${wire === "websocket" ? "WebSocket /openenv/ws" : "env lifecycle POST /env/{name}/step"}, ${label}`, subject: `${summarise(cpu["task-app"]).median.toFixed(1)} µs`, baseline: `bare ${summarise(cpu.bare).median.toFixed(1)} µs`, figure: `${figure.toFixed(2)}x`, goal: "<= 1.2x", pass: figure <= 1.2, note: `${ROUNDS} rounds, ${placement}${freeVsBare !== null ? `; free: ${freeVsBare.toFixed(2)}x` : ""}` });
      if (cpu.peer) {
        const less = summarise(ratios(cpu.peer, cpu["task-app"])).median;
        reportGoal({ row: `OpenEnv step vs an OpenEnv-style FastAPI + pydantic server, ${label}`, subject: `${summarise(cpu["task-app"]).median.toFixed(1)} µs`, baseline: `${versions}: ${summarise(cpu.peer).median.toFixed(1)} µs`, figure: `${less.toFixed(1)}x less`, goal: ">= 5x less", pass: less >= 5, note: `${ROUNDS} rounds, ${placement}${freePeer !== null ? `; free: ${freePeer.toFixed(1)}x less` : ""}` });
      }
    }
  }
  process.stdout.write(`(${loadLine()})\n`);
} finally {
  for (const s of Object.values(servers)) s.stop();
}
