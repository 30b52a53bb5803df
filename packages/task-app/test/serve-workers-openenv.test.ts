/**
 * A declared environment served by `task-app serve --workers 2`, as real
 * processes: the primary hands each connection to a worker in turn, yet
 * every env lifecycle step and terminate, each over a fresh connection,
 * finds its session (the worker that gets another's env_id sends it there),
 * a WebSocket stays on its worker, and an env_id whose worker was killed is
 * a 404 that says so.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { request } from "node:http";
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { cliArgv } from "./helpers/cli-command.js";

const KEY = "sk_env_Pq7Lm2Xv9Rt4Zb6";

/** A counter whose state and each tool result name the process that holds it. */
function writeModule(): string {
  const dir = mkdtempSync(join(tmpdir(), "workers-openenv-"));
  const module = join(dir, "pids.mjs");
  writeFileSync(
    module,
    `import { defineEnvironment, z } from ${JSON.stringify(pathToFileURL(resolve("dist/index.js")).href)};
export default defineEnvironment({ appId: "pids", name: "Pids", system: "", maxTurns: 100,
  reset: ({ seed }) => ({ n: seed, pid: process.pid }), observe: (s) => "n=" + s.n + " pid=" + s.pid,
  tools: { inc: { description: "n + 1", args: z.object({}), run: (_a, s) => ({ state: { ...s, n: s.n + 1 }, result: { pid: process.pid }, reward: 1 }) } } });
`,
  );
  return module;
}

