/**
 * `task-app payload` end to end: what it prints for RL and SFT configs, where
 * warnings and errors go, its exit codes, usage errors and --allow-unknown.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { buildRLPayload } from "../src/payload/index.js";
import { FIXTURES, LINE, load, workdir } from "./helpers/payload.js";
import { runCli } from "./helpers/run-cli.js";

const rlModel = await load(join(FIXTURES, "rl-model.toml"), "rl");

describe("task-app payload", () => {
  /** Runs the CLI with TASK_APP_URL/BACKEND_BASE_URL set as given (and unset otherwise). */
  async function run(argv: string[], env: Record<string, string> = {}, cwd?: string) {
    const keys = ["TASK_APP_URL", "BACKEND_BASE_URL"];
    const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
    for (const k of keys) delete process.env[k];
    Object.assign(process.env, env);
    try {
      return await runCli(["payload", ...argv], cwd);
    } finally {
      for (const k of keys) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  }

  test("prints the RL payload as pretty JSON, identical to the library's", async () => {
    const r = await run(["rl", join(FIXTURES, "rl-model.toml"), "--task-url", "https://flag.example/", "--backend", "https://b.example"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, "");
    const expected = buildRLPayload(rlModel, { taskUrl: "https://flag.example/", backend: "https://b.example", env: {} }).payload;
    assert.equal(r.stdout, `${JSON.stringify(expected, null, 2)}\n`);
  });

  test("reads TASK_APP_URL from the environment; --model replaces the base", async () => {
    const r = await run(["rl", join(FIXTURES, "rl-policy.toml"), "--model", "ft:Qwen/Qwen3-4B:x"], { TASK_APP_URL: "https://env.example" });
    assert.equal(r.code, 0, r.stderr);
    const payload = JSON.parse(r.stdout);
    assert.equal(payload.data.endpoint_base_url, "https://env.example");
    assert.equal(payload.data.model, "ft:Qwen/Qwen3-4B:x");
    assert.equal(payload.data.base_model, undefined);
  });

  test("prints the SFT payload, resolving the dataset against the working directory; warnings go to stderr", async () => {
    const cwd = workdir({ "data/train.jsonl": LINE });
    const r = await run(["sft", join(FIXTURES, "sft-full.toml")], {}, cwd);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hyperparameters.n_epochs, 3);
    assert.match(r.stderr, /test\/fixtures\/payload\/sft-full\.toml:41:1: warning: hyperparameters\.weight_decay: /);
    assert.match(r.stderr, /task-app: warning: validation dataset .*data\/val\.jsonl not found/);
  });

  test("an invalid config: findings on stderr, nothing on stdout, exit 1", async () => {
    const dir = workdir({ "bad.toml": '[algorithm]\ntype = "online"\nmethod = "policy_gradient"\nvariety = "gspo"\n\n[services]\ntask_url = 42\n' });
    const r = await run(["rl", join(dir, "bad.toml")]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /bad\.toml:7:1\d?: error: services\.task_url: /);
  });

  test("a payload error is one clear line with no stack trace, exit 1", async () => {
    const cwd = workdir();
    const r = await run(["sft", join(FIXTURES, "sft-minimal.toml")], {}, cwd);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, `task-app: cannot build the sft payload: dataset not found: ${join(cwd, "train.jsonl")} (from job.data_path "train.jsonl"; relative paths resolve against the working directory ${cwd})\n`);
  });

  test("an option for the other job kind is a usage error, exit 2", async () => {
    const r = await run(["rl", join(FIXTURES, "rl-model.toml"), "--dataset", "x.jsonl"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--dataset applies only to sft payloads/);
    const s = await run(["sft", join(FIXTURES, "sft-minimal.toml"), "--task-url", "https://a.example", "--model", "m"]);
    assert.equal(s.code, 2);
    assert.match(s.stderr, /--task-url, --model apply only to rl payloads/);
  });

  test("an unknown kind is a usage error, exit 2", async () => {
    const r = await run(["ppo", join(FIXTURES, "rl-model.toml")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^task-app: <kind> "ppo" is not a choice: give one of "rl", "sft"$/m);
  });

  test("--help shows the options and an example", async () => {
    const r = await run(["--help"]);
    assert.equal(r.code, 0);
    for (const text of ["--task-url", "--model", "--backend", "--dataset", "--allow-unknown", "task-app payload rl configs/rl.toml --task-url"]) assert.ok(r.stdout.includes(text), `help lacks ${text}`);
  });

  test("--allow-unknown passes unknown keys into data.config", async () => {
    const dir = workdir({ "extra.toml": `${(await import("node:fs")).readFileSync(join(FIXTURES, "rl-model.toml"), "utf8")}\n[checkpoint]\nevery = 5\n` });
    const strict = await run(["rl", join(dir, "extra.toml")]);
    assert.equal(strict.code, 1);
    const loose = await run(["rl", join(dir, "extra.toml"), "--allow-unknown"]);
    assert.equal(loose.code, 0, loose.stderr);
    assert.deepEqual(JSON.parse(loose.stdout).data.config.checkpoint, { every: 5 });
  });
});

describe("task-app payload on the wrong kind of config", () => {
  test("payload rl on an SFT config says so and names the right command; and the reverse", async () => {
    const sft = join(FIXTURES, "sft-full.toml");
    const rl = join(FIXTURES, "rl-model.toml");
    const toRl = await runCli(["payload", "rl", sft]);
    assert.deepEqual([toRl.code, toRl.stdout], [2, ""]);
    assert.equal(toRl.stderr, `task-app: ${sft} is an SFT config (algorithm.method = "sft"), not an RL one: run \`task-app payload sft ${sft}\`\n`);
    const toSft = await runCli(["payload", "sft", rl]);
    assert.deepEqual([toSft.code, toSft.stdout], [2, ""]);
    assert.equal(toSft.stderr, `task-app: ${rl} is an RL config (algorithm.method = "policy_gradient"), not an SFT one: run \`task-app payload rl ${rl}\`\n`);
  });

  test("--model says that data.config keeps the file's model table", async () => {
    const r = await runCli(["payload", "rl", join(FIXTURES, "rl-model.toml"), "--task-url", "https://t.example", "--model", "ft:Qwen/Qwen3-4B:x"]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).data.model, "ft:Qwen/Qwen3-4B:x");
    assert.match(r.stderr, /^task-app: note: --model sets the job's model \(data\.model\) and clears data\.base_model; data\.config keeps the file's \[model\] \/ \[policy\] table as written, as synth-ai does$/m);
  });
});
