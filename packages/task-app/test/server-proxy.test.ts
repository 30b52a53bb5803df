/**
 * The vendor proxy routes against a fake vendor on loopback (no real
 * network): what is forwarded (sanitised body, vendor key, none of the
 * caller's headers), what comes back (tool-call fallback, vendor errors
 * relayed without keys), and every failure: missing key, bad body, vendor
 * unreachable or too slow.
 */
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createTaskAppServer, INTERACT_TOOL, serve, type TaskAppConfigInput } from "../src/server/index.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { shownSecretPieces } from "./helpers/leaks.js";

const KEY = "sk_env_proxy_0123456789abcdef";
const OPENAI = "sk-proj-proxyVendorKey0123456789";
const GROQ = "gsk_proxyGroqKey0123456789";
const headers = { "x-api-key": KEY, "content-type": "application/json" };

interface Seen {
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
}
type Reply = (seen: Seen, res: ServerResponse) => void;

/** A fake vendor: records each request and answers with the queued reply (default: a plain completion). */
async function fakeVendor() {
  const seen: Seen[] = [];
  const queue: Reply[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (d) => (text += d));
    req.on("end", () => {
      const entry = { path: req.url ?? "", headers: req.headers, body: JSON.parse(text) as Record<string, unknown> };
      seen.push(entry);
      (queue.shift() ?? sendJson(200, { id: "c", choices: [{ index: 0, message: { role: "assistant", content: "hello" } }] }))(entry, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, queue, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

function sendJson(status: number, body: unknown, type = "application/json"): Reply {
  return (_seen, res) => {
    res.writeHead(status, { "content-type": type });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
}

const vendor = await fakeVendor();
after(() => vendor.close());

function proxied(proxy: TaskAppConfigInput["proxy"], env: Record<string, string> = { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI, GROQ_API_KEY: GROQ }, proxyTimeoutMs?: number) {
  return createTaskAppServer(createMathApp({ proxy }), { env, proxyTimeoutMs });
}
const both = { enableOpenai: true, enableGroq: true, openaiUrl: `${vendor.base}/v1/chat/completions`, groqUrl: `${vendor.base}/groq/openai/v1/chat/completions/` };
const post = (server: ReturnType<typeof proxied>, path: string, body: unknown, h: Record<string, string> = headers) =>
  server.request(path, { method: "POST", headers: h, body: typeof body === "string" ? body : JSON.stringify(body) });
const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).detail.error;

test("proxy routes exist only when enabled, behind the API key", async () => {
  const body = { model: "m", messages: [] };
  assert.equal((await post(proxied(undefined), "/proxy/v1/chat/completions", body)).status, 404);
  const openaiOnly = proxied({ enableOpenai: true, openaiUrl: both.openaiUrl });
  assert.equal((await post(openaiOnly, "/proxy/groq/v1/chat/completions", body)).status, 404);
  assert.equal((await openaiOnly.request("/proxy/v1/chat/completions")).status, 405);
  const res = await post(openaiOnly, "/proxy/v1/chat/completions", body, { "content-type": "application/json", "x-api-key": "wrong" });
  assert.equal(res.status, 401);
  assert.equal(vendor.seen.length, 0, "nothing reached the vendor");
});

test("OpenAI route: sanitised body with the system hint, vendor key as Bearer, none of the caller's headers", async () => {
  vendor.seen.length = 0;
  const server = proxied({ ...both, systemHint: "Use the interact tool." });
  const res = await post(server, "/proxy/v1/chat/completions", { model: "gpt-5-mini", messages: [{ role: "user", content: "go" }], max_tokens: 64, temperature: 0.7, thinking_budget: 5 }, { ...headers, authorization: `Bearer ${KEY}`, cookie: "c=1" });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { id: "c", choices: [{ index: 0, message: { role: "assistant", content: "hello" } }] });
  const [sent] = vendor.seen;
  assert.equal(sent!.path, "/v1/chat/completions");
  assert.equal(sent!.headers.authorization, `Bearer ${OPENAI}`);
  for (const name of ["x-api-key", "x-api-keys", "cookie"]) assert.equal(sent!.headers[name], undefined, name);
  assert.ok(!JSON.stringify(sent!.headers).includes(KEY), "the environment key never reaches the vendor");
  assert.deepEqual(sent!.body, {
    model: "gpt-5-mini",
    messages: [{ role: "system", content: "Use the interact tool." }, { role: "user", content: "go" }],
    max_completion_tokens: 16000,
    tool_choice: { type: "function", function: { name: "interact" } },
    parallel_tool_calls: false,
    tools: [INTERACT_TOOL],
  });
});

test("Groq route: Groq key, trailing slash dropped from the URL, max_tokens for non-gpt-5 models, tool call synthesised from text", async () => {
  vendor.seen.length = 0;
  vendor.queue.push(sendJson(200, { choices: [{ message: { role: "assistant", content: "Wood nearby.\nActions: collect_wood, noop" } }] }));
  const res = await post(proxied(both), "/proxy/groq/v1/chat/completions", { model: "qwen/qwen3-32b", messages: [], max_completion_tokens: 99, tools: [{ type: "function", function: { name: "f" } }] });
  assert.equal(res.status, 200);
  const [sent] = vendor.seen;
  assert.equal(sent!.path, "/groq/openai/v1/chat/completions");
  assert.equal(sent!.headers.authorization, `Bearer ${GROQ}`);
  assert.deepEqual(sent!.body, { model: "qwen/qwen3-32b", messages: [], max_tokens: 99, tools: [{ type: "function", function: { name: "f" } }] });
  const message = (await res.json()).choices[0].message;
  assert.deepEqual(message.tool_calls, [
    { id: "tool_interact_fallback", type: "function", function: { name: "interact", arguments: '{"actions": ["collect_wood", "noop"], "reasoning": "Wood nearby."}' } },
  ]);
});

test("vendor keys fall back to dev_ variables; none gives 503 missing_openai_api_key / missing_groq_api_key", async () => {
  vendor.seen.length = 0;
  const dev = proxied(both, { ENVIRONMENT_API_KEY: KEY, dev_openai_api_key: "dev-openai-key-123", DEV_GROQ_API_KEY: "dev-groq-key-456" });
  assert.equal((await post(dev, "/proxy/v1/chat/completions", { messages: [] })).status, 200);
  assert.equal((await post(dev, "/proxy/groq/v1/chat/completions", { messages: [] })).status, 200);
  assert.deepEqual(vendor.seen.map((s) => s.headers.authorization), ["Bearer dev-openai-key-123", "Bearer dev-groq-key-456"]);
  const none = proxied(both, { ENVIRONMENT_API_KEY: KEY });
  const openai = await post(none, "/proxy/v1/chat/completions", { messages: [] });
  assert.equal(openai.status, 503);
  assert.deepEqual(await errorOf(openai), { code: "missing_openai_api_key", message: "OPENAI_API_KEY is not configured" });
  const groq = await post(none, "/proxy/groq/v1/chat/completions", { messages: [] });
  assert.equal((await errorOf(groq)).code, "missing_groq_api_key");
});

test("a vendor error keeps its status and body, with any key it echoes redacted; codes follow the vendor URL", async () => {
  vendor.queue.push(sendJson(401, { error: { message: `Incorrect API key provided: ${OPENAI}. Also ${KEY}.`, type: "invalid_request_error" } }));
  const res = await post(proxied(both), "/proxy/v1/chat/completions", { messages: [] });
  assert.equal(res.status, 401);
  const text = await res.text();
  assert.ok(!text.includes(OPENAI.slice(0, 6)) && !text.includes(KEY.slice(0, 6)), text);
  const error = ErrorBody.parse(JSON.parse(text)).detail.error;
  assert.equal(error.code, "vendor_error", "a loopback URL is neither api.openai.com nor groq");
  assert.equal(error.message, "Vendor proxy error");
  assert.equal(error.status, 401);
  assert.deepEqual(error.body, { error: { message: "Incorrect API key provided: [redacted]. Also [redacted].", type: "invalid_request_error" } });

  vendor.queue.push(sendJson(429, "slow down", "text/plain"));
  const groq = await post(proxied(both), "/proxy/groq/v1/chat/completions", { messages: [] });
  assert.equal(groq.status, 429);
  const groqError = await errorOf(groq);
  assert.equal(groqError.code, "groq_error");
  assert.deepEqual(groqError.body, { raw: "slow down" });

  vendor.queue.push(sendJson(200, "not json", "text/plain"));
  const raw = await post(proxied(both), "/proxy/v1/chat/completions", { messages: [] });
  assert.deepEqual(await raw.json(), { raw: "not json" }, "a non-JSON success is wrapped as {raw}");
});

test("the body is checked like a rollout body: 415, 400, 413, and 422 for anything but an object", async () => {
  const server = createTaskAppServer(createMathApp({ proxy: both, limits: { maxBodyBytes: 256 } }), { env: { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI } });
  const path = "/proxy/v1/chat/completions";
  assert.equal((await errorOf(await post(server, path, "{}", { ...headers, "content-type": "text/plain" }))).code, "unsupported_media_type");
  assert.equal((await errorOf(await post(server, path, "{"))).code, "invalid_json");
  assert.equal((await errorOf(await post(server, path, { pad: "x".repeat(300) }))).code, "payload_too_large");
  for (const body of ["[]", "null", "3", '"s"']) {
    const res = await post(server, path, body);
    assert.equal(res.status, 422, body);
    assert.equal((await errorOf(res)).code, "invalid_request");
  }
});

test("the body limits of /rollout bound the proxy routes too: a huge messages array is refused before parsing", async () => {
  const server = createTaskAppServer(createMathApp({ proxy: both, limits: { maxArrayLength: 100 } }), { env: { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI } });
  const res = await post(server, "/proxy/v1/chat/completions", { model: "gpt-4o-mini", messages: Array.from({ length: 101 }, () => ({ role: "user", content: "hi" })) });
  assert.equal(res.status, 422);
  const error = await errorOf(res);
  assert.equal(error.code, "limit_exceeded");
  assert.equal(vendor.seen.filter((s) => JSON.stringify(s.body).includes('"content":"hi"')).length, 0, "nothing reached the vendor");
});

test("an unreachable vendor gives 502 vendor_unreachable; a slow one 504 vendor_timeout", async () => {
  const closed = await fakeVendor();
  await closed.close();
  const unreachable = await post(proxied({ enableOpenai: true, openaiUrl: `${closed.base}/v1/chat/completions` }), "/proxy/v1/chat/completions", { messages: [] });
  assert.equal(unreachable.status, 502);
  const error = await errorOf(unreachable);
  assert.equal(error.code, "vendor_unreachable");
  assert.match(error.message, /ECONNREFUSED/);

  vendor.queue.push(() => {});
  const start = Date.now();
  const slow = await post(proxied(both, undefined, 150), "/proxy/v1/chat/completions", { messages: [] });
  assert.equal(slow.status, 504);
  assert.equal((await errorOf(slow)).code, "vendor_timeout");
  assert.ok(Date.now() - start < 3000);
});

test("over a real socket (the Hono path serves the proxy routes)", async () => {
  vendor.seen.length = 0;
  const running = await serve(createMathApp({ proxy: both }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI }, logLevel: "silent", handleSignals: false });
  try {
    const res = await fetch(`${running.url}/proxy/v1/chat/completions`, { method: "POST", headers, body: JSON.stringify({ model: "m", messages: [] }) });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).id, "c");
    assert.equal(vendor.seen[0]!.headers.authorization, `Bearer ${OPENAI}`);
  } finally {
    await running.close();
  }
});

