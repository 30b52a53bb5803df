/**
 * One table of POST /rollout cases (auth, content type, size, JSON, schema,
 * executor failures, timeout, success), run against every way a request can
 * reach the handler: in-process through Hono's fetch, over a `serve()` socket
 * without CORS (the node:http fast path) and over a `serve()` socket with
 * CORS origins (Hono behind @hono/node-server). Every transport must give the
 * same status and the same body; over sockets, replies sent before the body
 * was read close the connection without reading it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createTaskAppServer, serve, type ServingTaskApp } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { ContainerRolloutResponse } from "../src/schemas/container-rollout.js";
import { RolloutResponse } from "../src/schemas/rollout.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { rawRequest } from "./fixtures/apps/raw-http.js";

const KEY = "sk_env_transport_0123456789abcdef";
const OPENAI = "sk-proj-transportVendorSecret0123456789";
const MAX = 2048;
const ORIGIN = "https://ui.example.test";
const json = { "x-api-key": KEY, "content-type": "application/json" };
const rollout = (runId: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ run_id: runId, env: { env_name: "math", seed: 3 }, policy: { policy_id: "p" }, ops: [], ...extra });
/** A container-era body: its trace_correlation_id becomes the executor's run_id, which picks the case. */
const containerRollout = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ trace_correlation_id: id, env: { env_name: "math", seed: 3 }, policy: { policy_id: "p" }, ...extra });

/** A value every read of which throws: getters, prototype, conversion. */
const unreadable = () => {
  const trap = () => {
    throw new Error(`trap read with ${OPENAI}`);
  };
  return new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
};
/** An Error whose name, message and stack getters throw. */
const throwingGetters = () =>
  Object.create(Error.prototype, Object.fromEntries(["name", "message", "stack", "toString"].map((k) => [k, { get: () => { throw new Error(`getter ${k} ${OPENAI}`); } }])));

/** Executor behaviour chosen by run_id, so one app serves every case. */
function createCaseApp(corsOrigins: string[] = []) {
  const base = createMathApp();
  /** A valid response with `extra` merged into its pipeline_metadata. */
  const withMetadata = async (request: Parameters<typeof base.rollout>[0], ctx: Parameters<typeof base.rollout>[1], extra: Record<string, unknown>) => {
    const response = await base.rollout(request, ctx);
    return { ...response, pipeline_metadata: { ...response.pipeline_metadata, ...extra } };
  };
  return createMathApp({
    corsOrigins,
    limits: { maxBodyBytes: MAX, maxDepth: 8, maxArrayLength: 50, maxObjectKeys: 20, maxStringLength: 1000, maxTotalElements: 200 },
    rollout: (request, ctx) => {
      if (request.run_id === "throws") throw new Error(`Incorrect API key provided: ${OPENAI}; ${KEY.slice(0, 12)}`);
      if (request.run_id === "throws-getters") throw throwingGetters();
      if (request.run_id === "throws-proxy") throw unreadable();
      if (request.run_id === "throws-bare") throw Object.create(null);
      if (request.run_id === "rejects-getters") return Promise.reject(throwingGetters());
      if (request.run_id === "invalid") return { run_id: "invalid", trajectories: "none" } as never;
      if (request.run_id === "returns-proxy") return unreadable() as never;
      if (request.run_id === "returns-getter") return Object.defineProperty({ run_id: "returns-getter", trajectories: [] }, "metrics", { enumerable: true, get: () => { throw new Error(OPENAI); } }) as never;
      if (request.run_id === "circular") {
        const loop: Record<string, unknown> = { note: "loop" };
        loop.self = loop;
        return withMetadata(request, ctx, { loop });
      }
      if (request.run_id === "bigint") return withMetadata(request, ctx, { tokens: 10n ** 30n });
      if (request.run_id === "tojson-throws") return withMetadata(request, ctx, { item: { toJSON: () => { throw new Error(`toJSON ${OPENAI}`); } } });
      if (request.run_id === "hangs") return new Promise(() => {});
      return base.rollout(request, ctx);
    },
  });
}

