/**
 * The vendor-key allow-list for inference calls: which URLs a key may go to,
 * where the list comes from, and that nothing else gets the key.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  DEFAULT_INFERENCE_KEY_HOSTS,
  inferenceHeaders,
  isInferenceKeyAllowed,
  resolveInferenceKey,
  resolveInferenceKeyHosts,
} from "../src/runtime/inference.js";

const KEY = "sk-allow-list-test-key-0123456789";
const env = { OPENAI_API_KEY: KEY };

describe("resolveInferenceKey", () => {
  it("sends the key to the vendor's host by default", () => {
    assert.deepEqual(DEFAULT_INFERENCE_KEY_HOSTS, ["api.openai.com"]);
    assert.equal(resolveInferenceKey("https://api.openai.com/v1", { env }), KEY);
    assert.equal(resolveInferenceKey("https://API.OpenAI.com:443/v1/chat/completions?x=1", { env }), KEY);
  });

  for (const url of [
    "http://127.0.0.1:8000/v1",
    "https://evil.example/v1",
    "https://api.openai.com.evil.example/v1",
    "https://evil.example/api.openai.com/v1",
    "https://api.openai.com@evil.example/v1",
    "https://user:pw@api.openai.com/v1",
    "http://api.openai.com/v1",
    "https://api.openai.com./v1",
    "not a url",
  ]) {
    it(`gives no key to ${url}`, () => {
      assert.equal(resolveInferenceKey(url, { env }), undefined);
      assert.deepEqual(inferenceHeaders(url, { env }), { "content-type": "application/json" });
    });
  }

  it("takes the allow-list from the app, then INFERENCE_KEY_HOSTS", () => {
    const local = "http://127.0.0.1:8000/v1";
    assert.equal(resolveInferenceKey(local, { env, allowedHosts: ["http://127.0.0.1:8000"] }), KEY);
    assert.equal(resolveInferenceKey(local, { env: { ...env, INFERENCE_KEY_HOSTS: " http://127.0.0.1:8000 , api.openai.com" } }), KEY);
    assert.deepEqual(resolveInferenceKeyHosts({ env: { INFERENCE_KEY_HOSTS: " , " } }), ["api.openai.com"]);
    // The app's own list wins over the environment.
    assert.equal(resolveInferenceKey(local, { env: { ...env, INFERENCE_KEY_HOSTS: "http://127.0.0.1:8000" }, allowedHosts: [] }), undefined);
  });

  it("matches scheme, host and port exactly for an origin entry, and HTTPS only for a host entry", () => {
    assert.equal(isInferenceKeyAllowed("http://127.0.0.1:8001/v1", ["http://127.0.0.1:8000"]), false);
    assert.equal(isInferenceKeyAllowed("https://127.0.0.1:8000/v1", ["http://127.0.0.1:8000"]), false);
    assert.equal(isInferenceKeyAllowed("http://localhost:8000/v1", ["http://127.0.0.1:8000"]), false);
    assert.equal(isInferenceKeyAllowed("https://llm.internal:9443/v1", ["llm.internal"]), true);
    assert.equal(isInferenceKeyAllowed("https://llm.internal:9443/v1", ["llm.internal:9443"]), true);
    assert.equal(isInferenceKeyAllowed("https://llm.internal/v1", ["llm.internal:9443"]), false);
    assert.equal(isInferenceKeyAllowed("http://llm.internal/v1", ["llm.internal"]), false);
  });

  it("sends Authorization only with an allowed host, and nothing without a key", () => {
    assert.deepEqual(inferenceHeaders("https://api.openai.com/v1", { env }), { "content-type": "application/json", authorization: `Bearer ${KEY}` });
    assert.equal(resolveInferenceKey("https://api.openai.com/v1", { env: {} }), undefined);
    assert.equal(resolveInferenceKey("https://api.openai.com/v1", { env: { OPENAI_API_KEY: "  " } }), undefined);
  });
});
