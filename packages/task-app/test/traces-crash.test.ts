/**
 * Kill -9 of a real process in the middle of writing sessions leaves the
 * SQLite store consistent: `PRAGMA integrity_check` is ok, every session
 * present has all of its rows, and every session the writer reported as
 * committed is there.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { sql } from "kysely";
import { openTraceStore } from "../src/traces/store.js";
import { assertSessionsComplete } from "./helpers/trace-checks.js";
import { traceWriterArgv } from "./helpers/trace-writer-argv.js";

const dir = mkdtempSync(join(tmpdir(), "traces-crash-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the writer; resolves with the committed ids once it has committed `atLeast`, having killed it with SIGKILL. */
function writeThenKill(dbPath: string, atLeast: number): Promise<{ committed: string[]; signal: string | null }> {
  const child = spawn(process.execPath, traceWriterArgv([dbPath, "crash", "forever", "4"]), { stdio: ["ignore", "pipe", "pipe"] });
  const committed: string[] = [];
  let buffer = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("committed ")) committed.push(line.slice(10));
      if (committed.length >= atLeast && child.exitCode === null && !child.killed) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (signal !== "SIGKILL") reject(new Error(`writer exited with ${code} before it was killed: ${stderr}`));
      else resolve({ committed, signal });
    });
  });
}

test("two writer processes on one SQLite file wait for each other's lock: no SQLITE_BUSY, no lost row", async () => {
  const dbPath = join(dir, "two.db");
  const write = (runId: string) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, traceWriterArgv([dbPath, runId, "30", "4"]), { stdio: ["ignore", "ignore", "pipe"] });
      let err = "";
      child.stderr.on("data", (c: Buffer) => (err += c.toString()));
      child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`writer ${runId} exited ${code}: ${err}`))));
    });
  await Promise.all([write("p1"), write("p2")]);
  const store = await openTraceStore(dbPath);
  try {
    assert.equal(await assertSessionsComplete(store.db), 60);
    const versions = await store.db.selectFrom("task_app_schema_version").select("version").execute();
    assert.deepEqual(versions.map((v) => v.version), [1, 2], "migrated once although both processes opened a fresh file");
  } finally {
    await store.close();
  }
});

test("kill -9 of a writer mid-stream leaves an intact database with only complete sessions", async () => {
  const dbPath = join(dir, "crash.db");
  for (const round of [1, 2]) {
    const { committed, signal } = await writeThenKill(dbPath, 25 * round);
    assert.equal(signal, "SIGKILL");
    const store = await openTraceStore(dbPath);
    try {
      const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(store.db);
      assert.deepEqual(rows.map((r) => r.integrity_check), ["ok"]);
      const sessions = await assertSessionsComplete(store.db);
      assert.ok(sessions >= committed.length, `${sessions} sessions stored, ${committed.length} reported committed`);
      const stored = new Set((await store.db.selectFrom("session_traces").select("session_id").execute()).map((r) => r.session_id));
      for (const id of committed) assert.ok(stored.has(id), `committed session ${id} is stored`);
    } finally {
      await store.close();
    }
  }
});
