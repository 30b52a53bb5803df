/**
 * Rule severities a project changes: the [rules] table of a task-app.toml,
 * read by `task-app validate` and `task-app lsp` through the same function
 * (and the client's settings for the language server), and applied the same
 * by the commands that check a config before using it (`payload`, `train`,
 * `eval --config`), through the one checker they share.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Finding } from "../src/config/findings.js";
import { edit } from "./helpers/corpus.js";
import { LspSession } from "./helpers/lsp.js";
import { RL } from "./helpers/rules-table.js";
import { runCli } from "./helpers/run-cli.js";

const CONFIG = edit(
  RL,
  ['task_url = "https://task.example.com"', 'task_url = "http://127.0.0.1:8001"'],
  ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B-Instruct-2507"'],
  ["group_size = 4", "group_size = 4\nasync_semaphore_max = 8"],
  ["gpu_count = 4", "gpu_count = 5"],
);
const SETTINGS = '# project rules\n[rules]\nloopback_task_url = "off"\ninstruct_async_semaphore = "error"\nrl_topology_gpus = "warning"\n';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), "task-app-rules-"));
  mkdirSync(join(dir, "project", "configs"), { recursive: true });
  mkdirSync(join(dir, "plain"));
  writeFileSync(join(dir, "project", "task-app.toml"), SETTINGS);
  writeFileSync(join(dir, "project", "configs", "rl.toml"), CONFIG);
  writeFileSync(join(dir, "plain", "rl.toml"), CONFIG);
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** A config whose only findings are an error and a warning a project may relax: GPU topology 4 of 5, a loopback task URL. */
const RELAXABLE = edit(RL, ['task_url = "https://task.example.com"', 'task_url = "http://127.0.0.1:8001"'], ["gpu_count = 4", "gpu_count = 5"]);
/** A config whose only finding is a warning a project may make an error: an Instruct model with async_semaphore_max. */
const TIGHTENABLE = edit(RL, ['base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B-Instruct-2507"'], ["group_size = 4", "group_size = 4\nasync_semaphore_max = 8"]);

/** `<name>/rl.toml` holding `config`, under a task-app.toml holding `settings` (none when undefined). */
function project(name: string, config: string, settings?: string): string {
  const root = join(dir, name);
  mkdirSync(join(root, "configs"), { recursive: true });
  if (settings !== undefined) writeFileSync(join(root, "task-app.toml"), settings);
  writeFileSync(join(root, "configs", "rl.toml"), config);
  return root;
}

const summary = (findings: { code: string; severity: string }[]) => findings.map((f) => `${f.code}:${f.severity}`).sort();

describe("[rules] in task-app.toml", () => {
  test("without one, validate reports the defaults", async () => {
    const result = await runCli(["validate", "--json", "rl.toml"], join(dir, "plain"));
    const [check] = JSON.parse(result.stdout) as { findings: Finding[] }[];
    assert.deepEqual(summary(check!.findings), ["instruct_async_semaphore:warning", "loopback_task_url:warning", "rl_topology_gpus:error"]);
    assert.equal(result.code, 1);
  });

  test("validate applies the nearest one above the config: off drops, levels replace", async () => {
    const result = await runCli(["validate", "--json", "configs/rl.toml"], join(dir, "project"));
    const [check] = JSON.parse(result.stdout) as { ok: boolean; findings: Finding[] }[];
    assert.deepEqual(summary(check!.findings), ["instruct_async_semaphore:error", "rl_topology_gpus:warning"]);
    assert.equal(check!.ok, false);
    assert.equal(result.code, 1);
  });

  test("an unknown rule is a usage error with its place and a did-you-mean", async () => {
    const bad = join(dir, "bad");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "task-app.toml"), '[rules]\nloopback_taskurl = "off"\n');
    writeFileSync(join(bad, "rl.toml"), CONFIG);
    const result = await runCli(["validate", "rl.toml"], bad);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /task-app\.toml:2:1: unknown rule "loopback_taskurl" in \[rules\]; did you mean "loopback_task_url"\?/);
  });

  test("a level that is not one is refused", async () => {
    const bad = join(dir, "bad-level");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, "task-app.toml"), '[rules]\nloopback_task_url = "ignore"\n');
    writeFileSync(join(bad, "rl.toml"), CONFIG);
    const result = await runCli(["validate", "rl.toml"], bad);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /rules\.loopback_task_url must be "error", "warning" or "off", got "ignore"/);
  });
});