type ServerKind = "keyed" | "unkeyed";
const envOf = (kind: ServerKind) => (kind === "keyed" ? { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI } : {});

interface Case {
  name: string;
  server?: ServerKind;
  headers: Record<string, string>;
  body: string;
  /** Content-Length to declare instead of the body's length. */
  declaredLength?: number;
  /** Send the body in these chunks, chunked over sockets and as a stream in-process. */
  chunks?: string[];
  /** Answered before the body is read: over a socket the body is held back and the connection must close. */
  early?: boolean;
  status: number;
  code?: string;
  /** A container-era answer: its expected success_status ("success" when absent). */
  container?: string;
}

const big = "x".repeat(MAX);
const cases: Case[] = [
  { name: "valid rollout", headers: json, body: rollout("ok"), status: 200 },
  { name: "JSON with a charset", headers: { ...json, "content-type": "application/json; charset=utf-8" }, body: rollout("ok"), status: 200 },
  { name: "key in X-API-Keys among others", headers: { "x-api-keys": `nope, ${KEY}`, "content-type": "application/json" }, body: rollout("ok"), status: 200 },
  { name: "Bearer key", headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" }, body: rollout("ok"), status: 200 },
  { name: "no key", headers: { "content-type": "application/json" }, body: rollout("ok"), early: true, status: 401, code: "unauthorised" },
  { name: "wrong key", headers: { ...json, "x-api-key": "wrong" }, body: rollout("ok"), early: true, status: 401, code: "unauthorised" },
  { name: "key prefix only", headers: { ...json, "x-api-key": KEY.slice(0, 15) }, body: rollout("ok"), early: true, status: 401, code: "unauthorised" },
  { name: "Basic instead of Bearer", headers: { authorization: `Basic ${KEY}`, "content-type": "application/json" }, body: rollout("ok"), early: true, status: 401, code: "unauthorised" },
  { name: "no key configured", server: "unkeyed", headers: json, body: rollout("ok"), early: true, status: 503, code: "missing_environment_api_key" },
  { name: "text/plain", headers: { ...json, "content-type": "text/plain" }, body: rollout("ok"), early: true, status: 415, code: "unsupported_media_type" },
  { name: "application/jsonx", headers: { ...json, "content-type": "application/jsonx" }, body: rollout("ok"), early: true, status: 415, code: "unsupported_media_type" },
  { name: "form encoded", headers: { ...json, "content-type": "application/x-www-form-urlencoded" }, body: "a=1", early: true, status: 415, code: "unsupported_media_type" },
  { name: "no content type", headers: { "x-api-key": KEY }, body: rollout("ok"), early: true, status: 415, code: "unsupported_media_type" },
  { name: "Content-Length of 50 MB", headers: json, body: rollout("ok"), declaredLength: 50_000_000, early: true, status: 413, code: "payload_too_large" },
  { name: "Content-Length just over the limit", headers: json, body: rollout("ok", { pad: big }), early: true, status: 413, code: "payload_too_large" },
  { name: "chunked body over the limit", headers: json, body: "", chunks: Array.from({ length: 8 }, () => big.slice(0, 512)), status: 413, code: "payload_too_large" },
  { name: "invalid JSON", headers: json, body: "{", status: 400, code: "invalid_json" },
  { name: "empty body", headers: json, body: "", status: 400, code: "invalid_json" },
  { name: "JSON with a trailing comma", headers: json, body: "[1,]", status: 400, code: "invalid_json" },
  { name: "wrong field types", headers: json, body: JSON.stringify({ run_id: 7, env: { seed: "x" }, policy: {}, ops: "nope" }), status: 422, code: "invalid_request" },
  { name: "a JSON array", headers: json, body: "[]", status: 422, code: "invalid_request" },
  { name: "null", headers: json, body: "null", status: 422, code: "invalid_request" },
  { name: "executor throws with secrets in its message", headers: json, body: rollout("throws"), status: 500, code: "rollout_failed" },
  { name: "executor returns an invalid response", headers: json, body: rollout("invalid"), status: 500, code: "invalid_rollout_response" },
  { name: "executor throws an Error whose getters throw", headers: json, body: rollout("throws-getters"), status: 500, code: "rollout_failed" },
  { name: "executor throws a proxy every read of which throws", headers: json, body: rollout("throws-proxy"), status: 500, code: "rollout_failed" },
  { name: "executor throws an object without a prototype", headers: json, body: rollout("throws-bare"), status: 500, code: "rollout_failed" },
  { name: "executor rejects with an Error whose getters throw", headers: json, body: rollout("rejects-getters"), status: 500, code: "rollout_failed" },
  { name: "executor returns a proxy every read of which throws", headers: json, body: rollout("returns-proxy"), status: 500, code: "rollout_failed" },
  { name: "executor returns an object whose getter throws", headers: json, body: rollout("returns-getter"), status: 500, code: "invalid_rollout_response" },
  { name: "executor returns a circular value", headers: json, body: rollout("circular"), status: 500, code: "invalid_rollout_response" },
  { name: "executor returns a BigInt", headers: json, body: rollout("bigint"), status: 500, code: "invalid_rollout_response" },
  { name: "executor returns a value whose toJSON throws", headers: json, body: rollout("tojson-throws"), status: 500, code: "invalid_rollout_response" },
  { name: "ops past limits.maxArrayLength", headers: json, body: rollout("ok", { ops: Array(51).fill(1) }), status: 422, code: "limit_exceeded" },
  { name: "env.config past limits.maxDepth", headers: json, body: rollout("ok", { env: { config: { a: [[[[[[[[1]]]]]]]] } } }), status: 422, code: "limit_exceeded" },
  { name: "policy.config past limits.maxObjectKeys", headers: json, body: rollout("ok", { policy: { config: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) } }), status: 422, code: "limit_exceeded" },
  { name: "a string past limits.maxStringLength", headers: json, body: rollout("x".repeat(1001)), status: 413, code: "payload_too_large" },
  { name: "values past limits.maxTotalElements", headers: json, body: rollout("ok", { env: { config: { a: Array(40).fill([0, 0, 0, 0]) } } }), status: 413, code: "payload_too_large" },
  { name: "executor past safety.max_time_s", headers: json, body: rollout("hangs", { safety: { max_time_s: 0.2 } }), status: 504, code: "rollout_timeout" },
  { name: "container era: valid rollout", headers: json, body: containerRollout("ok"), status: 200, container: "success" },
  { name: "container era: blank trace_correlation_id", headers: json, body: containerRollout("  "), status: 422, code: "invalid_request" },
  { name: "container era: refused context override", headers: json, body: containerRollout("ok", { context_overrides: [{ file_artifacts: { "../x": "y" } }] }), status: 200, container: "apply_failed" },
  { name: "container era: executor throws with secrets in its message", headers: json, body: containerRollout("throws"), status: 200, container: "runtime_error" },
  { name: "container era: executor throws a proxy", headers: json, body: containerRollout("throws-proxy"), status: 200, container: "runtime_error" },
  { name: "container era: executor returns an invalid response", headers: json, body: containerRollout("invalid"), status: 200, container: "runtime_error" },
  { name: "container era: executor returns a proxy", headers: json, body: containerRollout("returns-proxy"), status: 200, container: "runtime_error" },
  // The circular value and the BigInt sit in pipeline_metadata, which a container-era answer does not carry.
  { name: "container era: a circular value outside what the era sends", headers: json, body: containerRollout("circular"), status: 200, container: "success" },
  { name: "container era: a BigInt outside what the era sends", headers: json, body: containerRollout("bigint"), status: 200, container: "success" },
  { name: "container era: executor returns a value whose toJSON throws", headers: json, body: containerRollout("tojson-throws"), status: 200, container: "success" },
  { name: "container era: executor past safety.max_time_s", headers: json, body: containerRollout("hangs", { safety: { max_time_s: 1 } }), status: 200, container: "timeout" },
];

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** Socket only: the server closed the connection. */
  closed?: boolean;
  answeredBeforeBody?: boolean;
}

