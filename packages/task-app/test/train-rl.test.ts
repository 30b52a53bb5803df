/**
 * `task-app train --type rl` against a backend and a task app on loopback:
 * the documented flow (verify, health check, create, poll), what is sent,
 * exit codes for failed and timed-out jobs, retries with one idempotency key,
 * refusing an unreachable task app and a rejected key.
 *
 * The CLI runs as a real process where the claim is the process's (exit 0 with
 * the job's output, exit 1 for a failed job, exit 2 for a usage error, exit 130
 * on Ctrl-C, `jobs list`'s table); the other runs call the same CLI `main` in
 * this process (test/helpers/cli-in-process.ts): same parsing, handler,
 * printer and loopback HTTP, without a Node start per run.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { serve, type ServingTaskApp } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { assertNoKey, runCliWithEnv, runCliWithEnvInProcess, startFakeBackend, type FakeBackend, type JobStep } from "./helpers/fake-backend.js";
import { FIXTURES, workdir } from "./helpers/payload.js";

// Random-looking like real keys: any 6 characters of a key are redacted, so a key made of words would mask them in the payload.
const SYNTH_KEY = "sk_synth_Qm7Xv2Lp9Rt4Wz8Kc3Hn6Jd";
const ENV_KEY = "sk_env_Zt5Bn8Wq2Ys6Lf9Vd3Pk";
const KEYS = [SYNTH_KEY, ENV_KEY];
const CONFIG = join(FIXTURES, "rl-model.toml");

let app: ServingTaskApp;
before(async () => {
  app = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: ENV_KEY }, logLevel: "silent", handleSignals: false });
});
after(() => app.close());

/**
 * Runs `train` against `backend` with both keys in the environment, fast polling, and checks no key shows;
 * in a real process when `real` is set, else in this one.
 */
async function train(backend: FakeBackend, extra: string[] = [], env: Record<string, string> = {}, real = false) {
  const argv = ["train", "--type", "rl", "--config", CONFIG, "--backend", backend.url, "--task-url", app.url, "--poll-interval", "0.02", ...extra];
  const result = await (real ? runCliWithEnv : runCliWithEnvInProcess)(argv, { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: ENV_KEY, ...env });
  assertNoKey(result.stdout + result.stderr, KEYS);
  return result;
}

async function withBackend(options: { script?: JobStep[]; failCreates?: number; apiKey?: string }, fn: (backend: FakeBackend) => Promise<void>) {
  const backend = await startFakeBackend({ apiKey: options.apiKey ?? SYNTH_KEY, ...options });
  try {
    await fn(backend);
  } finally {
    await backend.close();
  }
}

