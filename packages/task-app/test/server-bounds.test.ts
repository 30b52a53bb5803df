/**
 * Bounds on the shape of a rollout body (limits.maxDepth, maxArrayLength,
 * maxObjectKeys, maxStringLength, maxTotalElements): checked on the text
 * before it is parsed, so hostile bodies are refused before JSON.parse and
 * Zod see them. The scan is held to a reference walk of the parsed value.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fc from "fast-check";
import { createTaskAppServer } from "../src/server/index.js";
import { checkJsonBounds, scanJsonBounds, type JsonBounds } from "../src/server/bounds.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { TaskAppLimits } from "../src/schemas/task-app.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { appFixture } from "./helpers/app-fixture.js";

const KEY = "sk_env_bounds_key";
const env = { ENVIRONMENT_API_KEY: KEY };
const json = { "x-api-key": KEY, "content-type": "application/json" };
const small: JsonBounds = { maxDepth: 6, maxArrayLength: 5, maxObjectKeys: 4, maxStringLength: 40, maxTotalElements: 60 };
const rollout = (extra: Record<string, unknown> = {}) => ({ run_id: "run-b", env: { env_name: "math", seed: 1 }, policy: { policy_id: "p" }, ...extra });

async function post(server: ReturnType<typeof createTaskAppServer>, body: string) {
  const res = await server.request("/rollout", { method: "POST", headers: json, body });
  const text = await res.text();
  return { status: res.status, text, error: res.status >= 400 ? ErrorBody.parse(JSON.parse(text)).detail.error : undefined };
}

const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)]);

test("each limit refuses the first value past it, naming the path, the limit and its value; env.config and policy.config included", async () => {
  const server = createTaskAppServer(createMathApp({ limits: small }), { env });
  // Values and keys in document order: the body, run_id and its value, env and its value, config and its value (7);
  // a and its value, 1 + 5 × 5 (34); b and its value as far as b[4][3], the 61st.
  const grid = [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]];
  const cases: { name: string; body: unknown; status: number; code: string; limit: keyof JsonBounds; path: string }[] = [
    { name: "ops too long", body: rollout({ ops: [1, 1, 1, 1, 1, 1] }), status: 422, code: "limit_exceeded", limit: "maxArrayLength", path: "ops" },
    { name: "string ops too long", body: rollout({ ops: ["agent", "env", "agent", "env", "agent", "env"] }), status: 422, code: "limit_exceeded", limit: "maxArrayLength", path: "ops" },
    { name: "env.config nested too deep", body: rollout({ env: { seed: 1, config: { grid: nest(4) } } }), status: 422, code: "limit_exceeded", limit: "maxDepth", path: "env.config.grid[0][0][0]" },
    { name: "env.config with too many keys", body: rollout({ env: { seed: 1, config: { a: 1, b: 2, c: 3, d: 4, e: 5 } } }), status: 422, code: "limit_exceeded", limit: "maxObjectKeys", path: "env.config" },
    { name: "policy.config with too many keys", body: rollout({ policy: { config: { model: "m", temperature: 0, top_p: 1, max_tokens: 8, seed: 2 } } }), status: 422, code: "limit_exceeded", limit: "maxObjectKeys", path: "policy.config" },
    { name: "a long string in policy.config", body: rollout({ policy: { config: { model: "m".repeat(41) } } }), status: 413, code: "payload_too_large", limit: "maxStringLength", path: "policy.config.model" },
    { name: "a long key in env.config", body: rollout({ env: { config: { ["k".repeat(41)]: 1 } } }), status: 413, code: "payload_too_large", limit: "maxStringLength", path: `env.config.${"k".repeat(41)}` },
    { name: "too many values", body: rollout({ env: { config: { a: grid, b: grid, c: [1, 2, 3, 4, 5] } } }), status: 413, code: "payload_too_large", limit: "maxTotalElements", path: "env.config.b[4][3]" },
  ];
  for (const c of cases) {
    const res = await post(server, JSON.stringify(c.body));
    assert.equal(res.status, c.status, `${c.name}: ${res.text}`);
    assert.equal(res.error?.code, c.code, c.name);
    assert.equal(res.error?.limit, c.limit, c.name);
    assert.equal(res.error?.max, small[c.limit], c.name);
    assert.equal(res.error?.path, c.path, c.name);
    assert.ok(res.error?.message.startsWith(c.path) && res.error.message.includes(`limits.${c.limit}`), `${c.name}: ${res.error?.message}`);
  }
  const atLimits = rollout({ ops: ["agent", "env", "agent", "env", "agent"], env: { seed: 1, config: { grid: nest(3), b: "s".repeat(40), c: 3, d: 4 } } });
  const ok = await post(server, JSON.stringify(atLimits));
  assert.equal(ok.status, 200, `a body at each limit passes: ${ok.text}`);
});

test("at the default limits, a million string ops and 200,000 numeric ops are refused by maxArrayLength before validation", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const defaults = TaskAppLimits.parse({});
  for (const ops of ['"agent",', "1,"]) {
    const count = ops === "1," ? 200_000 : 1_000_000;
    const res = await post(server, `{"run_id":"r","env":{},"policy":{},"ops":[${ops.repeat(count - 1)}${ops.slice(0, -1)}]}`);
    assert.equal(res.status, 422, res.text.slice(0, 300));
    assert.equal(res.error?.code, "limit_exceeded");
    assert.equal(res.error?.path, "ops");
    assert.equal(res.error?.max, defaults.maxArrayLength);
  }
  const keys = Array.from({ length: defaults.maxObjectKeys + 1 }, (_, i) => `"k${i}":${i}`).join(",");
  const wide = await post(server, `{"run_id":"r","env":{"config":{${keys}}},"policy":{}}`);
  assert.equal(wide.status, 422);
  assert.equal(wide.error?.path, "env.config");
  const deep = await post(server, `{"run_id":"r","env":{},"policy":{"config":{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}}}`);
  assert.equal(deep.status, 422);
  assert.equal(deep.error?.limit, "maxDepth");
  assert.equal(deep.error?.max, 64);
  const ok = await post(server, JSON.stringify(rollout({ ops: Array.from({ length: defaults.maxArrayLength }, (_, i) => (i % 2 ? "env" : "agent")) })));
  assert.equal(ok.status, 200, "ops of maxArrayLength are accepted");
});

test("the limits are part of TaskAppLimits: documented defaults, positive integers only", () => {
  const defaults = TaskAppLimits.parse({});
  const shape = TaskAppLimits.shape;
  for (const key of ["maxDepth", "maxArrayLength", "maxObjectKeys", "maxStringLength", "maxTotalElements"] as const) {
    const meta = shape[key].meta() as { description?: string; examples?: number[] } | undefined;
    assert.match(meta?.description ?? "", /\((413 payload_too_large|422 limit_exceeded) beyond\)/, `${key} names its status and code`);
    assert.deepEqual(meta?.examples, [defaults[key]], `${key} shows its default`);
    assert.equal(TaskAppLimits.safeParse({ [key]: 0 }).success, false, `${key}: 0 is refused`);
    assert.equal(TaskAppLimits.safeParse({ [key]: 1.5 }).success, false, `${key}: 1.5 is refused`);
  }
});

test("the scan reads strings as JSON does: brackets, commas and escaped quotes inside strings are not structure; escaped keys appear decoded in paths", () => {
  const bounds: JsonBounds = { ...small, maxArrayLength: 2 };
  assert.equal(checkJsonBounds(JSON.stringify({ s: '[[[[[[[[,,,,,]]]]"{{{{', t: ["\\", '\\"'] }), bounds), null);
  assert.deepEqual(checkJsonBounds(JSON.stringify({ 'a"b\\': [1, 2, 3] }), bounds), { limit: "maxArrayLength", max: 2, path: 'a"b\\' });
  assert.deepEqual(checkJsonBounds(' [ true , null,\n\t-1.5e3 ] ', bounds), { limit: "maxArrayLength", max: 2, path: "" });
  assert.equal(checkJsonBounds("[1,]", bounds), null, "malformed JSON within bounds is left to JSON.parse");
  const longKey = "k".repeat(5000);
  assert.deepEqual(checkJsonBounds(JSON.stringify({ [longKey]: [1, 2, 3] }), { ...bounds, maxStringLength: 10_000 }), { limit: "maxArrayLength", max: 2, path: longKey.slice(0, 100) }, "a long key is cut short in the path");
});

test("a body longer than one slice is scanned across slices: strings cut at a slice edge, and a violation at its very end", async () => {
  const bounds: JsonBounds = { maxDepth: 8, maxArrayLength: 10, maxObjectKeys: 10, maxStringLength: 3_000_000, maxTotalElements: 100 };
  const long = "x\\\"[".repeat(350_000); // 1.4 M characters with escapes and brackets: each crosses a slice edge
  const fine = JSON.stringify({ a: long, b: long, c: [1, 2] });
  const pending = checkJsonBounds(fine, bounds);
  assert.ok(pending instanceof Promise, "long bodies are scanned asynchronously");
  assert.equal(await pending, null);
  const late = `{"a":${JSON.stringify(long)},"b":${JSON.stringify(long)},"c":[1,2,3,4,5,6,7,8,9,10,11]}`;
  assert.deepEqual(await checkJsonBounds(late, bounds), { limit: "maxArrayLength", max: 10, path: "c" });
});

/** Depth, longest array, most keys, longest string (as JSON text, keys included) and count of values and keys of a parsed value. */
function measure(value: unknown): Record<keyof JsonBounds, number> {
  const m = { maxDepth: 0, maxArrayLength: 0, maxObjectKeys: 0, maxStringLength: 0, maxTotalElements: 0 };
  const text = (s: string) => JSON.stringify(s).length - 2;
  const walk = (v: unknown, depth: number) => {
    m.maxTotalElements++;
    if (typeof v === "string") m.maxStringLength = Math.max(m.maxStringLength, text(v));
    if (v === null || typeof v !== "object") return;
    m.maxDepth = Math.max(m.maxDepth, depth + 1);
    if (Array.isArray(v)) {
      m.maxArrayLength = Math.max(m.maxArrayLength, v.length);
      for (const item of v) walk(item, depth + 1);
      return;
    }
    const keys = Object.keys(v);
    m.maxObjectKeys = Math.max(m.maxObjectKeys, keys.length);
    for (const key of keys) {
      m.maxTotalElements++;
      m.maxStringLength = Math.max(m.maxStringLength, text(key));
      walk((v as Record<string, unknown>)[key], depth + 1);
    }
  };
  walk(value, 0);
  return m;
}

