import { test } from "node:test";
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import fc from "fast-check";
import { createKeyMatcher } from "../src/server/auth.js";
import { createTaskAppServer, createLogger, readPresentedKeys, resolveEnvironmentApiKeys } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_primary_0123456789abcdef";
const ALIAS = "sk_env_alias_fedcba9876543210";
const env = { ENVIRONMENT_API_KEY: KEY, ENVIRONMENT_API_KEY_ALIASES: ` ${ALIAS} , ,` };
const protectedRoutes: [string, string][] = [["GET", "/health"], ["GET", "/info"], ["GET", "/task_info"], ["GET", "/task_info?seed=1"], ["POST", "/done"], ["POST", "/rollout"]];

/** True when `text` holds any 4+ character piece of the start of any key. */
function leaks(text: string, keys = [KEY, ALIAS]): boolean {
  return keys.some((k) => Array.from({ length: k.length - 3 }, (_, i) => k.slice(0, i + 4)).some((p) => text.includes(p)));
}

async function dump(res: Response): Promise<string> {
  return `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n${await res.text()}`;
}

test("resolveEnvironmentApiKeys: primary, dev fallbacks, aliases", () => {
  assert.deepEqual(resolveEnvironmentApiKeys(env), [KEY, ALIAS]);
  assert.deepEqual(resolveEnvironmentApiKeys({ dev_environment_api_key: "a", DEV_ENVIRONMENT_API_KEY: "b" }), ["a"]);
  assert.deepEqual(resolveEnvironmentApiKeys({ ENVIRONMENT_API_KEY: " ", DEV_ENVIRONMENT_API_KEY: "b" }), ["b"]);
  assert.deepEqual(resolveEnvironmentApiKeys({ ENVIRONMENT_API_KEY_ALIASES: "x,y" }), ["x", "y"]);
  assert.deepEqual(resolveEnvironmentApiKeys({}), []);
});

test("readPresentedKeys reads X-API-Key, X-API-Keys CSV and Bearer tokens, split and trimmed", () => {
  const h = new Headers({ "x-api-key": "a, b", "x-api-keys": "c,,d ", authorization: "BeArEr  e " });
  assert.deepEqual(readPresentedKeys(h), ["a", "b", "c", "d", "e"]);
  assert.deepEqual(readPresentedKeys(new Headers({ authorization: "Basic zzz" })), []);
  assert.equal(readPresentedKeys(new Headers({ "x-api-keys": Array(1000).fill("k").join(",") })).length, 16);
});

/** What readPresentedKeys gives, written plainly: each header split on commas, trimmed, empty parts dropped, 16 keys at most. */
function referenceKeys(get: (name: string) => string | null): string[] {
  const out: string[] = [];
  const add = (value: string | null) => {
    if (!value || out.length >= 16) return;
    for (const part of value.split(",")) {
      if (part.trim()) out.push(part.trim());
      if (out.length >= 16) return;
    }
  };
  add(get("x-api-key"));
  add(get("x-api-keys"));
  const authorization = get("authorization");
  if (authorization && /^bearer\s/i.test(authorization)) add(authorization.slice(authorization.search(/\s/) + 1));
  return out;
}