describe("payload and train apply the project's [rules] as validate does", () => {
  const env = { SYNTH_API_KEY: "", BACKEND_BASE_URL: "", TASK_APP_URL: "" };
  const train = (cwd: string) => runCli(["train", "--config", "configs/rl.toml", "--dry-run", "--skip-health"], cwd, env);
  const payload = (cwd: string) => runCli(["payload", "rl", "configs/rl.toml"], cwd, env);

  test("an error the project makes a warning (and a warning it turns off): payload and train go ahead", async () => {
    const plain = project("relax-plain", RELAXABLE);
    const relaxed = project("relaxed", RELAXABLE, '[rules]\nrl_topology_gpus = "warning"\nloopback_task_url = "off"\n');
    for (const run of [payload, train]) {
      const refused = await run(plain);
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /configs\/rl\.toml:\d+:\d+: error: topology\.gpus_for_vllm: .*\[rl_topology_gpus\]|error: topology\.gpus_for_vllm/);
      const went = await run(relaxed);
      assert.equal(went.code, 0, went.stderr);
      assert.match(went.stderr, /configs\/rl\.toml:\d+:\d+: warning: topology\.gpus_for_vllm: /);
      assert.doesNotMatch(went.stderr, /error: |task_url "http:\/\/127\.0\.0\.1:8001" points at this machine/);
      assert.match(went.stdout, /"base_model": "Qwen\/Qwen3-4B"/, "the payload is printed");
    }
  });

  test("a warning the project makes an error: payload and train refuse, naming the finding", async () => {
    const plain = project("tight-plain", TIGHTENABLE);
    const strict = project("strict", TIGHTENABLE, '[rules]\ninstruct_async_semaphore = "error"\n');
    for (const run of [payload, train]) {
      const went = await run(plain);
      assert.equal(went.code, 0, went.stderr);
      assert.match(went.stderr, /warning: .*async_semaphore_max/);
      const refused = await run(strict);
      assert.equal(refused.code, 1, refused.stderr);
      assert.match(refused.stderr, /configs\/rl\.toml:\d+:\d+: error: .*async_semaphore_max/);
      assert.equal(refused.stdout.trim(), "", "no payload");
    }
  });

  test("a task-app.toml that cannot be used is a usage error (exit 2) naming its place, for payload, train and eval --config", async () => {
    const broken = project("broken", RELAXABLE, '[rules]\nrl_topology_gpu = "warning"\n');
    writeFileSync(join(broken, "configs", "eval.toml"), '[eval]\nmodel = "m"\nseeds = [1]\n');
    const runs = [
      await payload(broken),
      await train(broken),
      await runCli(["eval", "--config", "configs/eval.toml", "--url", "http://127.0.0.1:9", "--no-trace"], broken, { ...env, ENVIRONMENT_API_KEY: "k" }),
    ];
    for (const result of runs) {
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /task-app\.toml:2:1: unknown rule "rl_topology_gpu" in \[rules\]; did you mean "rl_topology_gpus"\?/);
    }
  });
});

describe("task-app lsp applies the same severities", () => {
  let lsp: LspSession;
  before(async () => {
    lsp = await LspSession.start("task-app", dir, { debounceMs: 0, "task-app": { rules: { instruct_async_semaphore: "off", loopback_task_url: "error" } } });
  });
  after(async () => lsp?.close());

  test("the project's task-app.toml wins over the client's settings, code by code", async () => {
    const path = join(dir, "project", "configs", "rl.toml");
    const uri = lsp.open(path, CONFIG);
    const got = (await lsp.diagnosticsAt(uri, 1)).map((d) => ({ code: String(d.code), severity: d.severity === 1 ? "error" : "warning" }));
    assert.deepEqual(summary(got), ["instruct_async_semaphore:error", "rl_topology_gpus:warning"]);
  });

  test("without a task-app.toml the client's settings apply, and a settings change re-checks", async () => {
    const uri = lsp.open(join(dir, "plain", "rl.toml"), CONFIG);
    const got = (await lsp.diagnosticsAt(uri, 1)).map((d) => ({ code: String(d.code), severity: d.severity === 1 ? "error" : "warning" }));
    assert.deepEqual(summary(got), ["loopback_task_url:error", "rl_topology_gpus:error"]);
    const before = lsp.published.length;
    lsp.notify("workspace/didChangeConfiguration", { settings: { "task-app": { rules: { rl_topology_gpus: "off" } } } });
    const deadline = Date.now() + 10_000;
    while (!lsp.published.slice(before).some((p) => p.uri === uri) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const again = lsp.published.slice(before).filter((p) => p.uri === uri).at(-1)!;
    assert.deepEqual(summary(again.diagnostics.map((d) => ({ code: String(d.code), severity: d.severity === 1 ? "error" : "warning" }))), ["instruct_async_semaphore:warning", "loopback_task_url:warning"]);
  });

  test("in a task-app.toml, [rules] completes the codes not yet set and their levels; hover tells what a code checks", async () => {
    const uri = lsp.open(join(dir, "plain", "task-app.toml"), '[rules]\nloopback_task_url = "off"\n\n');
    await lsp.diagnosticsAt(uri, 1);
    const codes = (await lsp.completion(uri, { line: 2, character: 0 })).map((i) => i.label);
    assert.ok(codes.includes("instruct_async_semaphore") && codes.includes("unknown_key"), codes.join(","));
    assert.ok(!codes.includes("loopback_task_url"), "a code already set is not offered");
    const levels = (await lsp.completion(uri, { line: 1, character: 20 })).map((i) => i.label);
    assert.deepEqual(levels, ['"error"', '"warning"', '"off"']);
    const hover = await lsp.hover(uri, { line: 1, character: 3 });
    assert.match(hover, /\*\*`loopback_task_url`\*\* · warning by default · rl/);
    assert.match(hover, /CONFIG\.md#rule-loopback_task_url\)/);
  });

  test("a task-app.toml opened in the editor shows its own problems", async () => {
    const uri = lsp.open(join(dir, "project", "task-app.toml"), '[rules]\nno_such_rule = "off"\n');
    const [d] = await lsp.diagnosticsAt(uri, 1);
    assert.match(d?.message ?? "", /unknown rule "no_such_rule"/);
    assert.equal(d?.range.start.line, 1);
  });
});
