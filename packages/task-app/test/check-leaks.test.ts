import { test } from "node:test";
import assert from "node:assert/strict";
import { serve } from "../src/server/index.js";
import { checkTaskApp, findKeyLeaks, formatCheckReport, MIN_LEAK_PREFIX, type CheckReport } from "../src/check/index.js";
import type { Probe } from "../src/check/http.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { serveSynthLike } from "./fixtures/apps/synth-like.js";

const KEY = "sk_env_leaks_0123456789abcdefghi";
const failed = (r: CheckReport) => r.results.filter((x) => !x.ok).map((x) => x.name);

function probe(body: unknown, headers: Record<string, string> = {}, status = 401): Probe {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { method: "GET", path: "/health", status, headers: { "content-type": "application/json", ...headers }, text, json };
}

test("a key that starts like ordinary response text is not reported as leaked", () => {
  const authKey = "Auth_7f3k2p9q1x8z4m6n";
  const unauthorised = probe({ detail: { error: { code: "unauthorised", message: "API key missing or invalid", accepted_headers: ["X-API-Key", "X-API-Keys", "Authorization: Bearer"] } } });
  assert.deepEqual(findKeyLeaks(unauthorised, authKey), []);
  assert.deepEqual(findKeyLeaks(probe("application/json is expected"), "applix_9x8y7z6w"), [], "5 shared characters are not a leak");
  assert.equal(MIN_LEAK_PREFIX, 6);
});

test("each real synth-ai leak shape is still caught", () => {
  const first15 = findKeyLeaks(probe({ detail: { error: { code: "unauthorised", allowed_first15: [KEY.slice(0, 15)], allowed_count: 1 } } }, {}, 400), KEY);
  assert.deepEqual(first15, ["shows the first 15 characters of the API key", 'has a "allowed_first15" field']);
  const expected = findKeyLeaks(probe({ healthy: true, auth: { required: true, expected_prefix: `${KEY.slice(0, 6)}...` } }, {}, 200), KEY);
  assert.deepEqual(expected, ["shows the first 6 characters of the API key", 'has a "expected_prefix" field']);
  const half = findKeyLeaks(probe({ status: "healthy", authorized: false, expected_api_key_prefix: KEY.slice(0, KEY.length / 2) }, {}, 200), KEY);
  assert.deepEqual(half, [`shows the first ${KEY.length / 2} characters of the API key`, 'has a "expected_api_key_prefix" field']);
  assert.deepEqual(findKeyLeaks(probe("detail: expected prefix " + KEY.slice(0, 6)), KEY), ["shows the first 6 characters of the API key"], "6 characters in plain text");
  assert.deepEqual(findKeyLeaks(probe("{}", { "x-debug-key": KEY.slice(0, 8) }), KEY), ["shows the first 8 characters of the API key"], "in a header");
  assert.deepEqual(findKeyLeaks(probe({ expected_prefix: "<unset>" }), KEY), [], "<unset> shows nothing");
  assert.deepEqual(findKeyLeaks(probe("key k3y!"), "k3y!"), ["shows the first 4 characters of the API key"], "a key shorter than 6 counts whole");
});

test("our server with a key starting \"Auth\" passes no-key-leak (the 401 body names the Authorization header)", async () => {
  const authKey = "Auth_7f3k2p9q1x8z4m6n";
  const running = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: authKey }, logLevel: "silent", handleSignals: false });
  try {
    const report = await checkTaskApp({ url: running.url, apiKey: authKey });
    assert.deepEqual(failed(report), [], formatCheckReport(report));
  } finally {
    await running.close();
  }
});

test("a server whose soft /health shows half the key is caught by no-key-leak", async () => {
  const server = await serveSynthLike(KEY, "soft-health");
  try {
    const report = await checkTaskApp({ url: server.url, apiKey: KEY });
    assert.deepEqual(failed(report), ["no-key-leak"], formatCheckReport(report));
    const detail = report.results.find((r) => r.name === "no-key-leak")!.detail;
    assert.match(detail, new RegExp(`first ${KEY.length / 2} characters`));
    assert.match(detail, /expected_api_key_prefix/);
  } finally {
    await server.close();
  }
});
