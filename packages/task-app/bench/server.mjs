/**
 * Server CPU per `POST /rollout` through `task-app serve` (a real CLI
 * process: socket, auth, request parsing and validation, response validation
 * and serialisation) as a ratio to a bare node:http server doing the same
 * work minus task-app: it parses the request and `JSON.stringify`s the same
 * response object. CPU is user + system time of the server process from
 * /proc (and of its main thread alone), divided by the requests it answered;
 * the ratio is taken per round, rounds interleaved (the order rotates), and
 * printed as the median with its min-max. Throughput is printed beside it.
 * Response sizes: 1 KB, ~150 KB (2 trajectories x 200 steps with tool calls,
 * rewards and info) and image-heavy (1.3 MB: 64 steps with ~20 KB PNG data
 * URLs), at concurrency 1, 16 and 64. Then the peak memory of each server
 * (after the image-heavy runs at concurrency 64), and `serve --workers 1`
 * against `--workers N` (N = the machine's cores; both started for it) on
 * ~150 KB at concurrency 64 with the load generator's CPU reported and
 * subtracted.
 *
 * Every server and the load generator (bench/load.mjs: wrk when installed,
 * otherwise a node:http client process) run in processes of their own, all
 * on one CPU for the figures by size (`--pin`, bench/pin.mjs: there a reply
 * never wakes the client on another CPU, an inter-processor interrupt this
 * machine bills the server 15-35 µs for, at a rate set by the client's
 * timing rather than the server's work); each size also runs once free
 * (unpinned, at the middle concurrency) for comparison, and every line
 * prints the machine's IPIs per request. The workers comparison runs free.
 * `--before DIR` serves another built checkout beside this one (a fix's
 * before and after, measured in the same interleaved rounds).
 * Usage: npm run bench:server [-- --seconds 1 --rounds 5 --sizes 1kb,150kb,image (or --sizes= for the workers comparison alone) --concurrency 1,16,64 --workers N --bytes --client wrk|node --pin same|off|CPUS --before DIR --log-level warn]
 */
import { fork, spawn } from "node:child_process";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import { drive, findWrk } from "./load.mjs";
import { allCpus, canPin, ipiCount, pinnedCpus, setAffinity } from "./pin.mjs";
import { cpuUsOf, loadLine, parseBenchArgs, peakRssOf, ratios, reportGoal, spread, summarise, treeCpuUsOf } from "./measure.mjs";
import { SIZES, buildResponse, requestBody } from "./server-shapes.mjs";

