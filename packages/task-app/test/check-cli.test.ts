import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { serve } from "../src/server/index.js";
import { checkTaskApp, CHECK_NAMES, formatCheckReport, type CheckReport } from "../src/check/index.js";
import { describeProbe, sendProbe } from "../src/check/http.js";
import { createMathApp } from "./fixtures/apps/math.js";
import badResponse from "./fixtures/apps/bad-response.js";
import authOff from "./fixtures/apps/auth-off.js";
import { serveSynthLike } from "./fixtures/apps/synth-like.js";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { cliArgv } from "./helpers/cli-command.js";
import { closedPort, sendJson, startLoopback } from "./helpers/loopback.js";

const KEY = "sk_env_check_0123456789abcdef";
const env = { ENVIRONMENT_API_KEY: KEY };
const failed = (r: CheckReport) => r.results.filter((x) => !x.ok).map((x) => x.name);

async function checkApp(app: ReturnType<typeof createMathApp>) {
  const running = await serve(app, { port: 0, env, logLevel: "silent", handleSignals: false });
  try {
    return await checkTaskApp({ url: running.url, apiKey: KEY });
  } finally {
    await running.close();
  }
}

test("a good app passes every check", async () => {
  const report = await checkApp(createMathApp());
  assert.deepEqual(report.results.map((r) => r.name), [...CHECK_NAMES]);
  assert.deepEqual(failed(report), [], formatCheckReport(report));
  assert.equal(report.ok, true);
  assert.match(formatCheckReport(report), /10 of 10 checks passed/);
});

test("an executor returning a bad response is caught by rollout-valid", async () => {
  const report = await checkApp(badResponse);
  assert.deepEqual(failed(report), ["rollout-valid"]);
  assert.match(report.results.find((r) => r.name === "rollout-valid")!.detail, /500/);
});

test("an app with auth off is caught by refuses-missing-key and refuses-wrong-key", async () => {
  const report = await checkApp(authOff);
  assert.deepEqual(failed(report), ["refuses-missing-key", "refuses-wrong-key"]);
});

test("a server that echoes key prefixes (synth-ai's base behaviour) is caught by no-key-leak", async () => {
  const server = await serveSynthLike(KEY, "leak");
  try {
    const report = await checkTaskApp({ url: server.url, apiKey: KEY });
    assert.deepEqual(failed(report), ["no-key-leak"], formatCheckReport(report));
    const detail = report.results.find((r) => r.name === "no-key-leak")!.detail;
    assert.match(detail, /first 15 characters/);
    assert.match(detail, /allowed_first15/);
    assert.ok(!detail.includes(KEY.slice(0, 4)), "the report itself does not repeat the key");
  } finally {
    await server.close();
  }
});

test("a server that sends invalid rollout responses on with 200 is caught by rollout-valid", async () => {
  const server = await serveSynthLike(KEY, "unvalidated");
  try {
    const report = await checkTaskApp({ url: server.url, apiKey: KEY });
    assert.deepEqual(failed(report), ["rollout-valid"]);
    assert.match(report.results.find((r) => r.name === "rollout-valid")!.detail, /metrics/);
  } finally {
    await server.close();
  }
});

test("nothing listening: stops after the first probe and says so, nothing passes", async () => {
  const port = await closedPort();
  const report = await checkTaskApp({ url: `http://127.0.0.1:${port}`, apiKey: KEY, timeoutMs: 2000 });
  assert.equal(report.ok, false);
  assert.deepEqual(report.results.map((r) => `${r.ok ? "PASS" : "FAIL"} ${r.name}`), ["FAIL health"]);
  assert.match(report.stopped ?? "", /^nothing answered at http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\); is the task app running there\?/);
  const text = formatCheckReport(report);
  assert.match(text, /0 of 10 checks passed; failed: health; not run: task-info, refuses-missing-key, .*malformed-body-4xx\n/);
  assert.match(text, /stopped early: nothing answered/);
});

