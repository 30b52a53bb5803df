/**
 * `npm run bench:validate`: how fast `task-app validate` is.
 *
 * 1. Cold start: wall time of `node bin/task-app.js validate <one RL config>`
 *    against `node -e 0`, run interleaved in the same session (so machine load
 *    hits both alike); medians and their ratio, target <= 3x.
 * 2. Throughput: parse + validate of every config in the corpus in-process
 *    (dist/config/check.js), median of several passes, in files/s and MB/s.
 *
 * Configs come from the synth-ai compat corpus (SYNTH_AI_COMPAT_DIR, default
 * ../shared/compat/synth-ai beside the repository); without it, from test/fixtures/valid/*.toml.
 * When the ratio is above target (or with --explain), it also prints where
 * the start-up time goes: each stage of the import graph timed in-process,
 * and the cold start of a validate that skips the argument parser.
 * Options: --runs N (cold-start runs of each, default 21, at least 15),
 * --passes N (throughput passes, default 9), --explain, --strict (exit 1
 * above target).
 * Needs `npm run build` first (the npm script does it).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseBenchArgs, startupEnv } from "./measure.mjs";

const { env: childEnv, note: envNote } = startupEnv();

const TARGET_RATIO = 3;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseBenchArgs({
  options: { runs: { type: "string", default: "21" }, passes: { type: "string", default: "9" }, explain: { type: "boolean", default: false }, strict: { type: "boolean", default: false } },
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

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const ms = (x) => `${x.toFixed(1)} ms`;

/** Wall time of one child process, in ms; throws when it fails. */
function timeRun(args) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, env: childEnv, encoding: "utf8" });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return elapsed;
}

function coldStart(rl) {
  const bin = join(root, "bin/task-app.js");
  const baseline = ["-e", "0"];
  const validate = [bin, "validate", rl];
  for (let i = 0; i < 2; i++) timeRun(baseline), timeRun(validate); // warm the file cache
  const base = [];
  const cli = [];
  for (let i = 0; i < runs; i++) {
    // Alternate which goes first so neither always runs right after the other.
    if (i % 2) cli.push(timeRun(validate)), base.push(timeRun(baseline));
    else base.push(timeRun(baseline)), cli.push(timeRun(validate));
  }
  return { base, cli };
}

/** Import stages in load order; each is timed after the previous one, so a stage costs only what it adds. */
const STAGES = [
  ["ESM loader warm-up (dist/cli/context.js)", "./dist/cli/context.js"],
  ["yargs", "yargs"],
  ["CLI main + command modules", "./dist/cli/main.js"],
  ["zod", "zod"],
  ["smol-toml", "smol-toml"],
  ["RL schema (dist/schemas/rl-config.js)", "./dist/schemas/rl-config.js"],
  ["SFT, eval, filter schemas + registry", "./dist/schemas/registry.js"],
  ["rest of dist/config/check.js", "./dist/config/check.js"],
];

/** Median time of each import stage (and of checking the file) over `n` fresh processes. */
function importBreakdown(rl, n) {
  const child = `const out = {}; let t = performance.now(); out.boot = t;
for (const [name, spec] of ${JSON.stringify(STAGES)}) { await import(spec); const now = performance.now(); out[name] = now - t; t = now; }
const { checkConfigFile } = await import("./dist/config/check.js"); t = performance.now();
await checkConfigFile(${JSON.stringify(rl)}); out["checking the file"] = performance.now() - t;
console.log(JSON.stringify(out));`;
  const samples = Array.from({ length: n }, () => {
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", child], { cwd: root, env: childEnv, encoding: "utf8" });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout);
  });
  return Object.keys(samples[0]).map((name) => [name === "boot" ? "node bootstrap (process start to first line)" : name, median(samples.map((s) => s[name]))]);
}

/** Cold start of validating through dist/config/check.js and formatFinding alone, without yargs. */
function withoutParser(rl, n) {
  const code = `const { checkConfigFile } = await import("./dist/config/check.js"); const { formatFinding } = await import("./dist/config/findings.js");
const c = await checkConfigFile(${JSON.stringify(rl)}); for (const f of c.findings) console.log(formatFinding(f)); process.exitCode = c.ok ? 0 : 1;`;
  const base = [];
  const direct = [];
  for (let i = 0; i < n; i++) base.push(timeRun(["-e", "0"])), direct.push(timeRun(["--input-type=module", "-e", code]));
  return { base: median(base), direct: median(direct) };
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
console.log(`cold start: node bin/task-app.js validate ${relative(root, rl).startsWith("..") ? rl : relative(root, rl)} vs node -e 0, ${runs} interleaved runs each`);
if (envNote) console.log(`  (${envNote})`);
const { base, cli } = coldStart(rl);
const ratio = median(cli) / median(base);
console.log(`  node -e 0          median ${ms(median(base))}  (p10 ${ms(quantile(base, 0.1))}, p90 ${ms(quantile(base, 0.9))})`);
console.log(`  task-app validate  median ${ms(median(cli))}  (p10 ${ms(quantile(cli, 0.1))}, p90 ${ms(quantile(cli, 0.9))})`);
console.log(`  ratio ${ratio.toFixed(2)}x (target <= ${TARGET_RATIO}x): ${ratio <= TARGET_RATIO ? "ok" : "ABOVE TARGET"}`);

if (ratio > TARGET_RATIO || opts.explain) {
  console.log(`where the start-up time goes (medians of ${runs} fresh processes; each stage adds to the ones above):`);
  for (const [name, t] of importBreakdown(rl, runs)) console.log(`  ${ms(t).padStart(9)}  ${name}`);
  const { base: b, direct } = withoutParser(rl, runs);
  console.log(`  validate without yargs: median ${ms(direct)} vs node -e 0 ${ms(b)}: ${(direct / b).toFixed(2)}x`);
}

const { bytes, seconds } = await throughput(files);
const med = median(seconds);
console.log(`throughput: parse + validate of ${files.length} files (${(bytes / 1024).toFixed(1)} KiB) in-process, median of ${passes} passes`);
console.log(`  ${ms(med * 1000)} per pass: ${(files.length / med).toFixed(0)} files/s, ${(bytes / 1e6 / med).toFixed(2)} MB/s`);
if (opts.strict && ratio > TARGET_RATIO) process.exitCode = 1;
