/**
 * `task-app serve` of a declared environment with the OpenEnv options as an
 * operator types them: --max-sessions bounds the WebSocket sessions,
 * --openenv-no-key opens /openenv alone to a keyless client and warns when
 * the host is not loopback; a bad --max-sessions is refused.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { cliArgv } from "./helpers/cli-command.js";
import { runCli } from "./helpers/run-cli.js";

const KEY = "sk_serve_openenv_5t7u9w";

test("serve refuses a --max-sessions that is not a whole number of at least 1", async () => {
  const res = await runCli(["serve", "test/fixtures/apps/math.ts", "--max-sessions", "0"]);
  assert.equal(res.code, 2);
  assert.match(res.stderr, /--max-sessions must be a whole number, at least 1 \(got 0\)/);
});

test("--openenv-no-key on a host beyond loopback: warned; a keyless WebSocket is served, up to --max-sessions; /env and /health keep the key", { timeout: 30_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "serve-openenv-"));
  const module = join(dir, "counter.mjs");
  writeFileSync(
    module,
    `import { defineEnvironment, z } from ${JSON.stringify(pathToFileURL(resolve("dist/index.js")).href)};
export default defineEnvironment({ appId: "counter", name: "Counter", system: "", reset: () => ({ n: 0 }), observe: (s) => "n=" + s.n,
  tools: { inc: { description: "n + 1", args: z.object({}), run: (_a, s) => ({ state: { n: s.n + 1 }, reward: 1 }) } } });
`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, ENVIRONMENT_API_KEY: KEY };
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [...cliArgv(), "serve", module, "--port", "0", "--workers", "1", "--host", "0.0.0.0", "--openenv-no-key", "--max-sessions", "1", "--log-format", "json"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const closed = new Promise((r) => child.on("close", r));
  try {
    let port: string | undefined;
    // Not a timed assertion: a bound on the wait, so a server that never says its URL fails with its output.
    const startedBy = Date.now() + 20_000;
    while (!(port = /"url":"http:\/\/0\.0\.0\.0:(\d+)".*"msg":"task app listening"/.exec(output)?.[1])) {
      if (child.exitCode !== null || Date.now() > startedBy) assert.fail(output);
      await new Promise((r) => setTimeout(r, 20));
    }
    while (!/take no key and the server listens beyond loopback/.test(output)) {
      if (child.exitCode !== null || Date.now() > startedBy) assert.fail(output);
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.match(output, /"level":40[^\n]*"host":"0\.0\.0\.0"[^\n]*routes take no key and the server listens beyond loopback/);
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/openenv/health`)).status, 200);
    assert.equal((await fetch(`${base}/health`)).status, 401);
    assert.equal((await fetch(`${base}/env/counter/initialize`, { method: "POST", body: "{}" })).status, 401);
    const first = new WebSocket(`ws://127.0.0.1:${port}/openenv/ws`);
    const reply = new Promise<any>((r) => first.once("message", (m) => r(JSON.parse(m.toString()))));
    await new Promise((r, j) => (first.once("open", r), first.once("error", j)));
    first.send(JSON.stringify({ type: "reset", data: {} }));
    assert.equal((await reply).data.observation.observation, "n=0");
    const second = new WebSocket(`ws://127.0.0.1:${port}/openenv/ws`);
    const refused = await new Promise<any>((r) => second.once("message", (m) => r(JSON.parse(m.toString()))));
    assert.equal(refused.data.code, "CAPACITY_REACHED");
    first.close();
  } finally {
    child.kill("SIGTERM");
    await closed;
  }
});