interface Transport {
  name: string;
  socket: boolean;
  cors: boolean;
  send(c: Case): Promise<Answer>;
  close(): Promise<void>;
}

function inProcess(): Transport {
  const servers = { keyed: createTaskAppServer(createCaseApp(), { env: envOf("keyed") }), unkeyed: createTaskAppServer(createCaseApp(), { env: envOf("unkeyed") }) };
  return {
    name: "in-process",
    socket: false,
    cors: false,
    async send(c) {
      const headers: Record<string, string> = { ...c.headers };
      if (c.declaredLength !== undefined) headers["content-length"] = String(c.declaredLength);
      const chunks = c.chunks?.slice();
      const body = chunks
        ? new ReadableStream<Uint8Array>({ pull: (ctl) => (chunks.length ? ctl.enqueue(new TextEncoder().encode(chunks.shift()!)) : ctl.close()) })
        : new TextEncoder().encode(c.body); // bytes: no default content type is added
      const res = await servers[c.server ?? "keyed"].fetch(new Request("http://local/rollout", { method: "POST", headers, body, duplex: "half" } as RequestInit));
      return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
    },
    async close() {},
  };
}

async function overSocket(cors: boolean): Promise<Transport> {
  const options = (kind: ServerKind) => ({ port: 0, env: envOf(kind), logLevel: "silent" as const, handleSignals: false });
  const origins = cors ? [ORIGIN] : [];
  const running: Record<ServerKind, ServingTaskApp> = {
    keyed: await serve(createCaseApp(origins), options("keyed")),
    unkeyed: await serve(createCaseApp(origins), options("unkeyed")),
  };
  return {
    name: cors ? "socket with CORS (Hono)" : "socket without CORS (fast path)",
    socket: true,
    cors,
    async send(c) {
      const headers = cors ? { ...c.headers, origin: ORIGIN } : c.headers;
      const answer = await rawRequest(running[c.server ?? "keyed"].port, {
        headers,
        body: c.body,
        chunks: c.chunks,
        contentLength: c.declaredLength === undefined ? undefined : String(c.declaredLength),
        holdBody: c.early,
      });
      return { status: answer.status, body: answer.body, headers: answer.headers, closed: answer.closed, answeredBeforeBody: answer.answeredBeforeBody };
    },
    async close() {
      await Promise.all([running.keyed.close(), running.unkeyed.close()]);
    },
  };
}

