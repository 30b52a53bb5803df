/**
 * `task-app serve --trace`: a real serve process opens (creating and
 * migrating) the store before it listens, `TASKAPP_TRACE_DB` selects it
 * without the flag, `TASKAPP_TRACING_ENABLED=0` turns it off, and a store
 * that is down stops the start with a clear, redacted error. The sink it
 * hands to the server stores sessions and, when the store fails, logs a
 * redacted error and counts it instead of throwing.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { after, test } from "node:test";
import { createLogger } from "../src/server/logger.js";
import { createTraceSink, resolveServeTrace } from "../src/traces/sink.js";
import { openTraceStore } from "../src/traces/store.js";
import { cliArgv } from "./helpers/cli-command.js";
import { freePort } from "./helpers/postgres.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { assertTracingV3Layout, countRows } from "./helpers/trace-checks.js";

const dir = mkdtempSync(join(tmpdir(), "traces-serve-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const KEY = "sk-serve-trace-key-0123456789";

/**
 * Runs `task-app serve` on one process (`--workers 1`: the default is the machine's core count;
 * test/serve-workers.test.ts covers --trace on several workers) until it logs that it listens,
 * then SIGTERM; resolves with its exit code and log.
 */
async function serveOnce(extra: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; log: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ENVIRONMENT_API_KEY: KEY, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const child = spawn(process.execPath, [...cliArgv(), "serve", "test/fixtures/apps/pid.mjs", "--port", "0", "--workers", "1", ...extra], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  let stopping = false;
  child.stdout.on("data", (d: Buffer) => {
    log += d.toString();
    if (!stopping && log.includes("task app listening")) stopping = child.kill("SIGTERM");
  });
  child.stderr.on("data", (d: Buffer) => (log += d.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return { code, log };
}

test("serve --trace <dir> opens traces in <dir>/synth_ai.db before listening", async () => {
  const traceDir = join(dir, "flag", "v3");
  const { code, log } = await serveOnce(["--trace", traceDir], { TASKAPP_TRACE_DB: undefined, TASKAPP_TRACING_ENABLED: undefined });
  assert.equal(code, 0, log);
  assert.match(log, /recording every rollout's trace/);
  const store = await openTraceStore(join(traceDir, "synth_ai.db"), { mustExist: true });
  await assertTracingV3Layout(store.db);
  await store.close();
});

test("TASKAPP_TRACE_DB selects the store without the flag; TASKAPP_TRACING_ENABLED=0 turns tracing off", async () => {
  const fromEnv = join(dir, "env.db");
  const on = await serveOnce([], { TASKAPP_TRACE_DB: fromEnv, TASKAPP_TRACING_ENABLED: undefined });
  assert.equal(on.code, 0, on.log);
  assert.ok(existsSync(fromEnv), "the store named by TASKAPP_TRACE_DB was created");
  const offPath = join(dir, "off");
  const off = await serveOnce(["--trace", offPath], { TASKAPP_TRACE_DB: undefined, TASKAPP_TRACING_ENABLED: "0" });
  assert.equal(off.code, 0, off.log);
  assert.match(off.log, /tracing is off/);
  assert.ok(!existsSync(offPath), "no store was created");
  assert.equal(resolveServeTrace("", {}), "traces/v3/synth_ai.db", "--trace alone means traces/v3");
  assert.equal(resolveServeTrace(undefined, {}), undefined, "no flag, no env: tracing stays off");
});

test("serve --trace at a PostgreSQL server that is down fails at start, with the password redacted", async () => {
  const port = await freePort();
  const { code, log } = await serveOnce(["--trace", `postgres://trace:pg-secret-password@127.0.0.1:${port}/traces`], { TASKAPP_TRACING_ENABLED: undefined });
  assert.equal(code, 1, log);
  assert.match(log, /task-app serve: trace store postgres:\/\/trace:\*\*\*@127\.0\.0\.1:\d+\/traces cannot be opened/);
  assert.ok(!log.includes("pg-secret-password"));
  assert.ok(!log.includes("task app listening"), "it did not start serving without its store");
});

test("the sink stores sessions, and logs (redacted) and counts a failing write instead of throwing", async () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger("info", destination);
  const store = await openTraceStore(join(dir, "sink.db"));
  const env = { OPENAI_API_KEY: KEY };
  const traces = createTraceSink(store, logger, env);
  await traces.sink(makeSessionTrace(1));
  await traces.sink(makeSessionTrace(1));
  const leaky = makeSessionTrace(2);
  leaky.event_rewards[0]!.event_id = `event-with-${KEY}`;
  await traces.sink(leaky);
  assert.deepEqual({ ...traces.stats }, { stored: 1, duplicates: 1, failed: 1 });
  assert.equal(await countRows(store.db, "session_traces"), 1);
  await traces.close();
  const log = lines.join("");
  assert.match(log, /trace store write failed; the rollout is unaffected/);
  assert.match(log, /event reward refers to event/);
  assert.ok(!log.includes(KEY.slice(0, 8)), `no key prefix in the log: ${log}`);
});
