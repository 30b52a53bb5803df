/**
 * `task-app eval --app` shows why the rollouts of the app it serves failed:
 * with the inference server down, each `rollout_failed (error_id …)` has the
 * app's own words beside it (what the server logged under that id, redacted),
 * a few of them, the rest counted. Before, the ids were all the eval showed.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { runCli } from "./helpers/run-cli.js";

const root = await mkdtemp(path.join(os.tmpdir(), "eval-app-errors-"));
after(() => rm(root, { recursive: true, force: true }));

test("each failed rollout's error id comes with what the app logged for it", async () => {
  const made = await createTaskApp({ dir: path.join(root, "math"), template: "math", environmentApiKey: false });
  await mkdir(path.join(made.dir, "node_modules"));
  await symlink(packageRoot(), path.join(made.dir, "node_modules", "task-app"), "dir");
  const key = "sk-eval-app-errors-0123456789abcdef";
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ENVIRONMENT_API_KEY: key, OPENAI_API_KEY: "sk-openai-never-shown-0123456789" };
  const run = await runCli(["eval", "--app", "src/app.ts", "--seeds", "0-7", "--concurrency", "8", "--model", "m", "--inference-url", "http://127.0.0.1:9/v1", "--no-trace", "--run-dir", "runs/e"], made.dir, env);
  assert.equal(run.code, 1, run.stderr);
  const lines = run.stderr.split("\n");
  const at = lines.indexOf("what the app logged for the failed rollouts:");
  assert.ok(at >= 0, run.stderr);
  const shown = lines.slice(at + 1, at + 6);
  for (const line of shown) assert.match(line, /^ {2}error_id [0-9a-f-]{36}: InferenceError: inference server at http:\/\/127\.0\.0\.1:9: connect ECONNREFUSED/);
  assert.equal(lines[at + 6], "  (and 3 more)");
  // Every id shown is one of the run's failures.
  const runDir = path.join(made.dir, "runs", "e");
  const failures = (await readdir(runDir)).find((f) => f.includes("failures"))!;
  const ids = (await readFile(path.join(runDir, failures), "utf8")).trim().split("\n").map((l) => JSON.parse(l).error_id);
  for (const line of shown) assert.ok(ids.includes(/error_id (\S+):/.exec(line)![1]), line);
  assert.ok(!(run.stdout + run.stderr).includes(key) && !(run.stdout + run.stderr).includes("sk-openai-never-shown"));
});
