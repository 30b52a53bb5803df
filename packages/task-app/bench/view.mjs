/**
 * The viewer's run page on a big run: `--sessions` (10,000) stored sessions
 * in a SQLite trace store and a run directory whose results point at them.
 * Measures the API (GET /api/runs, the run page's first page, sorted by
 * return, sorted by tokens, a session) as medians over `--rounds`, and, in
 * Debian's Chromium (skipped with the reason when /usr/bin/chromium is not
 * there), the run page's first contentful paint and the time until its table
 * is on screen, on a cold page load each round. Baseline: GET /api/runs on an
 * empty run folder (the fixed cost of a request).
 *
 * Usage: npm run bench:view [-- --sessions 10000 --rounds 5]
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JsonlAppender, writeJsonAtomic } from "../dist/eval/results.js";
import { openTraceStore } from "../dist/traces/store.js";
import { startViewer } from "../dist/view/serve.js";
import { makeSessionTrace } from "../test/helpers/session-trace-data.mjs";
import { parseBenchArgs } from "./measure.mjs";

const { values: opts } = parseBenchArgs({ options: { sessions: { type: "string", default: "10000" }, rounds: { type: "string", default: "5" } } });
const SESSIONS = Number(opts.sessions);
const ROUNDS = Number(opts.rounds);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

const dir = mkdtempSync(join(tmpdir(), "task-app-bench-view-"));
try {
  const db = join(dir, "traces.db");
  const runDir = join(dir, "runs", "big");
  const store = await openTraceStore(db, { write: true });
  const t0 = performance.now();
  writeJsonAtomic(join(runDir, "manifest.json"), { app: "bench", model: "Qwen/Qwen3-4B", seeds: Array.from({ length: SESSIONS }, (_, i) => i), rollouts_per_seed: 1, split: "test", config_digest: "bench" });
  const results = new JsonlAppender(join(runDir, "results.jsonl"));
  const pending = [];
  for (let i = 0; i < SESSIONS; i++) {
    const outcome = i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : (i % 97) / 97;
    const session = makeSessionTrace(i, { runId: "bench", turns: 3, outcome });
    pending.push(store.insertSession(session));
    if (pending.length >= 256) await Promise.all(pending.splice(0));
    results.append({ run_id: `bench-${i}`, seed: i, rollout: 0, status: i % 50 === 49 ? "failed" : "ok", cause: i % 50 === 49 ? "timeout" : "ok", http_status: 200, replica: null, return: outcome, outcome_score: outcome, events_score: 1, criteria: {}, steps: 3, duration_ms: 100 + (i % 400), session_id: session.session_id, finished_at: new Date(1_763_000_000_000 + i * 1000).toISOString() });
  }
  await Promise.all(pending);
  results.close();
  await store.close();
  console.log(`setup: ${SESSIONS} sessions stored and a run of ${SESSIONS} results written in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  const empty = join(dir, "empty");
  writeJsonAtomic(join(empty, "e", "manifest.json"), { app: "e", model: "m", seeds: [], rollouts_per_seed: 1, split: "test", config_digest: "e" });
  const baseline = await startViewer({ runs: [empty], port: 0 });
  const viewer = await startViewer({ db, runs: [join(dir, "runs")], port: 0 });
  const origin = new URL(viewer.url).origin;
  const timed = async (url) => {
    const start = performance.now();
    const res = await fetch(url);
    const body = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return { ms: performance.now() - start, bytes: body.length };
  };
  const sessionId = makeSessionTrace(Math.min(1234, SESSIONS - 1), { runId: "bench" }).session_id; // one stored session, whatever --sessions is
  const cases = [
    ["GET /api/runs, empty folder (baseline)", `${new URL(baseline.url).origin}/api/runs`],
    [`GET /api/runs (${SESSIONS.toLocaleString("en")}-session store, one run)`, `${origin}/api/runs`],
    ["GET /api/runs/big (first page of 50)", `${origin}/api/runs/big`],
    ["GET /api/runs/big?sort=return&desc=1&min=0.5", `${origin}/api/runs/big?sort=return&desc=1&min=0.5`],
    ["GET /api/runs/big?sort=tokens (every session's tokens)", `${origin}/api/runs/big?sort=tokens`],
    ["GET /api/sessions/<id> (3 turns)", `${origin}/api/sessions/${sessionId}`],
  ];
  console.log("API (median of rounds, min–max, answer size):");
  for (const [label, url] of cases) {
    const runs = [];
    let bytes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const t = await timed(url);
      runs.push(t.ms);
      bytes = t.bytes;
    }
    console.log(`  ${label.padEnd(58)} ${median(runs).toFixed(1).padStart(7)} ms  (${spread(runs)})  ${(bytes / 1024).toFixed(1)} KiB`);
  }

  if (!existsSync("/usr/bin/chromium")) console.log("\nbrowser: skipped (no /usr/bin/chromium)");
  else {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
    try {
      const paints = [];
      const tables = [];
      for (let r = 0; r < ROUNDS; r++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const start = performance.now();
        await page.goto(`${origin}/runs/big`);
        await page.waitForSelector("[data-testid=rows] tbody tr");
        tables.push(performance.now() - start);
        paints.push(await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN));
        await context.close();
      }
      console.log(`\nbrowser, run page of ${SESSIONS} sessions, cold page load (median of ${ROUNDS}, min–max):`);
      console.log(`  first contentful paint                                      ${median(paints).toFixed(1).padStart(7)} ms  (${spread(paints)})`);
      console.log(`  navigation start → the rollouts table on screen             ${median(tables).toFixed(1).padStart(7)} ms  (${spread(tables)})`);
    } finally {
      await browser.close();
    }
  }
  await viewer.close();
  await baseline.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
