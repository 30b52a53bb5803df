/**
 * What abandoned and flooding trainers cost a server of a declared
 * environment. A real `task-app serve` process (its RSS read from /proc):
 * 1,000 sessions opened, stepped once and left (env_ids never terminated,
 * WebSockets dropped without a close frame or left open) each holding a
 * 200 kB state; after the idle timeout (--session-idle-timeout) the
 * sessions gauge is back to 0 and the RSS near where it started. And a
 * WebSocket whose client sends without waiting for the replies, or without
 * reading them at all, is closed with 1008 instead of queueing without bound.
 */
// npm test: own process (it runs for most of a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { defineEnvironment, z } from "../src/index.js";
import { FLOOD_CLOSE_CODE, MAX_UNANSWERED_MESSAGES } from "../src/openenv/ws.js";
import { serve } from "../src/server/index.js";
import { startServe } from "./helpers/serve-process.js";

const KEY = "sk_env_Bd5Mq8Rx3Tw7Yk2";
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const dir = mkdtempSync(join(tmpdir(), "openenv-bounds-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Each state holds 25,000 numbers (200 kB, a large object V8 gives back to
 * the system once collected). `collect` asks V8 for a full collection, so
 * the RSS read after it counts what is still referenced, not what the
 * collector has not reached yet.
 */
const module = join(dir, "heavy.mjs");
writeFileSync(
  module,
  `import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { defineEnvironment, z } from ${JSON.stringify(pathToFileURL(resolve("dist/index.js")).href)};
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
export default defineEnvironment({ appId: "heavy", name: "Heavy", system: "", maxTurns: 100,
  reset: ({ seed }) => ({ n: 0, pad: Array.from({ length: 25000 }, (_, i) => i + seed) }), observe: (s) => "n=" + s.n,
  tools: {
    inc: { description: "n + 1", args: z.object({}), run: (_a, s) => ({ state: { ...s, n: s.n + 1 }, reward: 1 }) },
    collect: { description: "full GC", args: z.object({}), run: () => { gc(); gc(); return { reward: 0 }; } },
  } });
`,
);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("1,000 abandoned sessions", { timeout: 180_000 }, () => {
  it("are closed by the idle timeout: the sessions gauge goes back to 0 and the RSS near its baseline", async (t) => {
    const server = await startServe(module, ["--log-format", "json", "--max-sessions", "2000", "--session-idle-timeout", "15", "--metrics-port", "0"], { env: { ENVIRONMENT_API_KEY: KEY } });
    const opened: WebSocket[] = [];
    try {
      const metricsUrl = await (async () => {
        for (let i = 0; i < 500; i++) {
          const found = /"metrics_url":"([^"]+)"/.exec(server.output())?.[1];
          if (found) return found;
          await pause(10);
        }
        assert.fail(server.output());
      })();
      const sessionsOpen = async () => Number(/^task_app_openenv_sessions (\d+)$/m.exec(await (await fetch(metricsUrl)).text())?.[1]);
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
        assert.equal(res.status, 200, await res.clone().text());
        return res.json() as Promise<any>;
      };
      const rss = async () => {
        await post("/openenv/step", { action: { tool: "collect", args: {} } });
        await pause(200);
        return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) * 1024;
      };
      const openSocket = async () => {
        const ws = new WebSocket(`${server.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
        const replies: any[] = [];
        ws.on("message", (m) => replies.push(JSON.parse(String(m))));
        ws.on("error", () => {});
        await once(ws, "open");
        ws.send(JSON.stringify({ type: "reset", data: { seed: 1 } }));
        ws.send(JSON.stringify({ type: "step", data: { tool: "inc", args: {} } }));
        while (replies.length < 2) await pause(5);
        assert.equal(replies[1].data.reward, 1);
        return ws;
      };
      const envIds: string[] = [];
      const abandon = async (count: number) => {
        for (let batch = 0; batch < count / 50; batch++) {
          await Promise.all(
            Array.from({ length: 25 }, async (_, i) => {
              const init = await post("/env/heavy/initialize", { seed: batch * 25 + i });
              await post("/env/heavy/step", { env_id: init.env_id, action: { tool_calls: [{ tool: "inc", args: {} }] } });
              envIds.push(init.env_id);
            }),
          );
          const sockets = await Promise.all(Array.from({ length: 25 }, openSocket));
          // Half dropped without a close frame, half left open and idle.
          sockets.forEach((ws, i) => (i % 2 ? ws.terminate() : opened.push(ws)));
        }
      };
      // Warm up (the code paths compiled, the pools filled), then the baseline.
      await abandon(100);
      for (const ws of opened.splice(0)) ws.terminate();
      for (const envId of envIds.splice(0)) await post("/env/heavy/terminate", { env_id: envId });
      const until = Date.now() + 30_000;
      while ((await sessionsOpen()) > 0) {
        if (Date.now() > until) assert.fail("the warm-up sessions were never closed");
        await pause(200);
      }
      const baseline = await rss();

      await abandon(1000);
      // About 750 of them (the dropped ones are closed as their connections end), fewer if leaving them took longer than the idle timeout on a busy machine.
      const open = await sessionsOpen();
      assert.ok(open >= 300 && open <= 1000, `sessions open: ${open}`);
      const peak = await rss();
      assert.ok(peak - baseline > open * 100_000, `the sessions hold their states: baseline ${baseline}, peak ${peak}, ${open} open`);

      const closedBy = Date.now() + 60_000;
      while ((await sessionsOpen()) > 0) {
        if (Date.now() > closedBy) assert.fail(`sessions still open: ${await sessionsOpen()}`);
        await pause(250);
      }
      const settled = await rss();
      t.diagnostic(`RSS: baseline ${mb(baseline)}, 1,000 sessions left ${mb(peak)}, after the idle timeout ${mb(settled)}`);
      assert.ok(settled - baseline < 0.2 * (peak - baseline), `back near the baseline: baseline ${baseline}, peak ${peak}, after ${settled}`);
      // The sockets left open were told why.
      assert.equal(opened.filter((ws) => ws.readyState === ws.OPEN).length, 0);
      // And the server still serves.
      const again = await openSocket();
      again.close();
    } finally {
      for (const ws of opened) ws.terminate();
      await server.kill();
    }
  });
});

describe("a WebSocket that floods the server", { timeout: 60_000 }, () => {
  /** An environment whose one tool, `wait`, answers after `ms`. */
  const waiting = (ms: number) =>
    defineEnvironment({
      appId: "slow",
      name: "Slow",
      system: "",
      reset: () => ({ n: 0 }),
      observe: (s) => `n=${s.n}`,
      tools: { wait: { description: `waits ${ms} ms`, args: z.object({}), run: async (_a, s) => (await pause(ms), { state: { n: s.n + 1 }, reward: 1 }) } },
      maxTurns: 100_000,
    });
  const slow = waiting(20);

  it("sending without waiting for replies past the bound is closed with 1008 and a reason; the session is closed", async () => {
    const running = await serve(slow, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, handleProcessErrors: false });
    try {
      const ws = new WebSocket(`${running.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
      await once(ws, "open");
      ws.send(JSON.stringify({ type: "reset", data: {} }));
      for (let i = 0; i < MAX_UNANSWERED_MESSAGES * 4; i++) ws.send(JSON.stringify({ type: "step", data: { tool: "wait", args: {} } }));
      const [code, reason] = (await once(ws, "close")) as [number, Buffer];
      assert.equal(code, FLOOD_CLOSE_CODE);
      assert.match(String(reason), /messages unanswered; read each reply/);
      for (let i = 0; i < 100 && running.openSessions > 0; i++) await pause(20);
      assert.equal(running.openSessions, 0);
    } finally {
      await running.close();
    }
  });

  it("messages waiting behind a step past the bytes bound (under the count bound) are closed with 1008 too", async () => {
    // The step outlasts the 25 MB's passage on a loaded machine (3 s did not, once: the close came after it).
    const STEP_MS = 8000;
    const running = await serve(waiting(STEP_MS), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, handleProcessErrors: false });
    try {
      const ws = new WebSocket(`${running.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
      ws.on("error", () => {});
      await once(ws, "open");
      ws.send(JSON.stringify({ type: "reset", data: {} }));
      ws.send(JSON.stringify({ type: "step", data: { tool: "wait", args: {} } }));
      // 100 messages of 256 KB wait behind the step: 25 MB queued, 102 unanswered (the count bound is 256).
      const big = JSON.stringify({ type: "state", data: { pad: "p".repeat(256 * 1024) } });
      const started = performance.now();
      for (let i = 0; i < 100; i++) ws.send(big);
      const closed = (await Promise.race([once(ws, "close"), pause(STEP_MS + 5000).then(() => null)])) as [number, Buffer] | null;
      assert.ok(closed, "the connection was closed");
      const [code, reason] = closed;
      assert.equal(code, FLOOD_CLOSE_CODE);
      assert.match(String(reason), /^over 16 MB of messages waiting; read each reply$/);
      assert.ok(performance.now() - started < STEP_MS, "closed before the step ended");
      for (let i = 0; i < 100 && running.openSessions > 0; i++) await pause(20);
      assert.equal(running.openSessions, 0);
    } finally {
      await running.close();
    }
  });

  it("sending without reading the replies is closed too, once they back up", async () => {
    const running = await serve(slow, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, handleProcessErrors: false });
    try {
      const ws = new WebSocket(`${running.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
      ws.on("error", () => {});
      await once(ws, "open");
      ws.pause(); // reads nothing: the replies fill the socket's buffers
      const closed = once(ws, "close");
      const state = JSON.stringify({ type: "state", data: { pad: "p".repeat(200) } });
      for (let round = 0; round < 400 && ws.readyState === ws.OPEN; round++) {
        for (let i = 0; i < 500; i++) ws.send(state);
        await pause(5);
      }
      ws.resume();
      // Each message is answered at once: what passes the bound is the replies queued behind unread
      // ones (its close frame waits behind them too: the connection is ended after the grace).
      await closed;
      for (let i = 0; i < 100 && running.openSessions > 0; i++) await pause(20);
      assert.equal(running.openSessions, 0);
    } finally {
      await running.close();
    }
  });
});
