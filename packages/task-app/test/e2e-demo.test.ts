/**
 * `npm run demo` (the README's main job), in-process: it serves the built-in
 * math app, the conformance check passes, the scripted batch reports judge
 * metrics, and nothing is left running or on disk. Needs the build (the
 * scaffolded app imports this package by name).
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, it } from "node:test";
import { fileURLToPath } from "node:url";
import { runDemo } from "../src/demo/run.js";
import { startNode } from "./helpers/cli-process.js";

const scratch = await mkdtemp(join(os.tmpdir(), "task-app-demo-test-"));
after(() => rm(scratch, { recursive: true, force: true }));

it("serves, checks, rolls out, reports judge metrics and cleans up", async () => {
  const before = new Set((await readdir(os.tmpdir())).filter((f) => f.startsWith("task-app-demo-")));
  const out = new PassThrough();
  let text = "";
  out.on("data", (c: Buffer) => (text += c.toString("utf8")));
  const keepDir = join(scratch, "kept");
  const report = await runDemo({ out, seeds: [0, 1, 2, 3, 4, 5], keepDir });

  assert.ok(report.ok, text);
  assert.ok(report.check.ok);
  assert.equal(report.check.results.length, 10);
  assert.match(report.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.deepEqual(report.rollouts.map((r) => [r.seed, r.status]), [0, 1, 2, 3, 4, 5].map((s) => [s, 200]));
  for (const r of report.rollouts) {
    assert.ok(r.episodeReturn === 0 || r.episodeReturn === 1);
    assert.equal(r.criteria["outcome.correct_answer"], r.episodeReturn);
  }
  assert.equal(report.means.return, report.means["outcome.correct_answer"]);
  assert.ok(report.means.outcome_score! > 0 && report.means.outcome_score! <= 1);
  assert.match(text, /10 of 10 checks passed/);
  assert.match(text, /\n {2}seed {3}return {2}outcome {3}events/, "the per-seed table of task-app eval");
  assert.match(text, /\nmean return +\d\.\d{3} ± \d\.\d{3} \(standard error\)\nmean outcome_score +\d\.\d{3}\n/);
  assert.match(text, /\nmean outcome\.correct_answer +\d\.\d{3}\n/);
  assert.match(text, /\nTraces: 6 sessions in \S+kept\/traces\/v3\/synth_ai\.db \(tracing v3, kept after the demo\); export-sft: [1-9]\d* SFT examples from 6 sessions\n/);
  assert.equal(report.traceDb, join(keepDir, "traces", "v3", "synth_ai.db"));
  assert.ok(existsSync(report.traceDb), "the printed trace database is still there");
  // In this repository the workspace links task-app into node_modules/.bin: npx runs it.
  assert.match(text, /\nView: npx task-app view --runs \S+kept\/runs --db \S+kept\/traces\/v3\/synth_ai\.db --open/);
  assert.match(text, /Server stopped\./);

  await assert.rejects(fetch(`${report.url}/`), "the server is closed");
  const after = (await readdir(os.tmpdir())).filter((f) => f.startsWith("task-app-demo-") && !before.has(f));
  assert.deepEqual(after, [], "the temporary project is removed");
});

it("Ctrl-C: a clean message, no stack, exit 130; the traces are kept under .task-app/demo of the working folder", async () => {
  const cwd = join(scratch, "ctrl-c");
  await import("node:fs/promises").then((fs) => fs.mkdir(cwd));
  const demo = startNode([fileURLToPath(new URL("../dist/demo/main.js", import.meta.url))], { NO_COLOR: "1" }, cwd);
  await demo.waitFor(/^Serving math-demo on http/);
  demo.child.kill("SIGINT");
  assert.equal(await demo.exited, 130, demo.stdout() + demo.stderr());
  assert.match(demo.stderr(), /stopping the demo: no new rollouts/);
  assert.match(demo.stdout(), /Demo interrupted: \d+ rollouts not run\. The traces so far are in .*\.task-app\/demo\/[\d-]+\/traces\/v3\/synth_ai\.db/);
  assert.doesNotMatch(demo.stderr(), /EvalRunError|\n +at /, "no stack trace");
  const kept = await readdir(join(cwd, ".task-app", "demo"));
  assert.equal(kept.length, 1);
  assert.ok(existsSync(join(cwd, ".task-app", "demo", kept[0]!, "traces", "v3", "synth_ai.db")));
});
