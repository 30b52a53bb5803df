import { test } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { createLogger, createTaskAppServer, serve } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { RolloutResponse } from "../src/schemas/rollout.js";
import { TraceEnvelopeV3 } from "../src/schemas/trace.js";
import { createMathApp } from "./fixtures/apps/math.js";

// Random-looking, as real keys are: any 6 characters of a key are masked in logs, so a key made of words would hide them.
const KEY = "sk_env_v9q3t7_key";
const env = { ENVIRONMENT_API_KEY: KEY };
const json = { "x-api-key": KEY, "content-type": "application/json" };
const valid = { run_id: "run-1", env: { env_name: "math", seed: 4 }, policy: { policy_id: "p1", config: { inference_url: "http://127.0.0.1:1/v1" } }, ops: [] };

function post(server: { request: (p: string, i: RequestInit) => Response | Promise<Response> }, body: unknown, headers: Record<string, string> = json) {
  return server.request("/rollout", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
}

async function error(res: Response) {
  return ErrorBody.parse(await res.json()).detail.error;
}

test("a valid rollout returns a validated RolloutResponse; return_trace gives the v3 envelope", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const res = await post(server, valid);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = RolloutResponse.parse(await res.json());
  assert.equal(body.run_id, "run-1");
  assert.equal(body.metrics.mean_return, 1.5);
  assert.equal(body.trajectories[0]?.inference_url, "http://127.0.0.1:1/v1");
  assert.equal(body.trace, null);
  const traced = RolloutResponse.parse(await (await post(server, { ...valid, record: { return_trace: true } })).json());
  assert.ok(TraceEnvelopeV3.safeParse(traced.trace).success);
  const later = await post(server, { run_id: "r2", env: {}, policy: {}, mode: "eval" });
  assert.equal(later.status, 200, "a later-era request without ops is accepted");
  const jsonUtf8 = await post(server, valid, { ...json, "content-type": "application/json; charset=utf-8" });
  assert.equal(jsonUtf8.status, 200);
});

test("malformed JSON gives 400 invalid_json", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  for (const body of ["{", "", "{'a':1}", "[1,]", "nul"]) {
    const res = await post(server, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal((await error(res)).code, "invalid_json");
  }
});

test("a body failing RolloutRequest gives 422 listing every issue's path and message", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const res = await post(server, { run_id: 7, env: { seed: "x" }, policy: { config: { temperature: -1 } }, ops: "nope", mode: "train" });
  assert.equal(res.status, 422);
  const err = await error(res);
  assert.equal(err.code, "invalid_request");
  const issues = err.issues as { path: string; message: string }[];
  assert.deepEqual(issues.map((i) => i.path).sort(), ["env.seed", "mode", "ops", "policy.config.temperature", "run_id"]);
  assert.ok(issues.every((i) => i.message.length > 0));
  for (const body of [[], 5, JSON.stringify("str"), null, { run_id: "r", env: { seed: 1.5 }, policy: {} }, { run_id: "r", env: { seed: "3" }, policy: {} }]) {
    const r = await post(server, body);
    assert.equal(r.status, 422, JSON.stringify(body));
  }
});

test("wrong or missing content type gives 415", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/jsonx", "multipart/form-data; boundary=x"]) {
    const res = await post(server, valid, { "x-api-key": KEY, "content-type": type });
    assert.equal(res.status, 415, type);
    assert.equal((await error(res)).code, "unsupported_media_type");
  }
  const none = await server.request("/rollout", { method: "POST", headers: { "x-api-key": KEY }, body: new Blob([JSON.stringify(valid)]) });
  assert.equal(none.status, 415);
});

test("a body over the limit gives 413, by Content-Length or while streaming", async () => {
  const server = createTaskAppServer(createMathApp({ limits: { maxBodyBytes: 1024 } }), { env });
  const big = { ...valid, env: { ...valid.env, config: { pad: "x".repeat(2000) } } };
  const res = await post(server, big);
  assert.equal(res.status, 413);
  assert.equal((await error(res)).code, "payload_too_large");
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      controller.enqueue(new TextEncoder().encode("x".repeat(512)));
      if (pulled > 1000) controller.close();
    },
  });
  const streamed = await server.fetch(new Request("http://local/rollout", { method: "POST", headers: json, body: stream, duplex: "half" } as RequestInit));
  assert.equal(streamed.status, 413);
  assert.ok(pulled < 10, `stopped reading early (pulled ${pulled} chunks)`);
  assert.equal((await post(server, valid)).status, 200);
});

test("413 over a real socket answers before the client has sent the body", async () => {
  const running = await serve(createMathApp({ limits: { maxBodyBytes: 1024 } }), { port: 0, env, logLevel: "silent", handleSignals: false });
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(running.port, "127.0.0.1", () => {
        socket.write(`POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 100000000\r\n\r\n{"run_id":`);
      });
      let data = "";
      socket.on("data", (d) => {
        data += d;
        if (data.includes("\r\n\r\n")) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on("error", reject);
      setTimeout(() => reject(new Error("no answer")), 3000).unref();
    });
    assert.match(answer, /^HTTP\/1\.1 413/);
  } finally {
    await running.close();
  }
});