for (const [label, status, body] of [
  ["401", 401, { detail: { error: { code: "unauthorised", message: "API key missing or invalid" } } }],
  ["synth-ai's 400 unauthorised", 400, { detail: { error: { code: "unauthorised", message: "API key missing or invalid" } } }],
] as const) {
  test(`a key rejected with ${label} stops the check before the unauthenticated probes, and nothing passes`, async () => {
    const app = await startLoopback((req, res) => (req.path === "/health" ? sendJson(res, 200, { healthy: true }) : sendJson(res, status, body)));
    try {
      const report = await checkTaskApp({ url: app.url, apiKey: KEY });
      assert.equal(report.ok, false);
      assert.deepEqual(report.results.map((r) => `${r.ok ? "PASS" : "FAIL"} ${r.name}`), ["PASS health", "FAIL task-info"]);
      assert.match(report.stopped ?? "", new RegExp(`the API key was rejected \\(GET /task_info -> ${status} with the key\\); pass the app's key with --api-key`));
      assert.deepEqual(app.seen.map((r) => r.path), ["/health", "/task_info"], "no further requests once the key is known to be wrong");
    } finally {
      await app.close();
    }
  });
}

test("a server answering 401 to everything does not pass no-key-leak or anything else", async () => {
  const app = await startLoopback((_req, res) => sendJson(res, 401, { detail: "no" }));
  try {
    const report = await checkTaskApp({ url: app.url, apiKey: KEY });
    assert.equal(report.ok, false);
    assert.deepEqual(report.results.filter((r) => r.ok), []);
    assert.match(report.stopped ?? "", /API key was rejected/);
  } finally {
    await app.close();
  }
});

test("an endless body is read up to the probe's cap, then the probe fails instead of the checker buffering on", { timeout: 30_000 }, async () => {
  const app = await startLoopback((req, res) => {
    if (req.path !== "/health") return sendJson(res, 200, {});
    res.writeHead(200, { "content-type": "application/json" });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", pump);
    };
    pump();
  });
  try {
    const probe = await sendProbe(app.url, "/health", { maxBytes: 1024 * 1024 });
    assert.equal(probe.status, 200);
    assert.equal(probe.error, "body over the 1048576-byte limit; reading stopped");
    assert.equal(describeProbe(probe), "GET /health -> 200 (body over the 1048576-byte limit; reading stopped)");
    assert.ok(probe.text.length <= 1024 * 1024);
    const report = await checkTaskApp({ url: app.url, apiKey: KEY });
    assert.equal(report.results.find((r) => r.name === "health")?.ok, false);
  } finally {
    await app.close();
  }
});

const cliRunner = ["--import", "tsx", "test/fixtures/apps/run-cli.ts"];

async function run(args: string[], extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...cliArgv(), ...args], { env: { ...process.env, ENVIRONMENT_API_KEY: "", ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err += d));
  const [code] = await once(child, "exit");
  return { code: code as number, out, err };
}

/** run's `task-app <args>` through the CLI's main in this process (test/helpers/cli-in-process.ts), for runs whose claim is not the process's. */
async function runHere(args: string[], extraEnv: Record<string, string> = {}) {
  const res = await runCliInProcess(args, { env: { ...process.env, ENVIRONMENT_API_KEY: "", ...extraEnv } });
  return { code: res.code, out: res.stdout, err: res.stderr };
}

// Real processes for the exit codes 0, 1 and 2 with their output; the other runs in this process.
test("task-app check prints a table and exits 0 on a good app, 1 on a broken one, 2 without a key", async () => {
  const good = await serve(createMathApp(), { port: 0, env, logLevel: "silent", handleSignals: false });
  const bad = await serve(authOff, { port: 0, env, logLevel: "silent", handleSignals: false });
  const dir = mkdtempSync(join(tmpdir(), "check-"));
  writeFileSync(join(dir, "a.env"), "ENVIRONMENT_API_KEY=wrong\n");
  writeFileSync(join(dir, "b.env"), `ENVIRONMENT_API_KEY=${KEY}\n`);
  try {
    const ok = await run(["check", good.url, "--api-key", KEY]);
    assert.equal(ok.code, 0, ok.out + ok.err);
    assert.match(ok.out, /PASS {2}rollout-valid/);
    const layered = await runHere(["check", good.url, "--env-file", join(dir, "a.env"), "--env-file", join(dir, "b.env")]);
    assert.equal(layered.code, 0, "the later env file wins");
    const broken = await run(["check", bad.url, "--api-key", KEY]);
    assert.equal(broken.code, 1);
    assert.match(broken.out, /FAIL {2}refuses-missing-key/);
    const json = await runHere(["check", bad.url, "--api-key", KEY, "--json"]);
    assert.equal(JSON.parse(json.out).ok, false);
    const noKey = await run(["check", good.url]);
    assert.equal(noKey.code, 2);
    assert.match(noKey.err, /no API key/);
    const wrongKey = await runHere(["check", good.url, "--api-key", "sk_env_not_the_key"]);
    assert.equal(wrongKey.code, 1);
    assert.match(wrongKey.out, /stopped early: the API key was rejected \(GET \/task_info -> 401 with the key\)/);
    assert.doesNotMatch(wrongKey.out, /PASS {2}no-key-leak/);
    const closed = await runHere(["check", `http://127.0.0.1:${await closedPort()}`, "--api-key", KEY]);
    assert.equal(closed.code, 1);
    assert.match(closed.out, /stopped early: nothing answered at http:\/\/127\.0\.0\.1:\d+/);
  } finally {
    await good.close();
    await bad.close();
  }
});

