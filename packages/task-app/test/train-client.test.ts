/**
 * The backend client of `train`: idempotent calls are retried on dropped
 * connections and 5xx answers, others are tried once; failures are
 * TrainErrors that keep the status and never the key.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, test } from "node:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createBackendClient, DEFAULT_BACKEND_URL, loadTrainEnv, requireSecret, resolveTrainBackend, TrainError } from "../src/train/index.js";
import { workdir } from "./helpers/payload.js";

const KEY = "sk_client_key_0123456789";

/** A server answering each request with `answer(n)` (1-based); "drop" destroys the connection. */
async function withServer(answer: (n: number) => number | "drop", fn: (url: string, count: () => number) => Promise<void>) {
  let n = 0;
  const server: Server = createServer((req, res) => {
    const outcome = answer(++n);
    if (outcome === "drop") return void req.socket.destroy();
    res.writeHead(outcome, { "content-type": "application/json" });
    res.end(JSON.stringify(outcome < 300 ? { ok: true } : { detail: `failed for ${req.headers.authorization}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await fn(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, () => n);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const client = (baseUrl: string) => createBackendClient({ baseUrl, apiKey: KEY, backoffMs: () => 1, tries: 3 });

describe("train backend client", () => {
  test("a retryable call survives a dropped connection and a 502", async () => {
    await withServer((n) => (n === 1 ? "drop" : n === 2 ? 502 : 200), async (url, count) => {
      const r = await client(url).send({ operation: "read job 1", path: "/rl/jobs/1", retry: true });
      assert.deepEqual(r, { status: 200, body: { ok: true } });
      assert.equal(count(), 3);
    });
  });

  test("a call that is not retryable is tried once", async () => {
    await withServer(() => 503, async (url, count) => {
      await assert.rejects(client(url).send({ operation: "upload x", method: "POST", path: "/learning/files", retry: false }), (e: unknown) => {
        assert.ok(e instanceof TrainError);
        assert.equal(e.code, "backend");
        assert.equal(e.status, 503);
        assert.match(e.message, /cannot upload x: HTTP 503 from POST .*\/api\/learning\/files: failed for Bearer \[redacted\]/);
        return true;
      });
      assert.equal(count(), 1);
    });
  });

  test("retries stop after the last try; connection errors say so", async () => {
    await withServer(() => "drop", async (url, count) => {
      await assert.rejects(client(url).send({ operation: "read job 1", path: "/rl/jobs/1", retry: true }), (e: unknown) => {
        assert.ok(e instanceof TrainError);
        assert.equal(e.code, "network");
        assert.match(e.message, /cannot read job 1: no answer from http:\/\/127\.0\.0\.1:\d+ after 3 tries/);
        return true;
      });
      assert.equal(count(), 3);
    });
  });
});

describe("train backend and keys", () => {
  test("the backend is --backend, else BACKEND_BASE_URL, else the default, always ending in /api", () => {
    assert.deepEqual(resolveTrainBackend("http://flag.example/", { BACKEND_BASE_URL: "http://env.example" }), { url: "http://flag.example/api", source: "--backend" });
    assert.deepEqual(resolveTrainBackend(undefined, { BACKEND_BASE_URL: "http://env.example/api/" }), { url: "http://env.example/api", source: "BACKEND_BASE_URL" });
    assert.deepEqual(resolveTrainBackend("  ", {}), { url: DEFAULT_BACKEND_URL, source: "default" });
    assert.equal(DEFAULT_BACKEND_URL, "https://agent-learning.onrender.com/api");
    assert.throws(() => resolveTrainBackend("ftp://x.example", {}), (e: unknown) => e instanceof TrainError && e.code === "usage" && /--backend must be http/.test(e.message));
  });

  test("env files layer over the environment without changing it; a missing key says where it was looked for", () => {
    const dir = workdir();
    writeFileSync(join(dir, "a.env"), "SYNTH_API_KEY=from-a-0000\nONLY_A=1\n");
    writeFileSync(join(dir, "b.env"), "SYNTH_API_KEY=from-b-0000\n");
    const base = { SYNTH_API_KEY: "from-env-0000", PATH: "/bin" };
    const loaded = loadTrainEnv(["a.env", "b.env"], { base, cwd: dir });
    assert.equal(loaded.env.SYNTH_API_KEY, "from-b-0000");
    assert.equal(loaded.env.ONLY_A, "1");
    assert.equal(base.SYNTH_API_KEY, "from-env-0000", "the base environment is untouched");
    assert.deepEqual(loaded.sources, ["the environment", join(dir, "a.env"), join(dir, "b.env")]);
    assert.equal(requireSecret(loaded, "SYNTH_API_KEY", "x"), "from-b-0000");
    assert.throws(
      () => requireSecret(loaded, "ENVIRONMENT_API_KEY", "the task app key"),
      (e: unknown) => e instanceof TrainError && e.code === "missing_key" && e.exitCode === 2 && e.message.includes(`looked in the environment, ${join(dir, "a.env")} and ${join(dir, "b.env")}`),
    );
    assert.throws(() => loadTrainEnv(["missing.env"], { base, cwd: dir }), (e: unknown) => e instanceof TrainError && /cannot read env file missing\.env \(--env-file\): no such file/.test(e.message));
  });
});
