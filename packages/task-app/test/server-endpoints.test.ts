import { test } from "node:test";
import assert from "node:assert/strict";
import { createTaskAppServer } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { InfoResponse, TaskInfo, TasksetResponse, RootResponse, DoneResponse } from "../src/schemas/task-info.js";
import { createMathApp, mathTaskInfo } from "./fixtures/apps/math.js";

const KEY = "sk_env_endpoints_key";
const headers = { "x-api-key": KEY };
const server = createTaskAppServer(createMathApp(), { env: { ENVIRONMENT_API_KEY: KEY } });

async function errorCode(res: Response): Promise<string> {
  return ErrorBody.parse(await res.json()).detail.error.code;
}

test("GET / and HEAD / are public", async () => {
  const res = await server.request("/");
  assert.equal(res.status, 200);
  assert.deepEqual(RootResponse.parse(await res.json()), { status: "ok", service: "math-test" });
  const head = await server.request("/", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), "");
});

test("GET /info: service, dataset, rubrics, inference, capabilities, limits", async () => {
  const body = InfoResponse.parse(await (await server.request("/info", { headers })).json());
  assert.deepEqual(body.service, { task: mathTaskInfo.task, version: "1.0.0" });
  assert.equal(body.dataset.id, "math-add");
  assert.equal(body.rubrics?.outcome?.criteria[0]?.id, "correct");
  assert.equal(body.rubrics?.events, null);
  assert.deepEqual(body.capabilities, mathTaskInfo.capabilities);
  assert.deepEqual(body.limits, mathTaskInfo.limits);
  const bare = createTaskAppServer(createMathApp({ rubrics: {} }), { env: { ENVIRONMENT_API_KEY: KEY } });
  assert.equal((await (await bare.request("/info", { headers })).json()).rubrics, null);
});

test("GET /task_info without seeds gives the taskset, advertising the registered datasets", async () => {
  const body = TasksetResponse.parse(await (await server.request("/task_info", { headers })).json());
  assert.deepEqual(body.taskset.task, mathTaskInfo.task);
  assert.deepEqual((body.taskset.datasets as { id: string }[]).map((d) => d.id), ["math-add"]);
  const custom = createTaskAppServer(createMathApp({ describeTaskset: async () => ({ id: "custom", splits: ["train"] }) }), { env: { ENVIRONMENT_API_KEY: KEY } });
  const c = await (await custom.request("/task_info", { headers })).json();
  assert.equal(c.taskset.id, "custom");
  assert.equal(c.taskset.datasets[0].id, "math-add");
});

test("GET /task_info with seeds: one seed one TaskInfo, several an array in order (seed then seeds)", async () => {
  const one = await (await server.request("/task_info?seed=3", { headers })).json();
  assert.equal(Array.isArray(one), false);
  assert.equal(TaskInfo.parse(one).dataset.seed, 3);
  const many = await (await server.request("/task_info?seeds=7&seed=1&seed=-2&seeds=4,5", { headers })).json();
  assert.ok(Array.isArray(many));
  assert.deepEqual(many.map((t: unknown) => TaskInfo.parse(t).dataset.seed), [1, -2, 7, 4, 5]);
  const dflt = createTaskAppServer(createMathApp({ provideTaskInstances: undefined }), { env: { ENVIRONMENT_API_KEY: KEY } });
  assert.equal((await (await dflt.request("/task_info?seed=9", { headers })).json()).dataset.seed, 9);
});

test("GET /task_info with non-integer seeds gives 422 invalid_seed", async () => {
  for (const q of ["seed=abc", "seed=1.5", "seeds=1,x", "seed=", "seed=99999999999999999999", "seed=1e3"]) {
    const res = await server.request(`/task_info?${q}`, { headers });
    assert.equal(res.status, 422, q);
    const body = ErrorBody.parse(await res.json());
    assert.equal(body.detail.error.code, "invalid_seed");
    assert.deepEqual((body.detail.error.issues as { path: string }[])[0]?.path, "seed");
  }
});

test("provideTaskInstances returning invalid TaskInfo gives 500 invalid_task_info naming the path", async () => {
  const bad = createTaskAppServer(createMathApp({ provideTaskInstances: (seeds) => seeds.map(() => ({ ...mathTaskInfo, environment: 5 }) as never) }), {
    env: { ENVIRONMENT_API_KEY: KEY },
  });
  const res = await bad.request("/task_info?seed=1&seed=2", { headers });
  assert.equal(res.status, 500);
  const body = ErrorBody.parse(await res.json());
  assert.equal(body.detail.error.code, "invalid_task_info");
  assert.match(body.detail.error.message, /\[0\]\.environment/);
  const short = createTaskAppServer(createMathApp({ provideTaskInstances: () => [] }), { env: { ENVIRONMENT_API_KEY: KEY } });
  assert.equal(await errorCode(await short.request("/task_info?seed=1", { headers })), "invalid_task_info");
});

test("POST /done acknowledges", async () => {
  const res = await server.request("/done", { method: "POST", headers });
  assert.deepEqual(DoneResponse.parse(await res.json()), { ok: true, service: "math-test" });
});

test("unknown paths give 404 not_found, wrong methods 405 method_not_allowed", async () => {
  const nf = await server.request("/nope", { headers });
  assert.equal(nf.status, 404);
  assert.equal(await errorCode(nf), "not_found");
  for (const [method, path] of [["POST", "/health"], ["GET", "/rollout"], ["DELETE", "/"], ["PUT", "/task_info"]] as const) {
    const res = await server.request(path, { method, headers });
    assert.equal(res.status, 405, `${method} ${path}`);
    assert.equal(await errorCode(res), "method_not_allowed");
  }
});

test("CORS: no headers by default; listed origins only when configured", async () => {
  const res = await server.request("/", { headers: { origin: "http://evil.example" } });
  assert.equal(res.headers.get("access-control-allow-origin"), null);
  const withCors = createTaskAppServer(createMathApp({ corsOrigins: ["http://ui.example"] }), { env: { ENVIRONMENT_API_KEY: KEY } });
  const ok = await withCors.request("/", { headers: { origin: "http://ui.example" } });
  assert.equal(ok.headers.get("access-control-allow-origin"), "http://ui.example");
  const other = await withCors.request("/", { headers: { origin: "http://evil.example" } });
  assert.notEqual(other.headers.get("access-control-allow-origin"), "http://evil.example");
  const preflight = await withCors.request("/rollout", { method: "OPTIONS", headers: { origin: "http://ui.example", "access-control-request-method": "POST" } });
  assert.ok(preflight.status === 204 || preflight.status === 200);
});
