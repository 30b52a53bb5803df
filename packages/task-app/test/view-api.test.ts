/**
 * The viewer's server in-process (app.request) over real eval runs of the
 * templates (math twice, multi-step, vision) stored in a real SQLite file,
 * plus one stored session that no run produced: the numbers it answers are
 * the ones the run files and the store hold, computed here independently;
 * read only; CSP on every answer; loopback host names only, or the token.
 * Needs the build (the scaffolded apps import this package by name).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import type { EvalResult } from "../src/eval/results.js";
import { openTraceStore } from "../src/traces/store.js";
import { createViewServer, VIEW_CSP } from "../src/view/app.js";
import { openViewer, type OpenViewer } from "../src/view/serve.js";
import type { CompareView, RunPageView, RunsOverview, StoredPageView } from "../src/view/api.js";
import type { SessionView } from "../src/view/session.js";
import { makeSessionTrace } from "./helpers/session-trace.js";
import { makeViewRuns } from "./helpers/view-runs.js";

const root = mkdtempSync(join(tmpdir(), "task-app-view-api-"));
let made: Awaited<ReturnType<typeof makeViewRuns>>;
let viewer: OpenViewer;
let app: ReturnType<typeof createViewServer>;
const loose = makeSessionTrace(0, { runId: "loose", model: "loose-model", outcome: 0.25 });

const results = (name: string): EvalResult[] =>
  readFileSync(join(made.runsDir, name, "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as EvalResult);
const get = async <T>(path: string): Promise<T> => {
  const res = await app.request(path, { headers: { host: "127.0.0.1:9" } });
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  return (await res.json()) as T;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

before(async () => {
  made = await makeViewRuns(root, [
    { name: "math-a", template: "math", seeds: "0-9" },
    { name: "math-b", template: "math", seeds: "5-14" },
    { name: "crafting-text", template: "multi-step", seeds: "0-3" },
    { name: "crafting-vision", template: "vision", seeds: "0-3" },
  ]);
  const store = await openTraceStore(made.db, { write: true });
  await store.insertSession(JSON.parse(JSON.stringify(loose)));
  await store.close();
  viewer = await openViewer({ db: made.db, runs: [made.runsDir] });
  app = createViewServer({ api: viewer.api });
});
after(async () => {
  await viewer?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("view API", () => {
  test("runs: every run with count, mean return ± standard error, judge means, pass rate; loose sessions by model", async () => {
    const overview = await get<RunsOverview>("/api/runs");
    assert.deepEqual(overview.runs.map((r) => r.name), ["crafting-text", "crafting-vision", "math-a", "math-b"]);
    for (const run of overview.runs) {
      const rs = results(run.name);
      const returns = rs.map((r) => r.return!);
      const m = mean(returns);
      const se = Math.sqrt(returns.reduce((a, x) => a + (x - m) ** 2, 0) / (returns.length - 1) / returns.length);
      assert.equal(run.summary.rollouts, rs.length);
      assert.ok(Math.abs(run.summary.mean_return! - m) < 1e-12, `${run.name} mean`);
      assert.ok(Math.abs(run.summary.stderr_return! - se) < 1e-12, `${run.name} stderr`);
      assert.equal(run.summary.pass_rate, returns.filter((x) => x > 0).length / returns.length);
      assert.ok(Math.abs(run.summary.judge.outcome_score! - mean(rs.map((r) => r.outcome_score!))) < 1e-12);
      assert.equal(run.manifest.model, "scripted");
    }
    assert.deepEqual(overview.models, [{ model: "loose-model", sessions: 1, rewarded: 1, mean_reward: 0.25, stderr_reward: 0, pass_rate: 1, judge: { Backend: 0.5 }, failures: {} }]);
  });

  test("runs overview sums the seed lists up instead of sending them", async () => {
    const res = await app.request("/api/runs", { headers: { host: "127.0.0.1" } });
    const body = await res.text();
    assert.doesNotMatch(body, /"seeds"/, "no seed list in the overview");
    const overview = JSON.parse(body) as RunsOverview;
    const b = overview.runs.find((r) => r.name === "math-b")!;
    assert.deepEqual([b.manifest.seed_count, b.manifest.first_seed, b.manifest.last_seed], [10, 5, 14]);
    const page = await get<RunPageView>("/api/runs/math-b?size=1");
    assert.equal(page.manifest.seed_count, 10);
    assert.equal("seeds" in page.manifest, false);
  });

  test("stored sessions of no run: a page per model group, linking each session", async () => {
    const group = await get<StoredPageView>("/api/stored?model=loose-model");
    assert.deepEqual(group.group, (await get<RunsOverview>("/api/runs")).models[0]);
    assert.deepEqual(group.rows.rows.map((r) => [r.session_id, r.outcome_reward, r.seed, r.run_id, r.tokens, r.judge_scores]), [[loose.session_id, 0.25, 0, "loose", 3 * 136, { Backend: 0.5 }]]);
    assert.equal((await app.request("/api/stored?model=scripted", { headers: { host: "127.0.0.1" } })).status, 404, "the runs' own sessions are not a group");
    assert.equal((await app.request("/api/stored?no_model=1", { headers: { host: "127.0.0.1" } })).status, 404);
    assert.equal((await app.request("/api/stored", { headers: { host: "127.0.0.1" } })).status, 400);
    const page = await app.request("/stored?model=loose-model", { headers: { host: "127.0.0.1" } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
  });

  test("run page: paged, sorted and filtered rows; histogram buckets; tokens from the store", async () => {
    const rs = results("math-a");
    const sorted = await get<RunPageView>("/api/runs/math-a?sort=return&desc=1&size=4");
    assert.equal(sorted.rows.total, rs.length);
    assert.equal(sorted.rows.rows.length, 4);
    const expected = [...rs].sort((a, b) => b.return! - a.return! || a.seed - b.seed).slice(0, 4).map((r) => [r.seed, r.return]);
    assert.deepEqual(sorted.rows.rows.map((r) => [r.seed, r.return]), expected);
    const zeros = rs.filter((r) => r.return === 0).length;
    const lowest = Math.min(...rs.map((r) => r.return!));
    const highest = Math.max(...rs.map((r) => r.return!));
    assert.deepEqual([sorted.histogram.min, sorted.histogram.max], [lowest, highest]);
    assert.equal(sorted.histogram.at_min, rs.filter((r) => r.return === lowest).length);
    assert.equal(sorted.histogram.at_max, lowest === highest ? 0 : rs.filter((r) => r.return === highest).length);
    assert.equal(sorted.histogram.at_min + sorted.histogram.at_max + sorted.histogram.between, rs.length);
    const second = await get<RunPageView>("/api/runs/math-a?sort=return&desc=1&size=4&page=1");
    assert.deepEqual(second.rows.rows.map((r) => r.seed), [...rs].sort((a, b) => b.return! - a.return! || a.seed - b.seed).slice(4, 8).map((r) => r.seed));
    const filtered = await get<RunPageView>("/api/runs/math-a?max=0");
    assert.equal(filtered.rows.total, zeros);
    const text = await get<RunPageView>(`/api/runs/math-a?q=${rs[3]!.session_id}`);
    assert.deepEqual(text.rows.rows.map((r) => r.seed), [rs[3]!.seed]);
    const vision = await get<RunPageView>("/api/runs/crafting-vision?sort=steps");
    const store = await openTraceStore(made.db, { mustExist: true });
    try {
      const { rows } = await sql<{ session_id: string; tokens: number | null }>`SELECT session_id, SUM(total_tokens) AS tokens FROM events WHERE event_type = 'cais' GROUP BY session_id`.execute(store.db);
      for (const row of vision.rows.rows) assert.equal(row.tokens, rows.find((r) => r.session_id === row.session_id)?.tokens ?? null);
    } finally {
      await store.close();
    }
    const steps = vision.rows.rows.map((r) => r.steps!);
    assert.deepEqual(steps, [...steps].sort((a, b) => a - b));
  });

  test("compare: joined by (seed, rollout), wins / losses / ties and the mean difference ± standard error", async () => {
    const view = await get<CompareView>("/api/compare/crafting-text/crafting-vision");
    const a = results("crafting-text");
    const b = results("crafting-vision");
    const deltas = a.map((x) => b.find((y) => y.seed === x.seed && y.rollout === x.rollout)!.return! - x.return!);
    assert.equal(view.comparison.paired, deltas.length);
    assert.deepEqual([view.comparison.wins, view.comparison.losses, view.comparison.ties], [deltas.filter((d) => d > 0).length, deltas.filter((d) => d < 0).length, deltas.filter((d) => d === 0).length]);
    assert.ok(Math.abs(view.comparison.mean_delta! - mean(deltas)) < 1e-12);
    assert.equal(view.points.length, deltas.length);
    const overlap = await get<CompareView>("/api/compare/math-a/math-b?size=3");
    assert.deepEqual([overlap.comparison.paired, overlap.comparison.only_a, overlap.comparison.only_b], [5, 5, 5]);
    assert.equal(overlap.pairs.rows.length, 3);
    assert.equal(overlap.pairs.total, 15);
    assert.equal(overlap.pairs.rows[0]!.a_session, results("math-a")[0]!.session_id);
  });

  test("session: turns with LM calls, images as data: URLs, environment rewards, judge verdicts; raw rows", async () => {
    const id = results("crafting-vision")[0]!.session_id!;
    const view = await get<SessionView>(`/api/sessions/${id}`);
    const store = await openTraceStore(made.db, { mustExist: true });
    try {
      const count = async (table: "events" | "messages" | "event_rewards") => Number((await store.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where("session_id", "=", id).executeTakeFirstOrThrow()).n);
      const items = view.turns.flatMap((t) => t.items);
      assert.equal(items.filter((i) => i.kind !== "message").length, await count("events"));
      assert.equal(items.filter((i) => i.kind === "message").length, await count("messages"));
      assert.equal(items.reduce((n, i) => n + i.rewards.length, 0), await count("event_rewards"));
      const outcome = await store.db.selectFrom("outcome_rewards").select("total_reward").where("session_id", "=", id).executeTakeFirstOrThrow();
      assert.equal(view.outcomes[0]!.reward, Number(outcome.total_reward));
    } finally {
      await store.close();
    }
    const result = results("crafting-vision")[0]!;
    assert.deepEqual(view.runs, [{ name: "crafting-vision", seed: result.seed, rollout: result.rollout }], "the run that produced it, for the link back");
    const images = view.turns.flatMap((t) => t.items).flatMap((i) => (i.kind === "lm_call" ? i.calls.flat().flatMap((m) => m.parts) : [])).filter((p) => p.type === "image");
    assert.ok(images.length > 0 && images.length === view.images);
    for (const image of images) assert.match((image as { url: string }).url, /^data:image\/png;base64,/);
    assert.deepEqual(view.outcomes[0]!.judges.map((j) => j.name).sort(), ["events", "outcome"]);
    assert.ok(view.outcomes[0]!.judges.find((j) => j.name === "outcome")!.criteria.length > 0);
    const raw = await get<{ session_id: string; timesteps: unknown[] }>(`/api/sessions/${id}/raw`);
    assert.equal(raw.session_id, id);
    assert.equal(raw.timesteps.length, view.turns.filter((t) => t.step_id !== null).length);
    assert.equal((await app.request("/api/sessions/nope", { headers: { host: "127.0.0.1" } })).status, 404);
    assert.equal((await app.request("/api/runs/nope", { headers: { host: "127.0.0.1" } })).status, 404);
  });

  test("read only, CSP everywhere, loopback host names only", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const res = await app.request("/api/runs", { method, headers: { host: "127.0.0.1" } });
      assert.equal(res.status, 405, method);
    }
    const res = await app.request("/api/runs", { headers: { host: "127.0.0.1:4000" } });
    assert.equal(res.headers.get("content-security-policy"), VIEW_CSP);
    assert.match(VIEW_CSP, /script-src 'self';/);
    assert.match(VIEW_CSP, /img-src data:;/);
    assert.equal((await app.request("/api/runs", { headers: { host: "evil.example:4000" } })).status, 403, "a rebinding host name is refused");
    assert.equal((await app.request("/assets/..%2fsecret", { headers: { host: "127.0.0.1" } })).status, 404);
  });

  test("a token, when set, is needed on every request; ?token= sets a cookie that then suffices", async () => {
    const guarded = createViewServer({ api: viewer.api, token: "tok-123456" });
    assert.equal((await guarded.request("/api/runs")).status, 401);
    assert.equal((await guarded.request("/api/runs?token=wrong-1234")).status, 401);
    const ok = await guarded.request("/api/runs?token=tok-123456", { headers: { host: "10.0.0.5:8080" } });
    assert.equal(ok.status, 200);
    const cookie = ok.headers.get("set-cookie")!;
    assert.match(cookie, /HttpOnly; SameSite=Strict/);
    assert.equal((await guarded.request("/api/runs", { headers: { cookie: cookie.split(";")[0]! } })).status, 200);
  });
});
