import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, test } from "node:test";
import { createLineBatcher } from "../src/eval/batched.js";
import { createEvalReporter, type EvalCounters } from "../src/eval/progress.js";
import { JsonlAppender, type EvalResult } from "../src/eval/results.js";

const dir = mkdtempSync(join(tmpdir(), "eval-batched-"));
after(() => rmSync(dir, { recursive: true, force: true }));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("lines that come fast are written together, at most once per interval; a line after a quiet spell at once", async () => {
  const writes: string[] = [];
  const batch = createLineBatcher((t) => writes.push(t), { intervalMs: 50 });
  for (let i = 0; i < 1000; i++) batch.push(`${i}\n`);
  assert.ok(writes.length <= 1, `${writes.length} writes for 1000 lines at once`);
  await wait(120);
  assert.equal(writes.length, 2);
  assert.equal(writes.join(""), Array.from({ length: 1000 }, (_, i) => `${i}\n`).join(""));
  await wait(60);
  batch.push("late\n");
  assert.equal(writes.at(-1), "late\n", "a line after a quiet spell is written at once");
  batch.push("a\n");
  batch.push("b\n");
  batch.flush();
  assert.equal(writes.at(-1), "a\nb\n");
});

test("appendAll writes whole lines, every value once, in order", () => {
  const path = join(dir, "results.jsonl");
  const appender = new JsonlAppender(path);
  appender.appendAll(Array.from({ length: 50 }, (_, i) => ({ i })));
  appender.appendAll([]);
  appender.close();
  assert.deepEqual(readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l).i), Array.from({ length: 50 }, (_, i) => i));
});

test("plain progress lines: one write per tenth of a second at most, every line, in order, once flushed", () => {
  const out = new PassThrough();
  let writes = 0;
  let text = "";
  out.on("data", (c: Buffer) => {
    writes++;
    text += c;
  });
  const reporter = createEvalReporter({ json: false, out, err: out, tty: false });
  const counters: EvalCounters = { total: 200, done: 0, running: 0, failed: 0, returnSum: 0, returnCount: 0, startedAt: Date.now() };
  reporter.emit({ event: "start", total: 200, skipped: 0, replicas: ["http://127.0.0.1:1"], run_dir: dir }, counters);
  for (let seed = 0; seed < 200; seed++) {
    counters.done++;
    const result = { run_id: `r${seed}`, seed, rollout: 0, replica: "r", duration_ms: 1, status: "ok", cause: "ok", http_status: 200, return: 1, outcome_score: null, events_score: null, criteria: {}, steps: 1, session_id: null, finished_at: new Date().toISOString() } as EvalResult;
    reporter.emit({ event: "rollout", result }, counters);
  }
  reporter.flush?.();
  reporter.close();
  assert.ok(writes <= 3, `${writes} writes for 201 lines`);
  const lines = text.trim().split("\n");
  assert.equal(lines.length, 201);
  assert.match(lines[0]!, /^eval: 200 rollouts/);
  assert.deepEqual(lines.slice(1).map((l) => Number(/^\[(\d+)\/200\]/.exec(l)?.[1])), Array.from({ length: 200 }, (_, i) => i + 1));
});