test("a client that disconnects cancels the vendor request", { timeout: 10_000 }, async () => {
  let vendorSawClose!: () => void;
  const cancelled = new Promise<void>((r) => (vendorSawClose = r));
  let arrived!: () => void;
  const atVendor = new Promise<void>((r) => (arrived = r));
  vendor.queue.push((_seen, res) => {
    res.on("close", () => vendorSawClose());
    arrived();
  });
  const running = await serve(createMathApp({ proxy: both }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI }, logLevel: "silent", handleSignals: false });
  try {
    const client = new AbortController();
    const pending = fetch(`${running.url}/proxy/v1/chat/completions`, { method: "POST", headers, body: "{}", signal: client.signal }).catch(() => null);
    await atVendor;
    client.abort();
    await pending;
    await cancelled;
  } finally {
    await running.close();
  }
});

test("a vendor answer or error echoing keys, whole or in part (leading or trailing 6+ characters), is relayed redacted", async () => {
  const echoed = `key ${OPENAI}; masked sk-...${OPENAI.slice(-8)}; head ${GROQ.slice(0, 9)}; env ${KEY.slice(-6)}`;
  vendor.queue.push(sendJson(200, { id: "c", choices: [{ index: 0, message: { role: "assistant", content: echoed, tool_calls: [{ id: "t", type: "function", function: { name: "interact", arguments: "{}" } }] } }] }));
  const ok = await post(proxied(both), "/proxy/v1/chat/completions", { messages: [] });
  assert.equal(ok.status, 200);
  const okText = await ok.text();
  assert.deepEqual(shownSecretPieces(okText, [OPENAI, GROQ, KEY]), [], okText);
  assert.equal(JSON.parse(okText).choices[0].message.content, "key [redacted]; masked sk-...[redacted]; head [redacted]; env [redacted]");

  vendor.queue.push(sendJson(401, { error: { message: `Incorrect API key provided: sk-proj-****${OPENAI.slice(-6)}` } }));
  const failed = await post(proxied(both), "/proxy/v1/chat/completions", { messages: [] });
  const failedText = await failed.text();
  assert.deepEqual(shownSecretPieces(failedText, [OPENAI, GROQ, KEY]), [], failedText);
  assert.deepEqual(ErrorBody.parse(JSON.parse(failedText)).detail.error.body, { error: { message: "Incorrect API key provided: [redacted]****[redacted]" } });

  vendor.queue.push(sendJson(200, `plain ${GROQ}`, "text/plain"));
  const raw = await post(proxied(both), "/proxy/groq/v1/chat/completions", { messages: [] });
  assert.deepEqual(await raw.json(), { raw: "plain [redacted]" });
});

