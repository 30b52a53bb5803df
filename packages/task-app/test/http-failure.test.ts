/**
 * A request that gets no answer is described by one function
 * (src/http/failure.ts) for the typed client, `check` and `train`: what
 * happened ("connection refused (ECONNREFUSED)"), never fetch's bare
 * "fetch failed", and for a port fetch will not connect to, which port and
 * what to do. Real fetch over loopback: a port nothing listens on, and 6000,
 * which the Fetch standard blocks.
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { describe, it } from "node:test";
import { createTaskAppClient, TaskAppNetworkError } from "../src/client/index.js";
import { sendProbe } from "../src/check/http.js";
import { describeRequestFailure } from "../src/http/failure.js";
import { createBackendClient } from "../src/train/http.js";
import { TrainError } from "../src/train/errors.js";

/** A loopback port that was just free (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const BLOCKED = /port 6000 is one fetch refuses to connect to \(a blocked port of the Fetch standard.*\): serve the task app on another port/;

describe("describeRequestFailure", () => {
  it("names the system error behind fetch's TypeError, keeps other messages, and never says only 'fetch failed' when a cause says more", () => {
    const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }) });
    assert.equal(describeRequestFailure(refused), "connection refused (ECONNREFUSED)");
    const reset = new TypeError("fetch failed", { cause: new TypeError("other side closed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }) });
    assert.equal(describeRequestFailure(reset), "connection reset (ECONNRESET)");
    assert.equal(describeRequestFailure(new TypeError("fetch failed", { cause: Object.assign(new Error("odd"), { code: "E_ODD" }) })), "odd (E_ODD)");
    assert.equal(describeRequestFailure(new TypeError("fetch failed", { cause: new Error("bad port") }), "http://127.0.0.1:6000/x").match(BLOCKED)?.length, 1);
    assert.equal(describeRequestFailure(new TypeError("fetch failed")), "fetch failed");
    assert.equal(describeRequestFailure("a string"), "a string");
  });
});

describe("over real fetch", () => {
  it("the typed client says the connection was refused, and names a blocked port instead of 'fetch failed'", async () => {
    const port = await closedPort();
    for (const [url, expected] of [
      [`http://127.0.0.1:${port}`, /^GET \/health: no response after 2 tries: connection refused \(ECONNREFUSED\)$/],
      ["http://127.0.0.1:6000", BLOCKED],
    ] as const) {
      const client = createTaskAppClient({ baseUrl: url, apiKey: "k", tries: 2, backoffMs: () => 1 });
      await assert.rejects(client.health(), (error: unknown) => {
        assert.ok(error instanceof TaskAppNetworkError, String(error));
        assert.match(error.message, expected);
        assert.doesNotMatch(error.message, /fetch failed/);
        return true;
      });
    }
  });

  it("check's probe and train's backend client use the same words", async () => {
    const port = await closedPort();
    assert.equal((await sendProbe(`http://127.0.0.1:${port}`, "/health")).error, "connection refused (ECONNREFUSED)");
    assert.match((await sendProbe("http://127.0.0.1:6000", "/health")).error ?? "", BLOCKED);
    const backend = createBackendClient({ baseUrl: `http://127.0.0.1:${port}/api`, apiKey: "sk-test-0123456789", tries: 1, backoffMs: () => 1 });
    await assert.rejects(backend.send({ operation: "read job 1", path: "/rl/jobs/1", retry: true }), (error: unknown) => {
      assert.ok(error instanceof TrainError);
      assert.match(error.message, /^cannot read job 1: no answer from http:\/\/127\.0\.0\.1:\d+ after 1 try \(connection refused \(ECONNREFUSED\)\); the backend is http:\/\/127\.0\.0\.1:\d+ \(--backend, else BACKEND_BASE_URL, else the default\): is that right\?$/);
      return true;
    });
  });

  it("a backend that does not answer is named as the backend, never as the task app", async () => {
    for (const base of ["http://127.0.0.1:9/api", "http://no-such-host.invalid/api"]) {
      const backend = createBackendClient({ baseUrl: base, apiKey: "sk-test-0123456789", tries: 1, backoffMs: () => 1 });
      await assert.rejects(backend.send({ operation: "verify the task app", path: "/rl/verify_task_app", retry: true }), (error: unknown) => {
        assert.ok(error instanceof TrainError);
        assert.doesNotMatch(error.message, /serve the task app/);
        assert.match(error.message, /the backend is http:\/\/[^ ]+ \(--backend, else BACKEND_BASE_URL, else the default\): is that right\?$/);
        if (base.includes(":9/")) assert.match(error.message, /point --backend at the backend's real address/);
        else assert.match(error.message, /ENOTFOUND|EAI_AGAIN/);
        return true;
      });
    }
  });
});