/** The body with its random error id replaced, after checking that every 500 carries the run id and an error id. */
function normalise(c: Case, body: string): string {
  if (c.container) {
    const answer = JSON.parse(body) as Record<string, unknown>;
    const detail = typeof answer.status_detail === "string" ? answer.status_detail.replace(/error id [0-9a-f-]{36}/, "error id <id>") : answer.status_detail;
    return JSON.stringify({ ...answer, status_detail: detail, trace: answer.trace ? "<trace: session ids and times differ>" : answer.trace });
  }
  if (c.status !== 500) return body;
  const error = ErrorBody.parse(JSON.parse(body)).detail.error;
  assert.equal(error.run_id, JSON.parse(c.body).run_id, `${c.name}: the run id`);
  assert.match(String(error.error_id), /^[0-9a-f-]{36}$/, `${c.name}: an error id the logs can be searched for`);
  return JSON.stringify({ ...JSON.parse(body), detail: { error: { ...error, error_id: "<id>" } } });
}

test("POST /rollout answers the same status and body in-process, on the fast path and on the Hono path", { timeout: 120_000 }, async () => {
  const transports = [inProcess(), await overSocket(false), await overSocket(true)];
  const reference = new Map<string, string>();
  try {
    for (const transport of transports) {
      for (const c of cases) {
        const label = `${transport.name}: ${c.name}`;
        const answer = await transport.send(c);
        assert.equal(answer.status, c.status, `${label}: status (${answer.body.slice(0, 200)})`);
        assert.match(answer.headers["content-type"] ?? "", /^application\/json/, `${label}: content type`);
        if (c.code) assert.equal(ErrorBody.parse(JSON.parse(answer.body)).detail.error.code, c.code, label);
        else if (c.container) {
          const answered = ContainerRolloutResponse.parse(JSON.parse(answer.body));
          assert.equal(answered.success_status ?? "success", c.container, `${label}: ${answered.status_detail}`);
          assert.equal(answered.trace_correlation_id, JSON.parse(c.body).trace_correlation_id, label);
          if (c.container !== "success" && c.container !== "apply_failed") assert.match(answered.status_detail ?? "", /error id [0-9a-f-]{36}/, label);
        } else assert.equal(RolloutResponse.parse(JSON.parse(answer.body)).run_id, "ok", label);
        const body = normalise(c, answer.body);
        if (!reference.has(c.name)) reference.set(c.name, body);
        else assert.equal(body, reference.get(c.name), `${label}: same body as in-process`);
        if (c.status === 500 || (c.container && c.container !== "success")) {
          assert.ok(!answer.body.includes(OPENAI.slice(0, 6)) && !answer.body.includes(KEY.slice(0, 6)), `${label}: no secret in ${answer.body}`);
        }
        if (!transport.socket) continue;
        if (transport.cors) assert.equal(answer.headers["access-control-allow-origin"], ORIGIN, `${label}: CORS header`);
        if (c.early) {
          assert.equal(answer.answeredBeforeBody, true, `${label}: answered before the body was sent`);
          assert.equal(answer.headers.connection, "close", `${label}: connection: close`);
          assert.equal(answer.closed, true, `${label}: the server closed the connection`);
        } else if (c.chunks) {
          assert.equal(answer.headers.connection, "close", `${label}: connection: close after refusing mid-body`);
          assert.equal(answer.closed, true, `${label}: closed mid-body`);
        } else {
          assert.notEqual(answer.headers.connection, "close", `${label}: keep-alive once the body was read`);
        }
      }
    }
  } finally {
    await Promise.all(transports.map((t) => t.close()));
  }
});

