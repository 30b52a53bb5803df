/**
 * Image-heavy replies over a real `serve()` socket: each client gets exactly
 * the JSON.stringify bytes of its own validated response, with many long
 * replies in flight at once and clients leaving mid-reply (the reply memory
 * is reused from one reply to the next: one given back too early would show
 * here as another reply's bytes); both wires; and a response the old path
 * refused (a cycle, a BigInt, a throwing toJSON, NaN where a number is
 * required) is refused with the same error when it also carries images.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Agent, request as httpRequest } from "node:http";
import { serve } from "../src/server/index.js";
import { checkRolloutResult } from "../src/server/validate.js";
import { ContainerRolloutResponse } from "../src/schemas/container-rollout.js";
import { ErrorBody } from "../src/schemas/errors.js";
import type { RolloutExecutor } from "../src/schemas/task-app.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_large_bodies_0123456789";
const env = { ENVIRONMENT_API_KEY: KEY };
const headers = { "x-api-key": KEY, "content-type": "application/json" };

/** A base64 data URL of about `n` characters, different for every `seed`. */
function dataUrl(seed: number, n: number): string {
  const bytes = Buffer.alloc(Math.ceil((n * 3) / 4));
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < bytes.length; i++) bytes[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

/** An image-heavy response for `runId`: `steps` steps with a ~20 KB image each, text with characters JSON escapes beside them. */
function imageResponse(runId: string, seed: number, steps = 24) {
  return {
    run_id: runId,
    trajectories: [
      {
        env_id: `env-${seed}`,
        policy_id: "p",
        steps: Array.from({ length: steps }, (_, t) => ({
          obs: { image_url: dataUrl(seed * 1000 + t, 20_000), text: `Turn ${t}: "quoted"\n\ttab \u00e9\u2028 \ud83d\ude00` },
          tool_calls: [{ id: `call_${t}`, type: "function", function: { name: "act", arguments: JSON.stringify({ a: t }) } }],
          reward: t / 10,
          done: t === steps - 1,
          info: { delta: -0, big: 1e21 },
        })),
        length: steps,
      },
    ],
    metrics: { episode_returns: [1], mean_return: 1, num_steps: steps },
  };
}

/**
 * POSTs `body` to /rollout; resolves with status, Content-Length and the
 * body's bytes, or null when `abortAfterHeaders`. `readAfter` (a promise)
 * holds the reading back until it settles, so the server's write stays
 * pending meanwhile.
 */
function post(port: number, body: string, agent: Agent, abortAfterHeaders = false, readAfter?: Promise<unknown>, onHeaders?: () => void): Promise<{ status: number; length: number; bytes: Buffer } | null> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/rollout", headers, agent }, (res) => {
      if (abortAfterHeaders) {
        res.destroy();
        req.destroy();
        resolve(null);
        return;
      }
      onHeaders?.();
      if (readAfter) {
        res.pause();
        void readAfter.then(() => res.resume());
      }
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, length: Number(res.headers["content-length"]), bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", (error) => (abortAfterHeaders ? resolve(null) : reject(error)));
    req.end(body);
  });
}

/** The bytes that must be sent for an executor's result: JSON.stringify of it completed by validation (the server completes a copy). */
function sentFor(result: unknown): Buffer {
  const checked = checkRolloutResult(structuredClone(result));
  assert.ok(checked.success, "the executor's result is valid");
  return Buffer.from(JSON.stringify(checked.data), "utf8");
}

const rolloutBody = (runId: string) => JSON.stringify({ run_id: runId, env: { env_name: "math", seed: 1 }, policy: { policy_id: "p" }, ops: [] });

test("many image-heavy replies at once, some clients leaving mid-reply: each client gets exactly its own response's JSON", async () => {
  const returned = new Map<string, object>();
  const rollout: RolloutExecutor = async (request) => {
    const seed = Number(request.run_id.split("-")[1]);
    const response = imageResponse(request.run_id, seed, 8 + (seed % 5) * 8);
    returned.set(request.run_id, response);
    await new Promise((r) => setTimeout(r, seed % 3));
    return response as never;
  };
  const running = await serve(createMathApp({ rollout }), { port: 0, env, logLevel: "silent", handleSignals: false });
  const agent = new Agent({ keepAlive: true, maxSockets: 24 });
  try {
    let seed = 0;
    for (let round = 0; round < 4; round++) {
      const calls = Array.from({ length: 24 }, () => {
        const runId = `run-${++seed}`;
        return post(running.port, rolloutBody(runId), agent, seed % 7 === 0).then((answer) => ({ runId, answer }));
      });
      for (const { runId, answer } of await Promise.all(calls)) {
        if (!answer) continue;
        assert.equal(answer.status, 200, runId);
        const expected = sentFor(returned.get(runId));
        assert.equal(answer.length, expected.length, `${runId}: Content-Length`);
        assert.ok(answer.bytes.equals(expected), `${runId}: the bytes sent are its own response's JSON`);
      }
    }
  } finally {
    agent.destroy();
    await running.close();
  }
});

