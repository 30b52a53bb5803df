/**
 * `POST /rollout` through `task-app serve` (a real CLI process: socket, auth,
 * request parsing and validation, response validation and serialization)
 * against two bare node:http servers answering the same request:
 *   - bare stringify: parses the request and JSON.stringify-s the same
 *     response object (the fair baseline: target >= 0.8x);
 *   - bare bytes: sends precomputed bytes (for the record).
 * Response sizes: 1 KB, ~150 KB (2 trajectories x 200 steps with tool calls,
 * rewards and info) and image-heavy (64 steps with ~20 KB PNG data URLs), at
 * concurrency 1, 16 and 64. Rounds are interleaved (the server order rotates
 * each round); each cell prints the median req/s with its spread over the
 * rounds, median p50 and p99 latency, the servers' CPU per request, and the
 * load generator's CPU (100% = one core: a client near it is the bottleneck,
 * and the ratio then says little). Last, `serve --workers 1` against
 * `--workers N` (N = the machine's cores) at concurrency 64 on ~150 KB.
 *
 * Every server runs in its own process; the load generator is this process.
 * Usage: npm run bench:server [-- --seconds 1 --rounds 3 --sizes 1kb,150kb,image --concurrency 1,16,64 --workers N --log-level warn]
 */
import { fork, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, Agent, request as httpRequest } from "node:http";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { SIZES, buildResponse, requestBody } from "./server-shapes.mjs";

const KEY = "bench-environment-key";
const { values: opts } = parseArgs({
  options: {
    server: { type: "string" },
    seconds: { type: "string", default: "1" },
    rounds: { type: "string", default: "3" },
    sizes: { type: "string", default: SIZES.join(",") },
    concurrency: { type: "string", default: "1,16,64" },
    workers: { type: "string", default: String(availableParallelism()) },
    "log-level": { type: "string", default: "warn" },
  },
});

/** A bare node:http server: reads and parses the request, then stringifies the response object ("stringify") or sends bytes made at start ("bytes"). */
async function runBareServer(kind) {
  const { RolloutResponse } = await import("../dist/schemas/rollout.js");
  const objects = Object.fromEntries(SIZES.map((size) => [size, RolloutResponse.parse({ ...buildResponse(size), run_id: "bench" })]));
  const bytes = Object.fromEntries(SIZES.map((size) => [size, Buffer.from(JSON.stringify(objects[size]))]));
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const size = request.env?.config?.size ?? "1kb";
      const body = kind === "bytes" ? bytes[size] : JSON.stringify({ ...objects[size], run_id: request.run_id });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  process.send({ port: server.address().port });
  process.on("disconnect", () => process.exit(0));
}

function startBare(kind) {
  const child = fork(new URL(import.meta.url).pathname, ["--server", kind], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ name: `bare ${kind}`, child, port: m.port, stop: () => child.disconnect() }));
    child.once("exit", (code) => reject(new Error(`bare ${kind} server exited ${code}`)));
  });
}

/** `task-app serve bench/server-app.mjs --workers N` from the built CLI, on a free port. */
async function startServe(workers) {
  const port = await freePort();
  const bin = new URL("../bin/task-app.js", import.meta.url).pathname;
  const app = new URL("./server-app.mjs", import.meta.url).pathname;
  const args = [bin, "serve", app, "--port", String(port), "--workers", String(workers), "--log-level", opts["log-level"]];
  const child = spawn(process.execPath, args, { env: { ...process.env, ENVIRONMENT_API_KEY: KEY }, stdio: ["ignore", "ignore", "inherit"] });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`task-app serve exited ${child.exitCode}`);
    if (Date.now() > until) throw new Error("task-app serve did not start within 60 s");
    const ok = await fetch(`http://127.0.0.1:${port}/health`, { headers: { "x-api-key": KEY } }).then((r) => r.ok, () => false);
    // With several workers, wait until all of them listen (the primary logs it; here: a few answers in a row).
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (workers > 1) await new Promise((r) => setTimeout(r, 2_000));
  return { name: workers === 1 ? "task-app serve" : `task-app serve x${workers}`, child, port, stop: () => child.kill("SIGTERM") };
}

function freePort() {
  const probe = createServer();
  return new Promise((resolve) =>
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    }),
  );
}

/** CPU time (ms) of a process and its descendants, from /proc; null where /proc is not available. */
function treeCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    let ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    for (const tid of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean)) ms += treeCpuMs(Number(tid)) ?? 0;
    return ms;
  } catch {
    return null;
  }
}