describe("task-app train --type rl", () => {
  test("a successful job: verify, create with the bearer key and an idempotency key, poll to the fine-tuned model", async () => {
    await withBackend({}, async (backend) => {
      const r = await train(backend, [], {}, true);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(
        backend.requests.map((q) => `${q.method} ${q.path}`).slice(0, 2),
        ["POST /api/rl/verify_task_app", "POST /api/rl/jobs"],
      );
      assert.deepEqual(backend.calls("POST", "/api/rl/verify_task_app")[0]!.body, { endpoint_base_url: app.url });
      for (const request of backend.requests) assert.equal(request.headers.authorization, `Bearer ${SYNTH_KEY}`);

      const [create] = backend.calls("POST", "/api/rl/jobs");
      const payload = await runCliWithEnvInProcess(["payload", "rl", CONFIG, "--task-url", app.url, "--backend", backend.url], {});
      assert.equal(payload.code, 0, payload.stderr);
      assert.deepEqual(create!.body, JSON.parse(payload.stdout), "the job body is what `task-app payload` prints");
      const key = create!.headers["idempotency-key"] as string;
      assert.match(key, /^task-app-[0-9a-f-]{36}$/);
      assert.match(r.stderr, new RegExp(`idempotency key: ${key} \\(generated`));

      assert.equal(r.stdout, "job-1\nft:Qwen/Qwen3-4B:job-1\n");
      assert.match(r.stderr, /health: task app healthy: GET \/health -> 200, GET \/task_info -> 200/);
      assert.match(r.stderr, /job job-1: queued\n[\s\S]*job job-1: running\n[\s\S]*job job-1: succeeded/);
      assert.match(r.stderr, /metrics step 1: mean_return=0\.25 judge\.quality=0\.5/);
      assert.match(r.stderr, /metrics step 2: mean_return=0\.75/);
      assert.equal(backend.jobs.length, 1);
    });
  });

  test("--idempotency sends the given key; --json prints one JSON event per line", async () => {
    await withBackend({}, async (backend) => {
      const r = await train(backend, ["--idempotency", "my-run-42", "--json"]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(backend.calls("POST", "/api/rl/jobs")[0]!.headers["idempotency-key"], "my-run-42");
      const events = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { type: string });
      assert.deepEqual(events.filter((e) => e.type === "idempotency_key"), [{ type: "idempotency_key", key: "my-run-42", generated: false }]);
      assert.deepEqual(events.at(-1), { type: "done", jobId: "job-1", status: "succeeded", succeeded: true, fineTunedModel: "ft:Qwen/Qwen3-4B:job-1" });
      assert.ok(events.some((e) => e.type === "metrics"));
    });
  });

  test("a job that fails: exit 1, naming the job and how to look it up", async () => {
    const script = [{ status: "running" }, { status: "failed", body: { error: "CUDA out of memory" } }];
    await withBackend({ script }, async (backend) => {
      const r = await train(backend, [], {}, true);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /task-app train: job job-1 ended failed: CUDA out of memory; follow it with `task-app jobs status job-1 --type rl`/);
    });
  });

  test("a poll timeout: exit 1, the job keeps running and the message says how to follow it", async () => {
    await withBackend({ script: [{ status: "running" }] }, async (backend) => {
      const r = await train(backend, ["--poll-timeout", "0.2"]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /stopped waiting for job job-1 after 0.2 s \(last status: running\); the job keeps running on the backend: follow it with `task-app jobs status job-1/);
    });
  });

  test("Ctrl-C while polling stops following the job, says how to pick it up again, exit 130", async () => {
    await withBackend({ script: [{ status: "running" }] }, async (backend) => {
      const argv = ["train", "--config", CONFIG, "--backend", backend.url, "--task-url", app.url, "--poll-interval", "0.05"];
      const r = await runCliWithEnv(argv, { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: ENV_KEY }, undefined, (child) => {
        child.stdout!.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("job-1")) child.kill("SIGINT");
        });
      });
      assert.equal(r.code, 130, r.stderr);
      assert.match(r.stderr, /task-app train: stopped following job job-1; it keeps running on the backend: follow it with `task-app jobs status job-1 --type rl`/);
      assertNoKey(r.stdout + r.stderr, KEYS);
    });
  });

  test("a 5xx on create is retried with the same idempotency key and makes one job", async () => {
    await withBackend({ failCreates: 2 }, async (backend) => {
      const r = await train(backend);
      assert.equal(r.code, 0, r.stderr);
      const creates = backend.calls("POST", "/api/rl/jobs");
      assert.equal(creates.length, 3);
      assert.equal(new Set(creates.map((c) => c.headers["idempotency-key"])).size, 1);
      assert.equal(backend.jobs.length, 1);
    });
  });

  test("--model gets the config's model checks: an id the TOML would be refused for is refused, with the same rule's words, and nothing is submitted", async () => {
    await withBackend({}, async (backend) => {
      const r = await train(backend, ["--model", "Qwen/Qwen3-32B"]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /--model Qwen\/Qwen3-32B: Qwen\/Qwen3-32B does not support RL training \(synth-ai's catalog lists it for sft only\) \[rl_supported_model\]/);
      assert.match(r.stderr, /nothing was submitted/);
      assert.deepEqual(backend.requests, [], "no request reached the backend");
      const dir = workdir({ "rl.toml": readFileSync(CONFIG, "utf8").replace('base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-32B"') });
      const inFile = await runCliWithEnvInProcess(["validate", join(dir, "rl.toml")], {});
      assert.equal(inFile.code, 1);
      assert.match(inFile.stdout + inFile.stderr, /Qwen\/Qwen3-32B does not support RL training \(synth-ai's catalog lists it for sft only\)/, "the same rule refuses it in the TOML");
    });
  });

  test("jobs list and jobs cancel against the backend: the list as a table (or NDJSON), a cancel the job then reads as", async () => {
    await withBackend({}, async (backend) => {
      // Two jobs on the backend, created over its API (`train --no-poll` creating one is the test below).
      for (let i = 0; i < 2; i++) {
        const created = await fetch(`${backend.url}/api/rl/jobs`, { method: "POST", headers: { authorization: `Bearer ${SYNTH_KEY}`, "content-type": "application/json" }, body: JSON.stringify({ model: "Qwen/Qwen3-4B" }) });
        assert.equal(created.status, 201);
      }
      const env = { SYNTH_API_KEY: SYNTH_KEY };
      const list = await runCliWithEnv(["jobs", "list", "--type", "rl", "--backend", backend.url], env);
      assert.equal(list.code, 0, list.stderr);
      assert.match(list.stdout, /^JOB +KIND +STATUS +MODEL +CREATED\njob-2 +RL +queued +Qwen\/Qwen3-4B +2026-11-25T00:00:00Z\njob-1 +RL +queued /);
      assert.equal(backend.calls("GET", "/api/rl/jobs")[0]!.headers.authorization, `Bearer ${SYNTH_KEY}`);

      const cancel = await runCliWithEnvInProcess(["jobs", "cancel", "job-1", "--backend", backend.url], env);
      assert.equal(cancel.code, 0, cancel.stderr);
      assert.match(cancel.stdout, /RL job job-1: cancel requested \(status cancelled\)/);
      assert.deepEqual(backend.calls("POST", "/api/rl/jobs/job-1/cancel").map((c) => c.body), [{}]);
      const status = await runCliWithEnvInProcess(["jobs", "status", "job-1", "--backend", backend.url], env);
      assert.match(status.stdout, /RL job job-1: cancelled/);

      const json = await runCliWithEnvInProcess(["jobs", "list", "--status", "cancelled", "--json", "--backend", backend.url], env);
      assert.equal(json.code, 0, json.stderr);
      assert.deepEqual(json.stdout.trim().split("\n").map((l) => JSON.parse(l)), [{ id: "job-1", kind: "rl", status: "cancelled", model: "Qwen/Qwen3-4B", createdAt: "2026-11-25T00:00:00Z" }]);
      assert.deepEqual(backend.calls("GET", "/api/learning/jobs").length, 1, "without --type both kinds are listed");

      const missing = await runCliWithEnvInProcess(["jobs", "cancel", "job-404", "--type", "rl", "--backend", backend.url], env);
      assert.equal(missing.code, 1);
      const usage = await runCliWithEnvInProcess(["jobs", "cancel", "--backend", backend.url], env);
      assert.equal(usage.code, 2);
      assert.match(usage.stderr, /cancel needs a job id/);
      assertNoKey(list.stdout + list.stderr + cancel.stdout + cancel.stderr + json.stdout, KEYS);
    });
  });

  test("an unreachable task app is refused before anything is submitted", async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    await withBackend({}, async (backend) => {
      const r = await runCliWithEnvInProcess(
        ["train", "--type", "rl", "--config", CONFIG, "--backend", backend.url, "--task-url", `http://127.0.0.1:${closed}`],
        { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: ENV_KEY },
      );
      assert.equal(r.code, 1);
      assert.match(r.stderr, /could not reach the task app at http:\/\/127\.0\.0\.1:\d+ .*Nothing was submitted/);
      assert.deepEqual(backend.calls("POST", "/api/rl/jobs"), []);
    });
  });

  test("a task app that refuses ENVIRONMENT_API_KEY fails the health check; nothing is submitted", async () => {
    await withBackend({}, async (backend) => {
      const r = await train(backend, [], { ENVIRONMENT_API_KEY: "sk_env_wrong_key_000000000000" });
      assert.equal(r.code, 1);
      assert.match(r.stderr, /task app health check failed: GET \/health -> 40[01] \(the app refused ENVIRONMENT_API_KEY\)/);
      assertNoKey(r.stderr, ["sk_env_wrong_key_000000000000"]);
      assert.deepEqual(backend.calls("POST", "/api/rl/jobs"), []);
    });
  });

  test("a rejected key (401) is reported without echoing any key", async () => {
    await withBackend({ apiKey: "sk_the_backend_expects_another" }, async (backend) => {
      const r = await train(backend);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /the backend refused SYNTH_API_KEY \(HTTP 401: Invalid API key: \[redacted\]\.\.\.\)/);
      assert.deepEqual(backend.jobs, []);
    });
  });

  test("--no-poll prints the job id and exits; `jobs status` and `jobs events` look it up later", async () => {
    await withBackend({}, async (backend) => {
      const r = await train(backend, ["--no-poll"]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, "job-1\n");
      assert.equal(backend.calls("GET", /^\/api\/rl\/jobs\//).length, 0);
      const env = { SYNTH_API_KEY: SYNTH_KEY };
      const status = await runCliWithEnvInProcess(["jobs", "status", "job-1", "--backend", backend.url], env);
      assert.equal(status.code, 0, status.stderr);
      assert.equal(status.stdout, "RL job job-1: queued\n");
      const events = await runCliWithEnvInProcess(["jobs", "events", "job-1", "--backend", backend.url, "--type", "rl"], env);
      assert.equal(events.code, 0, events.stderr);
      assert.equal(events.stdout, "[1] job.queued: waiting for GPUs\n");
      const missing = await runCliWithEnvInProcess(["jobs", "status", "job-9", "--backend", backend.url], env);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /HTTP 404/);
    });
  });

  test("--dry-run health-checks and prints the payload without calling the backend; no SYNTH_API_KEY needed", async () => {
    await withBackend({}, async (backend) => {
      const r = await runCliWithEnvInProcess(
        ["train", "--config", CONFIG, "--backend", backend.url, "--task-url", app.url, "--dry-run"],
        { ENVIRONMENT_API_KEY: ENV_KEY },
      );
      assert.equal(r.code, 0, r.stderr);
      const payload = await runCliWithEnvInProcess(["payload", "rl", CONFIG, "--task-url", app.url, "--backend", backend.url], {});
      assert.equal(r.stdout, payload.stdout);
      assert.match(r.stderr, /config: .*valid rl config/);
      assert.deepEqual(backend.requests, []);
    });
  });

  test("an experimental model needs --allow-experimental (or SDK_EXPERIMENTAL=1), as synth-ai's ensure_allowed_model gates it", async () => {
    const dir = workdir();
    const config = join(dir, "rl.toml");
    writeFileSync(config, readFileSync(CONFIG, "utf8").replace('base = "Qwen/Qwen3-4B"', 'base = "Qwen/Qwen3-4B-Thinking-2507"'));
    const argv = ["train", "--config", config, "--task-url", "http://127.0.0.1:9", "--dry-run", "--skip-health"];
    const refused = await runCliWithEnvInProcess(argv, {});
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /rl\.toml:\d+:\d+: warning: model\.base: Qwen\/Qwen3-4B-Thinking-2507 is experimental[\s\S]*pass --allow-experimental/);
    assert.equal(refused.stdout, "");
    for (const [extra, env] of [[["--allow-experimental"], {}], [[], { SDK_EXPERIMENTAL: "1" }]] as const) {
      const r = await runCliWithEnvInProcess([...argv, ...extra], env);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(JSON.parse(r.stdout).data.base_model, "Qwen/Qwen3-4B-Thinking-2507");
    }
  });

  test("a model the catalog does not know is refused, as synth-ai refuses it; --allow-unknown-models submits it with a warning", async () => {
    const dir = workdir();
    const config = join(dir, "rl.toml");
    writeFileSync(config, readFileSync(CONFIG, "utf8").replace('base = "Qwen/Qwen3-4B"', 'base = "org/NewModel-7B"'));
    const argv = ["train", "--config", config, "--task-url", "http://127.0.0.1:9", "--dry-run", "--skip-health"];
    const refused = await runCliWithEnvInProcess(argv, {});
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /error: model\.base: org\/NewModel-7B is not in synth-ai's model catalog .*--allow-unknown-models/);
    assert.equal(refused.stdout, "");
    const r = await runCliWithEnvInProcess([...argv, "--allow-unknown-models"], {});
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /warning: model\.base: org\/NewModel-7B is not in synth-ai's model catalog/);
    assert.equal(JSON.parse(r.stdout).data.base_model, "org/NewModel-7B");
  });

  test("an SFT option with a config detected as RL is a usage error, exit 2", async () => {
    const r = await runCliWithEnv(["train", "--config", CONFIG, "--dataset", "x.jsonl", "--dry-run"], {});
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--dataset applies only to sft jobs, and .*rl-model\.toml is an rl config/);
  });

  test("--dry-run --skip-health prints the payload for an unreachable task app, with a warning", async () => {
    const r = await runCliWithEnvInProcess(["train", "--config", CONFIG, "--task-url", "http://127.0.0.1:9", "--dry-run", "--skip-health"], {});
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).data.endpoint_base_url, "http://127.0.0.1:9");
    assert.match(r.stderr, /warning: health check skipped \(--skip-health\)/);
  });
});
