/**
 * `npm run bench:validate`: how fast `task-app validate` is.
 *
 * 1. Cold start: CPU (user + system) of each fresh `node bin/task-app.js
 *    validate <one RL config>` process against `node -e 0`, run interleaved
 *    in the same session (the order rotates), the ratio taken per round:
 *    medians with min-max beside them, target <= 3x; wall time beside it as
 *    a secondary figure. Validate keeps V8's compiled code of its bundle
 *    between runs (bin/task-app.js): the figure is with that cache as a
 *    second run finds it (a cache folder of the benchmark's own, written by
 *    the warm-up runs), and the same start without it (a first run,
 *    NODE_DISABLE_COMPILE_CACHE=1) is measured in the same rounds.
 * 2. Throughput: parse + validate of every config in the corpus in-process
 *    (dist/config/check.js), median of several passes, in files/s and MB/s.
 *
 * Configs come from the synth-ai compat corpus (SYNTH_AI_COMPAT_DIR, default
 * ../shared/compat/synth-ai beside the repository); without it, from test/fixtures/valid/*.toml.
 * Then where a start's CPU goes, with the compile cache and without it:
 * Node's own start, loading the bundle (reading, compiling, running its top
 * level: Zod, the TOML parser, the checker), the first validate of the file
 * (building the RL schema, the rules, printing) and the same validate again
 * in that process (the check alone, everything loaded).
 * Options: --runs N (cold-start rounds, default 21, at least 15),
 * --passes N (throughput passes, default 9), --strict (exit 1 above
 * target).
 * Needs `npm run build` first (the npm script does it).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseBenchArgs, ratios, reportGoal, spread, startupEnv, summarise, timeFreshNode } from "./measure.mjs";

const { env: startEnv, note: envNote } = startupEnv();
// The compile cache of the runs measured: a folder of this benchmark's own, not the user's.
const cacheHome = mkdtempSync(join(tmpdir(), "task-app-bench-validate-"));
process.on("exit", () => rmSync(cacheHome, { recursive: true, force: true }));
const childEnv = { ...startEnv, XDG_CACHE_HOME: cacheHome, NODE_DISABLE_COMPILE_CACHE: "" };

const TARGET_RATIO = 3;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseBenchArgs({
  options: { runs: { type: "string", default: "21" }, passes: { type: "string", default: "9" }, strict: { type: "boolean", default: false } },
});
const runs = Math.max(15, Number(opts.runs) || 21);
const passes = Math.max(3, Number(opts.passes) || 9);

/** The config files to measure and the one RL config for the cold start. */
function pickConfigs() {
  const corpus = join(process.env.SYNTH_AI_COMPAT_DIR || fileURLToPath(new URL("../../../../shared/compat/synth-ai", import.meta.url)), "configs");
  const fromDir = (dir) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".toml")).sort().map((f) => join(dir, f)) : []);
  let files = fromDir(corpus);
  let source = corpus;
  if (!files.length) {
    source = join(root, "test/fixtures/valid");
    files = fromDir(source);
  }
  if (!files.length) throw new Error(`no configs: neither ${corpus} nor test/fixtures/valid/*.toml has any`);
  const preferred = files.find((f) => f.endsWith("rl_from_base_qwen4b.toml"));
  const rl = preferred ?? files.find((f) => /(^|[^a-z])rl[^a-z]/i.test(f.split("/").pop() ?? "")) ?? files[0];
  return { files, source, rl };
}

const median = (xs) => summarise(xs).median;
const ms = (x) => `${x.toFixed(1)} ms`;

/** {@link timeFreshNode} in the package folder, with the start-up environment by default. */
const timeRun = (args, env = childEnv) => timeFreshNode(args, { env, cwd: root });

function coldStart(rl) {
  const bin = join(root, "bin/task-app.js");
  const series = {
    base: { args: ["-e", "0"] },
    cli: { args: [bin, "validate", rl] },
    uncached: { args: [bin, "validate", rl], env: { ...childEnv, NODE_DISABLE_COMPILE_CACHE: "1" } },
  };
  const names = Object.keys(series);
  for (let i = 0; i < 2; i++) for (const name of names) timeRun(series[name].args, series[name].env); // the file cache, and validate's compile cache
  const out = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < runs; i++) {
    // Rotate which goes first so none always runs right after another.
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      out[name].push(timeRun(series[name].args, series[name].env));
    }
  }
  return out;
}

/**
 * Median CPU of each part of a validate start, over `n` fresh processes, with the compile cache and
 * without it (each child times its own parts with process.cpuUsage(), loading the bundle through
 * bin/compile-cache.js as bin/task-app.js does).
 */
