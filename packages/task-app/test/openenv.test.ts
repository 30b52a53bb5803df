/**
 * A declared environment stepped by a trainer: OpenEnv's routes under
 * `/openenv` (in process), its WebSocket over loopback through `serve` (typed
 * errors and the session surviving them, isolated concurrent sessions,
 * CAPACITY_REACHED, the idle timeout, the key on the handshake), and
 * synth-ai's env lifecycle `/env/{env_name}/*`.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import WebSocket from "ws";
import { defineEnvironment, z } from "../src/index.js";
import { createTaskAppServer, serve, type ServingTaskApp } from "../src/server/index.js";

const KEY = "sk_openenv_7h2k9q";
const headers = { "x-api-key": KEY, "content-type": "application/json" };

/** A counter: `add` adds n (1..3); done at 5 or after 6 steps. */
const counter = defineEnvironment({
  appId: "counter",
  name: "Counter",
  config: z.object({ start: z.number().int().default(0) }),
  system: "Reach 5 by calling add.",
  reset: ({ config, seed }) => ({ total: config.start + seed, calls: 0 }),
  observe: (state) => `total=${state.total}`,
  tools: {
    add: {
      description: "Add n to the total.",
      args: z.object({ n: z.number().int().min(1).max(3) }),
      run: ({ n }, state) => ({ state: { total: state.total + n, calls: state.calls + 1 }, result: { total: state.total + n }, reward: n, done: state.total + n >= 5, info: { added: n } }),
    },
    fail: {
      description: "Always throws.",
      args: z.object({}),
      run: () => {
        throw new Error("boom");
      },
    },
  },
  maxTurns: 6,
});

