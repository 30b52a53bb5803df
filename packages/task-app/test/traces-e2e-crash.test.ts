/**
 * A served app with `--trace` under load and under kill -9, in real
 * processes: 64 rollouts at once all land as complete sessions; a server
 * killed with SIGKILL while many slow rollouts are in flight leaves a SQLite
 * file that passes `PRAGMA integrity_check`, holds only whole sessions,
 * holds every session whose rollout was answered, and takes new sessions
 * when served again.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { sql } from "kysely";
import { openTraceStore } from "../src/traces/store.js";
import { postRollout, startServe } from "./helpers/serve-process.js";
import { assertSessionsComplete, countCompleteSessions } from "./helpers/trace-checks.js";
import { appFixture } from "./helpers/app-fixture.js";

const KEY = "sk_env_traces_crash_0123456789";
const app = appFixture("traced-slow.ts");
const dir = mkdtempSync(join(tmpdir(), "traces-e2e-crash-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const env = (delayMs: number) => ({ ENVIRONMENT_API_KEY: KEY, TRACED_APP_DELAY_MS: String(delayMs), TASKAPP_TRACE_DB: undefined, TASKAPP_TRACING_ENABLED: undefined });
const request = (runId: string, seed: number) => ({ run_id: runId, env: { env_name: "math", seed }, policy: { policy_id: "p", config: {} } });

/** run_id → session_id and step count of every stored session. */
async function storedRuns(dbPath: string): Promise<Map<string, { sessionId: string; steps: number }>> {
  const store = await openTraceStore(dbPath, { mustExist: true });
  try {
    const rows = await store.db.selectFrom("session_traces").select(["session_id", "metadata", "num_timesteps"]).execute();
    const runs = new Map<string, { sessionId: string; steps: number }>();
    for (const r of rows) {
      const runId = (JSON.parse(r.metadata ?? "{}") as { run_id: string }).run_id;
      assert.ok(!runs.has(runId), `run ${runId} is stored once`);
      runs.set(runId, { sessionId: r.session_id, steps: Number(r.num_timesteps) });
    }
    return runs;
  } finally {
    await store.close();
  }
}

test("64 rollouts at once through serve --trace: every session stored, complete, once", async () => {
  const db = join(dir, "burst.db");
  const server = await startServe(app, ["--trace", db], { env: env(20) });
  let how: number | string | null;
  try {
    const answers = await Promise.all(Array.from({ length: 64 }, (_, seed) => postRollout(server.url, KEY, request(`burst-${seed}`, seed))));
    assert.deepEqual(answers.filter((a) => a.status !== 200), [], "every rollout answered 200");
  } finally {
    how = await server.kill("SIGTERM");
  }
  assert.equal(how, 0, server.output());
  assert.match(server.output(), /"stored":64,"duplicates":0,"failed":0/);
  const runs = await storedRuns(db);
  assert.equal(runs.size, 64);
  for (let seed = 0; seed < 64; seed++) assert.equal(runs.get(`burst-${seed}`)?.steps, 1 + (seed % 3), `burst-${seed} has all its turns`);
  assert.equal(await countCompleteSessions(db, { mustExist: true }), 64);
});

test("kill -9 of serve --trace with many slow rollouts in flight: an intact file, whole sessions, every answered rollout stored", async () => {
  const db = join(dir, "crash.db");
  const server = await startServe(app, ["--trace", db], { env: env(60) });
  const answered: string[] = [];
  let failed = 0;
  let next = 0;
  let killed: Promise<number | string | null> | undefined;
  // Keeps 48 rollouts in flight; once 40 have been answered, the server is killed mid-stream.
  const client = async () => {
    while (!killed) {
      const runId = `crash-${next}`;
      const seed = next++;
      try {
        const res = await postRollout(server.url, KEY, request(runId, seed));
        assert.equal(res.status, 200, JSON.stringify(res.body));
        answered.push(runId);
        if (answered.length >= 40 && !killed) killed = server.kill("SIGKILL");
      } catch (error) {
        if (!killed) throw error;
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: 48 }, client));
  assert.equal(await killed, "SIGKILL");
  assert.ok(failed > 0, "rollouts were in flight when the server died");

  const store = await openTraceStore(db, { mustExist: true });
  try {
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(store.db);
    assert.deepEqual(rows.map((r) => r.integrity_check), ["ok"]);
    const sessions = await assertSessionsComplete(store.db);
    assert.ok(sessions >= answered.length, `${sessions} sessions stored, ${answered.length} rollouts answered`);
  } finally {
    await store.close();
  }
  const runs = await storedRuns(db);
  for (const runId of answered) assert.ok(runs.has(runId), `answered rollout ${runId} is stored`);
  for (const [runId, { steps }] of runs) assert.equal(steps, 1 + (Number(runId.slice(6)) % 3), `${runId} has all its turns`);

  // Served again on the same file, the store takes new sessions next to the old ones.
  const again = await startServe(app, ["--trace", db], { env: env(0) });
  try {
    const res = await postRollout(again.url, KEY, request("after-crash", 2));
    assert.equal(res.status, 200);
  } finally {
    assert.equal(await again.kill("SIGTERM"), 0, again.output());
  }
  const later = await storedRuns(db);
  assert.equal(later.size, runs.size + 1);
  assert.equal(later.get("after-crash")?.steps, 3);
});