const KEY = "bench-environment-key";
const { values: opts } = parseBenchArgs({
  options: {
    server: { type: "string" },
    seconds: { type: "string", default: "1" },
    rounds: { type: "string", default: "5" },
    sizes: { type: "string", default: SIZES.join(",") },
    concurrency: { type: "string", default: "1,16,64" },
    workers: { type: "string", default: String(availableParallelism()) },
    bytes: { type: "boolean", default: false },
    client: { type: "string", default: findWrk() ? "wrk" : "node" },
    "log-level": { type: "string", default: "warn" },
    /** Where servers and the load generator run for the figures by size: "same" (one CPU), "off" or a CPU list (bench/pin.mjs). */
    pin: { type: "string", default: "same" },
    /** Another checkout of task-app (built), served beside this one: before/after figures from one interleaved run. */
    before: { type: "string" },
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
async function startServe(workers, root = new URL("..", import.meta.url).pathname) {
  const port = await freePort();
  const bin = `${root}/bin/task-app.js`;
  const app = `${root}/bench/server-app.mjs`;
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
  const name = workers === 1 ? "task-app serve" : `task-app serve x${workers}`;
  return { name: root === new URL("..", import.meta.url).pathname ? name : `${name} (before)`, child, port, stop: () => child.kill("SIGTERM") };
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

/**
 * One load run against `server`, it and the load generator on `cpus` (null:
 * free): requests answered, server CPU per request (process and main thread),
 * client CPU, the machine's IPIs per request.
 */
async function load(server, size, concurrency, seconds, cpus = null) {
  const pid = server.child.pid;
  if (canPin()) setAffinity(pid, cpus ?? allCpus());
  const cpu0 = treeCpuUsOf(pid);
  const main0 = cpuUsOf(pid, pid);
  const ipi0 = ipiCount();
  const r = await drive({ port: server.port, body: requestBody(size), concurrency, seconds, key: KEY, client: opts.client, cpus });
  const cpu1 = treeCpuUsOf(pid);
  const main1 = cpuUsOf(pid, pid);
  const n = r.requests || NaN;
  return {
    ipis: (ipiCount() - ipi0) / n,
    rps: r.requests / r.seconds,
    errors: r.errors,
    cpuUs: cpu0 === null || cpu1 === null ? NaN : (cpu1 - cpu0) / n,
    mainUs: main0 === null || main1 === null ? NaN : (main1 - main0) / n,
    clientCores: r.clientCpuUs / (r.seconds * 1e6),
    clientUs: r.clientCpuUs / n,
  };
}

/** Runs `rounds` interleaved rounds over `servers` (order rotating); each server's runs in round order. */
async function measure(servers, size, concurrency, seconds, rounds, cpus = null) {
  const runs = new Map(servers.map((s) => [s, []]));
  for (let r = 0; r < rounds; r++) {
    const order = servers.map((_, i) => servers[(i + r) % servers.length]);
    for (const server of order) runs.get(server).push(await load(server, size, concurrency, seconds, cpus));
  }
  return runs;
}

const col = (xs, key) => xs.map((x) => x[key]);
const line = (name, rs) =>
  `  ${name.padEnd(20)} CPU ${spread(col(rs, "cpuUs"), 0, " µs/req").padEnd(26)} main thread ${spread(col(rs, "mainUs"), 0, " µs").padEnd(22)} ${spread(col(rs, "rps"), 0, " req/s").padEnd(26)} client ${summarise(col(rs, "clientCores")).median.toFixed(2)} cores  IPIs ${summarise(col(rs, "ipis")).median.toFixed(2)}/req  errors ${rs.reduce((n, x) => n + x.errors, 0)}`;

const GOALS = { "1kb": ["POST /rollout server CPU per request, 1 KB response", 1.25], "150kb": ["same, 150 KB", 1.1], image: ["same, 1.3 MB image-heavy", 1.05] };

async function main() {
  const seconds = Number(opts.seconds);
  const rounds = Number(opts.rounds);
  const sizes = opts.sizes.split(",").filter(Boolean); // --sizes= (none): only the workers comparison
  const concurrencies = opts.concurrency.split(",").map(Number);
  const workers = Number(opts.workers);
  const cpus = pinnedCpus(opts.pin);
  const freeConcurrency = concurrencies[Math.floor(concurrencies.length / 2)];
  const full = await startServe(1);
  const bare = await startBare("stringify");
  const servers = [full, bare];
  if (opts.bytes) servers.push(await startBare("bytes"));
  const before = opts.before ? await startServe(1, opts.before) : null;
  if (before) servers.push(before);
  let failed = false;
  try {
    for (const s of servers) await load(s, "150kb", 16, 1, cpus); // warm-up
    console.log(`POST /rollout: server CPU per request (user + system of the server process, /proc), ${rounds} interleaved rounds of ${seconds} s per server and cell; medians (min-max over rounds)`);
    console.log(`load generator: ${opts.client === "wrk" ? "wrk (its own process)" : "a node:http client in its own process"}; ${loadLine()} at start; log level ${opts["log-level"]}`);
    console.log(cpus ? `servers and the load generator on CPU ${cpus} (--pin; a reply never wakes another CPU), then free at concurrency ${freeConcurrency} for comparison` : "servers and the load generator free to run on any CPU (--pin off)");
    const ratioLine = (runs, label) => {
      const rs = ratios(col(runs.get(full), "cpuUs"), col(runs.get(bare), "cpuUs"));
      const tput = ratios(col(runs.get(full), "rps"), col(runs.get(bare), "rps"));
      console.log(`  ${label}CPU per request task-app / bare stringify: ${spread(rs, 2, "x")}; throughput ratio ${spread(tput, 2, "x")} (secondary)`);
      if (before) {
        const was = ratios(col(runs.get(before), "cpuUs"), col(runs.get(bare), "cpuUs"));
        const gain = ratios(col(runs.get(full), "cpuUs"), col(runs.get(before), "cpuUs"));
        console.log(`  before: ${spread(was, 2, "x")} of bare; after / before CPU per request ${spread(gain, 3, "x")}`);
      }
      failed ||= servers.some((s) => runs.get(s).some((x) => x.errors > 0));
      return rs;
    };
    for (const size of sizes) {
      const pooled = [];
      const pooledSubject = [];
      const pooledBase = [];
      for (const concurrency of concurrencies) {
        const runs = await measure(servers, size, concurrency, seconds, rounds, cpus);
        console.log(`\n${size}, concurrency ${concurrency}${cpus ? `, on CPU ${cpus}` : ""}`);
        for (const s of servers) console.log(line(s.name, runs.get(s)));
        pooled.push(...ratioLine(runs, ""));
        pooledSubject.push(...col(runs.get(full), "cpuUs"));
        pooledBase.push(...col(runs.get(bare), "cpuUs"));
      }
      let free = "";
      if (cpus) {
        const runs = await measure(servers, size, freeConcurrency, seconds, rounds, null);
        console.log(`\n${size}, concurrency ${freeConcurrency}, free (any CPU: replies that wake the client on another CPU are billed to the server)`);
        for (const s of servers) console.log(line(s.name, runs.get(s)));
        free = `; free at c${freeConcurrency} ${summarise(ratioLine(runs, "free: ")).median.toFixed(2)}x`;
      }
      const [row, goal] = GOALS[size] ?? [`server CPU per request, ${size}`, 1.25];
      const r = summarise(pooled);
      reportGoal({
        row,
        subject: `${spread(pooledSubject, 0, " µs")}`,
        baseline: `bare node:http parse + stringify ${spread(pooledBase, 0, " µs")}`,
        figure: `${r.median.toFixed(2)}x (${r.min.toFixed(2)}-${r.max.toFixed(2)})`,
        goal: `<= ${goal}x`,
        pass: r.median <= goal,
        note: `c${concurrencies.join("/")}, ${r.n} rounds${cpus ? `, server and load generator on CPU ${cpus}${free}` : ", free"}`,
      });
    }
    if (sizes.includes("image") && concurrencies.includes(64)) {
      const peak = peakRssOf(full.child.pid);
      const floor = peakRssOf(bare.child.pid);
      console.log(`\npeak memory (VmHWM) after every run above, the largest at c64 on 1.3 MB: task-app ${(peak / 2 ** 20).toFixed(0)} MB, bare stringify ${(floor / 2 ** 20).toFixed(0)} MB`);
      reportGoal({ row: "memory at c64, 1.3 MB responses", subject: `${(peak / 2 ** 20).toFixed(0)} MB peak`, baseline: `bare ${(floor / 2 ** 20).toFixed(0)} MB`, figure: `${(peak / floor).toFixed(2)}x`, goal: "<= 1.3x", pass: peak / floor <= 1.3 });
    }
    if (workers > 1) failed = (await compareWorkers(workers, seconds, rounds)) || failed;
    else console.log("\nworkers: 1 core, no multi-worker comparison");
  } finally {
    for (const s of servers) s.stop();
  }
  if (failed) process.exitCode = 1;
}

/**
 * `--workers 1` against `--workers N` at concurrency 64 on 150 KB. On a
 * machine whose cores the load generator (and others) share, raw throughput
 * says little, so three figures: the raw throughput ratio; the same with the
 * load generator's cores subtracted (each server's throughput per core it
 * could have had, min(workers, cores - client), scaled to its workers); and
 * the scaling the CPU per request implies, N x (CPU per request with 1
 * worker) / (with N), which is what N free cores would give. "client-bound"
 * when the client used more than half a core.
 */
async function compareWorkers(workers, seconds, rounds) {
  // Both servers fresh and warmed alike, not the one that served every size above against workers started now.
  const one = await startServe(1);
  const many = await startServe(workers);
  try {
    for (const s of [one, many]) await load(s, "150kb", 64, 1);
    const runs = await measure([one, many], "150kb", 64, seconds, rounds);
    const cores = availableParallelism();
    console.log(`\nworkers: 150kb, concurrency 64, ${cores} cores`);
    for (const s of [one, many]) console.log(line(s.name, runs.get(s)));
    const a = runs.get(one);
    const b = runs.get(many);
    const raw = ratios(col(b, "rps"), col(a, "rps"));
    const avail = (n, client) => Math.max(0.1, Math.min(n, cores - client));
    const subtracted = b.map((x, i) => (x.rps / avail(workers, x.clientCores)) * workers / ((a[i].rps / avail(1, a[i].clientCores)) * 1));
    const byCpu = b.map((x, i) => (workers * a[i].cpuUs) / x.cpuUs);
    const client = summarise([...col(a, "clientCores"), ...col(b, "clientCores")]).max;
    const bound = client > 0.5 ? `; client-bound (the load generator used up to ${client.toFixed(2)} cores)` : `; the load generator used up to ${client.toFixed(2)} cores`;
    console.log(`  ${workers} workers / 1: throughput ${spread(raw, 2, "x")}; with the client's cores subtracted ${spread(subtracted, 2, "x")}; from CPU per request ${spread(byCpu, 2, "x")}${bound}`);
    const s = summarise(subtracted);
    reportGoal({
      row: `\`serve --workers ${workers}\` vs 1, 150 KB`,
      subject: `${spread(col(b, "rps"), 0, " req/s")}`,
      baseline: `1 worker ${spread(col(a, "rps"), 0, " req/s")}`,
      figure: `${s.median.toFixed(2)}x (${s.min.toFixed(2)}-${s.max.toFixed(2)}) client subtracted; ${summarise(byCpu).median.toFixed(2)}x from CPU per request`,
      goal: `>= ${(0.9 * workers).toFixed(1)}x where the cores are free`,
      pass: s.median >= 0.9 * workers,
      note: client > 0.5 ? "client-bound" : `client ${client.toFixed(2)} cores, ${loadLine()}`,
    });
    return b.some((x) => x.errors > 0);
  } finally {
    one.stop();
    many.stop();
  }
}

if (opts.server) await runBareServer(opts.server);
else await main();
