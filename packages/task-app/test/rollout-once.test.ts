/**
 * A rollout sent twice is one session in the store, whatever the store: two
 * servers (`serve --trace`'s sink, each its own connection) share one SQLite
 * file, one PostgreSQL database or one libsql server; the first stores each
 * rollout's session and then drops the connection before answering (as a
 * replica killed at that moment does), so eval sends the rollout again to the
 * second, which stores it too. The session's id comes from the request
 * (`rolloutSessionId`: run_id and seed), the same on both servers and in
 * eval's own sink, so the store keeps it once.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { createEvalReporter, resolveEvalPlan, runEval } from "../src/eval/index.js";
import { createLogger, serve } from "../src/server/index.js";
import { rolloutSessionId } from "../src/tracing/index.js";
import { openServeTraceSink } from "../src/traces/sink.js";
import { openTraceReader } from "../src/traces/reader.js";
import { Writable } from "node:stream";
import { createEvalApp } from "./fixtures/apps/eval-app.js";
import { startPostgres } from "./helpers/postgres.js";
import { startSqld } from "./helpers/sqld.js";

const KEY = "sk_env_once_test_key_q8Zr4Tn2Lx";
const scratch = mkdtempSync(join(tmpdir(), "task-app-once-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
const quiet = () => createLogger("silent");

/** Two servers on one store; the first drops every connection once it stored the rollout's session. */
async function runTwice(store: string) {
  const sinkA = (await openServeTraceSink(store, quiet(), {}))!;
  const sinkB = (await openServeTraceSink(store, quiet(), {}))!;
  const env = { ENVIRONMENT_API_KEY: KEY };
  let dropped = 0;
  const a = await serve(createEvalApp({}), {
    port: 0,
    handleSignals: false,
    logLevel: "silent",
    env,
    traceSink: async (session) => {
      await sinkA.sink(session);
      dropped++;
      a.server.closeAllConnections(); // stored, never answered: the replica "died" here
    },
  });
  const b = await serve(createEvalApp({}), { port: 0, handleSignals: false, logLevel: "silent", env, traceSink: sinkB.sink });
  try {
    const plan = await resolveEvalPlan({ url: [a.url, b.url], model: "scripted", seeds: "0-7", concurrency: 2, retries: 3, traceDb: false, runDir: join(scratch, `run-${Math.random().toString(36).slice(2)}`) }, scratch);
    const report = await runEval(plan, { urls: [a.url, b.url], app: "two servers", apiKey: KEY, reporter: createEvalReporter({ json: true, out: new Writable({ write: (_c, _e, cb) => cb() }), err: process.stderr, tty: false }) });
    return { report, dropped, stats: { a: { ...sinkA.stats }, b: { ...sinkB.stats } } };
  } finally {
    await a.close();
    await b.close();
    await sinkA.close();
    await sinkB.close();
  }
}

/** Sessions per (run_id, seed) in the store. */
async function sessionsPerRollout(store: string) {
  const reader = await openTraceReader(store, {});
  try {
    const rows = await reader.db.selectFrom("session_traces").select(["session_id", "metadata"]).execute();
    const counts = new Map<string, number>();
    for (const row of rows) {
      const meta = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) as { run_id: string; seed: number };
      const key = `${meta.run_id}/${meta.seed}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      assert.equal(row.session_id, rolloutSessionId({ run_id: meta.run_id, env: { seed: meta.seed } }), "the session is stored under its rollout's id");
    }
    return counts;
  } finally {
    await reader.close();
  }
}

async function assertOnce(store: string) {
  const { report, dropped, stats } = await runTwice(store);
  assert.equal(report.summary.ok, 8, JSON.stringify(report.results.map((r) => [r.seed, r.status, r.cause])));
  assert.ok(dropped > 0, "the first server stored rollouts and dropped them, so eval sent them again");
  assert.ok(stats.b.duplicates > 0 || stats.a.duplicates > 0, `a re-sent rollout reached the store a second time (${JSON.stringify(stats)})`);
  const counts = await sessionsPerRollout(store);
  assert.equal(counts.size, 8, `one session per seed: ${JSON.stringify([...counts])}`);
  assert.deepEqual([...counts.values()].filter((n) => n !== 1), [], `each rollout stored once: ${JSON.stringify([...counts])}`);
  assert.deepEqual(
    [...counts.keys()].sort(),
    report.results.map((r) => `${r.run_id}/${r.seed}`).sort(),
  );
}

describe("a rollout sent twice is stored once", () => {
  test("SQLite file", async () => {
    await assertOnce(join(scratch, "traces.db"));
  });

  test("PostgreSQL", async (t) => {
    const pg = await startPostgres();
    if (!pg.ok) return t.skip(pg.reason);
    try {
      await assertOnce(pg.url);
    } finally {
      await pg.stop();
    }
  });

  test("libsql server", async (t) => {
    const sqld = await startSqld();
    if (!sqld.ok) return t.skip(sqld.reason);
    try {
      await assertOnce(sqld.url);
    } finally {
      await sqld.stop();
    }
  });

  test("the id is the request's: same run_id and seed, same id; another seed or run, another id", () => {
    const id = rolloutSessionId({ run_id: "r1", env: { seed: 3 } });
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(rolloutSessionId({ run_id: "r1", env: { seed: 3 } }), id);
    assert.notEqual(rolloutSessionId({ run_id: "r1", env: { seed: 4 } }), id);
    assert.notEqual(rolloutSessionId({ run_id: "r2", env: { seed: 3 } }), id);
    assert.notEqual(rolloutSessionId({ run_id: "r1", env: {} }), id);
  });
});
