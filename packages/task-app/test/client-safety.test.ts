/**
 * The typed client's safety over real loopback sockets: keys never follow a
 * redirect to another origin, a rollout is never sent twice, bodies are
 * capped while streaming and the overall deadline ends a call.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  createTaskAppClient,
  TaskAppHttpError,
  TaskAppNetworkError,
  TaskAppRedirectError,
  TaskAppResponseTooLargeError,
} from "../src/client/index.js";
import { withRetries } from "../src/client/retry.js";
import { closedPort, sendJson, startLoopback, type LoopbackServer } from "./helpers/loopback.js";

const KEY = "sk_env_client_safety_key";
const ALIAS = "sk_env_client_safety_alias";
const HEALTH = { healthy: true, service: { task: { id: "t" } } };
const ROLLOUT_REQUEST = { run_id: "r1", env: { seed: 1 }, policy: { policy_name: "p" } };
const ROLLOUT_RESPONSE = { run_id: "r1", metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 } };
const fast = { backoffMs: () => 1 };

const servers: LoopbackServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));
async function server(...args: Parameters<typeof startLoopback>) {
  const s = await startLoopback(...args);
  servers.push(s);
  return s;
}

describe("redirects", () => {
  test("a redirect to another origin is refused: the other server never sees a key or a body", async () => {
    const elsewhere = await server((req, res) => sendJson(res, 200, req.path === "/rollout" ? ROLLOUT_RESPONSE : HEALTH));
    const app = await server((req, res) => {
      res.writeHead(req.method === "POST" ? 307 : 302, { location: `${elsewhere.url}${req.path}` });
      res.end();
    });
    const client = createTaskAppClient({ baseUrl: app.url, apiKey: KEY, apiKeyAliases: [ALIAS], ...fast });
    await assert.rejects(client.health(), (e: unknown) => {
      assert.ok(e instanceof TaskAppRedirectError, String(e));
      assert.equal(e.status, 302);
      assert.equal(e.target, elsewhere.url);
      assert.match(e.message, /GET \/health: refused a 302 redirect .* to http:\/\/127\.0\.0\.1:\d+/);
      assert.ok(!e.message.includes(KEY.slice(0, 6)));
      return true;
    });
    await assert.rejects(client.rollout(ROLLOUT_REQUEST), (e: unknown) => e instanceof TaskAppRedirectError && e.status === 307);
    assert.deepEqual(elsewhere.seen, [], "nothing at all reached the other origin");
    assert.equal(app.seen.length, 2, "the refused redirect is not retried");
  });

  test("a redirect within the origin is followed, keeping the key, and the body on 307", async () => {
    const app = await server((req, res) => {
      if (req.path.startsWith("/v1/")) {
        res.writeHead(req.method === "POST" ? 307 : 302, { location: req.path.slice(3) });
        return void res.end();
      }
      sendJson(res, 200, req.path === "/rollout" ? ROLLOUT_RESPONSE : HEALTH);
    });
    const client = createTaskAppClient({ baseUrl: `${app.url}/v1`, apiKey: KEY, ...fast });
    assert.equal((await client.health()).healthy, true);
    assert.equal((await client.rollout(ROLLOUT_REQUEST)).run_id, "r1");
    assert.deepEqual(
      app.seen.map((r) => `${r.method} ${r.path}`),
      ["GET /v1/health", "GET /health", "POST /v1/rollout", "POST /rollout"],
    );
    const followed = app.seen[3]!;
    assert.equal(followed.headers["x-api-key"], KEY);
    assert.deepEqual(JSON.parse(followed.body), ROLLOUT_REQUEST);
  });
});

describe("retries", () => {
  test("POST /rollout answered 500 or 503 is sent once", async () => {
    for (const status of [500, 502, 503]) {
      const app = await server((_req, res) => sendJson(res, status, { detail: { error: { code: "internal_error", message: "boom" } } }));
      const client = createTaskAppClient({ baseUrl: app.url, apiKey: KEY, tries: 3, ...fast });
      await assert.rejects(client.rollout(ROLLOUT_REQUEST), (e: unknown) => e instanceof TaskAppHttpError && e.status === status);
      assert.equal(app.seen.filter((r) => r.path === "/rollout").length, 1, `one rollout after a ${status}`);
    }
  });

  test("a POST carrying an Idempotency-Key is retried after a 503, with the same key (the server makes repeats no-ops)", async () => {
    let calls = 0;
    const app = await server((_req, res) => (++calls < 3 ? sendJson(res, 503, { detail: "busy" }) : sendJson(res, 201, { id: "job-1" })));
    const retrying = withRetries((r) => fetch(r), { tries: 4, backoffMs: () => 1, timeoutMs: 5000 });
    const res = await retrying(new Request(`${app.url}/jobs`, { method: "POST", headers: { "idempotency-key": "k-1" }, body: "{}" }));
    assert.equal(res.status, 201);
    assert.deepEqual(app.seen.map((r) => r.headers["idempotency-key"]), ["k-1", "k-1", "k-1"]);
  });

  test("POST /rollout whose connection drops after sending is not sent again", async () => {
    const app = await server((_req, _res, socket) => void socket.destroy());
    await assert.rejects(
      createTaskAppClient({ baseUrl: app.url, apiKey: KEY, tries: 3, ...fast }).rollout(ROLLOUT_REQUEST),
      (e: unknown) => e instanceof TaskAppNetworkError && e.attempts === 1,
    );
    assert.equal(app.seen.length, 1);
  });

  test("a GET is retried after 502/503/504 and a dropped connection, but not after a 500", async () => {
    const answers = [503, 502, 0, 504];
    const flaky = await server((_req, res, socket) => {
      const status = answers.shift() ?? 200;
      if (status === 0) return void socket.destroy();
      sendJson(res, status, status === 200 ? HEALTH : {});
    });
    const client = createTaskAppClient({ baseUrl: flaky.url, apiKey: KEY, tries: 5, ...fast });
    assert.equal((await client.health()).healthy, true);
    assert.equal(flaky.seen.length, 5);

    const broken = await server((_req, res) => sendJson(res, 500, {}));
    await assert.rejects(createTaskAppClient({ baseUrl: broken.url, ...fast }).health(), (e: unknown) => e instanceof TaskAppHttpError && e.status === 500);
    assert.equal(broken.seen.length, 1);
  });

  test("a refused connection is retried even for POST /rollout: nothing was sent", async () => {
    const port = await closedPort();
    let tries = 0;
    const client = createTaskAppClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: KEY,
      tries: 3,
      fetch: (request) => (tries++, globalThis.fetch(request)),
      ...fast,
    });
    await assert.rejects(client.rollout(ROLLOUT_REQUEST), (e: unknown) => e instanceof TaskAppNetworkError && e.attempts === 3);
    assert.equal(tries, 3);
  });
});

// Guards: without a cap or a deadline these calls would never end.
describe("response size", { timeout: 30_000 }, () => {
  test("an endless streamed body is cut at maxResponseBytes with a clear error", async () => {
    let closed = false;
    const app = await server((_req, res, socket) => {
      socket.on("close", () => (closed = true));
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      res.write("[");
      pump();
    });
    const client = createTaskAppClient({ baseUrl: app.url, apiKey: KEY, maxResponseBytes: 1024 * 1024, ...fast });
    await assert.rejects(client.health(), (e: unknown) => {
      assert.ok(e instanceof TaskAppResponseTooLargeError, String(e));
      assert.equal(e.limitBytes, 1024 * 1024);
      assert.match(e.message, /GET \/health: response body exceeds the 1048576-byte limit \(maxResponseBytes\); reading stopped/);
      return true;
    });
    for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(closed, "the client dropped the connection instead of reading on");
    assert.equal(app.seen.length, 1, "not retried");
  });

  test("a declared Content-Length over the limit is refused before reading, also on an error answer", async () => {
    const app = await server((_req, res) => {
      res.writeHead(500, { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) });
      res.write("{");
    });
    await assert.rejects(
      createTaskAppClient({ baseUrl: app.url, maxResponseBytes: 1000, ...fast }).rollout(ROLLOUT_REQUEST),
      TaskAppResponseTooLargeError,
    );
  });

  test("a body within the limit is read as usual", async () => {
    const app = await server((_req, res) => sendJson(res, 200, HEALTH));
    assert.equal((await createTaskAppClient({ baseUrl: app.url, maxResponseBytes: 200 }).health()).healthy, true);
  });
});

describe("deadline", { timeout: 30_000 }, () => {
  test("the deadline ends a call whose server never answers, without further tries", async () => {
    const app = await server(() => undefined);
    const client = createTaskAppClient({ baseUrl: app.url, apiKey: KEY, deadlineMs: 300, timeoutMs: 60_000, tries: 3, ...fast });
    await assert.rejects(client.health(), (e: unknown) => {
      assert.ok(e instanceof TaskAppNetworkError, String(e));
      assert.match(e.message, /GET \/health: no response: no complete answer within the 300 ms deadline \(deadlineMs\)/);
      return true;
    });
    // No second try (on a loaded machine the first may not even have reached the server within 300 ms).
    assert.ok(app.seen.length <= 1, `${app.seen.length} tries`);
  });

  test("the deadline covers the tries together and reading the body", async () => {
    const hanging = await server(() => undefined);
    const client = createTaskAppClient({ baseUrl: hanging.url, deadlineMs: 500, timeoutMs: 100, tries: 1000, ...fast });
    await assert.rejects(client.health(), (e: unknown) => e instanceof TaskAppNetworkError && /deadline/.test(e.message));
    assert.ok(hanging.seen.length > 1 && hanging.seen.length < 1000, `tries were cut by the deadline (${hanging.seen.length})`);

    const dripping = await server((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 20);
    });
    const slow = createTaskAppClient({ baseUrl: dripping.url, deadlineMs: 300, ...fast });
    await assert.rejects(slow.health(), (e: unknown) => e instanceof TaskAppNetworkError && /deadline/.test(e.message));
  });
});
