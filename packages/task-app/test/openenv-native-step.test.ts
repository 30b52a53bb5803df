/**
 * `POST /env/<name>/step` over real HTTP is answered on Node's request and response (the server's
 * fast path, when every session lives in this process) exactly as the Hono route answers it
 * in-process: the same status and body for a step, a wrong key, a missing or unknown env_id, a body
 * that is not JSON or not an object, a body over the cap, two tool calls, arguments the tool's
 * schema refuses, and a tool that throws (its message redacted).
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { defineEnvironment, z } from "../src/index.js";
import { createTaskAppServer } from "../src/server/index.js";

const KEY = "sk_native_step_7h2k9q";
/** What each `watch` step saw of its signal. */
const watched: string[] = [];
const counter = defineEnvironment({
  appId: "counter",
  name: "Counter",
  system: "Add.",
  reset: ({ seed }) => ({ total: seed }),
  observe: (state) => `total=${state.total}`,
  tools: {
    add: { description: "Add n.", args: z.object({ n: z.number().int().min(1).max(3) }), run: ({ n }, state) => ({ state: { total: state.total + n }, result: { total: state.total + n }, reward: n, info: { added: n } }) },
    watch: {
      description: "Reads its signal after waitMs and notes whether the step was aborted by then, or within listenMs after.",
      args: z.object({ waitMs: z.number().int().min(0), listenMs: z.number().int().min(0) }),
      run: async ({ waitMs, listenMs }, state, ctx) => {
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        const { signal } = ctx;
        watched.push(signal.aborted ? "aborted" : await new Promise<string>((resolve) => {
          signal.addEventListener("abort", () => resolve("aborted"), { once: true });
          setTimeout(() => resolve("not aborted"), listenMs);
        }));
        return { state };
      },
    },
    fail: {
      description: "Throws, naming the key.",
      args: z.object({}),
      run: () => {
        throw new Error(`boom ${KEY}`);
      },
    },
  },
  maxTurns: 100,
});

// A small body cap, so a body over it is cheap to send.
const app = createTaskAppServer({ ...counter, limits: { ...counter.limits, maxBodyBytes: 2048 } }, { env: { ENVIRONMENT_API_KEY: KEY } });
let http: Server;
let base = "";
before(async () => {
  http = createServer(app.listener);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => http.close(() => resolve())));

const headers = (key = KEY) => ({ "x-api-key": key, "content-type": "application/json" });
async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}
/** The same request over HTTP (the fast path) and in-process (the Hono route). */
async function both(body: string, key?: string) {
  const init = { method: "POST", headers: headers(key), body };
  return [await answer(await fetch(`${base}/env/counter/step`, init)), await answer(await app.request("/env/counter/step", init))] as const;
}
async function initialize(seed: number): Promise<string> {
  const res = await app.request("/env/counter/initialize", { method: "POST", headers: headers(), body: JSON.stringify({ seed }) });
  return ((await res.json()) as { env_id: string }).env_id;
}
const step = (envId: string, call: unknown) => JSON.stringify({ env_id: envId, action: { tool_calls: [call] } });

test("a step answers the same on both paths, and each path stepped its own session", async () => {
  const [a, b] = [await initialize(3), await initialize(3)];
  const overHttp = await answer(await fetch(`${base}/env/counter/step`, { method: "POST", headers: headers(), body: step(a, { tool: "add", args: { n: 2 } }) }));
  const inProcess = await answer(await app.request("/env/counter/step", { method: "POST", headers: headers(), body: step(b, { tool: "add", args: { n: 2 } }) }));
  assert.equal(overHttp.status, 200);
  assert.deepEqual(overHttp, inProcess);
  assert.deepEqual(overHttp.body, { observation: "total=5", reward: 2, done: false, info: { tool: "add", result: { total: 5 }, info: { added: 2 } } });
});

test("every refusal answers the same on both paths", async () => {
  const id = await initialize(0);
  const cases: [string, string, number, string?][] = [
    ["wrong key", step(id, { tool: "add", args: { n: 1 } }), 401, "sk_wrong_key_0000000000"],
    ["missing env_id", JSON.stringify({ action: { tool_calls: [{ tool: "add", args: { n: 1 } }] } }), 400],
    ["unknown env_id", step("no-such-env", { tool: "add", args: { n: 1 } }), 404],
    ["not JSON", "{nope", 400],
    ["an array", "[]", 400],
    ["over the cap", JSON.stringify({ env_id: id, pad: "x".repeat(4096) }), 413],
    ["two calls", JSON.stringify({ env_id: id, action: { tool_calls: [{ tool: "add", args: { n: 1 } }, { tool: "add", args: { n: 1 } }] } }), 422],
    ["refused arguments", step(id, { tool: "add", args: { n: 9 } }), 422],
    ["a tool that throws", step(id, { tool: "fail", args: {} }), 500],
  ];
  for (const [name, body, status, key] of cases) {
    const [overHttp, inProcess] = await both(body, key);
    assert.equal(overHttp.status, status, `${name}: ${JSON.stringify(overHttp.body)}`);
    assert.deepEqual(overHttp, inProcess, name);
    assert.doesNotMatch(JSON.stringify(overHttp.body), /sk_native_step/, `${name}: no key in the answer`);
  }
});

