import { test } from "node:test";
import assert from "node:assert/strict";
import { createRewardLog } from "../src/runtime/rewards.js";
import { buildPipelineMetadata, buildRolloutMetrics, buildRolloutResponse, buildTrajectory, withCorrelationId } from "../src/runtime/results.js";
import { buildCompactTrace, buildSessionTrace, buildTraceEnvelope } from "../src/runtime/traces.js";
import { scoreOutcome } from "../src/runtime/rubrics.js";
import { Rubric } from "../src/schemas/rubric.js";
import { RolloutRequest, RolloutResponse } from "../src/schemas/rollout.js";
import { TraceEnvelopeV3 } from "../src/schemas/trace.js";

test("reward log records step and event rewards and sums them", () => {
  const log = createRewardLog();
  log.recordStepReward({ turn: 0, value: 0.5 });
  log.recordEventReward({ turn: 0, value: 1, type: "achievement", source: "env", meta: { name: "collect_wood" } });
  log.recordEventReward({ turn: 2, value: 0.25, type: "judge", source: "judge" });
  assert.equal(log.total(), 1.75);
  assert.deepEqual(log.rewardsByTurn(), [1.5, 0, 0.25]);
  assert.throws(() => log.recordEventReward({ turn: -1, value: 1, type: "x", source: "y" }), /turn/);
  assert.throws(() => log.recordStepReward({ turn: 1, value: Number.NaN }), /finite/);
  assert.throws(() => log.recordEventReward({ turn: 1, value: 1, type: "", source: "y" }), /type and a source/);
  assert.equal(log.eventRewards.length, 2);
});

test("buildRolloutMetrics: mean, episodes, judge scores and details", () => {
  const rubric = Rubric.parse({ version: "1", criteria: [{ id: "correct", description: "c" }] });
  const outcome = scoreOutcome(rubric, { correct: 1 });
  const m = buildRolloutMetrics({ episodeReturns: [1, 0], numSteps: 4, outcomeScore: outcome, eventsScore: 0.5, details: { k: 1 } });
  assert.equal(m.mean_return, 0.5);
  assert.equal(m.num_episodes, 2);
  assert.equal(m.outcome_score, 1);
  assert.equal(m.events_score, 0.5);
  assert.deepEqual(m.details, { k: 1, outcome });
  const empty = buildRolloutMetrics({ episodeReturns: [], numSteps: 0 });
  assert.equal(empty.mean_return, 0);
  assert.equal(empty.outcome_score, null);
  assert.throws(() => buildRolloutMetrics({ episodeReturns: [Infinity], numSteps: 1 }));
});

test("trajectories, pipeline metadata, traces and the response fit together and validate", () => {
  const request = RolloutRequest.parse({ run_id: "r1", env: { seed: 1 }, policy: { policy_id: "p" }, ops: ["agent", "env"] });
  const log = createRewardLog();
  const steps = [
    { obs: { t: 0 }, tool_calls: [{ name: "act" }], reward: 0 },
    { obs: { t: 1 }, tool_calls: [{ name: "act" }], reward: 1, done: true },
  ];
  steps.forEach((s, i) => log.recordStepReward({ turn: i, value: s.reward }));
  log.recordEventReward({ turn: 1, value: 0.5, type: "achievement", source: "env" });
  const url = withCorrelationId("http://127.0.0.1:9/v1/chat/completions?x=1", "trace_r1");
  assert.equal(url, "http://127.0.0.1:9/v1/chat/completions?x=1&cid=trace_r1");
  const traj = buildTrajectory({ envId: "e", policyId: "p", steps, inferenceUrl: url });
  assert.equal(traj.length, 2);
  assert.equal(traj.steps[0]?.done, false);
  const metrics = buildRolloutMetrics({ episodeReturns: [log.total()], numSteps: steps.length });
  const session = buildSessionTrace({ steps, rewards: log, metadata: { seed: 1 } });
  assert.equal(session.session_time_steps.length, 2);
  assert.equal(session.session_time_steps[1]?.events.length, 1, "one environment event per step");
  const [achievement] = session.event_rewards;
  assert.equal(achievement?.event_id, session.session_time_steps[1]?.events[0]?.event_id, "the event reward is credited to its turn's environment event");
  assert.deepEqual([achievement?.turn_number, achievement?.reward_value, achievement?.reward_type], [1, 0.5, "achievement"]);
  assert.deepEqual(
    session.markov_blanket_message_history.map((m) => m.message_type),
    ["user", "tool_use", "user", "tool_use"],
    "observations and tool calls use synth-ai's message types",
  );
  const envelope = buildTraceEnvelope({ runId: "r1", policyId: "p", sessionTrace: session, metrics });
  assert.equal(envelope.reward, 1.5);
  const compact = buildCompactTrace({ steps, rewards: log });
  assert.deepEqual(compact.decision_rewards, [0, 1.5]);
  const pm = buildPipelineMetadata({ inferenceUrl: url, traceCorrelationId: "trace_r1", extra: { a: 1 } });
  assert.deepEqual(pm, { a: 1, inference_url: url, trace_correlation_id: "trace_r1" });
  const res = buildRolloutResponse({ request, trajectories: [traj], metrics, trace: envelope, pipelineMetadata: pm, traceCorrelationId: "trace_r1" });
  assert.equal(res.ops_executed, 2);
  assert.equal(res.run_id, "r1");
  const roundTrip = RolloutResponse.parse(JSON.parse(JSON.stringify(res)));
  assert.deepEqual(roundTrip, res);
  assert.ok(TraceEnvelopeV3.safeParse(roundTrip.trace).success);
});