test("readPresentedKeys reads Node's headers record as it reads the same headers through Headers and through a lookup function", () => {
  // Values with commas, blanks, bearer prefixes in any case, repeated values (an array), and a header named "get".
  const value = fc.oneof(fc.constantFrom("k1", " k2 ", "a,b", ",,", "", "Bearer k3", "bearer\tk4", "BEARER  k5,k6", "Basic z", "get", Array(20).fill("m").join(","), `Bearer ${Array(12).fill("n").join(", ")}`), fc.string({ maxLength: 12 }));
  const header = fc.oneof(value, fc.array(value, { minLength: 1, maxLength: 3 }));
  const names = ["x-api-key", "x-api-keys", "authorization", "get", "host"] as const;
  fc.assert(
    fc.property(fc.record(Object.fromEntries(names.map((n) => [n, header])) as Record<(typeof names)[number], fc.Arbitrary<string | string[]>>, { requiredKeys: [] }), (record) => {
      const joined = (v: string | string[] | undefined) => (v === undefined ? null : Array.isArray(v) ? v.join(", ") : v);
      const viaFunction = readPresentedKeys((name) => joined(record[name as (typeof names)[number]]));
      assert.deepEqual(viaFunction, referenceKeys((name) => joined(record[name as (typeof names)[number]])), JSON.stringify(record));
      assert.deepEqual(readPresentedKeys(record), viaFunction, JSON.stringify(record));
      const headers = new Headers();
      for (const [name, v] of Object.entries(record)) {
        const text = joined(v)!;
        // Headers refuses some characters and trims values; only what it holds as given is compared.
        try {
          headers.set(name, text);
        } catch {
          return;
        }
        if (headers.get(name) !== text) return;
      }
      assert.deepEqual(readPresentedKeys(headers), viaFunction, JSON.stringify(record));
    }),
    { numRuns: 1000, seed: 20261126 },
  );
});

test("createKeyMatcher accepts a presented key exactly when its UTF-8 bytes equal an accepted key's, whatever the lengths, characters and order, and across calls", () => {
  // Keys and near misses: same byte length, prefixes, multi-byte and unpaired surrogates (encoded as U+FFFD, as Buffer.from does).
  const char = fc.constantFrom("a", "b", "Z", "0", "_", "é", "€", "😀", "\ud800", "\udfff", "\ufffd", " ");
  const key = fc.array(char, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(""));
  const bytes = (s: string) => Buffer.from(s, "utf8");
  fc.assert(
    fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 3 }), fc.array(fc.array(fc.oneof(key, fc.nat({ max: 2 })), { maxLength: 4 }), { minLength: 1, maxLength: 4 }), (keys, calls) => {
      const matcher = createKeyMatcher(keys);
      for (const call of calls) {
        // A number picks an accepted key (a match); a string is any candidate.
        const presented = call.map((c) => (typeof c === "number" ? keys[c % keys.length]! : c));
        const expected = presented.some((p) => keys.some((k) => bytes(p).equals(bytes(k))));
        assert.equal(matcher.matches(presented), expected, `${JSON.stringify(keys)} ${JSON.stringify(presented)}`);
      }
    }),
    { numRuns: 1000, seed: 20261126 },
  );
});

test("createKeyMatcher agrees with a byte comparison for keys and candidates longer than its smallest table (64 code units), near misses included", () => {
  const bytes = (s: string) => Buffer.from(s, "utf8");
  const char = fc.constantFrom("a", "b", "é", "\ud800", "\ufffd");
  const long = fc.array(char, { minLength: 60, maxLength: 140 }).map((cs) => cs.join(""));
  fc.assert(
    fc.property(fc.uniqueArray(long, { minLength: 1, maxLength: 3 }), fc.nat({ max: 2 }), fc.nat({ max: 200 }), char, (keys, pick, at, swap) => {
      const matcher = createKeyMatcher(keys);
      const key = keys[pick % keys.length]!;
      // The key itself, one code unit changed, cut short, extended, and the key twice over (past the table's size).
      const candidates = [key, key.slice(0, at % key.length) + swap + key.slice((at % key.length) + 1), key.slice(0, -1), key + swap, key + key];
      for (const candidate of candidates) {
        const expected = keys.some((k) => bytes(candidate).equals(bytes(k)));
        assert.equal(matcher.matches([candidate]), expected, `${JSON.stringify(keys)} ${JSON.stringify(candidate)}`);
      }
    }),
    { numRuns: 500, seed: 20261126 },
  );
});

