/**
 * The commands the CLI prints name task-app as the user can run it there: `npx task-app` when a
 * folder at or above the working directory has task-app in node_modules/.bin (a project's install,
 * this repository's workspace), `task-app` otherwise (a global install). The demo, run by npm in
 * the package's folder, shows paths from where the user typed it (INIT_CWD). e2e-templates checks
 * eval's printed view command in a real scaffold, e2e-demo the demo's.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { commandName, userCwd, viewCommandFor } from "../src/cli/invocation.js";

const root = mkdtempSync(join(tmpdir(), "cli-invocation-"));
after(() => rmSync(root, { recursive: true, force: true }));

test("npx task-app where a folder at or above has its bin; task-app elsewhere", () => {
  const project = join(root, "my-env");
  mkdirSync(join(project, "node_modules", ".bin"), { recursive: true });
  mkdirSync(join(project, "src", "deep"), { recursive: true });
  mkdirSync(join(root, "other"));
  assert.equal(commandName(project), "task-app", "node_modules without task-app's bin");
  writeFileSync(join(project, "node_modules", ".bin", "task-app"), "");
  assert.equal(commandName(project), "npx task-app");
  assert.equal(commandName(join(project, "src", "deep")), "npx task-app");
  assert.equal(commandName(join(root, "other")), "task-app");
  assert.equal(viewCommandFor(join(project, "runs", "eval-1"), join(project, "traces", "v3", "synth_ai.db"), project), "npx task-app view --runs runs/eval-1 --db traces/v3/synth_ai.db --open");
  assert.equal(viewCommandFor("/elsewhere/it's/runs", undefined, join(root, "other")), "task-app view --runs '/elsewhere/it'\\''s/runs' --open");
});

test("the user's folder is INIT_CWD when npm gives an absolute one", () => {
  assert.equal(userCwd({ INIT_CWD: "/home/u/repo" }), "/home/u/repo");
  assert.equal(userCwd({ INIT_CWD: "relative" }), process.cwd());
  assert.equal(userCwd({}), process.cwd());
});