test("a long reply still being written to a client that does not read is never overwritten by the replies after it", async () => {
  const returned = new Map<string, object>();
  const rollout: RolloutExecutor = (request) => {
    const seed = Number(request.run_id.split("-")[1]);
    const response = imageResponse(request.run_id, seed, 300); // about 6 MB: more than the socket buffers take
    returned.set(request.run_id, response);
    return response as never;
  };
  const running = await serve(createMathApp({ rollout }), { port: 0, env, logLevel: "silent", handleSignals: false });
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  try {
    for (let round = 0; round < 2; round++) {
      let release!: () => void;
      const others = new Promise<void>((resolve) => (release = resolve));
      let slowHeaders!: () => void;
      const headersSeen = new Promise<void>((resolve) => (slowHeaders = resolve));
      // The slow client gets its headers, then stops reading until the fast ones have been served in full.
      const slow = post(running.port, rolloutBody(`run-${round * 10 + 1}`), agent, false, others, slowHeaders);
      await headersSeen;
      const fast = await Promise.all([2, 3, 4].map((n) => post(running.port, rolloutBody(`run-${round * 10 + n}`), agent)));
      release();
      for (const [i, answer] of [await slow, ...fast].entries()) {
        const runId = `run-${round * 10 + (i + 1)}`;
        const expected = sentFor(returned.get(runId));
        assert.equal(answer!.status, 200);
        assert.ok(answer!.bytes.equals(expected), `${runId}: the bytes sent are its own response's JSON`);
      }
    }
  } finally {
    agent.destroy();
    await running.close();
  }
});

test("a container-era rollout with images answers its wire's response, images intact", async () => {
  const response = imageResponse("c", 3, 10);
  const running = await serve(createMathApp({ rollout: () => response as never }), { port: 0, env, logLevel: "silent", handleSignals: false });
  const agent = new Agent({ keepAlive: false });
  try {
    const answer = (await post(running.port, JSON.stringify({ trace_correlation_id: "trace-1", env: { env_name: "math", seed: 1 }, policy: { policy_id: "p" } }), agent))!;
    assert.equal(answer.status, 200);
    assert.equal(answer.length, answer.bytes.length);
    const parsed = ContainerRolloutResponse.parse(JSON.parse(answer.bytes.toString("utf8")));
    assert.equal(JSON.stringify(parsed).includes(response.trajectories[0]!.steps[9]!.obs.image_url), true);
  } finally {
    agent.destroy();
    await running.close();
  }
});

test("a response refused without images is refused with the same error with them", async () => {
  const fail = () => {
    throw new Error("toJSON refused");
  };
  const cases: [string, (withImages: boolean) => unknown][] = [
    ["a cycle", (withImages) => { const loop: Record<string, unknown> = {}; loop.self = loop; return { ...base(withImages), pipeline_metadata: { loop } }; }],
    ["a BigInt", (withImages) => ({ ...base(withImages), pipeline_metadata: { tokens: 2n ** 70n } })],
    ["a throwing toJSON", (withImages) => ({ ...base(withImages), pipeline_metadata: { item: { toJSON: fail } } })],
    ["NaN as mean_return", (withImages) => ({ ...base(withImages), metrics: { episode_returns: [1], mean_return: NaN, num_steps: 1 } })],
    ["a string as reward", (withImages) => { const r = base(withImages); (r.trajectories[0]!.steps[0] as Record<string, unknown>).reward = "1"; return r; }],
  ];
  function base(withImages: boolean) {
    const response = imageResponse("r", 5, 4);
    if (!withImages) for (const step of response.trajectories[0]!.steps) step.obs.image_url = "data:,";
    return response;
  }
  for (const [label, make] of cases) {
    const messages: string[] = [];
    for (const withImages of [false, true]) {
      const running = await serve(createMathApp({ rollout: () => make(withImages) as never }), { port: 0, env, logLevel: "silent", handleSignals: false });
      const agent = new Agent({ keepAlive: false });
      try {
        const answer = (await post(running.port, rolloutBody("r"), agent))!;
        assert.equal(answer.status, 500, `${label} (images ${withImages})`);
        const error = ErrorBody.parse(JSON.parse(answer.bytes.toString("utf8"))).detail.error;
        assert.equal(error.code, "invalid_rollout_response");
        messages.push(error.message);
      } finally {
        agent.destroy();
        await running.close();
      }
    }
    assert.equal(messages[1], messages[0], `${label}: the same refusal with images as without`);
  }
});
