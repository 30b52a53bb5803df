/**
 * What a fresh `task-app eval` process loads: a run against a running app
 * with valid answers loads its bundle alone (dist/cli/fast-eval.bundle.cjs
 * holds the run it makes every time), so neither yargs (its arguments are
 * plain) nor Zod (answers are checked by the compiled validator; Zod only
 * explains a refused one), nor the trace store when tracing is off. A module
 * list, not a timing: the start-up CPU itself is measured by `npm run bench:eval`.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, test } from "node:test";
import { LOADED_MODULES_HOOK as hook, loadedFiles } from "./helpers/loaded-modules.js";
import { serve } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_s7t4r9u2p5";
const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "eval-startup-"));
after(() => rmSync(work, { recursive: true, force: true }));

test("a one-rollout eval with plain arguments loads its bundle alone: no yargs, no Zod, no trace store", async () => {
  const running = await serve(createMathApp(), { port: 0, env: { ENVIRONMENT_API_KEY: KEY }, logLevel: "silent", handleSignals: false });
  try {
    // Asynchronously: the app answers from this process.
    const run = await promisify(execFile)(process.execPath, ["--import", hook, join(root, "bin", "task-app.js"), "eval", "--url", running.url, "--model", "scripted", "--seeds", "0", "--no-trace", "--run-dir", join(work, "run")], {
      encoding: "utf8",
      env: { ...process.env, ENVIRONMENT_API_KEY: KEY, NO_COLOR: "1" },
    });
    assert.match(run.stdout, /rollouts +1 ok, 0 failed/);
    assert.deepEqual(loadedFiles(run.stderr, pathToFileURL(root).href), ["bin/task-app.js", "dist/cli/fast-eval.bundle.cjs"]);
  } finally {
    await running.close();
  }
});

test("eval's plain-argument path says what the full CLI says, failures included", async () => {
  // The full CLI, given argv as bin/task-app.js gives it (--task-app-env-file is how the launcher passes --env-file past Node 20).
  const main = `import(${JSON.stringify(new URL("../dist/cli/main.js", import.meta.url).href)}).then(async (m) => { process.exitCode = await m.main(process.argv.slice(1).map((a) => (a === "--task-app-env-file" ? "--env-file" : a))); })`;
  const calls = [
    ["eval", "--model", "m", "--seeds", "1"],
    ["eval", "--url", "http://127.0.0.1:9", "--model", "m", "--seeds", "x-y"],
    ["eval", "--url", "http://127.0.0.1:9", "--model", "m", "--seeds", "1", "--task-app-env-file", join(work, "missing.env")],
    ["eval", "--url", "http://127.0.0.1:9", "--model", "m", "--seeds", "1", "--concurrency", "0"],
    ["eval", "--url", "http://127.0.0.1:9", "--model", "m", "--seeds", "1", "--concurrency", "abc"],
  ];
  const env = { ...process.env, ENVIRONMENT_API_KEY: KEY, NO_COLOR: "1" };
  const run = async (args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { encoding: "utf8", env, cwd: work });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
      return { code, stdout, stderr };
    }
  };
  for (const argv of calls) {
    const fast = await run([join(root, "bin", "task-app.js"), ...argv]);
    const full = await run(["--input-type=module", "-e", main, ...argv]);
    assert.notEqual(fast.code, 0, argv.join(" "));
    assert.deepEqual(fast, full, argv.join(" "));
  }
});
