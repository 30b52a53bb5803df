/**
 * What every benchmark measures with: CPU time of a process or of one of its
 * threads (user + system, from /proc on Linux, `process.cpuUsage()` for this
 * process), medians with their spread over interleaved rounds, the load
 * average a run ran under, and the goal rows `npm run bench` gathers into
 * its table.
 *
 * A goal row is printed as a line for people and, under `npm run bench`
 * (TASK_APP_BENCH_GOALS set), as one line `@goal {json}`: scripts/bench.mjs takes
 * those lines out of the benchmark's text and prints them, with the goal and
 * a pass/miss mark, as the table BENCHMARKS.md opens with. The mark is a
 * reading, never a test: benchmarks assert no timings.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux Node supports). */
const TICKS = 100;

/** CPU microseconds (user + system) of process `pid`, or of its thread `tid`; null where /proc cannot say. */
export function cpuUsOf(pid, tid) {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU microseconds thread `tid` of `pid` has run, user and system together,
 * from its schedstat (nanoseconds: the scheduler's own account) rather than
 * stat's 10 ms ticks, which at tens of µs per request would need thousands
 * of requests per tick of resolution; the ticks where schedstat is missing.
 */
export function threadCpuUsOf(pid, tid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1000;
  } catch {
    return cpuUsOf(pid, tid);
  }
}

/** CPU microseconds of `pid` and every process below it (a cluster primary and its workers). */
export function treeCpuUsOf(pid) {
  const own = cpuUsOf(pid);
  if (own === null) return null;
  let us = own;
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean)) us += treeCpuUsOf(Number(child)) ?? 0;
  } catch {
    // gone meanwhile
  }
  return us;
}

/**
 * CPU microseconds of `pid`, every thread of it and every process below it, from the threads'
 * schedstat (nanoseconds) where /proc has it: treeCpuUsOf at µs resolution, for work of tens of µs
 * a unit. A thread that ended between two readings takes its time with it (its process's
 * stat keeps it): for servers whose threads live as long as the measurement.
 */
export function preciseTreeCpuUsOf(pid) {
  let us = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) us += threadCpuUsOf(pid, Number(tid)) ?? 0;
  } catch {
    return null;
  }
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean)) us += preciseTreeCpuUsOf(Number(child)) ?? 0;
  } catch {
    // gone meanwhile
  }
  return us;
}

/** The threads of `pid`: [{ tid, name }] (the name is what the thread set, e.g. a worker's "trace writer"), [] where /proc cannot say. */
export function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => ({ tid: Number(tid), name: readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim() }));
  } catch {
    return [];
  }
}

