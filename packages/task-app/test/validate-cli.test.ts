/**
 * `task-app validate` as a user runs it: exact output lines, exit codes,
 * JSON output, --explain, --allow-unknown, and hostile input files.
 */
import assert from "node:assert/strict";
import { mkdtemp, writeFile, truncate } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { runCli } from "./helpers/run-cli.js";

const RL = `type = "rl"

[algorithm]
type = "online"
method = "policy_gradient"
variety = "gspo"

[services]
task_url = "https://math-task-app.example.com"

[compute]
gpu_type = "H100"
gpu_count = 2

[compute.topology]
gpus_for_vllm = 1
gpus_for_training = 1
gpus_for_ref = 0
tensor_parallel = 1

[vllm]
tensor_parallel_size = 1

[model]
base = "Qwen/Qwen3-VL-4B-Thinking"
trainer_mode = "lora"
label = "vision-think"

[rollout]
env_name = "math"
policy_name = "math-react"
max_turns = 1
episodes_per_batch = 8
max_concurrent_rollouts = 4
task_app_origin_rewards_only = true

[training]
num_epochs = 1
iterations_per_epoch = 2
max_turns = 1
batch_size = 4
group_size = 4
learning_rate = 5e-5
`;

async function scratch(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "task-app-validate-"));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

test("a valid config prints only the summary and exits 0", async () => {
  const dir = await scratch({ "rl.toml": RL });
  const run = await runCli(["validate", "rl.toml"], dir);
  assert.equal(run.stdout, "1 file checked: 1 valid, 0 invalid (0 errors, 0 warnings)\n");
  assert.equal(run.code, 0);
});

test("errors print as path:line:col: error: key: message and exit 1", async () => {
  const bad = RL.replace("batch_size = 4", "batchsize = 4").replace('label = "vision-think"\n', "");
  const dir = await scratch({ "rl.toml": bad });
  const run = await runCli(["validate", "rl.toml"], dir);
  assert.equal(
    run.stdout,
    [
      'rl.toml:24:2: error: model.label: missing required key "label"',
      'rl.toml:40:1: error: training.batchsize: unknown key "batchsize" in [training]; did you mean "batch_size"? (batch_size is required)',
      "1 file checked: 0 valid, 1 invalid (2 errors, 0 warnings)",
      "",
    ].join("\n"),
  );
  assert.equal(run.code, 1);
});

test("--json gives the same findings as data", async () => {
  const dir = await scratch({ "rl.toml": RL.replace("max_turns = 1\nepisodes", 'max_turns = "one"\nepisodes') });
  const run = await runCli(["validate", "rl.toml", "--json"], dir);
  assert.equal(run.code, 1);
  const [report] = JSON.parse(run.stdout) as { file: string; kind: string; ok: boolean; findings: { code: string; path: string; line: number; column: number; message: string }[] }[];
  assert.equal(report?.kind, "rl");
  assert.equal(report?.ok, false);
  assert.deepEqual(report?.findings.map((f) => [f.code, f.path, f.line, f.column, f.message]), [
    ["invalid_type", "rollout.max_turns", 32, 1, 'expected an integer, got string "one"'],
  ]);
});

test("--explain shows the detected kind and what the model implies", async () => {
  const dir = await scratch({ "rl.toml": RL });
  const run = await runCli(["validate", "rl.toml", "--explain"], dir);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /^rl\.toml: kind rl \(type = "rl"\)$/m);
  assert.match(run.stdout, /^rl\.toml: injected model\.supports_vision = true \(Qwen\/Qwen3-VL-4B-Thinking is a Qwen3-VL vision model\)$/m);
  assert.match(run.stdout, /^rl\.toml: injected model\.vision_processor_id = "Qwen\/Qwen3-VL-4B-Thinking" /m);
  assert.match(run.stdout, /^rl\.toml: injected model\.thinking_mode = "think" \(Qwen\/Qwen3-VL-4B-Thinking is a -Thinking model\)$/m);
});

test("--allow-unknown passes unknown keys instead of reporting them", async () => {
  const dir = await scratch({ "rl.toml": `${RL}custom_knob = 3\n` });
  assert.equal((await runCli(["validate", "rl.toml"], dir)).code, 1);
  const run = await runCli(["validate", "rl.toml", "--allow-unknown"], dir);
  assert.equal(run.code, 0, run.stdout);
});

