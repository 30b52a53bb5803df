/**
 * One URL redactor for everything printed or written: the eval resume hint
 * names the variable, never the key; the run directory holds no password of
 * `--trace-db` (a real PostgreSQL server) or of `--url user:pass@`, and its
 * files are 0600; train and jobs print no credentials of `--backend` or
 * `--task-url` (text and --json); a password holding `/` is redacted by
 * `traces ls --db postgres://…`.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { redactUrlCredentials } from "../src/server/secrets.js";
import { serve, type ServingTaskApp } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { runCliWithEnv, startFakeBackend } from "./helpers/fake-backend.js";
import { closedPort, sendJson, startLoopback } from "./helpers/loopback.js";
import { FIXTURES } from "./helpers/payload.js";
import { startPostgres, type PostgresServer } from "./helpers/postgres.js";

const KEY = "sk_env_q7x2m9_0123456789abcdef";
const SYNTH_KEY = "sk_synth_w4k8z1_fedcba9876543210";
const scratch = await mkdtemp(join(tmpdir(), "task-app-redaction-"));
after(() => rm(scratch, { recursive: true, force: true }));

/** Fails when `text` holds any of `secrets`. */
function assertHidden(text: string, secrets: readonly string[], where: string): void {
  for (const secret of secrets) assert.ok(!text.includes(secret), `${where} holds ${JSON.stringify(secret)}:\n${text}`);
}

test("the URL redactor: userinfo (a password with / and @ too), password= and token parameters, in free text", () => {
  assert.equal(redactUrlCredentials("postgres://u:pa/ss@word@db:5432/t?sslmode=require"), "postgres://u:[redacted]@db:5432/t?sslmode=require");
  assert.equal(redactUrlCredentials('x "libsql://h/db?authToken=abc&password=p/w#access_token=t" y'), 'x "libsql://h/db?authToken=[redacted]&password=[redacted]#access_token=[redacted]" y');
  assert.equal(redactUrlCredentials("at http://user:pass@10.0.0.1:8001, then"), "at http://user:[redacted]@10.0.0.1:8001, then");
  assert.equal(redactUrlCredentials("plain text and file:///tmp/a.db"), "plain text and file:///tmp/a.db");
});

describe("eval", () => {
  let pg: PostgresServer;
  before(async () => {
    pg = await startPostgres();
  });
  after(() => (pg.ok ? pg.stop() : undefined));

  test("Ctrl-C: the resume hint names ENVIRONMENT_API_KEY, not the key; the run directory holds no password and is 0600", { timeout: 120_000 }, async (t) => {
    if (!pg.ok) return t.skip(pg.reason);
    const pgPassword = new URL(pg.url).password;
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    const app = await startLoopback(async (req, res) => {
      if (req.path === "/health") return sendJson(res, 200, { healthy: true });
      arrived();
      await hold;
      sendJson(res, 500, { detail: { error: { code: "rollout_failed", message: "no" } } });
    });
    try {
      const runDir = join(scratch, "run");
      const url = app.url.replace("http://", "http://evaluser:url-pass-secret@");
      const argv = ["eval", "--url", url, "--api-key", KEY, "--model", "scripted", "--seeds", "1-5", "--concurrency", "1", "--trace-db", pg.url, "--run-dir", runDir];
      const r = await runCliWithEnv(argv, {}, scratch, (child) => {
        void first.then(() => {
          child.kill("SIGINT");
          setTimeout(release, 300);
        });
      });
      assert.equal(r.code, 130, r.stderr);
      const output = r.stdout + r.stderr;
      assertHidden(output, [KEY, KEY.slice(0, 6), KEY.slice(-6), "url-pass-secret", pgPassword], "the output");
      assert.match(r.stderr, /Resume with:\n {2}task-app eval --url 'http:\/\/evaluser:\[redacted\]@127\.0\.0\.1:\d+' --model scripted .* --resume\n\(the key given with --api-key is left out: set ENVIRONMENT_API_KEY to it \(or pass --api-key again\) before resuming\)/);
      for (const name of await readdir(runDir)) {
        const path = join(runDir, name);
        assertHidden(await readFile(path, "utf8"), [KEY, "url-pass-secret", pgPassword], path);
        assert.equal((await stat(path)).mode & 0o777, 0o600, `${path} is 0600`);
      }
      const config = JSON.parse(await readFile(join(runDir, "config.json"), "utf8"));
      assert.match(config.traceDb, /^postgres:\/\/[^:]+:\[redacted\]@127\.0\.0\.1:\d+\//);
    } finally {
      release();
      await app.close();
    }
  });
});

describe("train and jobs", () => {
  let task: ServingTaskApp;
  before(async () => {
    task = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  });
  after(() => task.close());

  test("credentials in --backend and --task-url are never printed, in text or --json", { timeout: 60_000 }, async () => {
    const backend = await startFakeBackend({ apiKey: SYNTH_KEY });
    try {
      const taskUrl = task.url.replace("http://", "http://taskuser:task-pass-secret@");
      const backendUrl = backend.url.replace("http://", "http://backuser:backend-pass-secret@");
      for (const extra of [["--dry-run"], ["--dry-run", "--json"], ["--no-poll"], ["--no-poll", "--json"]]) {
        const r = await runCliWithEnv(
          ["train", "--type", "rl", "--config", join(FIXTURES, "rl-model.toml"), "--backend", backendUrl, "--task-url", `${taskUrl}?token=tok-secret-value`, ...extra],
          { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: KEY },
        );
        assertHidden(r.stdout + r.stderr, ["task-pass-secret", "backend-pass-secret", "tok-secret-value", KEY, SYNTH_KEY], `train ${extra.join(" ")}`);
        assert.ok(/taskuser:\[redacted\]@|backuser:\[redacted\]@/.test(r.stdout + r.stderr), `train ${extra.join(" ")} shows the URL, redacted:\n${r.stdout}${r.stderr}`);
      }
      const jobs = await runCliWithEnv(["jobs", "status", "job-404", "--type", "rl", "--backend", backendUrl], { SYNTH_API_KEY: SYNTH_KEY });
      assertHidden(jobs.stdout + jobs.stderr, ["backend-pass-secret", SYNTH_KEY], "jobs status");
    } finally {
      await backend.close();
    }
  });
});

test("traces ls --db postgres://user:pa/ss@…: the password is redacted even with a / in it", async () => {
  const port = await closedPort();
  const r = await runCliWithEnv(["traces", "ls", "--db", `postgres://tuser:pa/ss-secret@127.0.0.1:${port}/traces`], {});
  assert.equal(r.code, 1);
  assertHidden(r.stdout + r.stderr, ["pa/ss-secret", "ss-secret"], "traces ls");
  assert.match(r.stderr, /task-app traces: /);
});
