/**
 * The shared trace store on a real libsql server (sqld over http, as
 * synth-ai uses): the tracing-v3 layout, complete sessions, idempotency, two
 * writer processes at once, `traces ls` over the URL; and a libsql URL where
 * nothing listens failing fast with a clear error.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { after, test } from "node:test";
import { openTraceStore } from "../src/traces/store.js";
import { freePort } from "./helpers/postgres.js";
import { runCli } from "./helpers/run-cli.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { startSqld, type SqldServer } from "./helpers/sqld.js";
import { assertSessionsComplete, assertTracingV3Layout, countRows } from "./helpers/trace-checks.js";
import { traceWriterArgv } from "./helpers/trace-writer-argv.js";

const server: SqldServer = await startSqld();
if (!server.ok) process.stderr.write(`${server.reason}\n`);
after(async () => {
  if (server.ok) await server.stop();
});
const skip = server.ok ? false : server.reason;

function runWriter(url: string, runId: string, count: number): Promise<void> {
  const child = spawn(process.execPath, traceWriterArgv([url, runId, String(count), "4"]), { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr.on("data", (c: Buffer) => (err += c.toString()));
  return new Promise((resolve, reject) => child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`writer ${runId} exited ${code}: ${err}`)))));
}

test("libsql server: layout, complete sessions, idempotency, two writer processes at once, traces ls", { skip }, async () => {
  assert.ok(server.ok);
  const store = await openTraceStore(server.url);
  try {
    await assertTracingV3Layout(store.db);
    const session = makeSessionTrace(1, { runId: "sqld", image: true });
    assert.equal((await store.insertSession(session)).inserted, true);
    assert.equal((await store.insertSession(session)).inserted, false);
    await Promise.all([runWriter(server.url, "l1", 20), runWriter(server.url, "l2", 20)]);
    assert.equal(await countRows(store.db, "session_traces", "session-l1-"), 20);
    assert.equal(await countRows(store.db, "session_traces", "session-l2-"), 20);
    assert.equal(await assertSessionsComplete(store.db), 41);
  } finally {
    await store.close();
  }
  const ls = await runCli(["traces", "ls", "--db", server.url, "--json", "--limit", "100"]);
  assert.equal(ls.code, 0, ls.stderr);
  assert.equal(JSON.parse(ls.stdout).length, 41);
});

test("a libsql URL where nothing listens is a clear error at open", async () => {
  const port = await freePort();
  await assert.rejects(openTraceStore(`http://127.0.0.1:${port}?auth_token=tok-secret-123456`, { connectTimeoutMs: 2000 }), (error: Error) => {
    assert.match(error.message, /^trace store http:\/\/127\.0\.0\.1:\d+\/ cannot be opened: /);
    assert.ok(!error.message.includes("tok-secret"), error.message);
    return true;
  });
});

test("a server that accepts connections but never answers is an error after connectTimeoutMs, not a hang", async () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => void sockets.add(socket)); // holds every socket open, says nothing
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const { port } = silent.address() as AddressInfo;
  try {
    await assert.rejects(openTraceStore(`http://127.0.0.1:${port}`, { connectTimeoutMs: 1000 }), /cannot be opened: no answer within 1000 ms/);
    await assert.rejects(openTraceStore(`postgres://u:p@127.0.0.1:${port}/traces`, { connectTimeoutMs: 1000 }), /cannot be opened: (no answer within 1000 ms|.*timeout)/i);
  } finally {
    for (const socket of sockets) socket.destroy();
    silent.close();
  }
});
