/**
 * The typed client against this package's own server (in-process and over a
 * real socket) and against scripted fetches: headers, retries, timeout,
 * lenient parsing and contract violations reported with their paths.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  authHeaders,
  createTaskAppClient,
  TaskAppContractError,
  TaskAppHttpError,
  TaskAppNetworkError,
  type TaskAppClientOptions,
} from "../src/client/index.js";
import { createTaskAppServer, serve } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { formatPath } from "../src/config/findings.js";
import { findCuts } from "../src/json/parse-bytes.js";
import { RolloutResponse } from "../src/schemas/rollout.js";
import { createResponse } from "../bench/rollout-docs.mjs";

const KEY = "sk_env_client_key";

/** A fetch that answers from a script and records every request it saw. */
function scripted(answers: (Response | Error | (() => Promise<Response>))[]) {
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    const next = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    if (next instanceof Error) throw next;
    if (typeof next === "function") return next();
    return next.clone();
  };
  return { seen, fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const fast: Partial<TaskAppClientOptions> = { backoffMs: () => 1 };

describe("against the task-app server in-process", () => {
  const server = createTaskAppServer(createMathApp(), { env: { ENVIRONMENT_API_KEY: KEY } });
  const client = createTaskAppClient({ baseUrl: "http://task.app", apiKey: KEY, fetch: (r) => server.fetch(r) });

  test("health, info, taskInfo, rollout and done return typed, parsed bodies", async () => {
    assert.equal((await client.health()).healthy, true);
    const info = await client.info();
    assert.equal(info.service.version, "1.0.0");
    const taskset = await client.taskInfo();
    assert.ok(taskset.taskset);
    const one = await client.taskInfo(3);
    assert.equal(one.dataset.seed, 3);
    const many = await client.taskInfo([1, 2]);
    assert.deepEqual(
      many.map((t) => t.dataset.seed),
      [1, 2],
    );
    assert.equal((await client.taskInfo([5])).length, 1, "an array for an array of one seed");
    const result = await client.rollout({ run_id: "r1", env: { seed: 1, config: { split: "train" } }, policy: { policy_name: "p" } });
    assert.equal(result.run_id, "r1");
    assert.ok(Array.isArray(result.trajectories));
    assert.deepEqual(await client.done(), { ok: true, service: "math-test" });
  });

  test("a wrong key is an HTTP error carrying the error code, not retried", async () => {
    let calls = 0;
    const wrong = createTaskAppClient({
      baseUrl: "http://task.app",
      apiKey: "nope",
      fetch: (r) => (calls++, server.fetch(r)),
    });
    await assert.rejects(wrong.info(), (error: unknown) => {
      assert.ok(error instanceof TaskAppHttpError);
      assert.equal(error.status, 401);
      assert.equal(error.code, "unauthorised");
      assert.match(error.message, /GET \/info: HTTP 401 unauthorised/);
      return true;
    });
    assert.equal(calls, 1);
  });

  test("an invalid rollout request is a 422 with the server's code", async () => {
    const bad = { run_id: 1 } as unknown as Parameters<typeof client.rollout>[0];
    await assert.rejects(client.rollout(bad), (e: unknown) => e instanceof TaskAppHttpError && e.status === 422 && e.code === "invalid_request");
  });
});

test("over a real socket", async () => {
  const running = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  try {
    const client = createTaskAppClient({ baseUrl: `${running.url}/`, apiKey: KEY });
    assert.equal((await client.health()).healthy, true);
    assert.equal((await client.taskInfo(7)).dataset.seed, 7);
  } finally {
    await running.close();
  }
});

test("sends the key in X-API-Key, Authorization: Bearer and X-API-Keys (with aliases)", async () => {
  const { seen, fetch } = scripted([json(200, { ok: true, service: "s" })]);
  await createTaskAppClient({ baseUrl: "http://x", apiKey: "k1", apiKeyAliases: ["k2", " k3 "], fetch }).done();
  const headers = seen[0]!.headers;
  assert.equal(headers.get("x-api-key"), "k1");
  assert.equal(headers.get("authorization"), "Bearer k1");
  assert.equal(headers.get("x-api-keys"), "k1,k2,k3");
  assert.equal(seen[0]!.method, "POST");
  assert.equal(new URL(seen[0]!.url).pathname, "/done");
  assert.deepEqual(authHeaders(undefined), {});
  assert.deepEqual(authHeaders("  "), {});
});

test("repeats seed for each seed", async () => {
  const { seen, fetch } = scripted([json(200, [])]);
  await createTaskAppClient({ baseUrl: "http://x", fetch }).taskInfo([4, 9]).catch(() => undefined);
  assert.equal(new URL(seen[0]!.url).search, "?seed=4&seed=9");
});

test("retries GETs on 502/503/504 and network errors, 3 tries in all, then reports the last", async () => {
  const ok = json(200, { healthy: true });
  const flaky = scripted([json(503, { detail: { error: { code: "shutting_down", message: "bye" } } }), new TypeError("fetch failed"), ok]);
  assert.equal((await createTaskAppClient({ baseUrl: "http://x", fetch: flaky.fetch, ...fast }).health()).healthy, true);
  assert.equal(flaky.seen.length, 3);

  const down = scripted([json(502, { detail: { error: { code: "bad_gateway", message: "boom" } } })]);
  await assert.rejects(
    createTaskAppClient({ baseUrl: "http://x", fetch: down.fetch, ...fast }).info(),
    (e: unknown) => e instanceof TaskAppHttpError && e.status === 502 && e.code === "bad_gateway",
  );
  assert.equal(down.seen.length, 3);

  const offline = scripted([new TypeError("fetch failed")]);
  await assert.rejects(
    createTaskAppClient({ baseUrl: "http://x", fetch: offline.fetch, ...fast }).health(),
    (e: unknown) => e instanceof TaskAppNetworkError && e.attempts === 3 && /fetch failed/.test(e.message),
  );
  assert.equal(offline.seen.length, 3);
});

test("a POST that may have reached the app is never retried", async () => {
  for (const answer of [json(500, {}), json(503, {}), new TypeError("fetch failed")]) {
    const once = scripted([answer]);
    await assert.rejects(createTaskAppClient({ baseUrl: "http://x", fetch: once.fetch, ...fast }).done());
    assert.equal(once.seen.length, 1);
  }
});

test("a refused connection is retried with the same body", async () => {
  const bodies: string[] = [];
  const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
  const fetch = async (request: Request) => {
    bodies.push(await request.text());
    throw refused;
  };
  await assert.rejects(
    createTaskAppClient({ baseUrl: "http://x", fetch, tries: 2, ...fast }).rollout({ run_id: "r", env: {}, policy: {} }),
    (e: unknown) => e instanceof TaskAppNetworkError && e.attempts === 2,
  );
  assert.equal(bodies.length, 2);
  assert.equal(bodies[0], bodies[1]);
  assert.equal(JSON.parse(bodies[0]!).run_id, "r");
});

test("times out each try", async () => {
  const hang = (request: Request) =>
    new Promise<Response>((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason)));
  const started = Date.now();
  // The per-try timer is unref'd (it must not keep a process alive); a real socket would. Stand in for it.
  const keepAlive = setInterval(() => undefined, 1_000);
  try {
    await assert.rejects(
      createTaskAppClient({ baseUrl: "http://x", fetch: hang, timeoutMs: 50, tries: 2, ...fast }).health(),
      (e: unknown) => e instanceof TaskAppNetworkError && e.attempts === 2,
    );
  } finally {
    clearInterval(keepAlive);
  }
  assert.ok(Date.now() - started < 5_000);
});