test("a step that succeeds is access-logged at debug, on both paths; a refused one at info; other routes at info", async () => {
  const { createLogger } = await import("../src/server/logger.js");
  const lines: { level: number; path: string; status: number }[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  for (const level of ["info", "debug"] as const) {
    lines.length = 0;
    const logged = createTaskAppServer(counter, { env: { ENVIRONMENT_API_KEY: KEY }, logger: createLogger(level, destination) });
    const server = createServer(logged.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const init = (body: string) => ({ method: "POST", headers: headers(), body });
      const id = ((await (await fetch(`${url}/env/counter/initialize`, init(JSON.stringify({ seed: 1 })))).json()) as { env_id: string }).env_id;
      await (await fetch(`${url}/env/counter/step`, init(step(id, { tool: "add", args: { n: 1 } })))).text();
      await (await fetch(`${url}/env/counter/step`, init(step(id, { tool: "add", args: { n: 9 } })))).text();
      await (await logged.request("/env/counter/step", init(step(id, { tool: "add", args: { n: 1 } })))).text();
      await (await logged.request("/env/counter/step", init(step(id, { tool: "add", args: { n: 9 } })))).text();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const access = lines.filter((l) => (l as { msg?: string }).msg === "request").map((l) => [l.path, l.status, l.level]);
    const expected = [
      ["/env/counter/initialize", 200, 30],
      ["/env/counter/step", 200, 20],
      ["/env/counter/step", 422, 30],
      ["/env/counter/step", 200, 20],
      ["/env/counter/step", 422, 30],
    ];
    assert.deepEqual(access, level === "debug" ? expected : expected.filter(([, , l]) => l === 30), `at ${level}`);
  }
});

test("a step's signal aborts when its client leaves, whether the tool reads it before or after", async () => {
  const envId = await initialize(0);
  const seen = async (count: number) => {
    for (let i = 0; i < 300 && watched.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return watched[count - 1];
  };
  // The client stays: the signal the tool reads is live.
  const stayed = await fetch(`${base}/env/counter/step`, { method: "POST", headers: headers(), body: step(envId, { tool: "watch", args: { waitMs: 1, listenMs: 50 } }) });
  assert.equal(stayed.status, 200);
  assert.equal(await seen(1), "not aborted");
  // The client leaves while the tool listens on its signal, and before the tool first reads it.
  for (const [waitMs, count] of [[0, 2], [300, 3]] as const) {
    const leaving = new AbortController();
    const request = fetch(`${base}/env/counter/step`, { method: "POST", headers: headers(), body: step(envId, { tool: "watch", args: { waitMs, listenMs: 5000 } }), signal: leaving.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.abort();
    await assert.rejects(request);
    assert.equal(await seen(count), "aborted", `the tool read its signal ${waitMs} ms in`);
  }
});

/** Sends raw HTTP/1.1 requests on one connection, each as `parts` written `gapMs` apart; resolves with each response's head and body. */
async function onOneConnection(requests: string[][], gapMs: number): Promise<{ head: string; body: string }[]> {
  const socket = connect(Number(new URL(base).port), "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
  const out: { head: string; body: string }[] = [];
  try {
    for (const parts of requests) {
      received = "";
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        socket.write(part);
      }
      // One whole response: its head, then as many bytes as its content-length says.
      for (let i = 0; i < 300; i++) {
        const end = received.indexOf("\r\n\r\n");
        const length = Number(/content-length: (\d+)/i.exec(received)?.[1] ?? NaN);
        if (end >= 0 && Buffer.byteLength(received.slice(end + 4)) >= length) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const end = received.indexOf("\r\n\r\n");
      out.push({ head: received.slice(0, end), body: received.slice(end + 4) });
    }
  } finally {
    socket.destroy();
  }
  return out;
}

test("a step's body read at once (with its headers) or later (sent after them) answers the same, and the connection is kept for the next request", async () => {
  const id = await initialize(3);
  const body = step(id, { tool: "add", args: { n: 2 } });
  const head = `POST /env/counter/step HTTP/1.1\r\nHost: x\r\nX-API-Key: ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  // Three steps on one connection: head and body in one write, the body 50 ms after the head, the body split in two.
  const answers = await onOneConnection([[head + body], [head, body], [head, body.slice(0, 10), body.slice(10)]], 50);
  assert.equal(answers.length, 3);
  const totals = [5, 7, 9];
  for (const [i, { head: responseHead, body: text }] of answers.entries()) {
    assert.match(responseHead, /^HTTP\/1\.1 200 /, `request ${i}: ${responseHead}`);
    assert.doesNotMatch(responseHead, /connection: close/i, `request ${i}: the body was read in full, so the connection stays open`);
    assert.deepEqual(JSON.parse(text), { observation: `total=${totals[i]}`, reward: 2, done: false, info: { tool: "add", result: { total: totals[i] }, info: { added: 2 } } }, `request ${i}`);
  }
});