const server = createTaskAppServer(counter, { env: { ENVIRONMENT_API_KEY: KEY } });
const post = async (path: string, body: unknown, h: Record<string, string> = headers) => {
  const res = await server.request(path, { method: "POST", headers: h, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};
const get = async (path: string, h: Record<string, string> = headers) => {
  const res = await server.request(path, { headers: h });
  return { status: res.status, body: (await res.json()) as any };
};

describe("the /openenv HTTP routes", () => {
  it("health, metadata and state answer", async () => {
    assert.deepEqual((await get("/openenv/health")).body, { status: "healthy" });
    assert.equal((await get("/openenv/metadata")).body.name, "Counter");
    assert.deepEqual((await get("/openenv/state")).body, { episode_id: null, step_count: 0, done: false });
  });

  it("/schema gives the action as one variant per tool with the tool's JSON Schema, and the observation and state", async () => {
    const { status, body } = await get("/openenv/schema");
    assert.equal(status, 200);
    const variants = body.action.oneOf;
    assert.deepEqual(variants.map((v: any) => v.properties.tool.const), ["add", "fail"]);
    assert.deepEqual(variants[0].properties.args.properties.n, { type: "integer", minimum: 1, maximum: 3 });
    assert.deepEqual(Object.keys(body.observation.properties), ["observation", "reward", "done", "metadata"]);
    assert.ok(body.state.properties.episode_id && body.state.properties.step_count);
  });

  it("reset and step are stateless; the observation keeps its metadata", async () => {
    const reset = await post("/openenv/reset", { seed: 2 });
    assert.equal(reset.status, 200);
    assert.deepEqual(reset.body, { observation: { observation: "total=2", metadata: { seed: 2 } }, reward: null, done: false });
    const step = await post("/openenv/step", { action: { tool: "add", args: { n: 3 } }, seed: 2 });
    assert.equal(step.status, 200, JSON.stringify(step.body));
    assert.deepEqual(step.body, { observation: { observation: "total=5", metadata: { tool: "add", result: { total: 5 }, info: { added: 3 } } }, reward: 3, done: true });
  });

  it("an invalid action is a 422, a failing tool a 500 without its stack, and a body that is not JSON a 400", async () => {
    for (const action of [{ tool: "add", args: { n: 9 } }, { tool: "nope", args: {} }, { tool: "add", n: 1 }, "add", null]) {
      const res = await post("/openenv/step", { action });
      assert.equal(res.status, 422, JSON.stringify(action));
      assert.equal(res.body.detail.error.code, "invalid_action");
    }
    const failed = await post("/openenv/step", { action: { tool: "fail", args: {} } });
    assert.equal(failed.status, 500);
    assert.match(failed.body.detail.error.message, /fail failed: boom/);
    assert.doesNotMatch(JSON.stringify(failed.body), /at .*\.ts:/);
    const bad = await server.request("/openenv/reset", { method: "POST", headers, body: "{nope" });
    assert.equal(bad.status, 400);
  });

  it("MCP lists the tools and calls one", async () => {
    const list = await post("/openenv/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" });
    assert.deepEqual(
      list.body.result.tools.map((t: any) => [t.name, t.inputSchema.type]),
      [["add", "object"], ["fail", "object"]],
    );
    const call = await post("/openenv/mcp", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "add", arguments: { n: 2 } } });
    assert.equal(call.body.id, 2);
    assert.deepEqual(JSON.parse(call.body.result.content[0].text), { total: 2 });
    const bad = await post("/openenv/mcp", { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "add", arguments: { n: 0 } } });
    assert.equal(bad.body.error.code, -32602);
    const unknown = await post("/openenv/mcp", { jsonrpc: "2.0", id: 4, method: "resources/list" });
    assert.equal(unknown.body.error.code, -32601);
  });

  it("every route refuses a request without the key", async () => {
    for (const path of ["/openenv/health", "/openenv/schema", "/openenv/metadata", "/openenv/state"]) assert.equal((await get(path, {})).status, 401, path);
    for (const path of ["/openenv/reset", "/openenv/step", "/openenv/mcp", "/env/counter/initialize"]) assert.equal((await post(path, {}, { "content-type": "application/json" })).status, 401, path);
  });

  it("opened with noKey, the /openenv routes take no key and the env lifecycle still does", async () => {
    const open = createTaskAppServer(counter, { env: { ENVIRONMENT_API_KEY: KEY }, openenv: { noKey: true } });
    assert.equal((await open.request("/openenv/health")).status, 200);
    assert.equal((await open.request("/openenv/reset", { method: "POST", body: "{}" })).status, 200);
    assert.equal((await open.request("/env/counter/initialize", { method: "POST", body: "{}" })).status, 401);
    assert.equal((await open.request("/health")).status, 401);
  });
});

