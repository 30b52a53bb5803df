/**
 * `task-app train` for SFT against a loopback backend: the JSONL is
 * validated, uploaded (multipart, purpose fine-tune) and waited for, the job
 * created with the file ids and started, then polled. Also `--examples`,
 * invalid files refused before any upload, and keys from layered env files.
 *
 * The CLI runs as a real process for the job that succeeds (exit 0 and its
 * output), the invalid JSONL (exit 1), keys from layered env files and the
 * first usage error (exit 2); the other runs call the same CLI `main` in this
 * process (test/helpers/cli-in-process.ts), with the same environment and
 * working directory.
 */
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { assertNoKey, runCliWithEnv, runCliWithEnvInProcess, startFakeBackend, type FakeBackend } from "./helpers/fake-backend.js";
import { FIXTURES, scratch, workdir } from "./helpers/payload.js";

const SYNTH_KEY = "sk_synth_train_sft_0123456789abcdef";
const row = (i: number) => JSON.stringify({ messages: [{ role: "user", content: `q${i}` }, { role: "assistant", content: `a${i}` }] });
const TRAIN = `${[1, 2, 3].map(row).join("\n")}\n\n${row(4)}\n`;
const VAL = `${row(9)}\n`;

/** A working directory holding the full SFT fixture and its two datasets. */
function sftDir(train = TRAIN): string {
  const dir = workdir({ "data/train.jsonl": train, "data/val.jsonl": VAL });
  copyFileSync(join(FIXTURES, "sft-full.toml"), join(dir, "sft.toml"));
  return dir;
}

async function withBackend(fn: (backend: FakeBackend) => Promise<void>) {
  const backend = await startFakeBackend({ apiKey: SYNTH_KEY });
  try {
    await fn(backend);
  } finally {
    await backend.close();
  }
}

