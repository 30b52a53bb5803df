/**
 * Executors that throw or return values which break naive handling (throwing
 * getters, proxies, objects without a prototype, circular structures,
 * BigInts, a throwing toJSON): every one gets a 500 with the run id and an
 * error id, logged under that id with no secret, and the server keeps
 * serving. The same cases run over both socket paths in the shared table of
 * server-transports.test.ts.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { createLogger, createTaskAppServer } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import type { RolloutExecutor } from "../src/schemas/task-app.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_values_key_0123456789";
const OPENAI = "sk-proj-valuesVendorSecret0123456789";
const env = { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI };
const json = { "x-api-key": KEY, "content-type": "application/json" };

const fail = (what: string) => () => {
  throw new Error(`${what} read; key ${OPENAI}`);
};
const unreadable = () => new Proxy({}, { get: fail("get"), getPrototypeOf: fail("prototype"), has: fail("has"), ownKeys: fail("keys"), getOwnPropertyDescriptor: fail("descriptor") });
const throwingGetters = () => Object.create(Error.prototype, { name: { get: fail("name") }, message: { get: fail("message") }, stack: { get: fail("stack") } });
const valid = (runId: string, metadata: Record<string, unknown> = {}) => ({
  run_id: runId,
  trajectories: [],
  metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 },
  pipeline_metadata: metadata,
});

const executors: { name: string; code: string; rollout: RolloutExecutor }[] = [
  { name: "throws an Error whose getters throw", code: "rollout_failed", rollout: () => { throw throwingGetters(); } },
  { name: "rejects with an Error whose getters throw", code: "rollout_failed", rollout: () => Promise.reject(throwingGetters()) },
  { name: "throws a proxy every read of which throws", code: "rollout_failed", rollout: () => { throw unreadable(); } },
  { name: "throws an object without a prototype", code: "rollout_failed", rollout: () => { throw Object.create(null); } },
  { name: "throws an object whose toString throws", code: "rollout_failed", rollout: () => { throw { toString: fail("toString") }; } },
  { name: "returns a proxy every read of which throws", code: "rollout_failed", rollout: () => unreadable() as never },
  { name: "resolves to a proxy every read of which throws (its promise rejects)", code: "rollout_failed", rollout: async () => unreadable() as never },
  { name: "returns an object whose metrics getter throws", code: "invalid_rollout_response", rollout: () => Object.defineProperty(valid("x"), "metrics", { enumerable: true, get: fail("metrics") }) as never },
  { name: "returns a circular value", code: "invalid_rollout_response", rollout: () => { const loop: Record<string, unknown> = {}; loop.self = loop; return valid("x", { loop }); } },
  { name: "returns a BigInt", code: "invalid_rollout_response", rollout: () => valid("x", { tokens: 2n ** 70n }) },
  { name: "returns a value whose toJSON throws", code: "invalid_rollout_response", rollout: () => valid("x", { item: { toJSON: fail("toJSON") } }) },
];

test("every executor failure, however nasty the value, gets a 500 with run_id and error_id, logged under that id without secrets", async () => {
  const failures: string[] = [];
  for (const executor of executors) {
    let logged = "";
    const logger = createLogger("info", new Writable({ write(chunk, _enc, cb) { logged += chunk; cb(); } }));
    const server = createTaskAppServer(createMathApp({ rollout: executor.rollout }), { env, logger });
    const runId = `run-${executor.code}`;
    const res = await server.request("/rollout", { method: "POST", headers: json, body: JSON.stringify({ run_id: runId, env: { seed: 1 }, policy: {} }) });
    const text = await res.text();
    const error = res.status === 500 ? ErrorBody.safeParse(JSON.parse(text)).data?.detail.error : undefined;
    const problems = [
      res.status !== 500 && `status ${res.status}`,
      error?.code !== executor.code && `code ${error?.code}`,
      error?.run_id !== runId && `run_id ${error?.run_id}`,
      !/^[0-9a-f-]{36}$/.test(String(error?.error_id)) && `error_id ${error?.error_id}`,
      !logged.includes(String(error?.error_id)) && "the error id is not in the log",
      (text.includes(OPENAI.slice(0, 6)) || logged.includes(OPENAI.slice(0, 6)) || logged.includes(OPENAI.slice(-6))) && "a secret in the body or log",
    ].filter(Boolean);
    if (problems.length) failures.push(`${executor.name}: ${problems.join(", ")} (${text.slice(0, 200)})`);
    const after = await server.request("/health", { headers: json });
    if (after.status !== 200) failures.push(`${executor.name}: /health answered ${after.status} afterwards`);
  }
  assert.deepEqual(failures, []);
});

test("the reply to an unserialisable response says what is wrong without the executor's own text", async () => {
  for (const [rollout, reason] of [
    [() => valid("x", { tokens: 1n }), "it holds a BigInt"],
    [() => { const loop: Record<string, unknown> = {}; loop.self = loop; return valid("x", { loop }); }, "it holds a circular reference"],
    [() => valid("x", { item: { toJSON: fail("toJSON") } }), "a toJSON method or getter threw"],
  ] as const) {
    const server = createTaskAppServer(createMathApp({ rollout }), { env });
    const res = await server.request("/rollout", { method: "POST", headers: json, body: JSON.stringify({ run_id: "r", env: {}, policy: {} }) });
    const error = ErrorBody.parse(await res.json()).detail.error;
    assert.equal(error.message, `executor returned a RolloutResponse that cannot be serialised as JSON: ${reason}`);
  }
});

test("a plain result is answered from a copy of its top level: the JSON in place validation gave, each getter read once, the executor's own object untouched", async () => {
  const template = valid("template", { source: "template" });
  let reads = 0;
  const results: Record<string, unknown>[] = [];
  const rollout: RolloutExecutor = (request) => {
    const result: Record<string, unknown> = { ...template, run_id: request.run_id, unknown_key: "dropped" };
    Object.defineProperty(result, "metrics", { enumerable: true, get: () => (reads++, template.metrics) });
    results.push(result);
    return result as never;
  };
  const server = createTaskAppServer(createMathApp({ rollout }), { env });
  for (const runId of ["a", "b"]) {
    const res = await server.request("/rollout", { method: "POST", headers: json, body: JSON.stringify({ run_id: runId, env: { seed: 1 }, policy: {} }) });
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body), ["run_id", "trajectories", "metrics", "pipeline_metadata", "branches", "aborted", "ops_executed"], "the executor's key order, then the defaults");
    assert.equal(body.run_id, runId);
    assert.deepEqual(body.pipeline_metadata, { source: "template" });
    assert.deepEqual((body.metrics as Record<string, unknown>).num_episodes, 0, "defaults below the top level are filled too");
  }
  assert.equal(reads, 2, "the metrics getter is read once per rollout");
  for (const result of results) assert.deepEqual(Object.keys(result), ["run_id", "trajectories", "metrics", "pipeline_metadata", "unknown_key"], "the executor's object keeps its keys");
  assert.deepEqual(Object.keys(template), ["run_id", "trajectories", "metrics", "pipeline_metadata"]);
});
