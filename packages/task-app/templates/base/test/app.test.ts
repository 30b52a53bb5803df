/**
 * The app's HTTP contract, exercised in-process (no socket): auth, /info,
 * /task_info, and rollouts with the built-in scripted policy.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { CompactTrace, RubricBundle, SessionTraceV3, TraceEnvelopeV3 } from "task-app";
import app from "../src/app.js";
import { createRolloutClient } from "./rollout-client.js";

const { server, json, rollout: post } = createRolloutClient(app, "test");

/** A rollout of `seed` with the built-in scripted policy. */
function rollout(seed: number, extra: Record<string, unknown> = {}) {
  return post({ run_id: `test-${seed}`, env: { seed }, policy: { policy_name: "scripted" }, ...extra });
}

describe("{{appId}} over HTTP", () => {
  it("answers GET / without a key", async () => {
    const res = await server.request("/");
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: "ok", service: "{{appId}}" });
  });

  it("refuses /info without the key", async () => {
    const res = await server.request("/info");
    assert.equal(res.status, 401);
  });

  it("describes its dataset and rubrics on /info", async () => {
    const { status, body } = await json("/info");
    assert.equal(status, 200);
    assert.ok(body.dataset.splits.includes("train"));
    assert.ok(body.rubrics.outcome.criteria.length > 0);
    assert.ok(body.rubrics.events.criteria.length > 0);
  });

  it("gives one task instance per seed, the same each time", async () => {
    const first = await json("/task_info?seed=3&seed=4");
    const again = await json("/task_info?seed=3");
    assert.equal(first.status, 200);
    assert.equal(first.body.length, 2);
    assert.deepEqual(first.body[0], again.body);
  });

  it("runs a rollout with the scripted policy and reports judge scores", async () => {
    const body = await rollout(1);
    assert.equal(body.run_id, "test-1");
    const steps = body.trajectories[0].steps;
    assert.ok(steps.length >= 1);
    assert.equal(body.metrics.num_steps, steps.length);
    const stepRewards = steps.reduce((sum: number, s: { reward: number | null }) => sum + (s.reward ?? 0), 0);
    assert.equal(body.metrics.episode_returns[0], stepRewards);
    for (const score of [body.metrics.outcome_score, body.metrics.events_score]) {
      assert.equal(typeof score, "number");
      assert.ok(score >= 0 && score <= 1);
    }
    assert.ok(body.metrics.details.judges.outcome.per_criterion);
  });

  it("is deterministic for a seed", async () => {
    const a = await rollout(7);
    const b = await rollout(7);
    assert.deepEqual(a.metrics, b.metrics);
    assert.deepEqual(a.trajectories[0].steps, b.trajectories[0].steps);
  });

  it("returns what the tracer recorded when asked: the session, its v3 envelope or a summary", async () => {
    const body = await rollout(2, { record: { return_trace: true, trace_format: "full" } });
    const session = SessionTraceV3.parse(body.trace);
    const turns = body.trajectories[0].steps.length;
    assert.equal(session.session_time_steps.length, turns);
    // Every decision is an LM call (the scripted policy: model "scripted", provider "task-app"), every step an environment event.
    const calls = session.event_history.filter((e) => e.event_type === "cais");
    assert.equal(calls.length, turns);
    assert.ok(calls.every((c) => c.model_name === "scripted" && c.provider === "task-app"));
    assert.equal(session.event_history.filter((e) => e.event_type === "environment").length, turns);
    // Messages: the observation (user), the policy's tool call (tool_use) and what the environment answered (tool_result).
    assert.deepEqual(session.session_time_steps[0]?.markov_blanket_messages.map((m) => m.message_type), ["user", "tool_use", "tool_result"]);
    // Judge verdicts are event rewards on recorded events; the judged outcome is the outcome reward.
    const ids = new Set(session.event_history.map((e) => e.event_id));
    assert.ok(session.event_rewards.some((r) => r.source === "evaluator"));
    assert.ok(session.event_rewards.every((r) => ids.has(r.event_id)));
    assert.equal(session.outcome_rewards[0]?.total_reward, body.metrics.outcome_score);
    assert.equal(session.metadata.run_id, "test-2");

    const envelope = TraceEnvelopeV3.parse((await rollout(2, { record: { return_trace: true, trace_format: "structured" } })).trace);
    assert.equal(envelope.version, 3);
    assert.equal(envelope.session_trace.session_time_steps.length, turns);
    const compact = CompactTrace.parse((await rollout(2, { record: { return_trace: true } })).trace);
    assert.equal(compact.lm_calls?.length, turns);
  });

  it("keeps every rubrics/*.json a valid rubric bundle part", () => {
    const dir = new URL("../rubrics/", import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      const parsed = RubricBundle.safeParse(JSON.parse(readFileSync(new URL(file, dir), "utf8")));
      assert.ok(parsed.success, `${file}: ${parsed.error?.message}`);
      assert.ok(parsed.data.outcome || parsed.data.events, `${file} holds neither an outcome nor an events rubric`);
    }
  });

  it("rejects a malformed rollout request", async () => {
    const { status } = await json("/rollout", { method: "POST", body: JSON.stringify({ env: {} }) });
    assert.ok(status >= 400 && status < 500);
  });
});
