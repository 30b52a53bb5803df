/**
 * `npm run bench:eval`: rollouts per second of `task-app eval` against the
 * demo app (the scaffolded math template, served in a process of its own), at
 * concurrency 1, 8 and 64, with tracing off and on (a SQLite trace store the
 * eval process writes; and, to tell the two costs of tracing apart, with the
 * trace asked for and read but not stored), beside a bare loop of HTTP calls doing the same
 * rollouts (same bodies, same concurrency, the same node:http client with
 * kept-alive connections, JSON parsed, nothing else). Rounds
 * alternate so machine noise hits every variant alike; medians and ratios.
 *
 * Usage: npm run bench:eval [-- --rollouts 600 --rounds 5]
 */
import { fork } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { describeSqliteFloor } from "./sqlite-floor.mjs";

const { values: opts } = parseArgs({ options: { serve: { type: "string" }, rollouts: { type: "string", default: "600" }, rounds: { type: "string", default: "5" } } });
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
  const { resolveEvalPlan, runEval, createEvalReporter } = await import("../dist/eval/index.js");
  const { openTraceStore, createTraceSink } = await import("../dist/traces/index.js");
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
  const quiet = () => createEvalReporter({ json: false, out: discard(), err: discard(), tty: false });
  let runs = 0;
  let lastTraceDb;
  let offAt64;

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

  async function bare(concurrency) {
    const p = await plan(concurrency, false);
    const agent = new Agent({ keepAlive: true });
    const queue = [...p.seeds];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let seed = queue.shift(); seed !== undefined; seed = queue.shift()) JSON.parse(await post(agent, JSON.stringify(buildEvalRequest(p, seed, 0, false))));
      }),
    );
    const rate = total / ((performance.now() - started) / 1000);
    agent.destroy();
    return rate;
  }

  /** `trace`: false (no trace asked for), "returned" (asked for and read, then dropped) or "stored" (into a SQLite store). */
  async function viaEval(concurrency, trace) {
    const p = await plan(concurrency, trace === "stored");
    const store = trace === "stored" ? createTraceSink(await openTraceStore(p.traceDb, { write: true })) : undefined;
    if (store) lastTraceDb = p.traceDb;
    const sink = store ? store.sink : trace === "returned" ? async () => {} : undefined;
    const started = performance.now();
    await runEval(p, { urls: [url], app: "bench", apiKey: KEY, reporter: quiet(), ...(sink ? { sink } : {}) });
    const rate = total / ((performance.now() - started) / 1000);
    await store?.close();
    return rate;
  }

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const spread = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  console.log(`task-app eval against the scaffolded math app (${total} rollouts per run, ${opts.rounds} interleaved rounds, medians)`);
  console.log("concurrency   bare loop/s   eval/s (no trace)   eval/s (trace returned)   eval/s (SQLite trace)   eval/bare   returned/untraced   traced/untraced");
  try {
    for (const concurrency of [1, 8, 64]) {
      const r = { bare: [], plain: [], returned: [], traced: [] };
      for (let round = 0; round < Number(opts.rounds); round++) {
        r.bare.push(await bare(concurrency));
        r.plain.push(await viaEval(concurrency, false));
        r.returned.push(await viaEval(concurrency, "returned"));
        r.traced.push(await viaEval(concurrency, "stored"));
      }
      const [b, e, n, t] = [median(r.bare), median(r.plain), median(r.returned), median(r.traced)];
      if (concurrency === 64) offAt64 = e;
      console.log(
        `${String(concurrency).padStart(11)}   ${b.toFixed(0).padStart(11)}   ${e.toFixed(0).padStart(17)}   ${n.toFixed(0).padStart(23)}   ${t.toFixed(0).padStart(21)}   ${(e / b).toFixed(2).padStart(8)}x   ${(n / e).toFixed(2).padStart(16)}x   ${(t / e).toFixed(2).padStart(14)}x`,
      );
      console.log(`${"".padStart(11)}   ${spread(r.bare).padStart(11)}   ${spread(r.plain).padStart(17)}   ${spread(r.returned).padStart(23)}   ${spread(r.traced).padStart(21)}   (spread)`);
    }
    console.log("goal: eval within 10% of the bare loop (eval/bare >= 0.90x); tracing costs at most 20% at concurrency 64 (traced/untraced >= 0.80x)");
    console.log(describeSqliteFloor(lastTraceDb, offAt64));
  } finally {
    child.kill("SIGTERM");
    await rm(root, { recursive: true, force: true });
  }
}
