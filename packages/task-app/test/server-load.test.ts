/**
 * Load on loopback: 10,000 rollouts at concurrency 64 through the full stack
 * (socket, auth, request and response validation). Zero errors allowed, and
 * resident memory after the run (after GC) within 64 MiB of before.
 */
// npm test: own process (it reads this process's own memory before and after its load; scripts/test-groups.mjs)
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Agent, request as httpRequest } from "node:http";
import { serve } from "../src/server/index.js";
import { createTrivialApp } from "./fixtures/apps/trivial.js";

const TOTAL = 10_000;
const CONCURRENCY = 64;
const RSS_BOUND_MB = 64;
const TIME_BOUND_MS = 90_000;
const KEY = "sk_env_load";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function settle() {
  for (let i = 0; i < 3; i++) gc();
  return new Promise((r) => setTimeout(r, 50));
}

test(`${TOTAL} rollouts at concurrency ${CONCURRENCY}: zero errors, bounded memory`, { timeout: TIME_BOUND_MS + 30_000 }, async () => {
  const running = await serve(createTrivialApp(), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const send = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ run_id: `load-${i}`, env: { seed: i }, policy: {}, ops: [] });
      const req = httpRequest(
        { agent, host: "127.0.0.1", port: running.port, path: "/rollout", method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (text += d));
          res.on("end", () => (res.statusCode === 200 && text.includes(`"load-${i}"`) ? resolve(200) : reject(new Error(`${res.statusCode} ${text.slice(0, 200)}`))));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  try {
    for (let i = 0; i < 500; i++) await send(-i);
    await settle();
    const before = process.memoryUsage();
    const start = Date.now();
    let next = 0;
    let errors = 0;
    const first: string[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL && Date.now() - start < TIME_BOUND_MS) {
          const i = next++;
          await send(i).catch((e: Error) => {
            errors++;
            if (first.length < 3) first.push(e.message);
          });
        }
      }),
    );
    const ms = Date.now() - start;
    await settle();
    const after = process.memoryUsage();
    const growth = (after.rss - before.rss) / 2 ** 20;
    console.log(`load: ${next} rollouts in ${ms} ms (${Math.round((next / ms) * 1000)}/s), errors ${errors}, rss ${(before.rss / 2 ** 20).toFixed(1)} -> ${(after.rss / 2 ** 20).toFixed(1)} MiB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}), heap ${(before.heapUsed / 2 ** 20).toFixed(1)} -> ${(after.heapUsed / 2 ** 20).toFixed(1)} MiB`);
    assert.equal(next, TOTAL, `all ${TOTAL} sent within ${TIME_BOUND_MS} ms`);
    assert.equal(errors, 0, first.join("\n"));
    assert.ok(growth < RSS_BOUND_MB, `rss grew ${growth.toFixed(1)} MiB (bound ${RSS_BOUND_MB})`);
    assert.equal(running.server.listening, true);
  } finally {
    agent.destroy();
    await running.close();
  }
});