test("every protected endpoint accepts each header form and each accepted key", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const forms: Record<string, string>[] = [
    { "x-api-key": KEY },
    { "x-api-key": ALIAS },
    { "x-api-keys": `wrong,${ALIAS}` },
    { authorization: `Bearer ${KEY}` },
    { "x-api-key": "wrong", authorization: `bearer ${ALIAS}` },
  ];
  for (const headers of forms) {
    const res = await server.request("/health", { headers });
    assert.equal(res.status, 200, JSON.stringify(headers));
  }
  const body = { run_id: "r", env: { seed: 1 }, policy: {}, ops: [] };
  for (const [method, path] of protectedRoutes) {
    const res = await server.request(path, {
      method,
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
    });
    assert.equal(res.status, 200, `${method} ${path}: ${await res.clone().text()}`);
  }
});

test("missing or wrong keys get 401 unauthorised with no key material, on every protected endpoint", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const bad: Record<string, string>[] = [
    {},
    { "x-api-key": "wrong" },
    { "x-api-key": KEY.slice(0, 15) },
    { "x-api-key": `${KEY}x` },
    { "x-api-keys": ` ${KEY.toUpperCase()} ` },
    { authorization: KEY },
    { authorization: `Basic ${KEY}` },
  ];
  for (const [method, path] of protectedRoutes) {
    for (const headers of bad) {
      const res = await server.request(path, { method, headers });
      assert.equal(res.status, 401, `${method} ${path} ${JSON.stringify(headers)}`);
      const text = await dump(res);
      assert.ok(!leaks(text), `leak in ${text}`);
      const parsed = ErrorBody.parse(JSON.parse(text.slice(text.indexOf("\n{") + 1)));
      assert.equal(parsed.detail.error.code, "unauthorised");
    }
  }
  assert.equal((await server.request("/")).status, 200, "GET / stays public");
});

test("no key configured: 503 missing_environment_api_key (dev fallbacks count as configured)", async () => {
  const none = createTaskAppServer(createMathApp(), { env: {} });
  for (const [method, path] of protectedRoutes) {
    const res = await none.request(path, { method, headers: { "x-api-key": "anything" } });
    assert.equal(res.status, 503);
    assert.equal(ErrorBody.parse(await res.json()).detail.error.code, "missing_environment_api_key");
  }
  const dev = createTaskAppServer(createMathApp(), { env: { DEV_ENVIRONMENT_API_KEY: "devkey" } });
  assert.equal((await dev.request("/health", { headers: { "x-api-key": "devkey" } })).status, 200);
});

test("requireApiKey: false skips auth entirely", async () => {
  const server = createTaskAppServer(createMathApp({ requireApiKey: false }), { env: {} });
  const res = await server.request("/health");
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).auth, { required: false });
});

test("/health answers in both synth-ai shapes and never shows a key prefix", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const res = await server.request("/health", { headers: { "x-api-key": KEY } });
  const body = await res.json();
  assert.equal(body.healthy, true);
  assert.equal(body.status, "healthy");
  assert.equal(body.authorized, true);
  assert.equal(body.auth.required, true);
  assert.equal("expected_prefix" in body.auth, false);
  assert.ok(!leaks(JSON.stringify(body)));
});

test("logs never contain keys", async () => {
  let logged = "";
  const sink = new Writable({ write(chunk, _enc, cb) { logged += chunk; cb(); } });
  const server = createTaskAppServer(
    createMathApp({ rollout: () => { throw new Error(`upstream refused ${KEY}`); } }),
    { env, logger: createLogger("trace", sink) },
  );
  await server.request("/health", { headers: { "x-api-key": KEY } });
  await server.request("/health", { headers: { authorization: `Bearer ${ALIAS}x` } });
  const res = await server.request("/rollout", { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify({ run_id: "r", env: {}, policy: {} }) });
  assert.equal(res.status, 500);
  const text = await res.text();
  assert.ok(!text.includes("upstream refused"), "the executor's message is not sent to the client");
  assert.ok(!leaks(text));
  assert.match(logged, /upstream refused \[redacted\]/);
  assert.match(logged, /"status":200/);
  assert.match(logged, /"status":401/);
  assert.ok(!leaks(logged), logged);
});