describe("synth-ai's env lifecycle", () => {
  it("initialize, step with the first advertised tool, terminate; unknown and missing env_id, unknown env_name", async () => {
    const info = await get("/task_info?seed=0");
    assert.equal(info.body.capabilities.supports_env_lifecycle, true);
    const tool = info.body.action_space.tools[0].name;
    assert.equal(tool, "add");
    const init = await post("/env/counter/initialize", { seed: 1, config: { start: 1 } });
    assert.equal(init.status, 200, JSON.stringify(init.body));
    assert.equal(init.body.observation, "total=2");
    const envId = init.body.env_id;
    const step = await post("/env/counter/step", { env_id: envId, action: { tool_calls: [{ tool, args: { n: 2 } }] } });
    assert.deepEqual([step.status, step.body.observation, step.body.reward, step.body.done], [200, "total=4", 2, false]);
    const again = await post("/env/counter/step", { env_id: envId, tool_calls: [{ tool, args: { n: 1 } }] });
    assert.deepEqual([again.body.observation, again.body.done], ["total=5", true]);
    assert.equal((await post("/env/counter/step", { env_id: "nope", action: { tool_calls: [{ tool, args: { n: 1 } }] } })).status, 404);
    assert.equal((await post("/env/counter/step", { action: { tool_calls: [{ tool, args: { n: 1 } }] } })).status, 400);
    assert.equal((await post("/env/other/initialize", {})).status, 404);
    assert.equal((await post("/env/counter/initialize", { config: { start: "x" } })).status, 422);
    assert.deepEqual((await post("/env/counter/terminate", { env_id: envId })).body, { ok: true });
    assert.equal((await post("/env/counter/terminate", { env_id: envId })).status, 404);
    assert.equal((await post("/env/counter/terminate", {})).status, 400);
  });

  it("traced, a step whose tool fails closes its turn when it fails: the session holds that turn, ended then, and the next step's", async () => {
    const stored: any[] = [];
    const traced = createTaskAppServer(counter, { env: { ENVIRONMENT_API_KEY: KEY }, episodeSink: (session) => void stored.push(session) });
    const call = async (path: string, body: unknown) => (await traced.request(path, { method: "POST", headers, body: JSON.stringify(body) })).json() as Promise<any>;
    const { env_id } = await call("/env/counter/initialize", { seed: 0 });
    await call("/env/counter/step", { env_id, action: { tool_calls: [{ tool: "fail", args: {} }] } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await call("/env/counter/step", { env_id, action: { tool_calls: [{ tool: "add", args: { n: 1 } }] } });
    await call("/env/counter/terminate", { env_id });
    assert.equal(stored.length, 1);
    const [failedTurn, nextTurn] = stored[0].session_time_steps;
    assert.ok(failedTurn && nextTurn, JSON.stringify(stored[0].session_time_steps));
    const gapMs = Date.parse(nextTurn.timestamp) - Date.parse(failedTurn.completed_at);
    assert.ok(gapMs >= 250, `the failed turn ended ${gapMs} ms before the next began: at its failure, not at the next step`);
  });
});

/** A WebSocket client that reads replies in order. */
async function connect(url: string, key: string | null = KEY): Promise<{ ws: WebSocket; send: (m: unknown) => Promise<any>; next: () => Promise<any>; closed: Promise<number> }> {
  const ws = new WebSocket(`${url.replace("http", "ws")}/openenv/ws`, { headers: key ? { "x-api-key": key } : {} });
  const inbox: any[] = [];
  const waiting: ((m: any) => void)[] = [];
  ws.on("message", (raw) => {
    const m = JSON.parse(raw.toString());
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const next = () => (inbox.length ? Promise.resolve(inbox.shift()) : new Promise<any>((resolve) => waiting.push(resolve)));
  return { ws, next, closed, send: (m) => (ws.send(typeof m === "string" ? m : JSON.stringify(m)), next()) };
}

describe("the /openenv/ws WebSocket over loopback", () => {
  let running: ServingTaskApp;
  before(async () => {
    running = await serve(counter, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, handleProcessErrors: false, openenv: { maxSessions: 4, pingIntervalMs: 50 } });
  });
  after(() => running.close());

  it("answers each typed error and the session goes on", async () => {
    const c = await connect(running.url);
    assert.deepEqual(await c.send({ type: "reset", data: { seed: 1, episode_id: "ep-1" } }), { type: "observation", data: { observation: { observation: "total=1", metadata: { seed: 1 } }, reward: null, done: false } });
    assert.equal((await c.send("{not json")).data.code, "INVALID_JSON");
    assert.equal((await c.send({ type: "dance" })).data.code, "UNKNOWN_TYPE");
    assert.equal((await c.send({ type: "step", data: { tool: "add", args: { n: 7 } } })).data.code, "VALIDATION_ERROR");
    const failed = await c.send({ type: "step", data: { tool: "fail", args: {} } });
    assert.deepEqual([failed.type, failed.data.code], ["error", "EXECUTION_ERROR"]);
    const step = await c.send({ type: "step", data: { tool: "add", args: { n: 2 } } });
    assert.deepEqual(step, { type: "observation", data: { observation: { observation: "total=3", metadata: { tool: "add", result: { total: 3 }, info: { added: 2 } } }, reward: 2, done: false } });
    assert.deepEqual(await c.send({ type: "state" }), { type: "state", data: { episode_id: "ep-1", step_count: 1, done: false } });
    await c.send({ type: "close" });
    assert.equal(await c.closed, 1000);
  });

  it("holds 4 isolated sessions at once and refuses a fifth with CAPACITY_REACHED", async () => {
    const clients = await Promise.all([0, 1, 2, 3].map(() => connect(running.url)));
    await Promise.all(clients.map((c, i) => c.send({ type: "reset", data: { seed: i } })));
    const steps = await Promise.all(clients.map((c, i) => c.send({ type: "step", data: { tool: "add", args: { n: (i % 3) + 1 } } })));
    assert.deepEqual(
      steps.map((s) => s.data.observation.observation),
      ["total=1", "total=3", "total=5", "total=4"],
    );
    const fifth = await connect(running.url);
    const refused = await fifth.next();
    assert.equal(refused.data.code, "CAPACITY_REACHED");
    assert.equal(await fifth.closed, 1013);
    const states = await Promise.all(clients.map((c) => c.send({ type: "state" })));
    assert.deepEqual(
      states.map((s) => s.data.step_count),
      [1, 1, 1, 1],
    );
    for (const c of clients) c.ws.close();
    await Promise.all(clients.map((c) => c.closed));
  });

  it("refuses the handshake without the key", async () => {
    await assert.rejects(connect(running.url, null), /401/);
    await assert.rejects(connect(running.url, "wrong"), /401/);
  });
});

describe("messages sent without waiting for their replies", () => {
  /** One tool that answers at once and one that answers later: the first is replied to at once, unless an earlier message is still being answered. */
  const mixed = defineEnvironment({
    appId: "mixed",
    name: "Mixed",
    system: "Add.",
    reset: ({ seed }) => ({ total: seed }),
    observe: (state) => `total=${state.total}`,
    tools: {
      add: { description: "Add n now.", args: z.object({ n: z.number().int() }), run: ({ n }, state) => ({ state: { total: state.total + n }, reward: n }) },
      later: {
        description: "Add n after a while.",
        args: z.object({ n: z.number().int() }),
        run: async ({ n }, state) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return { state: { total: state.total + n }, reward: n };
        },
      },
    },
    maxTurns: 20,
  });
  let running: ServingTaskApp;
  before(async () => {
    running = await serve(mixed, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, handleProcessErrors: false });
  });
  after(() => running.close());

  it("are answered in the order sent, a reply made at once never overtaking one still being made", async () => {
    const c = await connect(running.url);
    const messages = [
      { type: "reset", data: { seed: 0 } },
      { type: "step", data: { tool: "add", args: { n: 1 } } },
      { type: "step", data: { tool: "later", args: { n: 10 } } },
      { type: "step", data: { tool: "add", args: { n: 2 } } },
      { type: "state" },
      "{not json",
      { type: "step", data: { tool: "later", args: { n: 100 } } },
      { type: "step", data: { tool: "add", args: { n: 1000 } } },
      { type: "close" },
    ];
    const replies: any[] = [];
    c.ws.on("message", (raw) => replies.push(JSON.parse(raw.toString())));
    for (const m of messages) c.ws.send(typeof m === "string" ? m : JSON.stringify(m));
    // The close is answered last, then the connection closed: every reply is in by then.
    assert.equal(await c.closed, 1000);
    const seen = replies.map((r) => (r.type === "observation" ? r.data.observation.observation : r.type === "state" ? `steps=${r.data.step_count}` : r.data.code));
    assert.deepEqual(seen, ["total=0", "total=1", "total=11", "total=13", "steps=3", "INVALID_JSON", "total=113", "total=1113", "steps=5"]);
  });
});

describe("an idle session", () => {
  it("is closed after the idle timeout, and its place is free again", async () => {
    const running = await serve(counter, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, handleProcessErrors: false, openenv: { maxSessions: 1, idleTimeoutMs: 200 } });
    try {
      const c = await connect(running.url);
      await c.send({ type: "reset", data: {} });
      const notice = await c.next();
      assert.equal(notice.data.code, "SESSION_TIMEOUT");
      assert.equal(await c.closed, 1000);
      const again = await connect(running.url);
      assert.equal((await again.send({ type: "reset", data: {} })).type, "observation");
      again.ws.close();
      await again.closed;
    } finally {
      await running.close();
    }
  });
});