test("with CORS origins, a 413 for a 50 MB Content-Length arrives before the body and nothing more is read", async () => {
  const running = await serve(createCaseApp([ORIGIN]), { port: 0, env: envOf("keyed"), logLevel: "silent", handleSignals: false });
  try {
    const answer = await rawRequest(running.port, { headers: { ...json, origin: ORIGIN }, body: Buffer.alloc(1024 * 1024, 0x20), contentLength: "50000000", holdBody: true, holdMs: 300 });
    assert.equal(answer.status, 413);
    assert.equal(answer.answeredBeforeBody, true);
    assert.equal(answer.closed, true);
    assert.equal(answer.bodyBytesSent, 0, "the socket was closed before the client got to send the body");
  } finally {
    await running.close();
  }
});

test("a long reply body is sent as the same UTF-8 bytes whether it is ASCII or not", async () => {
  const { encodeBody } = await import("../src/server/transports.js");
  const ascii = `{"image":"data:image/png;base64,${"QUJD".repeat(10_000)}"}`;
  const accented = `{"text":"${"é".repeat(9_000)}ü","emoji":"${"😀".repeat(3_000)}","lone":"\ud800"}`;
  for (const body of [ascii, accented, `${"a".repeat(20_000)}\u0080`, `${"a".repeat(20_000)}\u00ff`]) {
    assert.deepEqual(encodeBody(body), Buffer.from(body, "utf8"));
  }
});
