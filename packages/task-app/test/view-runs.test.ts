/**
 * Run directories as the viewer reads them: a folder of runs or one run,
 * results read from the run's own directory (never where config.json
 * points), an answer winning over an
 * earlier failure of the same (seed, rollout), and a half-written last line
 * (an eval still appending) skipped without touching the file.
 */
import assert from "node:assert/strict";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { writeJsonAtomic, type EvalResult } from "../src/eval/results.js";
import { buildRunPage } from "../src/view/pages.js";
import { createRunReader, discoverRuns, RunsError } from "../src/view/runs.js";

const root = mkdtempSync(join(tmpdir(), "task-app-view-runs-"));
after(() => rmSync(root, { recursive: true, force: true }));

const result = (seed: number, status: "ok" | "failed", ret: number | null): EvalResult => ({
  run_id: `r-${seed}-${status}`, seed, rollout: 0, status, cause: status === "ok" ? "ok" : "timeout", http_status: status === "ok" ? 200 : null, replica: null,
  return: ret, outcome_score: ret, events_score: null, criteria: {}, steps: 1, duration_ms: 5, session_id: status === "ok" ? `s-${seed}` : null, finished_at: `2026-01-0${seed + 1}T00:00:00.000Z`,
});
const manifest = { app: "a", model: "m", seeds: [0, 1, 2], rollouts_per_seed: 1, split: "test", config_digest: "d" };

test("a folder of runs read from their own directories (a moved run included), answers over failures, a half-written line skipped and left alone", () => {
  const a = join(root, "all", "a");
  // Written by eval --out <old place>/a/res.jsonl, then moved: the files are read by their names in the run directory.
  writeJsonAtomic(join(a, "manifest.json"), { ...manifest, out: join(root, "old-place", "a", "res.jsonl") });
  const decoy = join(root, "elsewhere", "res.jsonl");
  writeJsonAtomic(join(a, "config.json"), { out: decoy, failuresOut: join(root, "elsewhere", "res.failures.jsonl") });
  mkdirSync(join(root, "elsewhere"), { recursive: true });
  writeFileSync(decoy, `${JSON.stringify(result(7, "ok", 1))}\n`);
  writeFileSync(join(a, "res.failures.jsonl"), `${JSON.stringify(result(1, "failed", null))}\n${JSON.stringify(result(2, "failed", null))}\n`);
  const out = join(a, "res.jsonl");
  writeFileSync(out, `${JSON.stringify(result(0, "ok", 1))}\n${JSON.stringify(result(1, "ok", 0.5))}\n`);
  appendFileSync(out, JSON.stringify(result(2, "ok", 1)).slice(0, 40));
  const before = readFileSync(out, "utf8");
  const b = join(root, "all", "b");
  writeJsonAtomic(join(b, "manifest.json"), manifest);
  const sources = discoverRuns([join(root, "all"), a]);
  assert.deepEqual(sources.map((s) => s.name), ["a", "b"], "a run named twice is listed once");
  const run = createRunReader(sources).get("a")!;
  assert.deepEqual(run.results.map((r) => [r.seed, r.status, r.return]), [[0, "ok", 1], [1, "ok", 0.5], [2, "failed", null]], "config.json's out is not read");
  assert.equal(run.started, "2026-01-01T00:00:00.000Z");
  assert.deepEqual(run.problems, []);
  assert.equal(readFileSync(out, "utf8"), before, "the viewer writes nothing");
  assert.deepEqual(createRunReader(sources).get("b")!.results, []);
});

test("a --runs path that is no run and holds none is refused by name", () => {
  assert.throws(() => discoverRuns([join(root, "missing")]), (e: Error) => e instanceof RunsError && /no such directory/.test(e.message));
  mkdirSync(join(root, "empty"));
  assert.throws(() => discoverRuns([join(root, "empty")]), /neither an eval run directory/);
  assert.deepEqual(discoverRuns([join(root, "missing")], { optional: true }), []);
});

test("the run page's failure causes carry the app's error ids", () => {
  const failed = { ...result(4, "failed", null), cause: "http_500", http_status: 500, error: "rollout_failed: the rollout executor failed", error_id: "0b9f2c4e-1d7a-4c55-9b1e-5a7f0e3d2c11" };
  const results = [result(0, "ok", 1), failed, { ...result(5, "failed", null), cause: "timeout" }];
  const page = buildRunPage({ name: "x", manifest: { app: "a", model: "m", seed_count: 3, first_seed: 0, last_seed: 5, rollouts_per_seed: 1, split: "test", config_digest: "d" }, started: null, finished: null, summary: {} as never, problems: [] }, results, {}, new Map());
  assert.deepEqual(
    page.failures.map((f) => [f.cause, f.examples.map((e) => [e.seed, e.error_id, e.error])]),
    [
      ["http_500", [[4, failed.error_id, failed.error]]],
      ["timeout", [[5, null, null]]],
    ],
  );
});
