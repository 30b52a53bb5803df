/**
 * Hostile inputs against `task-app serve` and `validate`, each as a real
 * process on loopback: a module that never finishes loading, workers that
 * crash while the cluster starts, bodies that would together exhaust memory,
 * a rubric nested thousands of levels deep.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, test } from "node:test";
import { cliArgv } from "../helpers/cli-command.js";

const dir = mkdtempSync(join(tmpdir(), "task-app-hostile-serve-"));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "package.json"), "{\"type\": \"module\"}\n");
const root = resolve(".");

/** Runs the CLI to its end (killed after `limitMs` as a safety net); resolves with its code and output. */
function runToEnd(args: string[], limitMs = 120_000, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; signal: string | null; out: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: "sk-hostile-0000", ...env };
  delete childEnv.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, [...cliArgv(), ...args], { cwd: dir, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  const safety = setTimeout(() => child.kill("SIGKILL"), limitMs);
  return new Promise((resolveRun) =>
    child.on("close", (code, signal) => {
      clearTimeout(safety);
      resolveRun({ code, signal, out });
    }),
  );
}

describe("a module that never finishes loading", () => {
  test("serve gives up at --start-timeout, naming the module, exit 1", async () => {
    writeFileSync(join(dir, "hang.mjs"), "setInterval(() => {}, 1000);\nawait new Promise(() => {});\nexport default {};\n");
    const run = await runToEnd(["serve", "hang.mjs", "--port", "0", "--workers", "1", "--start-timeout", "1"]);
    assert.equal(run.signal, null, `killed by the safety net: ${run.out}`);
    assert.equal(run.code, 1, run.out);
    assert.match(run.out, /task-app serve: hang\.mjs did not finish loading within 1 s/);
    assert.match(run.out, /--start-timeout/);
  });

  test("the same with --workers 2: the cluster reports it once and stops", async () => {
    const run = await runToEnd(["serve", "hang.mjs", "--port", "0", "--workers", "2", "--start-timeout", "1"]);
    assert.equal(run.signal, null, `killed by the safety net: ${run.out}`);
    assert.equal(run.code, 1, run.out);
    assert.equal(run.out.match(/did not finish loading/g)?.length, 1, run.out);
  });

  test("a bad --start-timeout is a usage error", async () => {
    const run = await runToEnd(["serve", "hang.mjs", "--start-timeout", "0"]);
    assert.equal(run.code, 2, run.out);
    assert.match(run.out, /--start-timeout must be a positive number of seconds/);
  });
});

describe("a worker that crashes while the cluster starts", () => {
  test("is replaced like a crash after start; the server comes up and serves", async () => {
    const mark = join(dir, "crashed-once");
    writeFileSync(
      join(dir, "crash-once.ts"),
      `import { closeSync, openSync } from "node:fs";\n` +
        `try {\n  closeSync(openSync(${JSON.stringify(mark)}, "wx"));\n  process.kill(process.pid, "SIGKILL");\n} catch (error) {\n  if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;\n}\n` +
        `export { default } from ${JSON.stringify(join(root, "test/fixtures/apps/trivial.ts"))};\n`,
    );
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: "sk-hostile-0000" };
    delete childEnv.NODE_TEST_CONTEXT;
    const child = spawn(process.execPath, [...cliArgv(), "serve", "crash-once.ts", "--port", "0", "--workers", "2"], { cwd: dir, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const closed = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
    const url = await new Promise<string | undefined>((r) => {
      const look = (c: Buffer) => {
        out += c.toString();
        const found = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out)?.[1];
        if (found) r(found);
      };
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      void closed.then(() => r(undefined));
    });
    try {
      assert.ok(url, `the server never listened:\n${out}`);
      assert.match(out, /worker exited during start-up; starting a replacement/);
      const res = await fetch(`${url}/health`, { headers: { "x-api-key": "sk-hostile-0000" } });
      assert.equal(res.status, 200);
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await closed, 0, out);
  });
});
