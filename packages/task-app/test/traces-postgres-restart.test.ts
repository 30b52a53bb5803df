/**
 * `serve --trace postgres://…` outlives a restart of the real PostgreSQL
 * server: while it is down every rollout is still answered, within the write
 * deadline, and each lost session is counted and logged (password redacted);
 * once the server is back on its port, the same serve process reconnects and
 * the sessions of later rollouts are stored, no restart of serve needed; a
 * restart between two rollouts (every pooled connection dead) loses nothing.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import pg from "pg";
import { packageRoot } from "../src/scaffold/paths.js";
import { rolloutSessionId } from "../src/tracing/index.js";
import { startPostgres } from "./helpers/postgres.js";
import { mathRollout, postRollout, startServe } from "./helpers/serve-process.js";

const KEY = "sk_env_restart_key_Vq7Lw2Xr9Kd";
const evalApp = path.join(packageRoot(), "test/fixtures/apps/eval-app.mjs");

async function storedSeeds(url: string, runId: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ session_id: string; seed: string }>(`SELECT session_id, metadata::json->>'seed' AS seed FROM session_traces WHERE metadata::json->>'run_id' LIKE $1`, [`${runId}%`]);
    return rows.map((r) => Number(r.seed)).sort((a, b) => a - b);
  } finally {
    await client.end();
  }
}

test("serve --trace keeps answering while PostgreSQL is down, counts the lost sessions, and stores again after the server restarts", { timeout: 240_000 }, async (t) => {
  const server = await startPostgres();
  if (!server.ok) return t.skip(server.reason);
  const serve = await startServe(evalApp, ["--trace", server.url], {
    env: { ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACE_WRITE_TIMEOUT_MS: "3000" },
  }).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  const rollout = async (seed: number) => {
    const res = await postRollout(serve.url, KEY, mathRollout(`restart-${seed}`, seed));
    assert.equal(res.status, 200, `seed ${seed} answered: ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  try {
    await rollout(0);
    await rollout(1);
    assert.deepEqual(await storedSeeds(server.url, "restart-"), [0, 1]);

    // The real server goes down (a fast shutdown closes the store's pooled connections).
    await server.halt();
    for (const seed of [2, 3, 4]) await rollout(seed); // answered all the same
    const failures = () => serve.output().split("\n").filter((l) => l.includes("trace store write failed"));
    // The log is read from serve's stdout pipe: give its last lines a moment to arrive.
    for (let i = 0; i < 100 && failures().length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(failures().length, 3, `each lost session is logged:\n${serve.output().slice(-3000)}`);
    assert.match(failures().at(-1)!, /"failed":3\b/, "and counted");
    assert.ok(!serve.output().includes("test-password-1234"), "the store's password is never logged");

    // Back on the same port: the same serve process stores again.
    await server.resume();
    for (const seed of [5, 6, 7]) await rollout(seed);
    assert.deepEqual(await storedSeeds(server.url, "restart-"), [0, 1, 5, 6, 7], `stored after the restart:\n${serve.output().slice(-3000)}`);
    // Each under its rollout's id.
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ session_id: string }>(`SELECT session_id FROM session_traces WHERE metadata::json->>'run_id' = 'restart-6'`);
      assert.deepEqual(
        rows.map((r) => r.session_id),
        [rolloutSessionId({ run_id: "restart-6", env: { seed: 6 } })],
      );
    } finally {
      await client.end();
    }
    assert.equal(failures().length, 3, "no write failed after the restart");
    // A restart between two rollouts (the pool's connections all dead, none refused meanwhile): the next one is stored.
    await server.halt();
    await server.resume();
    await rollout(8);
    assert.deepEqual(await storedSeeds(server.url, "restart-"), [0, 1, 5, 6, 7, 8], `stored after a quick restart:\n${serve.output().slice(-3000)}`);
    assert.equal(failures().length, 3, "and without a failed write");
  } finally {
    await serve.kill("SIGTERM");
    await server.stop();
  }
});
