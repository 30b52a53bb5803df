/**
 * The `POST /rollout` listener of `task-app serve` and bare listeners, each on
 * a real node:http server over loopback, all in ONE process: the same heap,
 * modules, flags and V8 state for every server, so what differs between them
 * is only what each listener does per request with Node's real request,
 * response and socket. CPU per request of this process (/proc, the main
 * thread and its helpers) while the load generator (bench/load.mjs, wrk when
 * installed) drives one server at a time; rounds interleaved (the order
 * rotates), medians with their spread, differences to the bare listener per
 * round. Bare listeners: "bare" (bench/server.mjs's: body from 'data'/'end'),
 * "bare microtask" (the body read at once in a microtask, as task-app's fast
 * path does) and "bare microtask + spin" (the same plus `--spin` µs of busy
 * loop: how much a known amount of extra CPU per request shows up here). No
 * goal row: a lens between bench:server-listener (no socket) and
 * bench:server (separate processes). `--before DIR` adds another built
 * checkout's listener ("task-app (before)"), in the same process and rounds,
 * for an A/B of a change; `--only a,b` keeps the listeners named (bare always, and with `--before` its listener).
 * This process and the load generator run on one CPU (`--pin`, as bench:server: bench/pin.mjs).
 * Usage: node bench/server-sockets.mjs [--size 1kb] [--concurrency 16] [--seconds 2] [--rounds 7] [--spin 2.5] [--before DIR] [--only NAMES] [--pin same|off|CPUS]
 */
import { createServer } from "node:http";
import { drive, findWrk } from "./load.mjs";
import { loadCheckoutListener, loadLine, parseBenchArgs, spread, treeCpuUsOf } from "./measure.mjs";
import { ipiCount, pinnedCpus, setAffinity } from "./pin.mjs";
import { buildResponse, requestBody } from "./server-shapes.mjs";

const { values: opts } = parseBenchArgs({
  options: { size: { type: "string", default: "1kb" }, concurrency: { type: "string", default: "16" }, seconds: { type: "string", default: "2" }, rounds: { type: "string", default: "7" }, spin: { type: "string", default: "2.5" }, before: { type: "string" }, only: { type: "string" }, pin: { type: "string", default: "same" } },
});
const KEY = "bench-environment-key";
const here = new URL("..", import.meta.url).pathname;
const { RolloutResponse } = await import(`${here}/dist/schemas/rollout.js`);
const object = RolloutResponse.parse({ ...buildResponse(opts.size), run_id: "bench" });

/** Parses `text` and writes the stringified response, after `spinMs` of busy loop. */
function answer(res, text, spinMs) {
  const request = JSON.parse(text);
  if (spinMs > 0) for (const until = performance.now() + spinMs; performance.now() < until; );
  const body = JSON.stringify({ ...object, run_id: request.run_id });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}
const bare = (req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => answer(res, Buffer.concat(chunks).toString("utf8"), 0));
};
/** Reads the body at once in a microtask when it is all buffered (a short request in one packet), as task-app's fast path does. */
const microtask = (spinMs) => (req, res) =>
  void Promise.resolve().then(() => {
    if (req.readableLength !== Number(req.headers["content-length"])) return bare(req, res);
    answer(res, req.read().toString("utf8"), spinMs);
  });
const allListeners = {
  "task-app": await loadCheckoutListener(here, KEY),
  ...(opts.before ? { "task-app (before)": await loadCheckoutListener(opts.before, KEY) } : {}),
  bare,
  "bare microtask": microtask(0),
  [`bare microtask + ${opts.spin} µs spin`]: microtask(Number(opts.spin) / 1000),
};
// "bare" is every other row's reference: always kept.
const only = opts.only?.split(",").map((n) => n.trim());
const listeners = Object.fromEntries(Object.entries(allListeners).filter(([name]) => !only || name === "bare" || name === "task-app (before)" || only.includes(name)));
for (const name of only ?? []) {
  if (name in allListeners) continue;
  process.stderr.write(`bench/server-sockets.mjs: --only: no listener named ${JSON.stringify(name)} (${Object.keys(allListeners).join(", ")})\n`);
  process.exit(2);
}
const servers = {};
for (const [name, listener] of Object.entries(listeners)) {
  const server = createServer(listener);
  server.keepAliveTimeout = 5_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  servers[name] = server;
}

const body = requestBody(opts.size);
const concurrency = Number(opts.concurrency);
const client = findWrk() ? "wrk" : "node";
const cpus = pinnedCpus(opts.pin);
if (cpus) setAffinity(process.pid, cpus);
let ipis = 0;
let requests = 0;
async function load(name, seconds) {
  const before = treeCpuUsOf(process.pid);
  const ipi0 = ipiCount();
  const r = await drive({ port: servers[name].address().port, body, concurrency, seconds, key: KEY, client, cpus });
  if (r.errors > 0) throw new Error(`${name}: ${r.errors} errors`);
  ipis += ipiCount() - ipi0;
  requests += r.requests;
  return (treeCpuUsOf(process.pid) - before) / r.requests;
}

const names = Object.keys(servers);
for (const name of names) await load(name, 1); // warm-up
const cpu = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < Number(opts.rounds); r++) for (let i = 0; i < names.length; i++) cpu[names[(i + r) % names.length]].push(await load(names[(i + r) % names.length], Number(opts.seconds)));

console.log(`POST /rollout over loopback, every server in this one process, ${opts.size} response, concurrency ${concurrency}, ${client}: CPU per request of the process, ${opts.rounds} interleaved rounds of ${opts.seconds} s; medians (min-max); ${cpus ? `on CPU ${cpus} with the load generator` : "free (--pin off)"}, ${(ipis / requests).toFixed(2)} IPIs per request; ${loadLine()}`);
for (const name of names) {
  const minus = cpu[name].map((x, i) => x - cpu.bare[i]);
  console.log(`  ${name.padEnd(30)} ${spread(cpu[name], 1, " µs/req").padEnd(28)} ${name === "bare" ? "" : `- bare: ${spread(minus, 1, " µs")}`}`);
}
if (cpu["task-app"] && cpu["task-app (before)"]) console.log(`  task-app - task-app (before): ${spread(cpu["task-app"].map((x, i) => x - cpu["task-app (before)"][i]), 1, " µs/req")} (per round)`);
for (const server of Object.values(servers)) server.close();
process.exit(0);
