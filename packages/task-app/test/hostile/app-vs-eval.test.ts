/**
 * A hostile task app against `task-app eval`, in real processes over real
 * sockets: a redirect to another origin, an endless body (rollout and
 * health), control characters and a key in its error text, a /health that
 * accepts the connection and never answers. eval must keep its key at home,
 * never buffer without bound, print nothing a terminal acts on, and always
 * end with a failure line or a clear message.
 */
import assert from "node:assert/strict";
import type { ServerResponse } from "node:http";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { assertNoKey, runCliWithEnv } from "../helpers/fake-backend.js";
import { sendJson, startLoopback, type LoopbackServer, type SeenRequest } from "../helpers/loopback.js";

const KEY = "sk_env_hostile_app_0123456789abcdef";
const HOSTILE = "boom\x1b[2J\x1b]0;pwned\x07\r\nseed 9 #0 ok return=1.000";
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;
const scratch = await mkdtemp(join(tmpdir(), "task-app-hostile-app-"));
after(() => rm(scratch, { recursive: true, force: true }));
let n = 0;

let elsewhere: LoopbackServer;
before(async () => {
  elsewhere = await startLoopback((_req, res) => sendJson(res, 200, { healthy: true }), "127.0.0.2");
});
after(() => elsewhere.close());

/** Streams 64 KiB chunks until the client goes away. */
function endless(res: ServerResponse, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  const chunk = Buffer.alloc(64 * 1024, "a");
  res.write('{"x":"');
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  res.on("error", () => undefined);
  pump();
}

/** A hostile app: /health answers 200 unless `health` says otherwise, /rollout as `rollout` says. */
async function hostileApp(handlers: { health?: (req: SeenRequest, res: ServerResponse) => void; rollout: (req: SeenRequest, res: ServerResponse) => void }) {
  return startLoopback((req, res) => {
    if (req.path === "/health") return (handlers.health ?? ((_r, s) => sendJson(s, 200, { healthy: true })))(req, res);
    if (req.path === "/rollout") return handlers.rollout(req, res);
    sendJson(res, 404, {});
  });
}

async function evalAgainst(app: LoopbackServer, extra: string[] = []) {
  const runDir = join(scratch, `run${++n}`);
  const r = await runCliWithEnv(["eval", "--url", app.url, "--model", "scripted", "--seeds", "1", "--no-trace", "--retries", "0", "--timeout", "20", "--run-dir", runDir, ...extra], { ENVIRONMENT_API_KEY: KEY });
  assertNoKey(r.stdout + r.stderr, [KEY]);
  assert.ok(!/RangeError|Invalid string length|\n\s+at /.test(r.stderr), `no crash:\n${r.stderr.slice(0, 2000)}`);
  const failures = async () =>
    (await readFile(join(runDir, "results.failures.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { ...r, failures };
}

test("a /health redirect to another origin: the key is not sent there", async () => {
  const app = await hostileApp({
    health: (req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}${req.path}`, "content-length": 0 });
      res.end();
    },
    rollout: (_r, res) => sendJson(res, 500, {}),
  });
  try {
    const r = await evalAgainst(app);
    assert.equal(elsewhere.seen.length, 0);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /refused a 302 redirect/);
  } finally {
    await app.close();
  }
});

test("an endless rollout answer: capped at the server's maxBodyBytes (64 MiB) by default, failed as response_too_large", { timeout: 120_000 }, async () => {
  const app = await hostileApp({ rollout: (_r, res) => endless(res) });
  try {
    const r = await evalAgainst(app);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /seed 1 #0 FAILED response_too_large: the answer is larger than 67108864 bytes/);
    const [failure] = await r.failures();
    assert.equal(failure!.cause, "response_too_large");
  } finally {
    await app.close();
  }
});

test("--max-response-bytes lowers the cap; an endless /health answer is refused with a clear message", { timeout: 60_000 }, async () => {
  const app = await hostileApp({ health: (_r, res) => endless(res), rollout: (_r, res) => sendJson(res, 500, {}) });
  try {
    const r = await evalAgainst(app, ["--max-response-bytes", "100000"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /GET \/health -> 200 \(response body exceeds the 100000-byte limit; reading stopped\)/);
  } finally {
    await app.close();
  }
});

test("control characters and the key in the app's error text: escaped and redacted, error_id and message kept in the line and the failures file", async () => {
  const app = await hostileApp({
    rollout: (_r, res) => sendJson(res, 500, { detail: { error: { code: "rollout_failed", message: `${HOSTILE} key=${KEY}`, error_id: "err-7f3a" } } }),
  });
  try {
    const r = await evalAgainst(app);
    assert.equal(r.code, 1);
    assert.ok(!RAW_CONTROL.test(r.stdout), JSON.stringify(r.stdout));
    assert.ok(!/^seed 9 #0 ok/m.test(r.stdout), "no forged result line");
    assert.match(r.stdout, /seed 1 #0 FAILED http_500: rollout_failed: boom\\x1b\[2J\\x1b\]0;pwned\\x07\\r\\nseed 9 #0 ok return=1\.000 key=\[redacted\] \(error_id err-7f3a\)/);
    const [failure] = await r.failures();
    assert.equal(failure!.error_id, "err-7f3a");
    assert.equal(failure!.error, `rollout_failed: ${HOSTILE} key=[redacted] (error_id err-7f3a)`);
  } finally {
    await app.close();
  }
});

test("a /health that accepts and never answers: eval ends, saying nothing answered", { timeout: 60_000 }, async () => {
  const app = await hostileApp({ health: () => undefined, rollout: (_r, res) => sendJson(res, 500, {}) });
  try {
    const r = await evalAgainst(app);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /task-app eval: nothing answered at http:\/\/127\.0\.0\.1:\d+ \(no answer within 5s\); is the task app running there\?/);
  } finally {
    await app.close();
  }
});
