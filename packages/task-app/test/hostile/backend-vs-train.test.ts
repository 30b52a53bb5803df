/**
 * A hostile training backend against `task-app train` and `task-app jobs`,
 * in real processes over real sockets: a 307 to another origin, a backend
 * that accepts connections and never answers, an endless body, control
 * characters in statuses and event messages. train must not send its key or
 * its payload elsewhere, must keep its deadlines, must not buffer without
 * bound, and must print nothing a terminal acts on.
 */
import assert from "node:assert/strict";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { serve, type ServingTaskApp } from "../../src/server/index.js";
import { createMathApp } from "../fixtures/apps/math.js";
import { assertNoKey, runCliWithEnv, startFakeBackend } from "../helpers/fake-backend.js";
import { sendJson, startLoopback, type LoopbackServer, type SeenRequest } from "../helpers/loopback.js";
import { FIXTURES } from "../helpers/payload.js";

const SYNTH_KEY = "sk_synth_hostile_backend_0123456789";
const ENV_KEY = "sk_env_hostile_backend_fedcba98765";
const KEYS = [SYNTH_KEY, ENV_KEY];
const HOSTILE = "step\x1b[2J\x1b]0;pwned\x07\r\njob job-1: succeeded";
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

let task: ServingTaskApp;
let elsewhere: LoopbackServer;
before(async () => {
  task = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: ENV_KEY }, logLevel: "silent", handleSignals: false });
  elsewhere = await startLoopback((_req, res) => sendJson(res, 201, { job_id: "stolen" }), "127.0.0.2");
});
after(async () => {
  await task.close();
  await elsewhere.close();
});

/** A backend that verifies the task app and creates job-1; every other request goes to `rest`. */
function backend(rest: (req: SeenRequest, res: ServerResponse) => void) {
  return startLoopback((req, res) => {
    if (req.method === "POST" && req.path === "/api/rl/verify_task_app") return sendJson(res, 200, { any_ok: true });
    if (req.method === "POST" && req.path === "/api/rl/jobs") return sendJson(res, 201, { job_id: "job-1" });
    rest(req, res);
  });
}

async function cli(argv: string[]) {
  const r = await runCliWithEnv(argv, { SYNTH_API_KEY: SYNTH_KEY, ENVIRONMENT_API_KEY: ENV_KEY });
  assertNoKey(r.stdout + r.stderr, KEYS);
  assert.ok(!/RangeError|Invalid string length|\n\s+at /.test(r.stderr), `no crash:\n${r.stderr.slice(0, 2000)}`);
  return r;
}

const train = (url: string, extra: string[]) => cli(["train", "--type", "rl", "--config", join(FIXTURES, "rl-model.toml"), "--backend", url, "--task-url", task.url, ...extra]);

/** Streams 64 KiB chunks until the client goes away. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, "a");
  res.write('{"status":"');
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  res.on("error", () => undefined);
  pump();
}

test("a 307 on job creation to another origin: the payload is not re-POSTed there", async () => {
  const b = await startLoopback((req, res) => {
    if (req.path === "/api/rl/verify_task_app") return sendJson(res, 200, { any_ok: true });
    res.writeHead(307, { location: `${elsewhere.url}${req.path}`, "content-length": 0 });
    res.end();
  });
  try {
    const r = await train(b.url, ["--no-poll"]);
    assert.equal(elsewhere.seen.length, 0);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /refused a 307 redirect/);
  } finally {
    await b.close();
  }
});

test("a backend that never answers: `jobs status --timeout 1` gives up with a clear error", { timeout: 60_000 }, async () => {
  const b = await backend(() => undefined);
  try {
    const r = await cli(["jobs", "status", "job-1", "--type", "rl", "--backend", b.url, "--timeout", "1"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /task-app jobs: cannot read job job-1: no answer from http:\/\/127\.0\.0\.1:\d+/);
  } finally {
    await b.close();
  }
});

test("job status reads that never answer: --poll-timeout bounds the whole wait", { timeout: 60_000 }, async () => {
  const b = await backend(() => undefined);
  try {
    const r = await train(b.url, ["--poll-timeout", "1", "--poll-interval", "0.1"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /task-app train: stopped waiting for job job-1 after 1 s \(last status: unknown\); the job keeps running/);
  } finally {
    await b.close();
  }
});

test("an endless body: the read stops at the cap with a clear error (jobs and train)", { timeout: 120_000 }, async () => {
  const b = await backend((_req, res) => endless(res));
  try {
    const jobs = await cli(["jobs", "status", "job-1", "--type", "rl", "--backend", b.url]);
    assert.equal(jobs.code, 1, jobs.stderr);
    assert.match(jobs.stderr, /task-app jobs: cannot read job job-1: the answer from http:\/\/127\.0\.0\.1:\d+ is larger than 67108864 bytes; reading stopped/);
    const run = await train(b.url, ["--poll-interval", "0.1", "--poll-timeout", "30"]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /larger than 67108864 bytes/);
  } finally {
    await b.close();
  }
});

test("control characters in statuses and event messages: escaped in train's progress and in jobs", { timeout: 60_000 }, async () => {
  const b = await startFakeBackend({
    apiKey: SYNTH_KEY,
    script: [
      { status: "running\x1b[31m", events: [{ type: "note\x1b]0;t\x07", message: HOSTILE }] },
      { status: "succeeded", body: { fine_tuned_model: "ft:model\x1b[2J" } },
    ],
  });
  try {
    const r = await train(b.url, ["--poll-interval", "0.05"]);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(!RAW_CONTROL.test(r.stdout + r.stderr), JSON.stringify(r.stdout + r.stderr));
    assert.match(r.stderr, /\[1\] note\\x1b\]0;t\\x07: step\\x1b\[2J\\x1b\]0;pwned\\x07\\r\\njob job-1: succeeded/);
    assert.match(r.stderr, /job job-1: running\\x1b\[31m/);
    assert.match(r.stdout, /^ft:model\\x1b\[2J$/m);
    const events = await cli(["jobs", "events", "job-1", "--type", "rl", "--backend", b.url]);
    assert.equal(events.code, 0, events.stderr);
    assert.ok(!RAW_CONTROL.test(events.stdout), JSON.stringify(events.stdout));
    assert.match(events.stdout, /\\r\\njob job-1: succeeded/);
  } finally {
    await b.close();
  }
});