async function startServe(command: string[], extraEnv: Record<string, string>): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  const child = spawn(process.execPath, command, { env: { ...process.env, ENVIRONMENT_API_KEY: "", ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stderr!.on("data", (d) => (log += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      log += d;
      const m = /"url":"(http:[^"]+)"/.exec(log);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`serve exited ${code}: ${log}`)));
    // From the sources, tsx compiles the whole CLI first: on a loaded machine that took over 20 s.
    // A server that has not started is stopped (SIGTERM, which it passes on to the process it
    // starts), or it would hold this file's process open after the test failed.
    setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`serve did not start: ${log}`));
    }, 60_000).unref();
  });
  return { child, url, log: () => log };
}

// From source on one process (tsx compiles the CLI in each process it starts; test/serve-workers.test.ts
// covers --workers); from the build with the default number of workers, as a user runs it.
for (const [label, command, extra] of [
  ["from source", cliRunner, ["--workers", "1"]],
  ["from the build (bin/task-app.js, tsx registered for .ts)", ["bin/task-app.js"], []],
] as const) {
  test(`task-app serve ${label}: layered env files, a passing check, SIGTERM exits 0`, async (t) => {
    if (command[0] === "bin/task-app.js" && !existsSync("dist/cli/main.js")) return t.skip("not built (npm test builds first)");
    const dir = mkdtempSync(join(tmpdir(), "serve-"));
    writeFileSync(join(dir, "1.env"), "ENVIRONMENT_API_KEY=first\nOTHER=1\n");
    writeFileSync(join(dir, "2.env"), `ENVIRONMENT_API_KEY=${KEY}\n`);
    const { child, url, log } = await startServe(
      [...command, "serve", "test/fixtures/apps/math.ts", "--port", "0", "--env-file", join(dir, "1.env"), "--env-file", join(dir, "2.env"), ...extra],
      {},
    );
    try {
      const report = await checkTaskApp({ url, apiKey: KEY });
      assert.deepEqual(failed(report), []);
      assert.equal((await fetch(`${url}/health`, { headers: { "x-api-key": "first" } })).status, 401);
    } finally {
      child.kill("SIGTERM");
    }
    const [code] = await once(child, "exit");
    assert.equal(code, 0, log());
    assert.match(log(), /task app stopped/);
    assert.ok(!log().includes(KEY), "logs carry no key");
  });
}

test("task-app serve reports a module without an app", async () => {
  const dir = mkdtempSync(join(tmpdir(), "serve-bad-"));
  writeFileSync(join(dir, "none.mjs"), "export const nothing = 1;\n");
  // One process: test/serve-workers.test.ts covers a module failing to load under --workers 2.
  const res = await run(["serve", join(dir, "none.mjs"), "--port", "0", "--workers", "1"]);
  assert.equal(res.code, 1);
  assert.match(res.err, /exports no task app/);
});

test("task-app serve refuses an unknown --log-level", async () => {
  const res = await run(["serve", "test/fixtures/apps/math.ts", "--log-level", "loud"]);
  assert.equal(res.code, 2);
  assert.match(res.err, /--log-level must be one of/);
});
