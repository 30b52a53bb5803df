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
