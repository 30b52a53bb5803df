/**
 * The load generator the server benchmarks drive POST /rollout with, always
 * in a process of its own so its CPU is not the server's and can be read and
 * subtracted: `wrk` (Debian's package: a C client at about a tenth of a
 * core) when installed, otherwise this file run as a node:http keep-alive
 * client (`node bench/load.mjs PORT BODYFILE CONCURRENCY SECONDS KEY`),
 * which prints one JSON line.
 *
 * `drive()` returns { requests, errors, seconds, clientCpuUs, client }.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onCpus } from "./pin.mjs";

let wrkPath;
/** wrk's path, or null when it is not installed (`apt-get install -y wrk`). */
export function findWrk() {
  if (wrkPath !== undefined) return wrkPath;
  try {
    wrkPath = execFileSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).trim() || null;
  } catch {
    wrkPath = null;
  }
  return wrkPath;
}

const dir = mkdtempSync(join(tmpdir(), "task-app-load-"));
let files = 0;

/** Drives POST `path` on 127.0.0.1:`port` with `body` for `seconds` over `concurrency` kept-alive connections. */
/** `cpus` (a taskset list): the load generator runs on those CPUs only (bench/pin.mjs). */
export async function drive({ port, body, concurrency, seconds, key, path = "/rollout", client = findWrk() ? "wrk" : "node", cpus = null }) {
  const bodyFile = join(dir, `body-${files++}.json`);
  writeFileSync(bodyFile, body);
  if (client === "wrk") {
    const script = join(dir, `post-${files++}.lua`);
    writeFileSync(
      script,
      `local f = io.open(${JSON.stringify(bodyFile)}, "rb")\nwrk.method = "POST"\nwrk.body = f:read("*a")\nf:close()\nwrk.headers["content-type"] = "application/json"\nwrk.headers["x-api-key"] = ${JSON.stringify(key)}\n`,
    );
    const secs = Math.max(1, Math.round(seconds));
    // `times` after wrk prints the CPU its children used: wrk's own user and system time.
    const pin = cpus ? `taskset -c ${cpus} ` : "";
    const out = await run("bash", ["-c", `${pin}"$0" -t1 -c${concurrency} -d${secs}s --timeout 30s -s "$1" "$2" && times`, findWrk(), script, `http://127.0.0.1:${port}${path}`]);
    const requests = Number(/(\d+) requests in ([\d.]+)(m?s)/.exec(out)?.[1] ?? NaN);
    const took = /(\d+) requests in ([\d.]+)(m?s)/.exec(out);
    const wall = took ? Number(took[2]) / (took[3] === "ms" ? 1000 : 1) : secs;
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0);
    const times = out.trim().split("\n").pop().split(/\s+/).map(parseBashTime);
    return { requests, errors, seconds: wall, clientCpuUs: (times[0] ?? NaN) + (times[1] ?? NaN), client: "wrk" };
  }
  const out = await run(...onCpus(cpus, process.execPath, [new URL(import.meta.url).pathname, String(port), bodyFile, String(concurrency), String(seconds), key, path]));
  return { ...JSON.parse(out.trim().split("\n").pop()), client: "node" };
}

/** "0m0.123s" → microseconds. */
function parseBashTime(t) {
  const m = /(\d+)m([\d.]+)s/.exec(t);
  return m ? (Number(m[1]) * 60 + Number(m[2])) * 1e6 : NaN;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${out}`))));
  });
}

/** The node:http client, run as its own process. */
async function nodeClient([port, bodyFile, concurrency, seconds, key, path]) {
  const body = readFileSync(bodyFile);
  const agent = new Agent({ keepAlive: true, maxSockets: Number(concurrency) });
  const headers = { "x-api-key": key, "content-type": "application/json", "content-length": body.length };
  let requests = 0;
  let errors = 0;
  const one = () =>
    new Promise((resolve) => {
      const req = httpRequest({ agent, host: "127.0.0.1", port: Number(port), path, method: "POST", headers }, (res) => {
        res.on("data", () => {});
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          requests++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + Number(seconds) * 1000;
  await Promise.all(
    Array.from({ length: Number(concurrency) }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  agent.destroy();
  process.stdout.write(`${JSON.stringify({ requests, errors, seconds: (performance.now() - start) / 1000, clientCpuUs: cpu.user + cpu.system })}\n`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) await nodeClient(process.argv.slice(2));
