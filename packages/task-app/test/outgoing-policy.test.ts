/**
 * One outgoing-request policy for every request that carries a key: a
 * redirect to another origin (127.0.0.2 here, a second loopback host) is
 * refused before anything is sent there, by eval's health probe and
 * rollouts, train's calls to the backend, `check` and the typed client.
 * The second origin records every request it gets: it must get none.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createTaskAppClient, TaskAppRedirectError } from "../src/client/index.js";
import { serve, type ServingTaskApp } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { assertNoKey, runCliWithEnv } from "./helpers/fake-backend.js";
import { sendJson, startLoopback, type LoopbackServer } from "./helpers/loopback.js";
import { FIXTURES } from "./helpers/payload.js";

const ENV_KEY = "sk_env_policy_0123456789abcdef";
const SYNTH_KEY = "sk_synth_policy_fedcba9876543210";
const scratch = await mkdtemp(join(tmpdir(), "task-app-policy-"));
after(() => rm(scratch, { recursive: true, force: true }));
let n = 0;

/** The other origin: it answers everything 200 and records what it got. */
let elsewhere: LoopbackServer;
before(async () => {
  elsewhere = await startLoopback((_req, res) => sendJson(res, 200, { healthy: true, any_ok: true, job_id: "stolen" }), "127.0.0.2");
});
after(() => elsewhere.close());

/** A server on 127.0.0.1 that answers `path` with a redirect to the same path on the other origin, and the rest with `rest`. */
function redirecting(match: (method: string, path: string) => boolean, status: number, rest: Parameters<typeof startLoopback>[0] = (_r, res) => sendJson(res, 404, {})) {
  return startLoopback((req, res, socket) => {
    if (match(req.method, req.path)) {
      res.writeHead(status, { location: `${elsewhere.url}${req.path}`, "content-length": 0 });
      return void res.end();
    }
    return rest(req, res, socket);
  });
}

const sentElsewhere = () => elsewhere.seen.splice(0).map((r) => `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${r.body.slice(0, 80)}`);

describe("eval", () => {
  test("a /health that redirects to another origin: the key is not sent there; eval says why and exits 1", async () => {
    const app = await redirecting((_m, p) => p === "/health", 302);
    try {
      const r = await runCliWithEnv(["eval", "--url", app.url, "--model", "scripted", "--seeds", "1", "--no-trace", "--run-dir", join(scratch, `e${++n}`)], { ENVIRONMENT_API_KEY: ENV_KEY });
      assert.deepEqual(sentElsewhere(), []);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /refused a 302 redirect from http:\/\/127\.0\.0\.1:\d+ to http:\/\/127\.0\.0\.2:\d+/);
      assertNoKey(r.stdout + r.stderr, [ENV_KEY]);
    } finally {
      await app.close();
    }
  });

  test("a /rollout that answers 307 to another origin: neither key nor body goes there; the rollout fails as redirect_refused", async () => {
    const app = await redirecting((m, p) => m === "POST" && p === "/rollout", 307, (_r, res) => sendJson(res, 200, { status: "healthy" }));
    try {
      const runDir = join(scratch, `e${++n}`);
      const r = await runCliWithEnv(["eval", "--url", app.url, "--model", "scripted", "--seeds", "1", "--no-trace", "--retries", "0", "--run-dir", runDir], { ENVIRONMENT_API_KEY: ENV_KEY });
      assert.deepEqual(sentElsewhere(), []);
      assert.equal(r.code, 1, r.stderr);
      const failure = JSON.parse((await readFile(join(runDir, "results.failures.jsonl"), "utf8")).trim());
      assert.equal(failure.cause, "redirect_refused");
      assert.equal(failure.http_status, 307);
    } finally {
      await app.close();
    }
  });
});

describe("train and jobs", () => {
  let task: ServingTaskApp;
  before(async () => {
    task = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: ENV_KEY }, logLevel: "silent", handleSignals: false });
  });
  after(() => task.close());

  test("a job creation answered 307 to another origin: the payload and the key are not re-POSTed there", async () => {
    const backend = await redirecting(
      (m, p) => m === "POST" && p === "/api/rl/jobs",
      307,
      (req, res) => (req.path === "/api/rl/verify_task_app" ? sendJson(res, 200, { any_ok: true }) : sendJson(res, 404, {})),
    );
    try {
      const argv = ["train", "--type", "rl", "--config", join(FIXTURES, "rl-model.toml"), "--backend", backend.url, "--task-url", task.url, "--no-poll"];
      const r = await runCliWithEnv(argv, { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: ENV_KEY });
      assert.deepEqual(sentElsewhere(), []);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /cannot create the RL job: the backend answered refused a 307 redirect .* to http:\/\/127\.0\.0\.2:\d+/);
      assert.equal(backend.seen.filter((s) => s.path === "/api/rl/jobs").length, 1, "created once, never re-sent");
      assertNoKey(r.stdout + r.stderr, [ENV_KEY, SYNTH_KEY]);
    } finally {
      await backend.close();
    }
  });

  test("`jobs status` answered 302 to another origin: the bearer key stays home", async () => {
    const backend = await redirecting(() => true, 302);
    try {
      const r = await runCliWithEnv(["jobs", "status", "job_1", "--type", "rl", "--backend", backend.url], { SYNTH_API_KEY: SYNTH_KEY });
      assert.deepEqual(sentElsewhere(), []);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /refused a 302 redirect/);
    } finally {
      await backend.close();
    }
  });
});

test("check: a /health redirect to another origin is refused and reported, nothing is sent there", async () => {
  const app = await redirecting((_m, p) => p === "/health", 302);
  try {
    const r = await runCliWithEnv(["check", app.url], { ENVIRONMENT_API_KEY: ENV_KEY });
    assert.deepEqual(sentElsewhere(), []);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /FAIL\s+health\s+GET \/health -> 302 \(refused a 302 redirect/);
  } finally {
    await app.close();
  }
});

test("the typed client refuses a 307 to 127.0.0.2 before sending the rollout there", async () => {
  const app = await redirecting((m, p) => m === "POST" && p === "/rollout", 307);
  try {
    const client = createTaskAppClient({ baseUrl: app.url, apiKey: ENV_KEY });
    await assert.rejects(client.rollout({ run_id: "r", env: { seed: 1 }, policy: { config: {} } } as never), TaskAppRedirectError);
    assert.deepEqual(sentElsewhere(), []);
  } finally {
    await app.close();
  }
});