test("parses leniently: unknown keys dropped where the contract drops them, defaults filled", async () => {
  const body = {
    run_id: "r",
    metrics: { episode_returns: [1], mean_return: 1, num_steps: 2, surprise: true },
    from_the_future: { x: 1 },
  };
  const { fetch } = scripted([json(200, body)]);
  const result = await createTaskAppClient({ baseUrl: "http://x", fetch }).rollout({ run_id: "r", env: {}, policy: {} });
  assert.equal("from_the_future" in result, false);
  assert.equal("surprise" in result.metrics, false);
  assert.deepEqual(result.trajectories, []);
  assert.equal(result.aborted, false);
});

test("reports a contract violation with the path of each problem", async () => {
  const { fetch } = scripted([json(200, { run_id: "r", metrics: { episode_returns: ["x"], mean_return: "high", num_steps: 1 } })]);
  await assert.rejects(createTaskAppClient({ baseUrl: "http://x", fetch }).rollout({ run_id: "r", env: {}, policy: {} }), (e: unknown) => {
    assert.ok(e instanceof TaskAppContractError);
    assert.deepEqual(
      e.issues.map((i) => i.path),
      ["metrics.episode_returns[0]", "metrics.mean_return"],
    );
    assert.match(e.message, /POST \/rollout: response breaks the task-app contract: metrics\.episode_returns\[0\]/);
    return true;
  });
  const notJson = scripted([new Response("<html>", { status: 200 })]);
  await assert.rejects(createTaskAppClient({ baseUrl: "http://x", fetch: notJson.fetch }).health(), TaskAppContractError);
});

