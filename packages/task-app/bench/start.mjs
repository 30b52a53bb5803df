/**
 * `npm run bench:start`: what a process pays to start on task-app, as fresh
 * processes' CPU (user + system) against `node -e 0`: importing the main
 * entry (`task-app`, what an app imports), importing `task-app/server`, and
 * `task-app serve --workers 1` of a small app that imports the main entry,
 * up to the line that gives its URL (every serve worker of a user's app, and
 * `eval --app`, start this way). Fresh processes, rounds interleaved, medians
 * with their spread; no goal row (bench:validate and bench:eval hold the
 * start-up goals), figures to compare.
 *
 * `--before DIR` runs another built checkout's package (DIR: its package
 * folder, with dist/ and bin/) in the same rounds: a change's before and
 * after from one run.
 *
 * Usage: npm run bench:start [-- --rounds 11 --before DIR]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cpuUsOf, loadLine, parseBenchArgs, requireBuiltCheckout, spread, startupEnv, summarise, timeFreshNode } from "./measure.mjs";

const { values: opts } = parseBenchArgs({ options: { rounds: { type: "string", default: "11" }, before: { type: "string" } } });
const rounds = Number(opts.rounds);
const { env: startEnv, note } = startupEnv();
const env = { ...startEnv, ENVIRONMENT_API_KEY: "sk_env_bench_start_0123456789abcdef", NO_COLOR: "1" };

/** The package folders measured: this one, and `--before`'s. */
const roots = [{ name: "this tree", root: resolve(import.meta.dirname, "..") }];
if (opts.before) {
  requireBuiltCheckout(opts.before, ["bin/task-app.js", "dist/index.js", "dist/server/index.js"]);
  roots.push({ name: "--before", root: resolve(opts.before) });
}

const work = mkdtempSync(join(tmpdir(), "task-app-bench-start-"));

/** A small declared environment importing `root`'s main entry, as an app imports `task-app`. */
function writeApp(root, i) {
  const file = join(work, `app-${i}.mjs`);
  writeFileSync(
    file,
    `import { defineEnvironment, z } from ${JSON.stringify(pathToFileURL(join(root, "dist", "index.js")).href)};
export default defineEnvironment({
  appId: "start", name: "Start", system: "Count.",
  reset: () => ({ total: 0 }), observe: (s) => \`total=\${s.total}\`,
  tools: { add: { description: "Add n.", args: z.object({ n: z.number().int() }), run: ({ n }, s) => ({ state: { total: s.total + n }, reward: n }) } },
  scripted: () => ({ tool: "add", args: { n: 1 } }), maxTurns: 1,
});
`,
  );
  return file;
}


/** CPU ms of `task-app serve <app> --workers 1` from its start to the line with its URL (the process is then ended). */
function serveCpuMs(root, app) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, "bin", "task-app.js"), "serve", app, "--port", "0", "--workers", "1", "--log-format", "json"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.stdout.on("data", (d) => {
      out += d;
      if (!/http:\/\/127\.0\.0\.1:\d+/.test(out)) return;
      const us = cpuUsOf(child.pid);
      child.kill("SIGKILL");
      done(us / 1000);
    });
    child.on("exit", (code) => {
      if (!/http:\/\/127\.0\.0\.1:\d+/.test(out)) fail(new Error(`serve ended (${code}) before its URL:\n${out}${err}`));
    });
  });
}

/** CPU ms of a fresh node process run with `args`. */
const cpuMs = (args) => timeFreshNode(args, { env }).cpu;
const importing = (root, entry) => ["--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(join(root, "dist", entry)).href)});`];
const series = new Map();
const add = (name, ms) => series.set(name, [...(series.get(name) ?? []), ms]);
const apps = roots.map(({ root }, i) => writeApp(root, i));
try {
  for (let round = -1; round < rounds; round++) {
    // Round -1 warms the file cache (and compiles nothing that is kept: every process is fresh); not counted.
    const take = (name, ms) => round >= 0 && add(name, ms);
    take("node -e 0", cpuMs(["-e", "0"]));
    // Alternate which tree goes first.
    for (const i of round % 2 ? [...roots.keys()].reverse() : roots.keys()) {
      const { name, root } = roots[i];
      take(`${name}: import task-app`, cpuMs(importing(root, "index.js")));
      take(`${name}: import task-app/server`, cpuMs(importing(root, "server/index.js")));
      take(`${name}: serve --workers 1, to its URL`, await serveCpuMs(root, apps[i]));
    }
  }
} catch (error) {
  // A process that failed to start (its output is in the message): said, not thrown.
  process.stderr.write(`bench/start.mjs: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (process.exitCode === 1) process.exit();

const base = summarise(series.get("node -e 0")).median;
process.stdout.write(`start-up CPU of fresh processes, ${rounds} interleaved rounds, medians (min-max)${note ? `; ${note}` : ""}\n`);
for (const [name, xs] of series) {
  const ratio = name === "node -e 0" ? "" : `  ${(summarise(xs).median / base).toFixed(2)}x node -e 0`;
  process.stdout.write(`  ${name.padEnd(48)} ${spread(xs, 0, " ms")}${ratio}\n`);
}
if (opts.before) {
  for (const what of ["import task-app", "import task-app/server", "serve --workers 1, to its URL"]) {
    const now = series.get(`this tree: ${what}`);
    const then = series.get(`--before: ${what}`);
    process.stdout.write(`  ${what}: this tree ${((summarise(now).median / summarise(then).median) * 100).toFixed(0)}% of --before's (per round: ${spread(now.map((x, i) => x / then[i]), 2, "x")})\n`);
  }
}
process.stdout.write(`(${loadLine()})\n`);