test("a model outside synth-ai's catalog is an error; --allow-unknown-models makes it a warning (both CLI paths)", async () => {
  const dir = await scratch({ "rl.toml": RL.replace('base = "Qwen/Qwen3-VL-4B-Thinking"', 'base = "meta-llama/Llama-3.1-8B-Instruct"') });
  const refused = await runCli(["validate", "rl.toml"], dir);
  assert.equal(refused.code, 1);
  assert.match(refused.stdout, /rl\.toml:\d+:1: error: model\.base: meta-llama\/Llama-3\.1-8B-Instruct is not in synth-ai's model catalog .*synth-ai refuses it before a job is created; pass --allow-unknown-models/);
  for (const argv of [["validate", "rl.toml", "--allow-unknown-models"], ["validate", "--allow-unknown-models", "rl.toml", "--kind", "rl"]]) {
    const run = await runCli(argv, dir);
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /warning: model\.base: meta-llama\/Llama-3\.1-8B-Instruct is not in synth-ai's model catalog .*kept with --allow-unknown-models/);
  }
});

test("--max-findings reports the first findings only and counts the rest", async () => {
  const unknown = Array.from({ length: 150 }, (_, i) => `knob_${i} = ${i}`).join("\n");
  const dir = await scratch({ "rl.toml": `${RL}${unknown}\n` });
  const run = await runCli(["validate", "rl.toml"], dir);
  assert.equal(run.code, 1);
  const lines = run.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 102);
  assert.equal(lines[0], 'rl.toml:44:1: error: training.knob_0: unknown key "knob_0" in [training]');
  assert.equal(lines[99], 'rl.toml:143:1: error: training.knob_99: unknown key "knob_99" in [training]');
  assert.equal(lines[100], "rl.toml: 50 more findings not shown (only the first 100 are; raise --max-findings to see more)");
  assert.equal(lines[101], "1 file checked: 0 valid, 1 invalid (150 errors, 0 warnings)");
  const two = await runCli(["validate", "rl.toml", "--max-findings", "2", "--json"], dir);
  const [report] = JSON.parse(two.stdout) as { findings: unknown[]; omitted: unknown }[];
  assert.equal(report?.findings.length, 2);
  assert.deepEqual(report?.omitted, { errors: 148, warnings: 0 });
  const bad = await runCli(["validate", "rl.toml", "--max-findings", "0"], dir);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--max-findings must be a positive integer/);
});

test("usage errors exit 2", async () => {
  assert.equal((await runCli(["validate"])).code, 2);
  assert.equal((await runCli(["validate", "x.toml", "--kind", "ppo"])).code, 2);
  assert.equal((await runCli(["validate", "x.toml", "--no-such-flag"])).code, 2);
});

test("hostile files get one clear error each and exit 1, never a stack trace", async () => {
  const dir = await scratch({
    "empty.toml": "",
    "binary.toml": "\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
    "deep.toml": `a = ${"[".repeat(5000)}${"]".repeat(5000)}\n`,
    "tables.toml": `[${Array.from({ length: 3000 }, (_, i) => `t${i}`).join(".")}]\n`,
  });
  await writeFile(join(dir, "latin1.toml"), Buffer.from([0x6b, 0x20, 0x3d, 0x20, 0x22, 0xe9, 0x22, 0x0a]));
  await writeFile(join(dir, "huge.toml"), "");
  await truncate(join(dir, "huge.toml"), 50 * 1024 * 1024);
  const expected: Record<string, RegExp> = {
    "empty.toml": /^empty\.toml:1:1: error: file is empty; expected a TOML config$/m,
    "binary.toml": /^binary\.toml:\d+:\d+: error: file looks binary/m,
    "deep.toml": /^deep\.toml:1:\d+: error: invalid TOML: nesting too deep/m,
    "tables.toml": /^tables\.toml:1:\d+: error: invalid TOML: nesting too deep/m,
    "latin1.toml": /^latin1\.toml:1:6: error: file is not valid UTF-8/m,
    "huge.toml": /^huge\.toml:1:1: error: file is 52\.4 MB; config files are limited to 4\.2 MB$|^huge\.toml:1:1: error: file is 50\.0 MB/m,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    const run = await runCli(["validate", name], dir);
    assert.equal(run.code, 1, `${name}: ${run.stdout}${run.stderr}`);
    assert.match(run.stdout, pattern, name);
    assert.doesNotMatch(run.stdout + run.stderr, /\n\s+at .+:\d+:\d+/, `${name} printed a stack trace`);
  }
});

