/**
 * The socket path of POST /rollout reads a body at once when all of it
 * arrived with its head, and waits for it otherwise: both give the same
 * answers, keep the connection alive, give back the body budget, and
 * requests pipelined in one packet are answered each, in order.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import { serve, type ServingTaskApp } from "../src/server/index.js";
import type { RolloutExecutor } from "../src/schemas/task-app.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_native_reads_0123456789";
const rollout: RolloutExecutor = (request) => ({
  run_id: request.run_id,
  trajectories: [],
  metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 },
  pipeline_metadata: { seen: request.env.config?.note ?? null },
});
const asyncRollout: RolloutExecutor = async (request) => rollout(request, undefined as never);

function head(body: Buffer, extra = ""): Buffer {
  return Buffer.from(`POST /rollout HTTP/1.1\r\nhost: test.local\r\ncontent-type: application/json\r\nx-api-key: ${KEY}\r\ncontent-length: ${body.length}\r\n${extra}\r\n`, "latin1");
}
const bodyOf = (runId: string, note = "é ✓") => Buffer.from(JSON.stringify({ run_id: runId, env: { seed: 1, config: { note } }, policy: {} }));

/** Writes `parts` (a pause between them) on one connection and reads `count` responses. */
function exchange(port: number, parts: Buffer[], count: number, pauseMs = 50): Promise<{ status: number; headers: string; body: string }[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    const answers: { status: number; headers: string; body: string }[] = [];
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`only ${answers.length} answers: ${received.toString("latin1").slice(0, 300)}`))), 5000);
    socket.on("connect", async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, pauseMs));
        socket.write(part);
      }
    });
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf("\r\n\r\n");
        if (end === -1) return;
        const headers = received.subarray(0, end).toString("latin1");
        const length = Number(/content-length: (\d+)/i.exec(headers)?.[1]);
        if (received.length < end + 4 + length) return;
        answers.push({ status: Number(headers.slice(9, 12)), headers: headers.toLowerCase(), body: received.subarray(end + 4, end + 4 + length).toString("utf8") });
        received = received.subarray(end + 4 + length);
        if (answers.length === count) {
          clearTimeout(timer);
          socket.destroy();
          return resolve(answers);
        }
      }
    });
    socket.on("error", reject);
  });
}

async function withServer(executor: RolloutExecutor, fn: (running: ServingTaskApp) => Promise<void>): Promise<void> {
  const running = await serve(createMathApp({ rollout: executor }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  try {
    await fn(running);
  } finally {
    await running.close();
  }
}

function assertAnswered(answers: { status: number; headers: string; body: string }[], runIds: string[]): void {
  assert.deepEqual(answers.map((a) => a.status), runIds.map(() => 200), answers.map((a) => a.body.slice(0, 200)).join("\n"));
  assert.deepEqual(answers.map((a) => JSON.parse(a.body).run_id), runIds, "each answer is its own request's, in order");
  for (const a of answers) {
    assert.doesNotMatch(a.headers, /connection: close/, "keep-alive: the body was read in full");
    assert.deepEqual(JSON.parse(a.body).pipeline_metadata, { seen: "é ✓" }, "the body is read as UTF-8");
  }
}

for (const [name, executor] of [["a synchronous executor", rollout], ["an asynchronous executor", asyncRollout]] as const) {
  test(`${name}: a body in the head's packet, one arriving later, and three requests pipelined in one packet are each answered in order, keep-alive`, async () => {
    await withServer(executor, async (running) => {
      const one = bodyOf("together");
      assertAnswered(await exchange(running.port, [Buffer.concat([head(one), one])], 1), ["together"]);
      const late = bodyOf("late");
      assertAnswered(await exchange(running.port, [head(late), late.subarray(0, 10), late.subarray(10)], 1), ["late"]);
      const runIds = ["p1", "p2", "p3"];
      const pipelined = Buffer.concat(runIds.flatMap((id) => [head(bodyOf(id)), bodyOf(id)]));
      assertAnswered(await exchange(running.port, [pipelined], 3), runIds);
      // A request whose body arrives half with its head and half later, then one whole: both on one connection.
      const split = bodyOf("split");
      const whole = bodyOf("whole");
      assertAnswered(await exchange(running.port, [Buffer.concat([head(split), split.subarray(0, 5)]), Buffer.concat([split.subarray(5), head(whole), whole])], 2), ["split", "whole"]);
    });
  });
}

test("a body declared longer than what arrives with its head waits for the rest, and a body refused by the budget is a 503 either way", async () => {
  await withServer(rollout, async (running) => {
    const body = bodyOf("short-then-rest");
    const answers = await exchange(running.port, [Buffer.concat([head(body), body.subarray(0, body.length - 1)]), body.subarray(body.length - 1)], 1, 150);
    assertAnswered(answers, ["short-then-rest"]);
  });
  const small = await serve(createMathApp({ rollout }), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false, maxInFlightBodyBytes: 10 });
  try {
    const body = bodyOf("too-big-for-the-budget");
    const [answer] = await exchange(small.port, [Buffer.concat([head(body), body])], 1);
    assert.equal(answer!.status, 503);
    assert.equal(JSON.parse(answer!.body).detail.error.code, "server_busy");
  } finally {
    await small.close();
  }
});
