/**
 * `task-app serve` as a real child process under stress: executors that
 * leave a rejection unhandled or throw from a timer, a client drip-feeding a
 * body during SIGTERM, repeated signals, and an executor that ignores its
 * abort signal. The server keeps serving (or ends when it should), and its
 * output never shows a key, whole or in part.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { cliArgv } from "./helpers/cli-command.js";
import { shownSecretPieces } from "./helpers/leaks.js";

const KEY = "sk_env_shutdown_0123456789abcdef";
const OPENAI = "sk-proj-shutdownVendorKey0123456789";
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const rolloutBody = (runId: string) => JSON.stringify({ run_id: runId, env: { seed: 1 }, policy: {}, ops: [] });

interface Served {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
}

/** Starts `task-app serve` on the unruly fixture (./helpers/cli-command.ts: the build when fresh) and waits for its URL. */
async function startServe(extraEnv: Record<string, string> = {}): Promise<Served> {
  const child = spawn(process.execPath, [...cliArgv(), "serve", "test/fixtures/apps/unruly.mjs", "--port", "0"], {
    env: { ...process.env, ENVIRONMENT_API_KEY: KEY, OPENAI_API_KEY: OPENAI, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  child.stderr!.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      output += d;
      const m = /"url":"(http:[^"]+)"/.exec(output);
      if (m) resolve(m[1]!);
    });
    void exited.then(([code]) => reject(new Error(`serve exited ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 30_000).unref();
  });
  return { child, url, output: () => output, exited };
}

const rollout = (url: string, runId: string) => fetch(`${url}/rollout`, { method: "POST", headers, body: rolloutBody(runId) });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the child's output matches `pattern`. */
async function waitForOutput(served: Served, pattern: RegExp): Promise<void> {
  while (!pattern.test(served.output())) await pause(20);
}

test("an unawaited rejection and a throw in a timer are logged redacted; the server keeps serving and the rollout in flight completes", { timeout: 60_000 }, async () => {
  const served = await startServe();
  try {
    const slow = rollout(served.url, "slow-1");
    const stray = await rollout(served.url, "stray-rejection");
    const thrown = await rollout(served.url, "timer-throw");
    assert.equal(stray.status, 200);
    assert.equal(thrown.status, 200);
    await waitForOutput(served, /uncaught exception/);
    assert.equal((await slow).status, 200, "the other client's rollout completed");
    assert.equal((await rollout(served.url, "after")).status, 200, "still serving");
    const logged = (msg: string) => served.output().split("\n").find((line) => line.includes(`"msg":"${msg}"`));
    assert.match(logged("unhandled promise rejection; still serving") ?? "", /"message":"Incorrect API key provided: \[redacted\]/);
    assert.match(logged("uncaught exception; still serving") ?? "", /"message":"vendor refused \[redacted\]/);
  } finally {
    served.child.kill("SIGTERM");
  }
  const [code] = await served.exited;
  assert.equal(code, 0, served.output());
  assert.deepEqual(shownSecretPieces(served.output(), [KEY, OPENAI]), [], served.output());
});

test("SIGTERM while a client drip-feeds a request body: the connection is closed after the grace period and the process exits", { timeout: 60_000 }, async () => {
  const served = await startServe({ SHUTDOWN_GRACE_MS: "300" });
  const { port } = new URL(served.url);
  const socket = connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  socket.write(`POST /rollout HTTP/1.1\r\nhost: x\r\nx-api-key: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"run_id":`);
  const drip = setInterval(() => socket.write(" "), 50);
  // Not events.once: it rejects on "error", and a server closing the connection may reset it (ECONNRESET) before "close".
  const socketClosed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  try {
    await pause(200);
    served.child.kill("SIGTERM");
    await socketClosed;
    const [code] = await served.exited;
    assert.equal(code, 0, served.output());
    assert.match(served.output(), /closing connections still open after the grace period/);
    assert.match(served.output(), /request aborted: connection closed before the body was read/);
    assert.doesNotMatch(served.output(), /unhandled error/, "a connection closed by shutdown is not a server error");
    assert.match(served.output(), /task app stopped/);
  } finally {
    clearInterval(drip);
    socket.destroy();
    served.child.kill("SIGKILL");
  }
});

test("a second SIGTERM during the drain does not cut the rollout in flight; a third exits at once with 143", { timeout: 60_000 }, async () => {
  const served = await startServe({ SLOW_MS: "1500" });
  try {
    const slow = rollout(served.url, "slow-drain");
    await pause(300);
    served.child.kill("SIGTERM");
    await waitForOutput(served, /shutting down/);
    served.child.kill("SIGTERM");
    await waitForOutput(served, /send the signal once more/);
    assert.equal((await slow).status, 200, "the rollout finished despite the second signal");
    const [code] = await served.exited;
    assert.equal(code, 0, served.output());
  } finally {
    served.child.kill("SIGKILL");
  }

  const stuck = await startServe();
  try {
    const pending = rollout(stuck.url, "stubborn").catch(() => null);
    await pause(300);
    for (const message of [/shutting down/, /send the signal once more/, /forced exit/]) {
      stuck.child.kill("SIGTERM");
      await waitForOutput(stuck, message);
    }
    const [code] = await stuck.exited;
    assert.equal(code, 143, stuck.output());
    await pending;
  } finally {
    stuck.child.kill("SIGKILL");
  }
});

test("an executor that ignores its abort signal (and keeps a timer running) does not keep the process alive after the grace period", { timeout: 60_000 }, async () => {
  const served = await startServe({ SHUTDOWN_GRACE_MS: "300" });
  try {
    const pending = rollout(served.url, "stubborn");
    await pause(300);
    served.child.kill("SIGTERM");
    const res = await pending;
    assert.equal(res.status, 503, "the stubborn rollout is answered shutting_down");
    const [code] = await served.exited;
    assert.equal(code, 0, served.output());
    assert.match(served.output(), /still running after shutdown/);
  } finally {
    served.child.kill("SIGKILL");
  }
});
