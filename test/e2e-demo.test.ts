/**
 * `npm run demo` (the README's main job), in-process: it serves the built-in
 * math app, the conformance check passes, the scripted batch reports judge
 * metrics, and nothing is left running or on disk. Needs the build (the
 * scaffolded app imports this package by name).
 */
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import os from "node:os";
import { PassThrough } from "node:stream";
import { it } from "node:test";
import { runDemo } from "../src/demo/run.js";

it("serves, checks, rolls out, reports judge metrics and cleans up", async () => {
  const before = new Set((await readdir(os.tmpdir())).filter((f) => f.startsWith("task-app-demo-")));
  const out = new PassThrough();
  let text = "";
  out.on("data", (c: Buffer) => (text += c.toString("utf8")));
  const report = await runDemo({ out, seeds: [0, 1, 2, 3, 4, 5] });

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
  assert.match(text, /\nTraces: 6 sessions in traces\/v3\/synth_ai\.db \(tracing v3\); export-sft: [1-9]\d* SFT examples from 6 sessions\n/);
  assert.match(text, /\nView: .*`task-app view --runs runs --db traces\/v3\/synth_ai\.db --open`/);
  assert.match(text, /Server stopped\./);

  await assert.rejects(fetch(`${report.url}/`), "the server is closed");
  const after = (await readdir(os.tmpdir())).filter((f) => f.startsWith("task-app-demo-") && !before.has(f));
  assert.deepEqual(after, [], "the temporary project is removed");
});
