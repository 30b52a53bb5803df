/**
 * The `POST /rollout` listener of `task-app serve` in-process, without a
 * socket: CPU per request of the listener `createTaskAppServer` gives Node
 * (auth, body read, bounds, parse, request and response validation,
 * serialisation, the reply written), called on stand-ins for Node's request
 * and response, against a bare listener that parses the body and
 * `JSON.stringify`s the same object (what bench/server.mjs's bare server
 * does). The socket, the HTTP parser and the kernel's send, which both pay
 * alike and which make up most of a served request, are left out, so what
 * task-app adds shows plainly and a change to it can be measured on a busy
 * machine: CPU time of this process (`process.cpuUsage()`), rounds
 * interleaved (the order alternates), ratios per round, medians with their
 * spread. No goal row: the goal is bench/server.mjs's; this is a lens.
 * `--before DIR` runs another built checkout's listener beside this one.
 * Requests are answered 16 to a microtask, as requests arriving together are.
 * Usage: node bench/server-listener.mjs [--size 1kb|150kb|image] [--rounds 41] [--batches 200] [--before DIR]
 */
import { loadCheckoutListener, loadLine, ownCpuUs, parseBenchArgs, ratios, spread } from "./measure.mjs";
import { buildResponse, requestBody } from "./server-shapes.mjs";

const { values: opts } = parseBenchArgs({
  options: { size: { type: "string", default: "1kb" }, rounds: { type: "string", default: "41" }, batches: { type: "string", default: "200" }, before: { type: "string" } },
});
const KEY = "bench-environment-key";
const BATCH = 16;
const body = Buffer.from(requestBody(opts.size));

/** A stand-in for Node's IncomingMessage holding its whole body, as a short request that arrived in one packet is. */
function incoming() {
  return {
    method: "POST",
    url: "/rollout",
    headers: { host: "127.0.0.1", "content-type": "application/json", "x-api-key": KEY, "content-length": String(body.length) },
    readableFlowing: null,
    readableLength: body.length,
    complete: false,
    read() {
      this.readableLength = 0;
      return body;
    },
  };
}

/** A stand-in for Node's ServerResponse that checks the status and counts the bytes. */
class Outgoing {
  destroyed = false;
  writableFinished = false;
  status = 0;
  writeHead(status) {
    this.status = status;
  }
  end(chunk, done) {
    if (this.status !== 200) throw new Error(`answered ${this.status}: ${String(chunk).slice(0, 300)}`);
    written += chunk.length;
    done?.();
  }
  on() {
    return this;
  }
  off() {
    return this;
  }
  destroy() {}
}
let written = 0;

const here = new URL("..", import.meta.url).pathname;
const { RolloutResponse } = await import(`${here}/dist/schemas/rollout.js`);
const object = RolloutResponse.parse({ ...buildResponse(opts.size), run_id: "bench" });
const bare = (req, res) => {
  const request = JSON.parse(req.read().toString("utf8"));
  const text = JSON.stringify({ ...object, run_id: request.run_id });
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
};
const listeners = { "task-app": await loadCheckoutListener(here, KEY), bare, ...(opts.before ? { "task-app (before)": await loadCheckoutListener(opts.before, KEY) } : {}) };

const batches = Number(opts.batches);
/** CPU µs per request of `batches` batches through `listener`. */
async function run(listener) {
  const start = ownCpuUs();
  for (let b = 0; b < batches; b++) {
    for (let i = 0; i < BATCH; i++) listener(incoming(), new Outgoing());
    // The queued requests run in a microtask, as the served listener's do.
    await null;
  }
  return (ownCpuUs() - start) / (batches * BATCH);
}

const names = Object.keys(listeners);
for (const name of names) await run(listeners[name]); // warm-up
const cpu = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < Number(opts.rounds); r++) for (const name of r % 2 ? [...names].reverse() : names) cpu[name].push(await run(listeners[name]));

console.log(`POST /rollout listener in-process, ${opts.size} response, no socket: CPU per request (process.cpuUsage), ${opts.rounds} interleaved rounds of ${batches * BATCH} requests; medians (min-max over rounds); ${loadLine()}`);
for (const name of names) console.log(`  ${name.padEnd(20)} ${spread(cpu[name], 2, " µs/req")}`);
console.log(`  task-app / bare: ${spread(ratios(cpu["task-app"], cpu.bare), 2, "x")}; task-app - bare: ${spread(cpu["task-app"].map((x, i) => x - cpu.bare[i]), 2, " µs/req")}`);
if (opts.before) {
  console.log(`  before / bare: ${spread(ratios(cpu["task-app (before)"], cpu.bare), 2, "x")}; after / before: ${spread(ratios(cpu["task-app"], cpu["task-app (before)"]), 3, "x")}`);
}
if (written === 0) throw new Error("nothing was written");