function startBreakdown(rl, n) {
  const child = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = { boot: cpu() }; let t = out.boot;
const step = (name) => { const now = cpu(); out[name] = now - t; t = now; };
const bundle = require(${JSON.stringify(join(root, "bin/compile-cache.js"))}).loadCompiled(${JSON.stringify(join(root, "dist/cli/fast.bundle.cjs"))}).exports; step("load");
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = () => true;
(async () => {
  const argv = ["validate", ${JSON.stringify(rl)}];
  await bundle.runFastPath(argv); step("first");
  await bundle.runFastPath(argv); step("again");
  process.stdout.write = write; console.log(JSON.stringify(out));
})();`;
  const sample = (env) => {
    const r = spawnSync(process.execPath, ["-e", child], { cwd: root, env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout);
  };
  const cached = [];
  const uncached = [];
  for (let i = 0; i < n; i++) cached.push(sample(childEnv)), uncached.push(sample({ ...childEnv, NODE_DISABLE_COMPILE_CACHE: "1" }));
  const rows = [
    ["boot", "node bootstrap (process start to first line)"],
    ["load", "loading dist/cli/fast.bundle.cjs: reading it (and its compile cache), compiling, its top level (Zod, the TOML parser, the checker)"],
    ["first", "the first validate of the file: the RL schema built, the rules, the check, printing"],
    ["again", "the same validate again in that process: the check alone, everything loaded and compiled"],
  ];
  return rows.map(([key, name]) => [name, median(cached.map((s) => s[key])), median(uncached.map((s) => s[key]))]);
}

async function throughput(files) {
  const check = join(root, "dist/config/check.js");
  if (!existsSync(check)) throw new Error("dist/config/check.js is missing: run `npm run build` first");
  const { checkConfigText } = await import(pathToFileURL(check).href);
  const texts = files.map((f) => ({ file: f, text: readFileSync(f, "utf8") }));
  const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t.text), 0);
  const pass = () => {
    const start = process.hrtime.bigint();
    for (const { file, text } of texts) checkConfigText(text, { file });
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  pass(); // warm-up: JIT and lazy schema construction
  const seconds = Array.from({ length: passes }, pass);
  return { bytes, seconds };
}

const { files, source, rl } = pickConfigs();
console.log(`configs: ${files.length} from ${source}`);
console.log(`cold start: node bin/task-app.js validate ${relative(root, rl).startsWith("..") ? rl : relative(root, rl)} vs node -e 0, ${runs} interleaved rounds; CPU (user + system) of each fresh process, medians (min-max)`);
if (envNote) console.log(`  (${envNote})`);
const runsOf = coldStart(rl);
const cpuOf = (name) => runsOf[name].map((r) => r.cpu);
const wallOf = (name) => runsOf[name].map((r) => r.wall);
const ratioText = (xs) => {
  const s = summarise(xs);
  return `${s.median.toFixed(2)}x (${s.min.toFixed(2)}-${s.max.toFixed(2)})`;
};
const cpuRatio = ratios(cpuOf("cli"), cpuOf("base"));
const uncachedRatio = ratios(cpuOf("uncached"), cpuOf("base"));
const wallRatio = ratios(wallOf("cli"), wallOf("base"));
const ratio = median(cpuRatio);
console.log(`  node -e 0                                 CPU ${spread(cpuOf("base"), 1, " ms")}  wall ${spread(wallOf("base"), 1, " ms")}`);
console.log(`  task-app validate                         CPU ${spread(cpuOf("cli"), 1, " ms")}  wall ${spread(wallOf("cli"), 1, " ms")}`);
console.log(`  task-app validate, no compile cache       CPU ${spread(cpuOf("uncached"), 1, " ms")}  wall ${spread(wallOf("uncached"), 1, " ms")}`);
console.log(`  CPU ratio ${ratioText(cpuRatio)} (target <= ${TARGET_RATIO}x): ${ratio <= TARGET_RATIO ? "ok" : "ABOVE TARGET"}; no compile cache (a first run) ${ratioText(uncachedRatio)}; wall ${ratioText(wallRatio)}`);
reportGoal({
  row: "`task-app validate` cold start CPU, one RL config",
  subject: `${spread(cpuOf("cli"), 0, " ms")} (compile cache as a second run finds it)`,
  baseline: `\`node -e 0\` ${spread(cpuOf("base"), 0, " ms")}`,
  figure: `${ratioText(cpuRatio)} (${runs} rounds; a first run, no compile cache: ${ratioText(uncachedRatio)}; wall ${ratioText(wallRatio)})`,
  goal: `<= ${TARGET_RATIO}x`,
  pass: ratio <= TARGET_RATIO,
});

console.log(`where a start's CPU goes (medians of ${runs} fresh processes each; each part adds to the ones above): with the compile cache | without`);
for (const [name, cached, uncached] of startBreakdown(rl, runs)) console.log(`  ${ms(cached).padStart(9)} | ${ms(uncached).padStart(9)}  ${name}`);

const { bytes, seconds } = await throughput(files);
const med = median(seconds);
console.log(`throughput: parse + validate of ${files.length} files (${(bytes / 1024).toFixed(1)} KiB) in-process, median of ${passes} passes`);
console.log(`  ${ms(med * 1000)} per pass: ${(files.length / med).toFixed(0)} files/s, ${(bytes / 1e6 / med).toFixed(2)} MB/s`);
if (opts.strict && ratio > TARGET_RATIO) process.exitCode = 1;