test("a vendor answer relaying a 12-character slice from the middle of a key (or any 6+ characters of it) is relayed redacted", async () => {
  const echoed = `middle ${OPENAI.slice(10, 22)}; groq ${GROQ.slice(5, 11)}; env ${KEY.slice(7, 15)}`;
  vendor.queue.push(sendJson(200, { id: "c", choices: [{ index: 0, message: { role: "assistant", content: echoed } }] }));
  const ok = await post(proxied(both), "/proxy/v1/chat/completions", { messages: [] });
  assert.equal(ok.status, 200);
  const content = JSON.parse(await ok.text()).choices[0].message.content as string;
  assert.equal(content, "middle [redacted]; groq [redacted]; env [redacted]");
});

test("shutdown lets an in-flight proxy call finish, refuses new ones, and is bounded by the grace period", { timeout: 20_000 }, async () => {
  vendor.seen.length = 0;
  vendor.queue.push((_seen, res) => void setTimeout(() => sendJson(200, { id: "late" })(_seen, res), 2_500));
  const running = await serve(createMathApp({ proxy: both }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI }, logLevel: "silent", handleSignals: false });
  const slow = fetch(`${running.url}/proxy/v1/chat/completions`, { method: "POST", headers, body: "{}" });
  while (vendor.seen.length === 0) await new Promise((r) => setTimeout(r, 20));
  const closing = running.close();
  await new Promise((r) => setTimeout(r, 50));
  await assert.rejects(fetch(`${running.url}/proxy/v1/chat/completions`, { method: "POST", headers, body: "{}" }), "no new connections");
  const res = await slow;
  assert.equal(res.status, 200, "the call in flight when shutdown began got its answer");
  assert.equal((await res.json()).id, "late");
  await closing;

  let vendorSawClose!: () => void;
  const cancelled = new Promise<void>((r) => (vendorSawClose = r));
  vendor.seen.length = 0;
  vendor.queue.push((_seen, hung) => void hung.on("close", () => vendorSawClose()));
  const bounded = await serve(createMathApp({ proxy: both, limits: { shutdownGraceMs: 200 } }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI }, logLevel: "silent", handleSignals: false });
  const stuck = fetch(`${bounded.url}/proxy/v1/chat/completions`, { method: "POST", headers, body: "{}" });
  while (vendor.seen.length === 0) await new Promise((r) => setTimeout(r, 20));
  await bounded.close();
  const answer = await stuck;
  assert.equal(answer.status, 503);
  assert.equal((await errorOf(answer)).code, "shutting_down");
  await cancelled;
});
