/**
 * `npm run bench:eval`: CPU per rollout of `task-app eval`'s library path
 * (runEval, in this process: process.cpuUsage() around each run) as a ratio
 * to a bare loop doing the same calls, and rollouts per second beside it,
 * against the
 * demo app (the scaffolded math template, served in a process of its own), at
 * concurrency 1, 8 and 64, with tracing off and on (a SQLite trace store the
 * eval process writes; and, to tell the two costs of tracing apart, with the
 * trace asked for and read but not stored), beside a bare loop of HTTP calls doing the same
 * rollouts (same bodies, same concurrency, the same node:http client with
 * kept-alive connections, JSON parsed, nothing else). Rounds
 * alternate so machine noise hits every variant alike; medians and ratios.
 * Traced, the baseline is the bare loop asking for the trace and parsing it
 * plus 1.35x libsql's own insert of the stored rows at the store's batching,
 * hand-over included (libsql-floor.mjs: the writer thread's goal), measured in
 * each round after that round's traced run (once a run, it moved the ratio
 * by 0.3x between runs); SQLite's
 * C floor (Python's sqlite3) is reported beside it. Last, the start-up CPU of
 * a `task-app eval` process running one rollout against a node process
 * doing that one call (fresh processes, interleaved, as validate's cold
 * start is measured).
 *
 * `--before DIR` runs another built checkout's runEval (untraced) in the same
 * interleaved rounds: a fix's before and after from one run.
 *
 * `--only untraced` runs only the untraced rows (the bare loop and eval
 * untraced, and `--before`'s): no traced variant, no SQLite floor, no start-up.
 *
 * Usage: npm run bench:eval [-- --rollouts 600 --rounds 5 --before DIR --only untraced]
 */
import { fork } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { spawnSync } from "node:child_process";
import { loadLine, ownCpuUs, parseBenchArgs, ratios, reportGoal, spread as spreadOf, startupEnv, summarise } from "./measure.mjs";
import { measureLibsqlFloor } from "./libsql-floor.mjs";
import { measureSqliteFloor } from "./sqlite-floor.mjs";

const { values: opts } = parseBenchArgs({ options: { serve: { type: "string" }, rollouts: { type: "string", default: "600" }, rounds: { type: "string", default: "5" }, before: { type: "string" }, only: { type: "string" } } });
if (opts.only !== undefined && opts.only !== "untraced") throw new Error(`--only takes "untraced", not ${JSON.stringify(opts.only)}`);
const untracedOnly = opts.only === "untraced";
const KEY = "sk_env_bench_eval_0123456789abcdef";