describe("task-app train --type sft", () => {
  test("uploads the training and validation files, creates the job with their ids, starts it and polls it", async () => {
    await withBackend(async (backend) => {
      const cwd = sftDir();
      const r = await runCliWithEnv(["train", "--config", "sft.toml", "--backend", backend.url, "--poll-interval", "0.02"], { SYNTH_API_KEY: SYNTH_KEY }, cwd);
      assert.equal(r.code, 0, r.stderr);
      assertNoKey(r.stdout + r.stderr, [SYNTH_KEY]);
      assert.deepEqual(
        backend.requests.filter((q) => q.method === "POST").map((q) => q.path),
        ["/api/learning/files", "/api/learning/files", "/api/learning/jobs", "/api/learning/jobs/job-1/start"],
      );
      for (const request of backend.requests) assert.equal(request.headers.authorization, `Bearer ${SYNTH_KEY}`);
      assert.deepEqual(backend.files.get("file-1"), { name: "train.jsonl", type: "application/jsonl", text: TRAIN, purpose: "fine-tune" });
      assert.deepEqual(backend.files.get("file-2"), { name: "val.jsonl", type: "application/jsonl", text: VAL, purpose: "fine-tune" });
      assert.ok(backend.calls("GET", "/api/learning/files/file-1").length >= 2, "waits until the file is ready");

      const payload = await runCliWithEnvInProcess(["payload", "sft", "sft.toml", "--backend", backend.url], {}, cwd);
      assert.equal(payload.code, 0, payload.stderr);
      const expected = JSON.parse(payload.stdout);
      expected.training_file_id = "file-1";
      expected.metadata.effective_config.data.validation_files = ["file-2"];
      const [create] = backend.calls("POST", "/api/learning/jobs");
      assert.deepEqual(create!.body, expected, "the job body is `task-app payload`'s with the uploaded file ids");
      assert.match(create!.headers["idempotency-key"] as string, /^task-app-/);
      assert.equal(backend.jobs[0]!.started, true);

      assert.equal(r.stdout, "job-1\nft:Qwen/Qwen3-4B:job-1\n");
      assert.match(r.stderr, /sft\.toml:\d+:1: warning: hyperparameters\.weight_decay/);
      assert.match(r.stderr, /upload: uploading train\.jsonl \(4 examples\)/);
      assert.match(r.stderr, /job job-1 succeeded: fine-tuned model ft:Qwen\/Qwen3-4B:job-1/);
    });
  });

  test("--examples N uploads only the first N examples from a temporary file that is removed afterwards", async () => {
    await withBackend(async (backend) => {
      const cwd = sftDir();
      const tmp = mkdtempSync(join(scratch, "tmp-"));
      const r = await runCliWithEnvInProcess(
        ["train", "--type", "sft", "--config", "sft.toml", "--backend", backend.url, "--examples", "2", "--no-poll"],
        { SYNTH_API_KEY: SYNTH_KEY, TMPDIR: tmp },
        cwd,
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(backend.files.get("file-1")!.text, `${row(1)}\n${row(2)}\n`);
      assert.deepEqual(readdirSync(tmp).filter((f) => f.startsWith("task-app-train-")), [], "the temporary copy is gone");
      assert.equal(r.stdout, "job-1\n");
    });
  });

  test("--type sft on an RL config names the mismatch (detected first, as payload does) instead of the SFT schema's errors: exit 2", async () => {
    await withBackend(async (backend) => {
      const r = await runCliWithEnvInProcess(["train", "--type", "sft", "--config", join(FIXTURES, "rl-model.toml"), "--backend", backend.url], { SYNTH_API_KEY: SYNTH_KEY });
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /rl-model\.toml is an RL config \(algorithm\.\w+ = "\w+"\), not an SFT one: pass --type rl, or leave --type out/);
      assert.doesNotMatch(r.stderr, /: error: /, "no schema errors of the wrong kind");
      assert.deepEqual(backend.requests, []);
      const reverse = await runCliWithEnvInProcess(["train", "--type", "rl", "--config", join(sftDir(), "sft.toml"), "--backend", backend.url], { SYNTH_API_KEY: SYNTH_KEY });
      assert.equal(reverse.code, 2, reverse.stderr);
      assert.match(reverse.stderr, /sft\.toml is an SFT config \(.*\), not an RL one: pass --type sft/);
    });
  });

  test("an invalid JSONL is refused before any upload, with validate-jsonl's errors", async () => {
    await withBackend(async (backend) => {
      const cwd = sftDir(`${row(1)}\n{"messages": []}\nnot json\n`);
      const r = await runCliWithEnv(["train", "--config", "sft.toml", "--backend", backend.url], { SYNTH_API_KEY: SYNTH_KEY }, cwd);
      assert.equal(r.code, 1);
      const check = await runCliWithEnvInProcess(["validate-jsonl", join(cwd, "data/train.jsonl")], {}, cwd);
      const errors = check.stdout.split("\n").filter((l) => l.includes(": error: "));
      assert.equal(errors.length, 2);
      for (const line of errors) assert.ok(r.stderr.includes(line), `missing ${line} in\n${r.stderr}`);
      assert.match(r.stderr, /the training file is not valid; nothing was uploaded/);
      assert.deepEqual(backend.requests, []);
    });
  });

  test("keys come from layered env files, later files winning; a missing key names the variable and where it was looked for", async () => {
    await withBackend(async (backend) => {
      const cwd = sftDir();
      writeFileSync(join(cwd, "base.env"), "SYNTH_API_KEY=sk_stale_key_from_base_file_000\n");
      writeFileSync(join(cwd, "local.env"), `SYNTH_API_KEY=${SYNTH_KEY}\n`);
      const argv = ["train", "--config", "sft.toml", "--backend", backend.url, "--no-poll"];
      const r = await runCliWithEnv([...argv, "--env-file", "base.env", "--env-file", "local.env"], {}, cwd);
      assert.equal(r.code, 0, r.stderr);
      assertNoKey(r.stdout + r.stderr, [SYNTH_KEY, "sk_stale_key_from_base_file_000"]);

      writeFileSync(join(cwd, "empty.env"), "OTHER=1\n");
      const missing = await runCliWithEnvInProcess([...argv, "--env-file", "empty.env"], {}, cwd);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, new RegExp(`SYNTH_API_KEY is not set \\(the backend key jobs are submitted with\\); looked in the environment and ${join(cwd, "empty.env").replace(/[/.]/g, "\\$&")}`));
    });
  });

  test("./.env is read when no --env-file is given", async () => {
    await withBackend(async (backend) => {
      const cwd = sftDir();
      writeFileSync(join(cwd, ".env"), `SYNTH_API_KEY=${SYNTH_KEY}\n`);
      const r = await runCliWithEnvInProcess(["train", "--config", "sft.toml", "--backend", backend.url, "--no-poll"], {}, cwd);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(backend.jobs.length, 1);
    });
  });

  test("--dry-run validates the JSONL and prints the payload; nothing is uploaded and no key is needed", async () => {
    await withBackend(async (backend) => {
      const cwd = sftDir();
      const r = await runCliWithEnvInProcess(["train", "--config", "sft.toml", "--backend", backend.url, "--dry-run"], {}, cwd);
      assert.equal(r.code, 0, r.stderr);
      const payload = await runCliWithEnvInProcess(["payload", "sft", "sft.toml", "--backend", backend.url], {}, cwd);
      assert.equal(r.stdout, payload.stdout);
      assert.deepEqual(backend.requests, []);
      const bad = sftDir("not json\n");
      const refused = await runCliWithEnvInProcess(["train", "--config", "sft.toml", "--dry-run"], {}, bad);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /^[^\n]*train\.jsonl:1:1: error: invalid JSON \(Unexpected token .o.\)$/m);
      assert.equal(refused.stdout, "");
    });
  });

  test("usage errors exit 2", async () => {
    const cwd = sftDir();
    for (const [i, [argv, message]] of ([
      [["--type", "sft", "--task-url", "http://x"], /--task-url and --model apply only to rl jobs/],
      [["--examples", "0"], /--examples must be a positive integer/],
      [["--skip-health"], /--skip-health applies only with --dry-run/],
    ] as const).entries()) {
      const r = await (i === 0 ? runCliWithEnv : runCliWithEnvInProcess)(["train", "--config", "sft.toml", ...argv], {}, cwd);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, message);
    }
  });
});
