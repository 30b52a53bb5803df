/**
 * Hostile input: 2,000 generated malformed requests (random JSON, huge
 * strings, deep nesting, wrong types, bad headers, random bytes, Content-Length
 * headers that are malformed or do not match the body) never get a 5xx, every
 * error uses a documented status and code in synth-ai's shape, and a normal
 * rollout still works afterwards. They run in-process and byte for byte over
 * real sockets (fast path and Hono path). Raw-socket garbage is sent too.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import fc from "fast-check";
import { createTaskAppServer, defineTaskApp, ERROR_CODES, serve } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { RolloutResponse } from "../src/schemas/rollout.js";
import { createTrivialApp } from "./fixtures/apps/trivial.js";
import { rawRequest } from "./fixtures/apps/raw-http.js";

const KEY = "sk_env_fault_key";
const MAX = 64 * 1024;
const valid = { run_id: "ok", env: { seed: 1 }, policy: {}, ops: [] };

const deep = (n: number, open: string, close: string) => open.repeat(n) + close.repeat(n);
const hostileBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 200 }),
  fc.integer({ min: 10, max: 50_000 }).map((n) => deep(n, "[", "]")),
  fc.integer({ min: 10, max: 50_000 }).map((n) => `{"run_id":"r","env":{"config":${deep(n, '{"a":', "1" + "}".repeat(0))}`),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => `{"run_id":"deep","env":{"config":{"x":${deep(n, "[", "]")}}},"policy":{},"ops":[]}`),
  fc.integer({ min: MAX - 100, max: MAX * 3 }).map((n) => JSON.stringify({ ...valid, run_id: "x".repeat(n) })),
  fc.record({ run_id: fc.anything(), env: fc.anything(), policy: fc.anything(), ops: fc.anything(), record: fc.anything(), safety: fc.anything(), mode: fc.anything() }, { requiredKeys: [] }).map((o) => JSON.stringify(o)),
  fc.record({ seed: fc.oneof(fc.double(), fc.string(), fc.bigInt().map(String), fc.constant(Number.MAX_SAFE_INTEGER + 2)) }).map(({ seed }) => `{"run_id":"r","env":{"seed":${typeof seed === "number" ? JSON.stringify(seed) : JSON.stringify(seed)}},"policy":{}}`),
  fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1")),
  fc.constantFrom("", "null", "true", "1e999", '"\\ud800"', "\uFEFF{}", '{"__proto__":{"x":1},"run_id":"r","env":{},"policy":{}}', '{"constructor":{"prototype":{}}}'),
);
const hostileHeaders = fc.record(
  {
    "content-type": fc.oneof({ arbitrary: fc.constant("application/json"), weight: 8 }, fc.constant("text/plain"), fc.constant("application/json; charset=latin1"), fc.string({ maxLength: 40 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
    "x-api-key": fc.oneof({ arbitrary: fc.constant(KEY), weight: 8 }, fc.constant(`${KEY},${KEY}`), fc.string({ maxLength: 60 }).filter((s) => /^[\x21-\x7e]*$/.test(s))),
    "x-api-keys": fc.array(fc.string({ maxLength: 20 }).filter((s) => /^[\x21-\x2b\x2d-\x7e]*$/.test(s)), { maxLength: 50 }).map((a) => a.join(",")),
    authorization: fc.oneof(fc.constant(`Bearer ${KEY}`), fc.constant("Bearer"), fc.constant(`Basic ${KEY}`), fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s))),
    // Mostly absent (the body's real length is sent); otherwise malformed, too small for the body, or far over the limit.
    "content-length": fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, fc.constantFrom("0", "-1", "abc", String(MAX * 100), "1e3")),
  },
  { requiredKeys: ["x-api-key", "content-type", "content-length"] },
).chain((h) => fc.nat(7).map((n) => (n === 0 ? { ...h, "x-api-key": undefined, "content-type": undefined } : h)).map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>));
const target = fc.record({
  method: fc.oneof({ arbitrary: fc.constant("POST"), weight: 12 }, fc.constantFrom("GET", "PUT", "DELETE", "PATCH", "OPTIONS")),
  path: fc.oneof({ arbitrary: fc.constant("/rollout"), weight: 12 }, fc.constantFrom("/task_info", "/info", "/health", "/done", "/"), fc.webPath(), fc.constant("/task_info?seed=").chain((p) => fc.string({ maxLength: 30 }).map((s) => p + encodeURIComponent(s)))),
});

/** Documented statuses: every error status must be one of these, with one of its codes. */
const documented = new Map<number, readonly string[]>(Object.entries(ERROR_CODES).map(([s, codes]) => [Number(s), codes]));

/** One generated request; `headers` may carry a Content-Length that does not match the body. */
interface Hostile {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What came back: status and body, or that the HTTP parser refused the request before the app saw it. */
interface Outcome {
  status: number;
  text: string;
}

/**
 * Requests whose framing Node's HTTP parser refuses: a malformed
 * Content-Length, or one shorter than the body, so the rest of the body is
 * read as a next request that is not HTTP. Node answers a bare 400 and closes
 * the connection; the app never sees them (or its answer to the first part is
 * dropped with the connection).
 */
const brokenFraming = (h: Hostile) => {
  const declared = h.headers["content-length"];
  if (declared === undefined) return false;
  return !/^\d+$/.test(declared) || Number(declared) < Buffer.byteLength(h.body ?? "");
};

async function runHostile(send: (request: Hostile) => Promise<Outcome>, numRuns: number, seed: number): Promise<Map<number, number>> {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(target, hostileHeaders, hostileBody, async ({ method, path }, headers, body) => {
      const request: Hostile = { method, path, headers, body: method === "GET" ? undefined : body };
      const { status, text } = await send(request);
      seen.set(status, (seen.get(status) ?? 0) + 1);
      const where = `${method} ${path} ${JSON.stringify(headers).slice(0, 300)}`;
      assert.ok(status > 0, `no answer for ${where}`);
      assert.ok(status < 500, `5xx for ${where}: ${status} ${text.slice(0, 200)}`);
      if (status >= 400 && text === "" && brokenFraming(request)) {
        assert.equal(status, 400, `the parser's refusal of broken framing (${where})`);
        return;
      }
      if (status >= 400) {
        const parsed = ErrorBody.safeParse(JSON.parse(text));
        assert.ok(parsed.success, `error body shape for ${status}: ${text.slice(0, 200)}`);
        const codes = documented.get(status);
        assert.ok(codes, `undocumented status ${status}`);
        assert.ok(codes.includes(parsed.data.detail.error.code), `code ${parsed.data.detail.error.code} for ${status}`);
      }
    }),
    { numRuns, seed },
  );
  return seen;
}