test("an executor returning an invalid response gives 500 invalid_rollout_response naming the paths", async () => {
  const server = createTaskAppServer(
    createMathApp({ rollout: () => ({ run_id: "x", trajectories: [{ env_id: 1 }], metrics: { episode_returns: [Number.NaN], mean_return: 0, num_steps: -1 } }) as never }),
    { env },
  );
  const res = await post(server, valid);
  assert.equal(res.status, 500);
  const err = await error(res);
  assert.equal(err.code, "invalid_rollout_response");
  const paths = (err.issues as { path: string }[]).map((i) => i.path);
  for (const p of ["trajectories[0].env_id", "trajectories[0].policy_id", "trajectories[0].steps", "metrics.episode_returns[0]", "metrics.num_steps"]) {
    assert.ok(paths.includes(p), `${p} in ${paths}`);
    assert.ok(err.message.includes(p) || paths.length > 5, "message names paths");
  }
  const notObject = createTaskAppServer(createMathApp({ rollout: () => "done" as never }), { env });
  assert.equal((await error(await post(notObject, valid))).code, "invalid_rollout_response");
});

test("an executor that throws gives a structured 500 and the server keeps serving", async () => {
  let calls = 0;
  const server = createTaskAppServer(
    createMathApp({
      rollout: async (req, ctx) => {
        if (calls++ % 2 === 0) throw new TypeError("boom");
        return createMathApp().rollout(req, ctx);
      },
    }),
    { env },
  );
  const res = await post(server, valid);
  assert.equal(res.status, 500);
  const err = await error(res);
  assert.equal(err.code, "rollout_failed");
  assert.equal(err.message, "the rollout executor failed");
  assert.ok(!JSON.stringify(err).includes("boom"), "the executor's own message stays in the logs");
  assert.equal(err.run_id, "run-1");
  assert.equal((await post(server, valid)).status, 200);
  const syncThrow = createTaskAppServer(createMathApp({ rollout: () => { throw "not an error"; } }), { env });
  assert.equal((await error(await post(syncThrow, valid))).code, "rollout_failed");
});

test("an executor past safety.max_time_s is aborted through its signal and gives 504", async () => {
  let seen: AbortSignal | undefined;
  const server = createTaskAppServer(
    createMathApp({
      rollout: (_req, ctx) => {
        seen = ctx.signal;
        return new Promise(() => {});
      },
    }),
    { env },
  );
  const start = Date.now();
  const res = await post(server, { ...valid, safety: { max_time_s: 0.1 } });
  assert.equal(res.status, 504);
  assert.equal((await error(res)).code, "rollout_timeout");
  assert.ok(Date.now() - start < 2000);
  assert.equal(seen?.aborted, true);
  assert.equal(server.inFlight, 0);
});

test("a client that disconnects aborts its rollout", async () => {
  let signal: AbortSignal | undefined;
  let started!: () => void;
  const began = new Promise<void>((r) => (started = r));
  const aborted = new Promise<void>((resolve) => {
    const app = createMathApp({
      rollout: (_req, ctx) => {
        signal = ctx.signal;
        ctx.signal.addEventListener("abort", () => resolve());
        started();
        return new Promise(() => {});
      },
    });
    void serve(app, { port: 0, env, logLevel: "silent", handleSignals: false }).then(async (running) => {
      const client = new AbortController();
      const req = fetch(`${running.url}/rollout`, { method: "POST", headers: json, body: JSON.stringify(valid), signal: client.signal }).catch(() => null);
      await began;
      client.abort();
      await req;
      await aborted;
      await running.close();
    });
  });
  await aborted;
  assert.equal(signal?.aborted, true);
});

function hangingApp(corsOrigins: string[], started: () => void) {
  return createMathApp({
    corsOrigins,
    rollout: (_req, ctx) => {
      started();
      return new Promise((_resolve, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)));
    },
  });
}

async function until(done: () => boolean, what: string) {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(done(), what);
}

test("a client disconnect is logged with its own code, client_disconnected, on both socket paths", async () => {
  for (const corsOrigins of [[], ["https://ui.example.test"]]) {
    let logged = "";
    const logger = createLogger("info", new Writable({ write(chunk, _enc, cb) { logged += chunk; cb(); } }));
    let started!: () => void;
    const began = new Promise<void>((r) => (started = r));
    const running = await serve(hangingApp(corsOrigins, started), { port: 0, env, logger, handleSignals: false });
    try {
      const client = new AbortController();
      const req = fetch(`${running.url}/rollout`, { method: "POST", headers: json, body: JSON.stringify(valid), signal: client.signal }).catch(() => null);
      await began;
      client.abort();
      await req;
      await until(() => logged.includes("rollout aborted"), `logged: ${logged}`);
      const entry = JSON.parse(logged.split("\n").find((l) => l.includes("rollout aborted"))!);
      assert.equal(entry.code, "client_disconnected", logged);
      assert.equal(entry.run_id, "run-1");
      assert.ok(!logged.includes("shutting_down"), logged);
    } finally {
      await running.close();
    }
  }
});

test("in-process, a request whose signal aborts gets client_disconnected (status 499, never on the wire)", async () => {
  let started!: () => void;
  const began = new Promise<void>((r) => (started = r));
  const server = createTaskAppServer(hangingApp([], started), { env });
  const client = new AbortController();
  const pending = server.fetch(new Request("http://local/rollout", { method: "POST", headers: json, body: JSON.stringify(valid), signal: client.signal }));
  await began;
  client.abort();
  const res = await pending;
  assert.equal(res.status, 499);
  const err = await error(res);
  assert.equal(err.code, "client_disconnected");
  assert.equal(err.run_id, "run-1");
  assert.equal(server.inFlight, 0);
});