test("a FIFO is refused with a clear error instead of hanging", { timeout: 20_000 }, async () => {
  const { execFileSync } = await import("node:child_process");
  const dir = await scratch({ "rl.toml": RL });
  execFileSync("mkfifo", [join(dir, "pipe.toml")]);
  const run = await runCli(["validate", "pipe.toml", "rl.toml"], dir);
  assert.equal(
    run.stdout,
    [
      "pipe.toml:1:1: error: path is a FIFO (named pipe), not a regular file; expected a TOML file",
      "2 files checked: 1 valid, 1 invalid (1 error, 0 warnings)",
      "",
    ].join("\n"),
  );
  assert.equal(run.code, 1);
});

test("the bundled fast path of bin/task-app.js prints exactly what the full CLI prints", async () => {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const bin = fileURLToPath(new URL("../bin/task-app.js", import.meta.url));
  const bad = RL.replace("batch_size = 4", "batchsize = 4");
  // A type error too (the fast path's copy of Zod keeps its English locale alone; findings read Zod's issue codes).
  const mistyped = RL.replace("batch_size = 4", 'batch_size = "four"');
  const dir = await scratch({ "rl.toml": RL, "bad.toml": bad, "mistyped.toml": mistyped });
  for (const argv of [["validate", "rl.toml", "bad.toml"], ["validate", "bad.toml", "--json"], ["validate", "rl.toml", "--explain", "--kind", "rl"], ["validate", "bad.toml", "--max-findings", "1"], ["validate", "mistyped.toml"]]) {
    const built = spawnSync(process.execPath, [bin, ...argv], { cwd: dir, encoding: "utf8" });
    const source = await runCli(argv, dir);
    assert.equal(built.stdout, source.stdout, argv.join(" "));
    assert.equal(built.status, source.code, argv.join(" "));
  }
  // Anything the fast path does not take (here a bad --kind) still gets the full CLI's usage error.
  const usage = spawnSync(process.execPath, [bin, "validate", "rl.toml", "--kind", "ppo"], { cwd: dir, encoding: "utf8" });
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--kind "ppo" is not a choice: give one of "rl", "sft", "eval", "filter", "deploy"/);
});

test("the fast path answers the same with V8's compiled code of an earlier run, without it, and over a cache it cannot use", { skip: process.platform !== "linux" && "the cache folder is XDG_CACHE_HOME's on Linux" }, async () => {
  const { spawnSync } = await import("node:child_process");
  const { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  const bin = fileURLToPath(new URL("../bin/task-app.js", import.meta.url));
  const dir = await scratch({ "rl.toml": RL, "bad.toml": RL.replace("batch_size = 4", "batchsize = 4") });
  const cacheHome = join(dir, "cache");
  const folder = join(cacheHome, "task-app", "compile-cache");
  const run = (env: NodeJS.ProcessEnv = {}) => {
    const r = spawnSync(process.execPath, [bin, "validate", "rl.toml", "bad.toml"], { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "", XDG_CACHE_HOME: cacheHome, ...env } });
    return { stdout: r.stdout, stderr: r.stderr, status: r.status };
  };
  const files = () => {
    try {
      return readdirSync(folder).sort();
    } catch {
      return [];
    }
  };
  const reference = run({ NODE_DISABLE_COMPILE_CACHE: "1" });
  assert.equal(reference.status, 1);
  assert.match(reference.stdout, /2 files checked: 1 valid, 1 invalid/);
  assert.deepEqual(files(), [], "NODE_DISABLE_COMPILE_CACHE writes nothing");

  assert.deepEqual(run(), reference, "first run, writing the cache");
  const [written] = files();
  assert.match(written ?? "", /^fast\.bundle\.cjs-.+-[0-9a-f]{16}$/);
  const cache = join(folder, written!);
  const bytes = readFileSync(cache);
  const stamp = statSync(cache).mtimeMs;
  assert.deepEqual(run(), reference, "from the cache");
  assert.equal(statSync(cache).mtimeMs, stamp, "a cache that was used is not written again");

  // A cache V8 refuses (here garbage) is compiled past and written again; an earlier build's file goes.
  writeFileSync(cache, Buffer.alloc(bytes.length, 7));
  const earlier = join(folder, written!.replace(/[0-9a-f]{16}$/, "0".repeat(16)));
  writeFileSync(earlier, bytes);
  // What a process that died while writing left: gone a minute on, kept before (another process may be writing it).
  writeFileSync(`${cache}.1.tmp`, "partial");
  utimesSync(`${cache}.1.tmp`, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
  writeFileSync(`${cache}.2.tmp`, "partial");
  assert.deepEqual(run(), reference, "over a refused cache");
  assert.deepEqual(files(), [written, `${written}.2.tmp`]);
  assert.notDeepEqual(readFileSync(cache), Buffer.alloc(bytes.length, 7));
  assert.deepEqual(run(), reference, "from the rewritten cache");
});
