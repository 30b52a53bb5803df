/**
 * The commands the CLI prints name task-app as the user can run it there: `npx task-app` when the
 * running bin is the project's own install (not on PATH), `task-app` for a global install or a
 * checkout. e2e-templates checks eval's printed view command in a real scaffold.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { commandName } from "../src/cli/invocation.js";
import { viewCommandFor } from "../src/cli/commands/eval.js";

test("a project's own install is run through npx; a global install or a checkout by name", () => {
  const local = "/home/u/my-env/node_modules/task-app/bin/task-app.js";
  assert.equal(commandName(local, "/home/u/my-env"), "npx task-app");
  assert.equal(commandName(local, "/home/u/my-env/src/deep"), "npx task-app");
  assert.equal(commandName("/home/u/my-env/node_modules/.bin/task-app", "/home/u/my-env"), "npx task-app");
  // Another project's install, a global one, a checkout, nothing known.
  assert.equal(commandName(local, "/home/u/other"), "task-app");
  assert.equal(commandName("/usr/lib/node_modules/task-app/bin/task-app.js", "/home/u/my-env"), "task-app");
  assert.equal(commandName("/work/task-app/packages/task-app/bin/task-app.js", "/home/u/my-env"), "task-app");
  assert.equal(commandName(undefined, "/home/u/my-env"), "task-app");
});

test("eval's view hint uses it", () => {
  const saved = process.argv[1];
  process.argv[1] = "/home/u/my-env/node_modules/task-app/bin/task-app.js";
  try {
    assert.equal(viewCommandFor("/home/u/my-env/runs/eval-1", "/home/u/my-env/traces/v3/synth_ai.db", "/home/u/my-env"), "npx task-app view --runs runs/eval-1 --db traces/v3/synth_ai.db --open");
  } finally {
    process.argv[1] = saved!;
  }
});
