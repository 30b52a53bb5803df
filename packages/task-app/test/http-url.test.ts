/**
 * Task URLs with credentials and a query (a gateway in front of the app):
 * fetch refuses such a URL, so the probes and the typed client send the
 * credentials as Basic authorization, the key as X-API-Key, and the base's
 * query after the path. Real loopback server.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { sendProbe } from "../src/check/http.js";
import { createTaskAppClient } from "../src/client/index.js";
import { joinUrl, splitUrlCredentials } from "../src/http/url.js";
import { sendJson, startLoopback } from "./helpers/loopback.js";

const KEY = "sk_env_h3v8k2_9f1c";
const server = await startLoopback((req, res) => sendJson(res, 200, { status: "healthy", healthy: true, path: req.path }));
after(() => server.close());
const basic = `Basic ${Buffer.from("gate:p@ss/w").toString("base64")}`;
const withCredentials = `http://gate:${encodeURIComponent("p@ss/w")}@127.0.0.1:${server.port}/prefix/?token=t1`;

test("splitUrlCredentials takes the userinfo out and decodes it into Basic authorization", () => {
  assert.deepEqual(splitUrlCredentials(withCredentials), { url: `http://127.0.0.1:${server.port}/prefix/?token=t1`, authorization: basic });
  assert.deepEqual(splitUrlCredentials("http://127.0.0.1:1/x"), { url: "http://127.0.0.1:1/x" });
  assert.deepEqual(splitUrlCredentials("not a url"), { url: "not a url" });
});

test("joinUrl puts the path before the base's query and joins two queries with &", () => {
  assert.equal(joinUrl("http://h/p/?t=1", "/health"), "http://h/p/health?t=1");
  assert.equal(joinUrl("http://h/p//", "/task_info?seed=2"), "http://h/p/task_info?seed=2");
  assert.equal(joinUrl("http://h?t=1", "/task_info?seed=2"), "http://h/task_info?seed=2&t=1");
});

test("a probe of a URL with credentials reaches the app with Basic authorization, the key and the query", async () => {
  const probe = await sendProbe(withCredentials, "/health", { headers: { "x-api-key": KEY, authorization: `Bearer ${KEY}` } });
  assert.equal(probe.status, 200, probe.error);
  const seen = server.seen.at(-1)!;
  assert.equal(seen.path, "/prefix/health?token=t1");
  assert.equal(seen.headers.authorization, basic);
  assert.equal(seen.headers["x-api-key"], KEY);
});

test("the typed client of a URL with credentials sends them as Basic authorization and the key as X-API-Key", async () => {
  const client = createTaskAppClient({ baseUrl: `http://gate:${encodeURIComponent("p@ss/w")}@127.0.0.1:${server.port}`, apiKey: KEY, tries: 1 });
  await client.health();
  const seen = server.seen.at(-1)!;
  assert.equal(seen.path, "/health");
  assert.equal(seen.headers.authorization, basic);
  assert.equal(seen.headers["x-api-key"], KEY);
});