/** Drives `POST /rollout` for `seconds` at `concurrency` over keep-alive connections. */
async function load(server, size, concurrency, seconds) {
  const body = requestBody(size);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const headers = { "x-api-key": KEY, "content-type": "application/json", "content-length": Buffer.byteLength(body) };
  const latencies = [];
  let errors = 0;
  let bodyBytes = 0;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = httpRequest({ agent, host: "127.0.0.1", port: server.port, path: "/rollout", method: "POST", headers }, (res) => {
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
      req.end(body);
    });
  const serverCpu0 = treeCpuMs(server.child.pid);
  const clientCpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) latencies.push(await one());
    }),
  );
  const wallMs = performance.now() - start;
  const clientCpu = process.cpuUsage(clientCpu0);
  const serverCpu1 = treeCpuMs(server.child.pid);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return {
    rps: (latencies.length / wallMs) * 1000,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    bodyBytes,
    serverUsPerReq: serverCpu0 === null || serverCpu1 === null ? NaN : ((serverCpu1 - serverCpu0) * 1000) / latencies.length,
    clientCpuPct: ((clientCpu.user + clientCpu.system) / 1000 / wallMs) * 100,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs `rounds` interleaved rounds over `servers` (order rotating) and returns each server's median figures. */
async function measure(servers, size, concurrency, seconds, rounds) {
  const runs = new Map(servers.map((s) => [s, []]));
  for (let r = 0; r < rounds; r++) {
    const order = servers.map((_, i) => servers[(i + r) % servers.length]);
    for (const server of order) runs.get(server).push(await load(server, size, concurrency, seconds));
  }
  return new Map(
    servers.map((s) => {
      const rs = runs.get(s);
      const rps = rs.map((x) => x.rps);
      return [
        s,
        {
          rps: median(rps),
          min: Math.min(...rps),
          max: Math.max(...rps),
          p50: median(rs.map((x) => x.p50)),
          p99: median(rs.map((x) => x.p99)),
          serverUs: median(rs.map((x) => x.serverUsPerReq)),
          clientPct: median(rs.map((x) => x.clientCpuPct)),
          errors: rs.reduce((n, x) => n + x.errors, 0),
          bodyBytes: rs[0].bodyBytes,
        },
      ];
    }),
  );
}

const row = (name, m) =>
  `  ${name.padEnd(22)} ${m.rps.toFixed(0).padStart(7)} req/s (${m.min.toFixed(0)}-${m.max.toFixed(0)})`.padEnd(52) +
  `p50 ${m.p50.toFixed(2).padStart(7)} ms  p99 ${m.p99.toFixed(2).padStart(7)} ms  server CPU ${Number.isNaN(m.serverUs) ? "  n/a" : m.serverUs.toFixed(0).padStart(5)} us/req  client CPU ${m.clientPct.toFixed(0).padStart(3)}%  errors ${m.errors}`;

async function main() {
  const seconds = Number(opts.seconds);
  const rounds = Number(opts.rounds);
  const sizes = opts.sizes.split(",");
  const concurrencies = opts.concurrency.split(",").map(Number);
  const workers = Number(opts.workers);
  const full = await startServe(1);
  const bareStringify = await startBare("stringify");
  const bareBytes = await startBare("bytes");
  const servers = [full, bareStringify, bareBytes];
  let failed = false;
  try {
    for (const s of servers) await load(s, "150kb", 16, 0.5); // warm-up
    console.log(`POST /rollout, ${rounds} interleaved rounds of ${seconds} s per server and cell; medians, (min-max) req/s over the rounds; log level ${opts["log-level"]}`);
    console.log(`client CPU: the load generator's share of one core (near 100% it is the bottleneck: the ratio is then a floor). ${availableParallelism()} cores, shared by the client and the servers.`);
    for (const size of sizes) {
      for (const concurrency of concurrencies) {
        const m = await measure(servers, size, concurrency, seconds, rounds);
        const f = m.get(full);
        console.log(`\n${size} (${(f.bodyBytes / 1024).toFixed(1)} KiB body), concurrency ${concurrency}`);
        for (const s of servers) console.log(row(s.name, m.get(s)));
        const ratio = f.rps / m.get(bareStringify).rps;
        const clientBound = Math.max(...servers.map((s) => m.get(s).clientPct)) > 85 ? "  (client near one core: client-bound)" : "";
        console.log(`  ratio task-app / bare stringify: ${ratio.toFixed(2)}x (target >= 0.80x) ${ratio >= 0.8 ? "met" : "NOT met"}; / bare bytes: ${(f.rps / m.get(bareBytes).rps).toFixed(2)}x${clientBound}`);
        failed ||= servers.some((s) => m.get(s).errors > 0);
      }
    }
    if (workers > 1) {
      const many = await startServe(workers);
      try {
        await load(many, "150kb", 64, 0.5);
        const m = await measure([full, many], "150kb", 64, seconds, rounds);
        console.log(`\nworkers: 150kb, concurrency 64`);
        for (const s of [full, many]) console.log(row(s.name, m.get(s)));
        const ratio = m.get(many).rps / m.get(full).rps;
        console.log(`  ratio ${workers} workers / 1 worker: ${ratio.toFixed(2)}x (goal >= ${(0.8 * workers).toFixed(1)}x on ${workers} free cores; here the load generator shares them)`);
        failed ||= m.get(many).errors > 0;
      } finally {
        many.stop();
      }
    } else console.log("\nworkers: 1 core, no multi-worker comparison");
  } finally {
    for (const s of servers) s.stop();
  }
  if (failed) process.exitCode = 1;
}

if (opts.server) await runBareServer(opts.server);
else await main();