test("reads answers from their bytes as the Fetch API's json() read them: image-heavy, with a BOM, without Content-Length, broken", async () => {
  const image = Buffer.from(JSON.stringify(createResponse({ trajectories: 1, steps: 32, imageBytes: 20_000 })));
  assert.ok((findCuts(image)?.length ?? 0) > 0, "an answer the parser cuts");
  const broken = (byte: number) => {
    const copy = Buffer.from(image);
    copy[copy.indexOf("data:image/png;base64,") + 300] = byte;
    return copy;
  };
  const bodies: [string, Buffer][] = [
    ["images", image],
    ["a BOM, then images", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), image])],
    ["two BOMs", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), image])],
    ["an invalid UTF-8 byte in an image", broken(0xff)],
    ["a control byte in an image", broken(0x0a)],
    ["a quote in an image", broken(0x22)],
    ["truncated", image.subarray(0, image.length - 100)],
    ["empty", Buffer.alloc(0)],
    ["a BOM alone", Buffer.from([0xef, 0xbb, 0xbf])],
  ];
  for (const [name, bytes] of bodies) {
    for (const length of [true, false]) {
      const headers: Record<string, string> = { "content-type": "application/json", ...(length ? { "content-length": String(bytes.length) } : {}) };
      const respond = () => new Response(new Uint8Array(bytes), { status: 200, headers });
      // What openapi-fetch's parseAs "json" made of it: json() with a Content-Length, else text() then JSON.parse unless empty.
      let expected: { value: unknown } | { error: string };
      try {
        const response = respond();
        if (length && bytes.length > 0) expected = { value: await response.json() };
        else {
          const raw = await response.text();
          expected = { value: raw ? JSON.parse(raw) : undefined };
        }
      } catch (error) {
        expected = { error: (error as Error).message };
      }
      const client = createTaskAppClient({ baseUrl: "http://x", fetch: async () => respond() });
      const label = `${name}, ${length ? "with" : "without"} Content-Length`;
      if ("value" in expected) {
        const parsed = RolloutResponse.safeParse(expected.value);
        if (parsed.success) assert.deepEqual(await client.rollout({ run_id: "r", env: {}, policy: {} }), parsed.data, label);
        else await assert.rejects(client.rollout({ run_id: "r", env: {}, policy: {} }), (e: unknown) => e instanceof TaskAppContractError && e.issues[0]?.path === formatPath(parsed.error.issues[0]!.path), label);
      } else {
        const message = `body is not JSON: ${expected.error}`;
        await assert.rejects(client.rollout({ run_id: "r", env: {}, policy: {} }), (e: unknown) => e instanceof TaskAppContractError && e.issues[0]?.message === message, label);
      }
    }
  }
});
