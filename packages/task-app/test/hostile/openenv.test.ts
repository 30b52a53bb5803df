/**
 * Hostile input to a declared environment's OpenEnv wire: a tool whose error
 * carries a secret, binary frames, a message over the cap, data that is not
 * an object, a refused config, a body over the app's limit. Each gets a
 * typed answer, nothing secret, and the server (and the session, where
 * OpenEnv says so) goes on.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import WebSocket from "ws";
import { defineEnvironment, z } from "../../src/index.js";
import { createTaskAppServer, serve, type ServingTaskApp } from "../../src/server/index.js";

const KEY = "sk_openenv_hostile_4m8x2p";
const SECRET = "sk-live-upstream-9f8e7d6c5b4a39281706";
const ENV = { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: SECRET };

const leaky = defineEnvironment({
  appId: "leaky",
  name: "Leaky",
  config: z.object({ level: z.number().int().min(0).default(0) }),
  system: "",
  reset: () => ({ n: 0 }),
  observe: (state) => `n=${state.n}`,
  tools: {
    leak: {
      description: "Throws with the upstream key in its message.",
      args: z.object({}),
      run: () => {
        throw new Error(`upstream refused key ${SECRET}`);
      },
    },
    inc: { description: "n + 1", args: z.object({}), run: (_a, s) => ({ state: { n: s.n + 1 }, reward: 1 }) },
  },
  maxTurns: 3,
});

const headers = { "x-api-key": KEY, "content-type": "application/json" };

describe("the /openenv HTTP routes under hostile input", () => {
  const server = createTaskAppServer(leaky, { env: ENV });
  it("a tool's error reaches the trainer without the secret in it (HTTP step and MCP call)", async () => {
    const res = await server.request("/openenv/step", { method: "POST", headers, body: JSON.stringify({ action: { tool: "leak", args: {} } }) });
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.match(text, /leak failed: .*refused key/);
    assert.ok(!text.includes(SECRET), text);
    const mcp = await server.request("/openenv/mcp", { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "leak", arguments: {} } }) });
    const body = await mcp.text();
    assert.match(body, /"isError":true/);
    assert.ok(!body.includes(SECRET), body);
  });

  it("a body over the app's limit is a 413, and a config the schema refuses a 422 naming the key", async () => {
    const big = await server.request("/openenv/reset", { method: "POST", headers: { ...headers, "content-length": String(64 * 1024 * 1024 + 1) }, body: "x".repeat(64 * 1024 * 1024 + 1) });
    assert.equal(big.status, 413);
    const refused = await server.request("/openenv/reset", { method: "POST", headers, body: JSON.stringify({ config: { level: -1 } }) });
    assert.equal(refused.status, 422);
    assert.match(await refused.text(), /env\.config\.level/);
    const arr = await server.request("/openenv/reset", { method: "POST", headers, body: "[1,2]" });
    assert.equal(arr.status, 400);
  });
});

describe("the /openenv/ws WebSocket under hostile input", () => {
  let running: ServingTaskApp;
  before(async () => {
    running = await serve(leaky, { port: 0, env: ENV, logLevel: "silent", handleSignals: false, handleProcessErrors: false, openenv: { maxSessions: 2 } });
  });
  after(() => running.close());

  const open = async () => {
    const ws = new WebSocket(`${running.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
    const replies: any[] = [];
    const waiting: ((m: any) => void)[] = [];
    ws.on("message", (raw) => {
      const m = JSON.parse(raw.toString());
      const w = waiting.shift();
      if (w) w(m);
      else replies.push(m);
    });
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
    const next = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise<any>((resolve) => waiting.push(resolve)));
    const ask = (m: unknown, binary = false) => (ws.send(typeof m === "string" || Buffer.isBuffer(m) ? m : JSON.stringify(m), { binary }), next());
    return { ws, ask, closed };
  };

  it("binary frames, data that is not an object, a refused config and a leaking tool get typed errors; the session goes on", async () => {
    const c = await open();
    assert.equal((await c.ask(Buffer.from('{"type":"state"}'), true)).data.code, "INVALID_JSON");
    assert.equal((await c.ask({ type: "reset", data: [1] })).data.code, "VALIDATION_ERROR");
    assert.equal((await c.ask({ type: "reset", data: { seed: "x" } })).data.code, "VALIDATION_ERROR");
    const config = await c.ask({ type: "reset", data: { config: { level: "high" } } });
    assert.equal(config.data.code, "VALIDATION_ERROR");
    assert.match(config.data.message, /env\.config\.level/);
    assert.equal((await c.ask({ type: "step", data: { tool: "inc", args: {} } })).data.code, "VALIDATION_ERROR", "a step before any reset");
    assert.equal((await c.ask({ type: "reset", data: {} })).type, "observation");
    const leaked = await c.ask({ type: "step", data: { tool: "leak", args: {} } });
    assert.equal(leaked.data.code, "EXECUTION_ERROR");
    assert.ok(!JSON.stringify(leaked).includes(SECRET), JSON.stringify(leaked));
    assert.equal((await c.ask({ type: "step", data: { tool: "inc", args: {} } })).data.reward, 1);
    c.ws.close();
    await c.closed;
  });

  it("a message over the cap closes that connection (1009) and frees its session; the server serves on", async () => {
    const c = await open();
    c.ws.send("x".repeat(5 * 1024 * 1024));
    assert.equal(await c.closed, 1009);
    const [a, b] = await Promise.all([open(), open()]);
    assert.equal((await a.ask({ type: "reset", data: {} })).type, "observation");
    assert.equal((await b.ask({ type: "reset", data: {} })).type, "observation");
    a.ws.close();
    b.ws.close();
    await Promise.all([a.closed, b.closed]);
    const health = await fetch(`${running.url}/openenv/health`, { headers: { "x-api-key": KEY } });
    assert.equal(health.status, 200);
  });

  it("an episode past maxTurns is done, and a further step asks for a reset", async () => {
    const c = await open();
    await c.ask({ type: "reset", data: {} });
    const dones = [];
    for (let i = 0; i < 3; i++) dones.push((await c.ask({ type: "step", data: { tool: "inc", args: {} } })).data.done);
    assert.deepEqual(dones, [false, false, true]);
    const after = await c.ask({ type: "step", data: { tool: "inc", args: {} } });
    assert.equal(after.data.code, "VALIDATION_ERROR");
    assert.match(after.data.message, /reset/);
    c.ws.close();
    await c.closed;
  });
});
