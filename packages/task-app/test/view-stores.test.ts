/**
 * The viewer's store queries (per-model outcome sums, session tokens, the
 * session timeline) on every store kind: the same sessions written to a
 * SQLite file, a real PostgreSQL server and a libsql server (when sqld is
 * there) give the same answers, equal to what the sessions hold.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { JsonlAppender, writeJsonAtomic, type EvalResult } from "../src/eval/results.js";
import { openTraceStore } from "../src/traces/store.js";
import { createViewApi, type RunsOverview } from "../src/view/api.js";
import { collectExportData } from "../src/view/export-data.js";
import { createRunReader, discoverRuns } from "../src/view/runs.js";
import { startPostgres } from "./helpers/postgres.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { startSqld } from "./helpers/sqld.js";

const root = mkdtempSync(join(tmpdir(), "task-app-view-stores-"));
after(() => rmSync(root, { recursive: true, force: true }));

// Six sessions: three of model A (outcomes 0, 1, 2), three of model B (outcomes 1, 1, 4); the run holds A's first two and B's first.
const sessions = [
  ...[0, 1, 2].map((o, i) => makeSessionTrace(i, { runId: "stores-a", model: "model-a", outcome: o, turns: 2 })),
  ...[1, 1, 4].map((o, i) => makeSessionTrace(10 + i, { runId: "stores-b", model: "model-b", outcome: o, turns: 3 })),
];
// Model B's last session had its episode truncated, and a fourth B session recorded no outcome.
const cut = sessions[5]!.session_time_steps.at(-1)!.events.find((e) => e.event_type === "environment")! as { truncated?: boolean };
cut.truncated = true;
const silent = makeSessionTrace(13, { runId: "stores-b", model: "model-b", turns: 1 });
silent.outcome_rewards = [];
sessions.push(silent);
// And a session without any LM call (a scripted policy): the group of no model.
const scripted = makeSessionTrace(20, { runId: "scripted", turns: 2, outcome: 3 });
for (const step of scripted.session_time_steps) step.events = step.events.filter((e) => e.event_type !== "cais");
scripted.event_history = scripted.event_history.filter((e) => e.event_type !== "cais");
sessions.push(scripted);
const inRun = [sessions[0]!, sessions[1]!, sessions[3]!];
const runDir = join(root, "runs", "mixed");
writeJsonAtomic(join(runDir, "manifest.json"), { app: "fixture", model: "mixed", seeds: [0, 1, 2], rollouts_per_seed: 1, split: "train", config_digest: "x" });
const appender = new JsonlAppender(join(runDir, "results.jsonl"));
inRun.forEach((s, seed) =>
  appender.append({ run_id: `r${seed}`, seed, rollout: 0, status: "ok", cause: "ok", http_status: 200, replica: null, return: seed, outcome_score: null, events_score: null, criteria: {}, steps: 2, duration_ms: 10, session_id: s.session_id, finished_at: new Date(0).toISOString() } satisfies EvalResult),
);
appender.close();

async function answers(url: string) {
  const store = await openTraceStore(url, { write: true });
  try {
    for (const s of sessions) await store.insertSession(JSON.parse(JSON.stringify(s)));
    const api = createViewApi({ db: store.db, storeLocation: store.location, runs: createRunReader(discoverRuns([join(root, "runs")])) });
    const overview = await api.runs();
    const page = await api.run("mixed", { sort: "tokens", desc: true });
    const session = await api.session(sessions[4]!.session_id);
    const storedB = await api.stored("model-b", { size: 2 });
    const storedB2 = await api.stored("model-b", { size: 2, page: 1 });
    const storedA = await api.stored("model-a", {});
    const none = await api.stored(null, {});
    const exported = await collectExportData(api, [], { storedLimit: 2 });
    const stored = { storedB, storedB2, storedA, none, exported };
    return { models: overview.models, tokens: page!.rows.rows.map((r) => [r.session_id, r.tokens]), session: session!.view, stored };
  } finally {
    await store.close();
  }
}

function check(got: Awaited<ReturnType<typeof answers>>) {
  // Outside the run: model-a's third session (2), model-b's last two (1, 4).
  const b = [1, 4];
  const mb = (1 + 4) / 2;
  // Judge scores: 0.5 for even fixture indices, 0.75 for odd (A's 2; B's 11 and 12); B's 13 has no outcome, B's 12 was truncated.
  const expected: RunsOverview["models"] = [
    { model: "model-a", sessions: 1, rewarded: 1, mean_reward: 2, stderr_reward: 0, pass_rate: 1, judge: { Backend: 0.5 }, failures: {} },
    { model: "model-b", sessions: 3, rewarded: 2, mean_reward: mb, stderr_reward: Math.sqrt(b.reduce((a, x) => a + (x - mb) ** 2, 0) / 1 / 2), pass_rate: 1, judge: { Backend: 0.625 }, failures: { no_outcome: 1, truncated: 1 } },
    { model: null, sessions: 1, rewarded: 1, mean_reward: 3, stderr_reward: 0, pass_rate: 1, judge: { Backend: 0.5 }, failures: {} },
  ];
  assert.equal(got.models.length, 3);
  for (const [i, want] of expected.entries()) {
    const have = got.models[i]!;
    assert.deepEqual({ ...have, stderr_reward: null, mean_reward: null }, { ...want, stderr_reward: null, mean_reward: null });
    assert.ok(Math.abs(have.mean_reward! - want.mean_reward!) < 1e-9 && Math.abs(have.stderr_reward! - want.stderr_reward!) < 1e-9, JSON.stringify(have));
  }
  // The group pages: newest first, paged, only sessions of no run, with the store's numbers.
  const { storedB, storedB2, storedA, none } = got.stored;
  assert.deepEqual(none!.group, got.models[2]);
  assert.deepEqual(none!.rows.rows.map((r) => [r.session_id, r.lm_calls, r.tokens, r.outcome_reward]), [[scripted.session_id, 0, null, 3]]);
  assert.deepEqual(storedA!.rows.rows.map((r) => [r.session_id, r.outcome_reward, r.tokens, r.steps]), [[sessions[2]!.session_id, 2, 272, 2]]);
  assert.deepEqual(storedB!.group, got.models[1]);
  assert.deepEqual([storedB!.rows.total, storedB!.rows.page, storedB2!.rows.page], [3, 0, 1]);
  assert.deepEqual(
    [...storedB!.rows.rows, ...storedB2!.rows.rows].map((r) => [r.session_id, r.outcome_reward, r.tokens, r.judge_scores]),
    [
      [sessions[6]!.session_id, null, 136, {}],
      [sessions[5]!.session_id, 4, 408, { Backend: 0.5 }],
      [sessions[4]!.session_id, 1, 408, { Backend: 0.75 }],
    ],
  );
  // An export holds the groups, each with its newest sessions (here 2) listed and embedded, besides the run's.
  const { exported } = got.stored;
  assert.deepEqual(exported.overview.models, got.models);
  assert.deepEqual(exported.stored!.map((g) => [g.group.model, g.group.sessions, g.rows.map((r) => r.session_id)]), [
    ["model-a", 1, [sessions[2]!.session_id]],
    ["model-b", 3, [sessions[6]!.session_id, sessions[5]!.session_id]],
    [null, 1, [scripted.session_id]],
  ]);
  assert.deepEqual(Object.keys(exported.sessions).sort(), [...inRun, sessions[2]!, sessions[6]!, sessions[5]!, scripted].map((s) => s.session_id).sort());
  // 136 tokens per LM call, one call per turn: B's session has 3 turns, A's 2.
  assert.deepEqual(got.tokens, [[sessions[3]!.session_id, 408], [sessions[0]!.session_id, 272], [sessions[1]!.session_id, 272]]);
  assert.equal(got.session.turns.length, 3);
  assert.equal(got.session.outcomes[0]!.reward, 1);
  assert.equal(got.session.turns.flatMap((t) => t.items).filter((i) => i.kind === "lm_call").length, 3);
  assert.equal(got.session.turns.flatMap((t) => t.items).reduce((n, i) => n + i.rewards.length, 0), sessions[4]!.event_rewards.length);
}

describe("viewer queries on every store", () => {
  test("SQLite file", async () => check(await answers(join(root, "traces.db"))));

  test("PostgreSQL", { timeout: 120_000 }, async (t) => {
    const pg = await startPostgres();
    if (!pg.ok) return t.skip(pg.reason);
    try {
      check(await answers(pg.url));
    } finally {
      await pg.stop();
    }
  });

  test("libsql server", { timeout: 60_000 }, async (t) => {
    const sqld = await startSqld();
    if (!sqld.ok) return t.skip(sqld.reason);
    try {
      check(await answers(sqld.url));
    } finally {
      await sqld.stop();
    }
  });
});