/** In-process: the Content-Length header is passed on as given (the body itself is whatever was generated). */
const inProcess = (fetch: (request: Request) => Promise<Response>) => async (h: Hostile): Promise<Outcome> => {
  const init: RequestInit = { method: h.method, headers: h.headers };
  if (h.body !== undefined) init.body = new TextEncoder().encode(h.body);
  const res = await fetch(new Request(`http://local${h.path}`, init));
  return { status: res.status, text: await res.text() };
};

/** Over a raw socket, byte for byte: a generated Content-Length is sent as is, matching the body or not. */
const overSocket = (port: number) => async (h: Hostile): Promise<Outcome> => {
  const { "content-length": contentLength, ...headers } = h.headers;
  const path = h.path.startsWith("/") ? h.path : `/${h.path}`; // as the URL the in-process request is built from
  const answer = await rawRequest(port, { method: h.method, path, headers, body: h.body, contentLength, waitForClose: false, timeoutMs: 10_000 });
  return { status: answer.status, text: answer.body };
};

const validRollout = (send: (request: Hostile) => Promise<Outcome>) =>
  send({ method: "POST", path: "/rollout", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify(valid) });

test("2,000 hostile requests in-process: only documented statuses, synth-ai error bodies, then a normal rollout works", { timeout: 120_000 }, async () => {
  const server = createTaskAppServer(createTrivialApp({ maxBodyBytes: MAX }), { env: { ENVIRONMENT_API_KEY: KEY } });
  const send = inProcess((r) => server.fetch(r));
  const seen = await runHostile(send, 2000, 20261122);
  assert.equal([...seen.values()].reduce((a, b) => a + b, 0), 2000);
  console.log(`fault (in-process): statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
  const res = await validRollout(send);
  assert.equal(res.status, 200);
  assert.equal(RolloutResponse.parse(JSON.parse(res.text)).run_id, "ok");
});

for (const corsOrigins of [[], ["https://ui.example.test"]]) {
  const how = corsOrigins.length ? "with CORS (Hono for every route)" : "without CORS (the node:http fast path for POST /rollout)";
  test(`the same 2,000 over a real socket ${how}, Content-Length sent as generated, then a normal rollout works`, { timeout: 180_000 }, async () => {
    const app = defineTaskApp({ ...createTrivialApp({ maxBodyBytes: MAX }), corsOrigins });
    const running = await serve(app, { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
    try {
      const start = performance.now();
      const seen = await runHostile(overSocket(running.port), 2000, 20261122);
      assert.equal([...seen.values()].reduce((a, b) => a + b, 0), 2000);
      console.log(`fault (socket ${corsOrigins.length ? "CORS" : "fast path"}): ${Math.round(performance.now() - start)} ms, statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
      const res = await validRollout(overSocket(running.port));
      assert.equal(res.status, 200, res.text);
      assert.equal(RolloutResponse.parse(JSON.parse(res.text)).run_id, "ok");
    } finally {
      await running.close();
    }
  });
}

test("raw-socket garbage and bad headers never take the server down", { timeout: 60_000 }, async () => {
  const running = await serve(createTrivialApp({ maxBodyBytes: MAX }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  const raw = (payload: string | Buffer) =>
    new Promise<string>((resolve) => {
      const socket = connect(running.port, "127.0.0.1", () => socket.end(payload));
      let data = "";
      socket.on("data", (d) => (data += d));
      socket.on("close", () => resolve(data));
      socket.on("error", () => resolve(data));
      socket.setTimeout(3000, () => socket.destroy());
    });
  const body = JSON.stringify(valid);
  const payloads = [
    "GARBAGE\r\n\r\n",
    `POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 5\r\ncontent-length: 6\r\n\r\n{}`,
    `POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: -1\r\n\r\n{}`,
    `POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\nbad header\r\n\r\n`,
    `POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ntransfer-encoding: chunked\r\ncontent-type: application/json\r\n\r\nzz\r\n`,
    `POST /rollout HTTP/1.1\r\nhost: x\r\nx-long: ${"a".repeat(20_000)}\r\n\r\n`,
    Buffer.concat([Buffer.from(`POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 4\r\n\r\n`), Buffer.from([0xff, 0xfe, 0x00, 0x7b])]),
    `POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"run_id"`,
  ];
  try {
    for (const p of payloads) {
      const answer = await raw(p);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      assert.ok(status === 0 || status < 500, `5xx for ${String(p).slice(0, 60)}: ${answer.slice(0, 100)}`);
    }
    const res = await fetch(`${running.url}/rollout`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body });
    assert.equal(res.status, 200);
  } finally {
    await running.close();
  }
});