/** Peak resident memory of `pid` in bytes (VmHWM), null where /proc cannot say. */
export function peakRssOf(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The environment for fresh node processes whose start-up a benchmark counts: this one's less
 * NODE_EXTRA_CA_CERTS. Node reads the file it names as each process starts, TLS or not (about 60 ms
 * of CPU for a system bundle, three times all of `node -e 0`): a cost of the machine's settings
 * that both sides of a start-up ratio would pay, pulling the ratio toward 1. `note` says so.
 */
export function startupEnv(env = process.env) {
  const { NODE_EXTRA_CA_CERTS: left, ...rest } = env;
  return { env: rest, note: left ? "fresh processes run without NODE_EXTRA_CA_CERTS, which node reads as each one starts" : "" };
}

/**
 * CPU (user + system) and wall time of one fresh `node <args>` process, in ms, as bash's `time`
 * reports them for the child alone (getrusage of the waited child: microseconds, not /proc's 10 ms
 * ticks); throws when it fails.
 */
export function timeFreshNode(args, { env = process.env, cwd } = {}) {
  const r = spawnSync("bash", ["-c", 'TIMEFORMAT="@time %3R %3U %3S"; time "$@" > /dev/null', "bash", process.execPath, ...args], { cwd, env, encoding: "utf8" });
  const m = /@time ([\d.]+) ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  if (r.status !== 0 || !m) throw new Error(`node ${args.join(" ")} exited ${r.status}:\n${r.stderr}`);
  return { wall: Number(m[1]) * 1000, cpu: (Number(m[2]) + Number(m[3])) * 1000 };
}

/** CPU microseconds this process has used (all its threads). */
export function ownCpuUs() {
  const u = process.cpuUsage();
  return u.user + u.system;
}

const idle = new Int32Array(new SharedArrayBuffer(4));

/**
 * Waits, this thread idle, until the process's other threads have finished
 * what a forced collection (`gc()`) left them (V8 sweeps and frees pages on
 * helper threads after the pause): until 10 ms pass with under 0.1 ms of the
 * process's CPU used, 1 s at most. Returns the CPU µs used while waiting. A
 * sample timed right after `gc()` is otherwise billed for that work, the
 * garbage of whatever ran before the collection (0.05-2 ms of CPU measured
 * after a collection in bench:validation's loop).
 */
export function settleAfterGc() {
  const start = ownCpuUs();
  for (let waited = 0; waited < 1000; waited += 10) {
    const before = ownCpuUs();
    Atomics.wait(idle, 0, 0, 10);
    if (ownCpuUs() - before < 100) break;
  }
  return ownCpuUs() - start;
}

/** Median, quartiles, min and max of `xs` (NaN-free). */
export function summarise(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return { median: NaN, q1: NaN, q3: NaN, min: NaN, max: NaN, n: 0 };
  const at = (p) => {
    const i = (s.length - 1) * p;
    const lo = Math.floor(i);
    return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
  };
  return { median: at(0.5), q1: at(0.25), q3: at(0.75), min: s[0], max: s[s.length - 1], n: s.length };
}

/** "12.3 (10.1-14.0)": a median with its min-max spread. */
export function spread(xs, digits = 0, unit = "") {
  const s = summarise(xs);
  return `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}-${s.max.toFixed(digits)})`;
}

/** Per-round ratios a[i] / b[i] of two interleaved series. */
export function ratios(as, bs) {
  return as.map((a, i) => a / bs[i]);
}

/**
 * How fast this machine runs node now, as a line for a report whose figure is wall time or CPU
 * rather than a ratio (bench:npm-test): the CPU of `node -e 0` in fresh processes (started as
 * startupEnv says) and of a fixed piece of JavaScript in this process (JSON written and read back,
 * a string hashed), medians of `rounds`. Shared 2-core machines here have differed by 1.5-2x on
 * both, run to run and day to day, so a time recorded without them cannot be compared with
 * another.
 */
export function machineSpeedLine(rounds = 7) {
  const { env } = startupEnv();
  const starts = [];
  for (let i = 0; i < rounds; i++) {
    const run = spawnSync(process.execPath, ["-e", "process.on('exit', () => { const u = process.cpuUsage(); process.stdout.write(String(u.user + u.system)); })"], { env, encoding: "utf8" });
    starts.push(Number(run.stdout) / 1000);
  }
  const work = [];
  const value = { model: "m", messages: Array.from({ length: 40 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i} `.repeat(8) })) };
  for (let i = 0; i < rounds; i++) {
    const start = ownCpuUs();
    let hash = 0;
    for (let j = 0; j < 2_000; j++) {
      const text = JSON.stringify(value);
      hash = (hash + JSON.parse(text).messages.length + text.charCodeAt(j % text.length)) | 0;
    }
    work.push((ownCpuUs() - start) / 1000 + (hash === -1 ? 1 : 0));
  }
  return `this machine (${navigatorCores()} × ${cpus()[0]?.model ?? "unknown CPU"}): \`node -e 0\` ${spread(starts, 0, " ms")} of CPU, a fixed piece of JavaScript ${spread(work, 0, " ms")} (${rounds} rounds each)`;
}

/** The load average now, as a line for a report. */
export function loadLine() {
  return `load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} on ${navigatorCores()} cores`;
}

function navigatorCores() {
  try {
    return readFileSync("/proc/cpuinfo", "utf8").split("\n").filter((l) => l.startsWith("processor")).length || "?";
  } catch {
    return "?";
  }
}

/**
 * Prints one row of the goals table. `row` names the path (as the table does),
 * `subject` and `baseline` are the figures compared (text), `figure` the
 * number the goal is read on, `goal` its text ("<= 1.25x") and `pass` whether
 * `figure` meets it (null: not measured here, with `note` saying why).
 */
export function reportGoal({ row, subject = "", baseline = "", figure, goal, pass, note = "" }) {
  const mark = pass === true ? "pass" : pass === false ? "MISS" : "not measured";
  process.stdout.write(`goal ${row}: ${figure} (goal ${goal}) ${mark}${note ? ` (${note})` : ""}\n`);
  if (process.env.TASK_APP_BENCH_GOALS) process.stdout.write(`@goal ${JSON.stringify({ row, subject, baseline, figure, goal, pass, note })}\n`);
}

/**
 * `parseArgs` (node:util) for a benchmark's options: a mistyped or malformed option ends the
 * script with exit code 2 and one line naming it and where the options are described (the script's header),
 * not with a stack trace.
 */
export function parseBenchArgs(config) {
  try {
    return parseArgs(config);
  } catch (error) {
    const script = relative(process.cwd(), process.argv[1] ?? "bench");
    process.stderr.write(`${script}: ${error.message} (its options are described at the top of ${script})\n`);
    process.exit(2);
  }
}

/**
 * The `POST /rollout` listener of the built checkout at `root` (this one, or
 * the one `--before DIR` names), serving its bench/server-app.mjs with `key`.
 * A folder that is not a built checkout ends the benchmark with one line and
 * exit 2.
 */
export async function loadCheckoutListener(root, key) {
  const files = requireBuiltCheckout(root, ["dist/server/index.js", "bench/server-app.mjs"]);
  const { createTaskAppServer } = await import(pathToFileURL(files[0]).href);
  const app = (await import(pathToFileURL(files[1]).href)).default;
  return createTaskAppServer(app, { env: { ENVIRONMENT_API_KEY: key } }).listener;
}

/**
 * The absolute paths of `files` in the checkout `root` (a `--before DIR`); when one is missing,
 * says that `root` is not a built checkout of task-app and ends the benchmark with exit code 2.
 */
export function requireBuiltCheckout(root, files) {
  const paths = files.map((f) => join(resolve(root), f));
  const missing = paths.find((f) => !existsSync(f));
  if (missing) {
    const script = relative(process.cwd(), process.argv[1] ?? "bench");
    process.stderr.write(`${script}: ${root} is not a built checkout of task-app (no ${relative(resolve(root), missing)}; run npm ci && npm run build there)\n`);
    process.exit(2);
  }
  return paths;
}
