/**
 * The client eval posts rollouts with (src/eval/http.ts), against real
 * servers on loopback: what it sends and reads, its timeout, aborting every
 * request in flight, the retry of a kept-alive connection the server had
 * closed, and a refused connection; then runEval's failure causes that rest
 * on it (timeout, aborted by a second interrupt).
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createRolloutClient, HttpAbortError, HttpTimeoutError } from "../src/eval/http.js";
import { resolveEvalPlan, runEval } from "../src/eval/index.js";
import { findCuts } from "../src/json/parse-bytes.js";
import { createResponse } from "../bench/rollout-docs.mjs";

const scratch = mkdtempSync(join(tmpdir(), "task-app-eval-http-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A server on loopback; `handle` answers (or not) each request once its body is read. */
async function startServer(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => handle(req, res, body));
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    connections: () => sockets.size,
    close: async () => {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

describe("the rollout client", () => {
  test("POSTs the JSON body with its headers over one kept-alive connection and reads the answer whole", async () => {
    const seen: { method?: string; type?: string; key?: string; length?: string; body: string; port: number }[] = [];
    const big = "é".repeat(200_000); // multi-byte characters split across chunks
    const server = await startServer((req, res, body) => {
      seen.push({ method: req.method, type: req.headers["content-type"], key: req.headers["x-api-key"] as string, length: req.headers["content-length"], body, port: req.socket.remotePort! });
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ echo: body.length, big }));
    });
    const client = createRolloutClient();
    try {
      const body = JSON.stringify({ seed: 1, note: "ünïcode" });
      const first = await client.postJson(`${server.url}/rollout`, body, { "x-api-key": "k" }, 5000);
      const second = await client.postJson(`${server.url}/rollout`, body, {}, 5000);
      assert.equal(first.status, 201);
      assert.deepEqual(JSON.parse(first.text), { echo: body.length, big });
      assert.equal(second.status, 201);
      assert.deepEqual(seen[0], { method: "POST", type: "application/json", key: "k", length: String(Buffer.byteLength(body)), body, port: seen[0]!.port });
      assert.equal(seen[1]!.key, undefined);
      assert.equal(seen[1]!.port, seen[0]!.port, "the second request reuses the connection");
    } finally {
      client.close();
      await server.close();
    }
  });

  test("no answer within the timeout: HttpTimeoutError, and the connection is dropped", async () => {
    const server = await startServer(() => {}); // never answers
    const client = createRolloutClient();
    try {
      const started = Date.now();
      await assert.rejects(client.postJson(`${server.url}/rollout`, "{}", {}, 150), HttpTimeoutError);
      assert.ok(Date.now() - started >= 140);
      for (let i = 0; i < 50 && server.connections() > 0; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(server.connections(), 0);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("an answer whose body stalls past the timeout is a timeout too, not a connection error", async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"run_id":"r","trajectories":['); // and nothing more
    });
    const client = createRolloutClient();
    try {
      await assert.rejects(client.postJson(`${server.url}/rollout`, "{}", {}, 150), HttpTimeoutError);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("abortAll aborts every request in flight and refuses those posted after", async () => {
    let arrived = 0;
    const server = await startServer(() => void arrived++);
    const client = createRolloutClient();
    try {
      const pending = [1, 2, 3].map(() => client.postJson(`${server.url}/rollout`, "{}", {}, 30_000));
      while (arrived < 3) await new Promise((r) => setTimeout(r, 5));
      client.abortAll();
      for (const p of pending) await assert.rejects(p, HttpAbortError);
      await assert.rejects(client.postJson(`${server.url}/rollout`, "{}", {}, 30_000), HttpAbortError);
      assert.equal(arrived, 3);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("a kept-alive connection the server drops as the next request arrives is retried once on a new one", async () => {
    const used = new Set<Socket>();
    let requests = 0;
    const server = await startServer((req, res) => {
      requests++;
      // The second request on a connection finds it closing (as a server's idle timeout races a client's reuse).
      if (used.has(req.socket)) return void req.socket.destroy();
      used.add(req.socket);
      res.end("ok");
    });
    const client = createRolloutClient();
    try {
      assert.equal((await client.postJson(`${server.url}/rollout`, "{}", {}, 5000)).text, "ok");
      assert.equal((await client.postJson(`${server.url}/rollout`, "{}", {}, 5000)).text, "ok");
      assert.equal(requests, 3, "the dropped request was sent again");
      assert.equal(used.size, 2);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("a redirect within the origin is followed: 307 keeps the key and the body, 303 becomes a GET without them", async () => {
    const seen: { method?: string; url?: string; key?: string; type?: string; body: string }[] = [];
    const server = await startServer((req, res, body) => {
      seen.push({ method: req.method, url: req.url, key: req.headers["x-api-key"] as string, type: req.headers["content-type"], body });
      if (req.url === "/rollout") return void res.writeHead(307, { location: "/moved" }).end("redirect body, not read");
      if (req.url === "/other") return void res.writeHead(303, { location: "/seen" }).end();
      res.end(`answer from ${req.url}`);
    });
    const client = createRolloutClient();
    try {
      const kept = await client.postJson(`${server.url}/rollout`, '{"seed":1}', { "x-api-key": "k" }, 5000);
      assert.deepEqual({ status: kept.status, text: kept.text }, { status: 200, text: "answer from /moved" });
      const dropped = await client.postJson(`${server.url}/other`, '{"seed":2}', { "x-api-key": "k" }, 5000);
      assert.deepEqual({ status: dropped.status, text: dropped.text }, { status: 200, text: "answer from /seen" });
      assert.deepEqual(seen, [
        { method: "POST", url: "/rollout", key: "k", type: "application/json", body: '{"seed":1}' },
        { method: "POST", url: "/moved", key: "k", type: "application/json", body: '{"seed":1}' },
        { method: "POST", url: "/other", key: "k", type: "application/json", body: '{"seed":2}' },
        { method: "GET", url: "/seen", key: "k", type: undefined, body: "" },
      ]);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("requests in flight time out each after its own timeout, a short one sent after a long one included", async () => {
    const server = await startServer(() => {}); // never answers
    const client = createRolloutClient();
    try {
      const started = Date.now();
      const long = client.postJson(`${server.url}/rollout`, "{}", {}, 600);
      const longDone = long.then(
        () => assert.fail("answered"),
        (error: unknown) => ({ error, at: Date.now() - started }),
      );
      await new Promise((r) => setTimeout(r, 20));
      const short = client.postJson(`${server.url}/rollout`, "{}", {}, 100);
      await assert.rejects(short, (error: unknown) => error instanceof HttpTimeoutError && error.message === "no answer within 0.1s");
      const shortAt = Date.now() - started;
      assert.ok(shortAt >= 110 && shortAt < 550, `the short one timed out after ${shortAt} ms`);
      const { error, at } = await longDone;
      assert.ok(error instanceof HttpTimeoutError && error.message === "no answer within 0.6s", String(error));
      assert.ok(at >= 595, `the long one timed out after ${at} ms`);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("a header node:http refuses to send rejects the call (nothing is thrown at the caller), and the client goes on", async () => {
    let arrived = 0;
    const server = await startServer((_req, res) => {
      arrived++;
      res.end("ok");
    });
    const client = createRolloutClient();
    try {
      let pending: Promise<unknown> | undefined;
      assert.doesNotThrow(() => (pending = client.postJson(`${server.url}/rollout`, "{}", { "x-api-key": "a\nb" }, 5000)));
      await assert.rejects(pending!, { code: "ERR_INVALID_CHAR" });
      assert.equal((await client.postJson(`${server.url}/rollout`, "{}", { "x-api-key": "k" }, 5000)).text, "ok");
      assert.equal(arrived, 1);
    } finally {
      client.close();
      await server.close();
    }
  });

  test("a refused connection rejects with the socket's code, not retried", async () => {
    const server = await startServer(() => {});
    const url = server.url;
    await server.close();
    const client = createRolloutClient();
    await assert.rejects(client.postJson(`${url}/rollout`, "{}", {}, 5000), { code: "ECONNREFUSED" });
    client.close();
  });
});

describe("runEval on that client", () => {
  /** A healthy app advertising no rollout wire (eval asks /info which it prefers: none here, 0.2.x); `handleRollout` answers the rest. */
  const healthy = (handleRollout: (res: ServerResponse, body: string) => void) =>
    startServer((req, res, body) => {
      if (req.url === "/health") return void res.writeHead(200, { "content-type": "application/json" }).end('{"healthy":true}');
      if (req.url === "/info") return void res.writeHead(404).end();
      handleRollout(res, body);
    });

  test("image-heavy answers are read from their bytes (images cut out, not decoded): the same result, and a broken one is not JSON", async () => {
    // Seed 1: valid; seed 2: a raw control byte inside an image; seed 3: a byte no UTF-8 decoder accepts inside an image
    // (JSON.parse reads it as U+FFFD: still a valid answer); seed 4: the answer for another run.
    const answers: Buffer[] = [];
    const server = await healthy((res, body) => {
      const { run_id, env } = JSON.parse(body) as { run_id: string; env: { seed: number } };
      const answer = createResponse({ trajectories: 1, steps: 16, imageBytes: 20_000, seed: env.seed });
      answer.run_id = env.seed === 4 ? "someone-else" : run_id;
      const bytes = Buffer.from(JSON.stringify(answer));
      const image = bytes.indexOf("data:image/png;base64,") + 500;
      if (env.seed === 2) bytes[image] = 0x01;
      if (env.seed === 3) bytes[image] = 0xff;
      answers[env.seed] = bytes;
      res.writeHead(200, { "content-type": "application/json" }).end(bytes);
    });
    try {
      const plan = await resolveEvalPlan({ url: [server.url], model: "m", seeds: "1-4", runDir: join(scratch, "images"), timeout: 30, retries: 0 }, scratch);
      const report = await runEval(plan, { urls: [server.url], app: server.url, reporter: { emit() {}, close() {} } });
      assert.equal(findCuts(answers[1]!)?.length, 32, "the answer is one the parser cuts");
      const bySeed = new Map(report.results.map((r) => [r.seed, r]));
      const mean = (seed: number) => (JSON.parse(answers[seed]!.toString("utf8")) as { metrics: { mean_return: number } }).metrics.mean_return;
      assert.deepEqual([bySeed.get(1)?.status, bySeed.get(1)?.return], ["ok", mean(1)]);
      assert.deepEqual([bySeed.get(2)?.status, bySeed.get(2)?.cause, bySeed.get(2)?.error], ["failed", "invalid_response", "the answer is not JSON"]);
      assert.deepEqual([bySeed.get(3)?.status, bySeed.get(3)?.return], ["ok", mean(3)]);
      assert.deepEqual([bySeed.get(4)?.status, bySeed.get(4)?.cause], ["failed", "run_id_mismatch"]);
    } finally {
      await server.close();
    }
  });

  test("a rollout with no answer within --timeout fails with cause timeout and the run goes on", async () => {
    const server = await healthy(() => {});
    try {
      const plan = await resolveEvalPlan({ url: [server.url], model: "m", seeds: "1-2", runDir: join(scratch, "timeout"), timeout: 0.2, retries: 0 }, scratch);
      const report = await runEval(plan, { urls: [server.url], app: server.url, reporter: { emit() {}, close() {} } });
      assert.deepEqual(report.results.map((r) => [r.seed, r.status, r.cause]), [[1, "failed", "timeout"], [2, "failed", "timeout"]]);
    } finally {
      await server.close();
    }
  });

  test("the second interrupt aborts the running rollouts: cause aborted, nothing new starts", async () => {
    let arrived = 0;
    const server = await healthy(() => void arrived++);
    try {
      const plan = await resolveEvalPlan({ url: [server.url], model: "m", seeds: "1-4", concurrency: 2, runDir: join(scratch, "abort"), timeout: 60 }, scratch);
      const stop = new AbortController();
      const abort = new AbortController();
      const run = runEval(plan, { urls: [server.url], app: server.url, reporter: { emit() {}, close() {} }, stop: stop.signal, abort: abort.signal });
      while (arrived < 2) await new Promise((r) => setTimeout(r, 5));
      stop.abort();
      abort.abort();
      const report = await run;
      assert.deepEqual(report.results.map((r) => [r.seed, r.cause]), [[1, "aborted"], [2, "aborted"]]);
      assert.equal(report.notRun, 2);
      assert.equal(arrived, 2);
    } finally {
      await server.close();
    }
  });
});