test("the scan agrees with a walk of the parsed value: a body passes at its own measures and is refused, for that limit, one below", () => {
  const keys = ["maxDepth", "maxArrayLength", "maxObjectKeys", "maxStringLength", "maxTotalElements"] as const;
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(...keys), fc.constantFrom(0, 2), (value, limit, indent) => {
      const text = JSON.stringify(value, null, indent);
      const measured = measure(JSON.parse(text));
      const at = Object.fromEntries(keys.map((k) => [k, Math.max(1, measured[k])])) as JsonBounds;
      assert.equal(checkJsonBounds(text, at), null, `passes at ${JSON.stringify(at)}: ${text.slice(0, 200)}`);
      if (measured[limit] < 2) return;
      const violation = checkJsonBounds(text, { ...at, [limit]: measured[limit] - 1 });
      assert.equal((violation as { limit?: string } | null)?.limit, limit, `refused for ${limit}: ${text.slice(0, 200)}`);
    }),
    { numRuns: 500, seed: 20261124 },
  );
});

test("a short text is let through without a scan only where the scan finds nothing: the two agree on JSON, garbage and hostile nesting, at limits around the text's length", () => {
  // JSON texts, the same cut or spliced with structure and quotes (garbage JSON.parse refuses), and bracket runs.
  const noise = fc.array(fc.constantFrom("{", "}", "[", "]", '"', "\\", ",", ":", " ", "1", "a", "é", "\u2028"), { maxLength: 40 }).map((cs) => cs.join(""));
  const texts = fc.oneof(
    fc.jsonValue({ maxDepth: 8 }).map((v) => JSON.stringify(v)),
    fc.tuple(fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)), noise, fc.nat()).map(([t, n, at]) => t.slice(0, at % (t.length + 1)) + n + t.slice(at % (t.length + 1))),
    fc.tuple(fc.nat({ max: 80 }), fc.constantFrom("[", "{", '{"a":', '["[",')).map(([n, open]) => open.repeat(n)),
    noise,
  );
  const limit = fc.integer({ min: 1, max: 120 });
  let shortcut = 0;
  fc.assert(
    fc.property(texts, limit, limit, limit, limit, limit, (text, maxDepth, maxArrayLength, maxObjectKeys, maxStringLength, maxTotalElements) => {
      const bounds = { maxDepth, maxArrayLength, maxObjectKeys, maxStringLength, maxTotalElements };
      if (text.length <= Math.min(maxArrayLength, maxObjectKeys, maxStringLength, maxTotalElements)) shortcut++;
      assert.deepEqual(checkJsonBounds(text, bounds), scanJsonBounds(text, bounds), `${JSON.stringify(bounds)}: ${text.slice(0, 200)}`);
    }),
    { numRuns: 4000, seed: 20261126 },
  );
  assert.ok(shortcut > 1000, `the shortcut was tried on ${shortcut} of 4000 texts`);
});