/** A POST over a connection of its own (no keep-alive: the primary hands the next one to the next worker). */
function post(url: string, path: string, body: unknown, key = KEY): Promise<{ status: number; body: any }> {
  return new Promise((done, fail) => {
    const sent = request(`${url}${path}`, { method: "POST", agent: false, headers: { "x-api-key": key, "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => done({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    sent.on("error", fail);
    sent.end(JSON.stringify(body));
  });
}

/** A step whose content-length says it is over the app's cap (64 MiB); resolves with the status. */
function postOversized(url: string, path: string, envId: string): Promise<number> {
  return new Promise((done, fail) => {
    const head = JSON.stringify({ env_id: envId, action: { tool_calls: [{ tool: "inc", args: {} }] }, pad: "" }).slice(0, -2);
    const sent = request(`${url}${path}`, { method: "POST", agent: false, headers: { "x-api-key": KEY, "content-type": "application/json", "content-length": String(64 * 1024 * 1024 + 1) } }, (res) => {
      res.resume();
      done(res.statusCode!);
    });
    sent.on("error", fail);
    sent.write(head);
  });
}

const observed = (text: string) => {
  const [, n, pid] = /^n=(\d+) pid=(\d+)$/.exec(text) ?? [];
  return { n: Number(n), pid: Number(pid) };
};

describe("serve --workers 2 with a declared environment", { timeout: 120_000 }, () => {
  let child: ChildProcess;
  let output = "";
  let url = "";
  let pids: number[] = [];
  before(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACE_DB: "", TASKAPP_TRACING_ENABLED: "" };
    delete env.NODE_TEST_CONTEXT;
    child = spawn(process.execPath, [...cliArgv(), "serve", writeModule(), "--port", "0", "--workers", "2", "--log-format", "json", "--max-sessions", "500", "--metrics-port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const until = Date.now() + 60_000;
    while (!/"msg":"workers started"/.test(output)) {
      if (child.exitCode !== null || Date.now() > until) assert.fail(`serve did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    url = /"url":"(http:[^"]+)"[^\n]*"msg":"task app listening"/.exec(output)![1]!;
    pids = JSON.parse(/"pids":(\[[^\]]*\])/.exec(output)![1]!);
  });
  after(async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  });

  const sessions: { envId: string; pid: number; seed: number }[] = [];

  it("initialized over fresh connections on both workers, every session is stepped twice and terminated over fresh connections", async () => {
    for (let seed = 0; seed < 60; seed++) {
      const init = await post(url, "/env/pids/initialize", { seed });
      assert.equal(init.status, 200, JSON.stringify(init.body));
      assert.match(init.body.env_id, /^w\d+-/);
      sessions.push({ envId: init.body.env_id, pid: observed(init.body.observation).pid, seed });
    }
    assert.deepEqual([...new Set(sessions.map((s) => s.pid))].sort(), [...pids].sort(), "both workers hold sessions");
    const stepped = await Promise.all(
      sessions.map(async ({ envId, pid, seed }) => {
        for (let k = 1; k <= 2; k++) {
          const step = await post(url, "/env/pids/step", { env_id: envId, action: { tool_calls: [{ tool: "inc", args: {} }] } });
          assert.equal(step.status, 200, `${envId}: ${JSON.stringify(step.body)}`);
          assert.deepEqual(observed(step.body.observation), { n: seed + k, pid });
          assert.equal(step.body.info.result.pid, pid, "the tool ran where the session lives");
        }
        return true;
      }),
    );
    assert.equal(stepped.length, 60);
    // Without the key, no worker answers for any session, its own or another's.
    for (const { envId } of sessions.slice(0, 8)) assert.equal((await post(url, "/env/pids/step", { env_id: envId, action: { tool_calls: [{ tool: "inc", args: {} }] } }, "sk_wrong_key_0000000")).status, 401);
    // A body over the app's cap is refused before it is read, by whichever worker gets it.
    for (const { envId } of sessions.slice(0, 4)) assert.equal(await postOversized(url, "/env/pids/step", envId), 413);
    // Terminate the first half; the rest stay open for the test below.
    for (const { envId } of sessions.slice(0, 30)) assert.deepEqual((await post(url, "/env/pids/terminate", { env_id: envId })).body, { ok: true });
    for (const { envId } of sessions.slice(0, 30)) assert.equal((await post(url, "/env/pids/step", { env_id: envId, action: { tool_calls: [{ tool: "inc", args: {} }] } })).status, 404);
    // The primary's gauge sums the sessions every worker holds.
    const metricsUrl = /"metrics_url":"([^"]+)"/.exec(output)![1]!;
    const gauge = async () => Number(/^task_app_openenv_sessions (\d+)$/m.exec(await (await fetch(metricsUrl)).text())?.[1]);
    const until = Date.now() + 10_000;
    while ((await gauge()) !== 30) {
      if (Date.now() > until) assert.fail(`task_app_openenv_sessions is ${await gauge()}, not 30`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it("a WebSocket stays on its worker: every step of its session is answered by the process that reset it", async () => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
    await once(ws, "open");
    const ask = async (message: unknown) => {
      const reply = once(ws, "message");
      ws.send(JSON.stringify(message));
      return JSON.parse(String((await reply)[0]));
    };
    const reset = await ask({ type: "reset", data: { seed: 5 } });
    const { pid } = observed(reset.data.observation.observation);
    for (let k = 1; k <= 20; k++) {
      const step = await ask({ type: "step", data: { tool: "inc", args: {} } });
      assert.deepEqual(observed(step.data.observation.observation), { n: 5 + k, pid });
      assert.equal(step.data.observation.metadata.result.pid, pid);
    }
    ws.close();
  });

  it("an env_id whose worker was killed is a 404 that says the worker is gone; the other worker's sessions go on", async () => {
    const open = sessions.slice(30);
    const [victim] = pids as [number, number];
    process.kill(victim, "SIGKILL");
    const until = Date.now() + 30_000;
    while (!/"msg":"replacement worker ready"/.test(output)) {
      if (Date.now() > until) assert.fail(`no replacement: ${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const { envId, pid } of open) {
      const step = await post(url, "/env/pids/step", { env_id: envId, action: { tool_calls: [{ tool: "inc", args: {} }] } });
      if (pid === victim) {
        assert.equal(step.status, 404, JSON.stringify(step.body));
        assert.match(step.body.detail.error.message, /worker process that held this env_id is gone/);
      } else assert.equal(step.status, 200, JSON.stringify(step.body));
    }
  });

  it("the workers' private sockets sit in a folder only this user reaches, removed when the server stops", async () => {
    const survivor = pids[1]!;
    // A worker's environment as it started (it removes the variable from process.env once read).
    const dir = /(?:^|\0)TASKAPP_PEER_DIR=([^\0]+)/.exec(readFileSync(`/proc/${survivor}/environ`, "utf8"))?.[1];
    assert.ok(dir, "the primary named the folder to its workers");
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    assert.ok(statSync(join(dir, "w2.sock")).isSocket() || statSync(join(dir, "w1.sock")).isSocket());
    child.kill("SIGTERM");
    await once(child, "exit");
    assert.equal(existsSync(dir), false);
  });
});
