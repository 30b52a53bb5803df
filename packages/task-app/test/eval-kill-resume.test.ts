/**
 * kill -9 in the middle of an eval, then `eval --resume`: every seed ends
 * with exactly one result line, and exactly one session in each trace store,
 * the app's (`serve --trace`, which stores a rollout before answering it) and
 * eval's own (`--trace-db`, which stores an answer before appending its
 * result). The crash is a real SIGKILL, taken at the moment that used to
 * duplicate: eval's store is held by another process (its write lock), so
 * answered rollouts, already stored by the app, wait unrecorded in eval when
 * it dies; --resume sends them again, under the same run_id, and both
 * stores skip what they hold.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { openTraceReader } from "../src/traces/reader.js";
import { rolloutSessionId } from "../src/tracing/index.js";
import { startCli } from "./helpers/cli-process.js";
import { startServe } from "./helpers/serve-process.js";

const KEY = "sk_env_kill_resume_Jm4Qx8Rv2Tz";
const SEEDS = 40;
const evalApp = fileURLToPath(new URL("./fixtures/apps/eval-app.mjs", import.meta.url));
const scratch = await mkdtemp(join(tmpdir(), "task-app-kill-resume-"));
after(() => rm(scratch, { recursive: true, force: true }));

/** (run_id, seed) → how many sessions the store holds, and their ids by seed. */
async function sessionsIn(db: string) {
  const reader = await openTraceReader(db, {});
  try {
    const rows = await reader.db.selectFrom("session_traces").select(["session_id", "metadata"]).execute();
    const count = new Map<number, number>();
    const ids = new Map<number, string>();
    const all = rows.map((r) => r.session_id).sort();
    for (const row of rows) {
      const meta = (typeof row.metadata === "string" ? JSON.parse(row.metadata) : row.metadata) as { run_id?: string; seed?: number };
      if (typeof meta.seed === "number") {
        count.set(meta.seed, (count.get(meta.seed) ?? 0) + 1);
        ids.set(meta.seed, row.session_id);
      }
    }
    return { total: rows.length, count, ids, all };
  } finally {
    await reader.close();
  }
}

/** Holds SQLite's write lock on `db` (BEGIN IMMEDIATE, from Python's sqlite3) until `release()`. */
async function holdWriteLock(db: string) {
  const child = spawn("python3", ["-c", "import sqlite3,sys\nc=sqlite3.connect(sys.argv[1],isolation_level=None)\nc.execute('BEGIN IMMEDIATE')\nprint('locked',flush=True)\nsys.stdin.read()", db], { stdio: ["pipe", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (c: Buffer) => c.toString().includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`python3 sqlite3 lock exited ${code}`)));
  });
  return async () => {
    const gone = new Promise((r) => child.on("exit", r));
    child.stdin.end();
    await gone;
  };
}

test("eval killed with SIGKILL mid-run, then --resume: every seed once in results, in the app's store and in eval's", { timeout: 240_000 }, async () => {
  const appDb = join(scratch, "app-traces.db");
  const evalDb = join(scratch, "eval-traces.db");
  const runDir = join(scratch, "run");
  const serve = await startServe(evalApp, ["--trace", appDb], { env: { ENVIRONMENT_API_KEY: KEY, EVAL_APP_DELAY_MS: "200" } });
  let release: (() => Promise<void>) | undefined;
  try {
    const args = ["eval", "--url", serve.url, "--model", "scripted", "--seeds", `0-${SEEDS - 1}`, "--concurrency", "4", "--trace-db", evalDb, "--run-dir", runDir];
    const env = { ENVIRONMENT_API_KEY: KEY, NODE_TEST_CONTEXT: "" };
    const first = startCli([...args, "--json"], env, scratch);
    await first.waitFor(/"event":"rollout"/, 4);
    // Locked only once eval's store is made (its file in WAL mode): a lock taken first would leave eval without a store at all.
    for (const end = Date.now() + 90_000; Date.now() < end && !existsSync(`${evalDb}-wal`); ) await new Promise((r) => setTimeout(r, 10));
    release = await holdWriteLock(evalDb);
    const results = join(runDir, "results.jsonl");
    const recorded = () => (existsSync(results) ? readFileSync(results, "utf8").split("\n").filter(Boolean).length : 0);
    // Waits for the gap (a budget, not a timing: a loaded machine serves slowly; eval keeps up to 64 records waiting).
    for (const end = Date.now() + 90_000; Date.now() < end; ) {
      const { total } = await sessionsIn(appDb);
      if (total - recorded() >= 6) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const gap = (await sessionsIn(appDb)).total - recorded();
    first.child.kill("SIGKILL");
    assert.equal(await first.exited, null, "killed by the signal");
    await release();
    release = undefined;
    assert.ok(gap >= 6, `rollouts stored by the app but not recorded by eval when it died: ${gap}`);
    const before = recorded();
    assert.ok(before < SEEDS, `killed mid-run: ${before} results`);

    const resumed = startCli([...args, "--resume"], env, scratch);
    assert.equal(await resumed.exited, 0, resumed.stdout() + resumed.stderr());

    const lines = readFileSync(results, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { seed: number; status: string; run_id: string; session_id: string });
    assert.deepEqual(
      lines.map((l) => l.seed).sort((a, b) => a - b),
      Array.from({ length: SEEDS }, (_, i) => i),
      "every seed exactly one result line",
    );
    const app = await sessionsIn(appDb);
    const own = await sessionsIn(evalDb);
    // Both stores' sessions carry the request's run_id and seed (the server's tracer metadata; eval's where the app's trace left them out).
    for (const [name, store] of [
      ["the app's store (serve --trace)", app],
      ["eval's store (--trace-db)", own],
    ] as const) {
      const wrong = Array.from({ length: SEEDS }, (_, seed) => [seed, store.count.get(seed) ?? 0]).filter(([, n]) => n !== 1);
      assert.deepEqual(wrong, [], `${name}: every seed exactly one session ([seed, sessions] listed where not)`);
      assert.equal(store.total, SEEDS, `${name}: nothing else`);
    }
    // One identity for a rollout everywhere: the result line, the app's store and eval's store.
    const ids = lines.map((l) => rolloutSessionId({ run_id: l.run_id, env: { seed: l.seed } })).sort();
    assert.deepEqual(lines.map((l) => l.session_id).sort(), ids, "each result line names its rollout's session");
    assert.deepEqual(app.all, ids, "the app's store holds each rollout's session once, under its id");
    assert.deepEqual(own.all, ids, "eval's store holds each rollout's session once, under its id");
  } finally {
    await release?.();
    await serve.kill("SIGTERM");
  }
});