/** Starts serve-math.ts in its own process (heap capped as in a small container) and reads its URL. */
async function startServerProcess() {
  const fixture = appFixture("serve-math.ts");
  const child = spawn(process.execPath, ["--max-old-space-size=512", ...(fixture.endsWith(".ts") ? ["--import", "tsx"] : []), fixture], { env: { ...process.env, ENVIRONMENT_API_KEY: KEY }, stdio: ["ignore", "pipe", "pipe"] });
  const exit = new Promise<number | string | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(out.trim());
    });
    void exit.then((code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
  });
  return { child, url, exit, stderr: () => stderr };
}

test("over a real socket at the default limits, hostile bodies are refused while /health keeps answering, and the server process survives", { timeout: 180_000 }, async () => {
  const server = await startServerProcess();
  let exited: number | string | null | undefined;
  void server.exit.then((code) => (exited = code));
  const defaults = TaskAppLimits.parse({});
  try {
    const health: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const res = await fetch(`${server.url}/health`, { headers: json, signal: AbortSignal.timeout(60_000) });
        health.push(res.status);
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const row = (length: number) => `[${"1,".repeat(length - 1)}1]`;
    const keys = (count: number, value: (i: number) => string) => Array.from({ length: count }, (_, i) => `"k${i}":${value(i)}`).join(",");
    const image = "A".repeat(12 * 1024 * 1024);
    const bodies: { name: string; body: string; status: number; code?: string; limit?: string; path?: string }[] = [
      { name: "11 MiB of numeric ops", body: `{"run_id":"r","env":{},"policy":{},"ops":${row(5_767_168)}}`, status: 422, code: "limit_exceeded", limit: "maxArrayLength", path: "ops" },
      { name: "a million string ops", body: `{"run_id":"r","env":{},"policy":{},"ops":[${'"agent",'.repeat(999_999)}"env"]}`, status: 422, code: "limit_exceeded", limit: "maxArrayLength", path: "ops" },
      { name: "a million keys in env.config", body: `{"run_id":"r","env":{"config":{${keys(1_000_000, (i) => String(i))}}},"policy":{}}`, status: 422, code: "limit_exceeded", limit: "maxObjectKeys", path: "env.config" },
      { name: "a million levels of nesting in policy.config", body: `{"run_id":"r","env":{},"policy":{"config":{"x":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}}}`, status: 422, code: "limit_exceeded", limit: "maxDepth" },
      { name: "more values than maxTotalElements in allowed arrays", body: `{"run_id":"r","env":{"config":{${keys(60, () => row(defaults.maxArrayLength - 1))}}},"policy":{}}`, status: 413, code: "payload_too_large", limit: "maxTotalElements" },
      { name: "more keys than maxTotalElements in allowed objects", body: `{"run_id":"r","env":{"config":{${keys(30, () => `{${keys(defaults.maxObjectKeys - 1, String)}}`)}}},"policy":{}}`, status: 413, code: "payload_too_large", limit: "maxTotalElements" },
      { name: "a 36 MiB body within every limit", body: JSON.stringify({ run_id: "ok", env: { seed: 1, config: { a: image, b: image, c: image } }, policy: {}, ops: ["agent", "env"] }), status: 200 },
    ];
    const answers = await Promise.all(
      bodies.map(async (b) => {
        const res = await fetch(`${server.url}/rollout`, { method: "POST", headers: json, body: b.body, signal: AbortSignal.timeout(120_000) });
        return { status: res.status, text: await res.text() };
      }),
    );
    polling = false;
    await poll;
    for (const [i, b] of bodies.entries()) {
      const { status, text } = answers[i]!;
      assert.equal(status, b.status, `${b.name}: ${text.slice(0, 300)}`);
      if (!b.code) continue;
      const error = ErrorBody.parse(JSON.parse(text)).detail.error;
      assert.equal(error.code, b.code, b.name);
      assert.equal(error.limit, b.limit, b.name);
      if (b.path) assert.equal(error.path, b.path, b.name);
    }
    assert.ok(health.length > 0 && health.every((s) => s === 200), `/health answered throughout: ${health}`);
    const after = await fetch(`${server.url}/rollout`, { method: "POST", headers: json, body: JSON.stringify(rollout()) });
    assert.equal(after.status, 200, "a normal rollout still works");
    assert.equal(exited, undefined, `the server process is alive: ${server.stderr()}`);
  } finally {
    server.child.kill();
    await server.exit;
  }
});