if (opts.serve) {
  // The app process: serve the scaffolded math app and report the URL.
  const { loadTaskAppModule } = await import("../dist/server/load.js");
  const { serve } = await import("../dist/server/serve.js");
  const app = await loadTaskAppModule(opts.serve);
  const running = await serve(app, { port: 0, logLevel: "silent", env: { ENVIRONMENT_API_KEY: KEY } });
  process.send({ url: running.url });
} else {
  const { createTaskApp } = await import("../dist/scaffold/create.js");
  const { packageRoot } = await import("../dist/scaffold/paths.js");
  const { resolveEvalPlan, runEval, createEvalReporter, openEvalTraceStore } = await import("../dist/eval/index.js");
  const { createTraceSink } = await import("../dist/traces/index.js");
  const { buildEvalRequest } = await import("../dist/eval/rollout.js");

  const root = await mkdtemp(join(tmpdir(), "task-app-bench-eval-"));
  const project = await createTaskApp({ dir: join(root, "math"), template: "math", environmentApiKey: false });
  await mkdir(join(project.dir, "node_modules"));
  await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
  const child = fork(new URL(import.meta.url).pathname, ["--serve", join(project.dir, "src", "app.ts")], { execArgv: ["--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const { url } = await new Promise((resolve) => child.once("message", resolve));
  const total = Number(opts.rollouts);
  const seeds = `0-${total - 1}`;
  // The plain-line reporter a pipe gets, writing to a stream that drops what it is given (as a terminal or file would take it).
  const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });
  let runs = 0;
  let lastTraceDb;

  const plan = async (concurrency, trace) =>
    resolveEvalPlan({ url: [url], model: "scripted", envName: "math", split: "test", seeds, concurrency, runDir: join(root, `run-${++runs}`), traceDb: trace ? join(root, `traces-${runs}.db`) : false }, root);

  /** One POST over a kept-alive node:http connection (eval's own client is node:http too), the answer read whole. */
  function post(agent, body) {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${url}/rollout`, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-api-key": KEY } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(text));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  async function bare(concurrency, traced = false) {
    const p = await plan(concurrency, false);
    const agent = new Agent({ keepAlive: true });
    const queue = [...p.seeds];
    const started = performance.now();
    const cpu0 = ownCpuUs();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) JSON.parse(await post(agent, JSON.stringify(buildEvalRequest(p, seed, 0, traced))));
      }),
    );
    const cpuUs = (ownCpuUs() - cpu0) / total;
    const rate = total / ((performance.now() - started) / 1000);
    agent.destroy();
    return { rate, cpuUs };
  }

  /** Sessions eval handed to the store in the last stored run (the floor's hand-over sends the same). */
  const handedOver = [];
  let nextHandedOver = 0;
  /** libsql's own insert of the rows stored at `db` at `batching` sessions a transaction (rounded), and the hand-over of as many sessions. */
  const floorOf = (db, batching) => measureLibsqlFloor(db, Math.max(1, Math.round(batching ?? 1)), () => handedOver[nextHandedOver++ % handedOver.length], 1000);
  /** `trace`: false (no trace asked for), "returned" (asked for and read, then dropped) or "stored" (into a SQLite store). */
  const beforeLib = opts.before ? await import(`${opts.before}/dist/eval/index.js`) : null;
  async function viaEval(concurrency, trace, lib) {
    const p = await plan(concurrency, trace === "stored");
    // Opened as `task-app eval` opens it (its batch window: src/eval/trace-store.ts).
    const opened = trace === "stored" ? await openEvalTraceStore(p.traceDb) : undefined;
    const store = opened ? createTraceSink(opened) : undefined;
    if (store) lastTraceDb = p.traceDb;
    // The session as eval read it, not yet validated: the store checks it, as task-app eval's sink has it do (insertSession).
    const sink = store
      ? (session) => {
          // The first sessions handed over, kept for the libsql floor's hand-over (the same shapes, handed over as eval hands them).
          if (handedOver.length < 1000) handedOver.push(session);
          return store.sink(session, { checked: false });
        }
      : trace === "returned"
        ? async () => {}
        : undefined;
    const started = performance.now();
    const cpu0 = ownCpuUs();
    const reporter = (lib ?? { createEvalReporter }).createEvalReporter({ json: false, out: discard(), err: discard(), tty: false });
    await (lib ?? { runEval }).runEval(p, { urls: [url], app: "bench", apiKey: KEY, reporter, ...(sink ? { sink } : {}) });
    reporter.close();
    const cpuUs = (ownCpuUs() - cpu0) / total;
    const rate = total / ((performance.now() - started) / 1000);
    // Sessions per transaction the store ran (its commit counts): the batching the floor is measured at.
    const batching = opened?.commits.transactions ? opened.commits.sessions / opened.commits.transactions : undefined;
    await store?.close();
    return { rate, cpuUs, batching };
  }

  /** CPU µs of a fresh process running `args` (bash's \`times\`: its children's user + system). */
  function processCpuUs(command, args) {
    const run = spawnSync("bash", ["-c", '"$@" > /dev/null && times', "bash", command, ...args], { encoding: "utf8", env: { ...startupEnv().env, ENVIRONMENT_API_KEY: KEY, NO_COLOR: "1" } });
    if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${run.stderr}`);
    const [user, system] = run.stdout.trim().split("\n").pop().split(/\s+/).map((t) => {
      const m = /(\d+)m([\d.]+)s/.exec(t);
      return (Number(m[1]) * 60 + Number(m[2])) * 1e6;
    });
    return user + system;
  }

  const rounds = Number(opts.rounds);
  console.log(`task-app eval against the scaffolded math app: eval's CPU per rollout (this process, process.cpuUsage()) against a bare node:http loop of the same calls; ${total} rollouts per run, ${rounds} interleaved rounds; medians (min-max); ${loadLine()} at start`);
  try {
    const pooled = [];
    const pooledEval = [];
    const pooledBare = [];
    let traced1;
    for (const concurrency of [1, 8, 64]) {
      const r = { bare: [], bareTrace: [], plain: [], returned: [], traced: [], before: [], floors: [] };
      for (let round = 0; round < rounds; round++) {
        const order = ["bare", "plain", ...(untracedOnly ? [] : ["bareTrace", "returned", "traced"]), ...(beforeLib ? ["before"] : [])];
        for (const name of order.map((_, i) => order[(i + round) % order.length])) {
          if (name === "bare") r.bare.push(await bare(concurrency));
          else if (name === "bareTrace") r.bareTrace.push(await bare(concurrency, true));
          else if (name === "plain") r.plain.push(await viaEval(concurrency, false));
          else if (name === "returned") r.returned.push(await viaEval(concurrency, "returned"));
          else if (name === "before") r.before.push(await viaEval(concurrency, false, beforeLib));
          else {
            const traced = await viaEval(concurrency, "stored");
            r.traced.push(traced);
            // The floor of this round's run (its rows, at its batching), measured in the round, interleaved as the rest is.
            if (concurrency === 1) r.floors.push(await floorOf(lastTraceDb, traced.batching));
          }
        }
      }
      const cpu = (k) => r[k].map((x) => x.cpuUs);
      const rate = (k) => r[k].map((x) => x.rate);
      console.log(`\nconcurrency ${concurrency}`);
      for (const [k, label] of [["bare", "bare loop"], ["plain", "eval, untraced"], ["bareTrace", "bare loop, trace parsed"], ["returned", "eval, trace returned"], ["traced", "eval, SQLite trace"]]) {
        if (!r[k].length) continue;
        console.log(`  ${label.padEnd(24)} CPU ${spreadOf(cpu(k), 0, " µs/rollout").padEnd(28)} ${spreadOf(rate(k), 0, " rollouts/s")} (secondary)`);
      }
      if (beforeLib) {
        console.log(`  ${"eval, untraced (before)".padEnd(24)} CPU ${spreadOf(cpu("before"), 0, " µs/rollout").padEnd(28)} ${spreadOf(rate("before"), 0, " rollouts/s")} (secondary)`);
        console.log(`  before: ${spreadOf(ratios(cpu("before"), cpu("bare")), 2, "x")} of the bare loop; after / before ${spreadOf(ratios(cpu("plain"), cpu("before")), 3, "x")}`);
      }
      const untraced = ratios(cpu("plain"), cpu("bare"));
      console.log(`  eval / bare loop, CPU per rollout: ${spreadOf(untraced, 2, "x")}${untracedOnly ? "" : `; trace returned / bare loop parsing it: ${spreadOf(ratios(cpu("returned"), cpu("bareTrace")), 2, "x")}`}`);
      pooled.push(...untraced);
      pooledEval.push(...cpu("plain"));
      pooledBare.push(...cpu("bare"));
      if (concurrency === 1) traced1 = { traced: cpu("traced"), bareTrace: cpu("bareTrace"), batching: r.traced.map((x) => x.batching).filter((b) => b !== undefined), floors: r.floors };
    }
    const u = summarise(pooled);
    reportGoal({ row: "eval CPU per rollout, untraced", subject: spreadOf(pooledEval, 0, " µs"), baseline: `bare node:http keep-alive loop of the same calls ${spreadOf(pooledBare, 0, " µs")}`, figure: `${u.median.toFixed(2)}x (${u.min.toFixed(2)}-${u.max.toFixed(2)})`, goal: "<= 1.15x", pass: u.median <= 1.15, note: "c1/8/64" });
    if (!untracedOnly) {
      // SQLite's own insert of the same rows at the store's batching at concurrency 1 (eval's store gathers a run's traces
      // for its window, so a transaction holds several), measured in each round after its run (floorOf).
      const batch = Math.max(1, Math.round(traced1?.batching.length ? summarise(traced1.batching).median : 1));
      if (!lastTraceDb || !traced1?.floors.length) reportGoal({ row: "eval, traced", figure: "-", goal: "<= bare + 1.35x the libsql floor", pass: null, note: "no trace store written" });
      else {
        const floors = traced1.floors;
        // eval's CPU is its whole process': the hand-over counts on both sides (the structured clone made on eval's thread too).
        const allowed = traced1.bareTrace.map((b, i) => b + 1.35 * floors[i].totalBothSides);
        const o = summarise(ratios(traced1.traced, allowed));
        const floorTotal = summarise(floors.map((f) => f.totalBothSides)).median;
        console.log(`\nlibsql floor, each round's: the rows its run stored inserted again through libsql at its batching (${spreadOf(traced1.batching, 1, " sessions per transaction")}): ${spreadOf(floors.map((f) => f.libsql), 0, " µs per session")}, plus the hand-over of the same sessions ${spreadOf(floors.map((f) => f.handoverBothSides), 0, " µs")} (both sides)`);
        const c = measureSqliteFloor(lastTraceDb, batch);
        if (!c.error) console.log(`SQLite's C floor (reported, not a goal): the same ${c.rows_per_session.toFixed(0)} rows by Python's sqlite3 (SQLite ${c.sqlite}): ${c.cpu_us_per_session.toFixed(0)} µs per session`);
        reportGoal({ row: "eval, traced", subject: spreadOf(traced1.traced, 0, " µs"), baseline: `bare loop parsing the trace ${spreadOf(traced1.bareTrace, 0, " µs")} + 1.35 x libsql floor ${floorTotal.toFixed(0)} µs (insert ${summarise(floors.map((f) => f.libsql)).median.toFixed(0)} + hand-over, both sides, ${summarise(floors.map((f) => f.handoverBothSides)).median.toFixed(0)}; about ${batch} per transaction, as the store ran; each round's own)`, figure: `${o.median.toFixed(2)}x of the allowance (${o.min.toFixed(2)}-${o.max.toFixed(2)})`, goal: "<= 1.0x (bare + 1.35x the libsql floor)", pass: o.median <= 1, note: "c1" });
      }
      // Start-up: a fresh `task-app eval` process running one rollout, against a fresh node process making that one call.
      const bin = new URL("../bin/task-app.js", import.meta.url).pathname;
      const evalArgs = [bin, "eval", "--url", url, "--model", "scripted", "--env-name", "math", "--split", "test", "--seeds", "0", "--no-trace", "--run-dir", join(root, "cold")];
      const bareOne = `const b=JSON.stringify({run_id:"cold",env:{env_name:"math",seed:0,config:{split:"test",index:0}},policy:{policy_name:"scripted",config:{model:"scripted"}}});const r=require("node:http").request(${JSON.stringify(`${url}/rollout`)},{method:"POST",headers:{"content-type":"application/json","x-api-key":process.env.ENVIRONMENT_API_KEY,"content-length":Buffer.byteLength(b)}},(res)=>{let t="";res.on("data",(c)=>t+=c);res.on("end",()=>JSON.parse(t))});r.end(b);`;
      const cold = { eval: [], bare: [] };
      // A fresh process's CPU varies by several ms from one start to the next: more starts than rounds, each a few hundred ms.
      const startupRuns = Math.max(15, rounds);
      for (let i = 0; i < startupRuns; i++) {
        await rm(join(root, "cold"), { recursive: true, force: true });
        if (i % 2) cold.bare.push(processCpuUs(process.execPath, ["-e", bareOne]));
        cold.eval.push(processCpuUs(process.execPath, evalArgs));
        if (!(i % 2)) cold.bare.push(processCpuUs(process.execPath, ["-e", bareOne]));
      }
      const c = summarise(ratios(cold.eval, cold.bare));
      if (startupEnv().note) console.log(startupEnv().note);
      console.log(`start-up: \`task-app eval\` with one rollout ${spreadOf(cold.eval.map((x) => x / 1000), 0, " ms CPU")}; a node process making that call ${spreadOf(cold.bare.map((x) => x / 1000), 0, " ms CPU")}`);
      reportGoal({ row: "eval process start-up CPU", subject: spreadOf(cold.eval.map((x) => x / 1000), 0, " ms"), baseline: `bare node making the call ${spreadOf(cold.bare.map((x) => x / 1000), 0, " ms")}`, figure: `${c.median.toFixed(2)}x (${c.min.toFixed(2)}-${c.max.toFixed(2)})`, goal: "<= 2x", pass: c.median <= 2 });
    }
  } finally {
    child.kill("SIGTERM");
    await rm(root, { recursive: true, force: true });
  }
}
