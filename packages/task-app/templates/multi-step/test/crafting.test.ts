/**
 * Rollouts in the crafting world: step rewards are achievement deltas, the
 * return counts unique achievements, and the judges score each episode.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import app from "../src/app.js";
import { startFakeInference, toolCallMessage, type FakeInference } from "./fake-inference.js";
import { createRolloutClient } from "./rollout-client.js";

const { rollout } = createRolloutClient(app, "crafting-test");

describe("crafting rollouts", () => {
  it("pays each turn its achievement delta", async () => {
    const body = await rollout({ env: { seed: 5 } });
    const steps = body.trajectories[0].steps;
    for (const s of steps) assert.equal(s.reward, s.info.achievement_delta);
    const unique = body.metrics.details.unique_achievements;
    assert.ok(unique >= 1);
    assert.equal(body.metrics.episode_returns[0], unique);
    assert.equal(body.metrics.details.judges.outcome.per_criterion.achievements.score, unique / 7);
  });

  it("pays the return on the last step when step rewards are off", async () => {
    const body = await rollout({ env: { seed: 5, config: { step_rewards: { enabled: false } } } });
    const steps = body.trajectories[0].steps;
    assert.ok(steps.slice(0, -1).every((s: { reward: number }) => s.reward === 0));
    assert.equal(steps.at(-1).reward, body.metrics.details.unique_achievements);
  });

  it("traces achievements as event rewards on the environment step that unlocked them", async () => {
    const body = await rollout({ env: { seed: 5 }, record: { return_trace: true, trace_format: "full" } });
    const session = body.trace;
    const achievements = session.event_rewards.filter((r: { reward_type: string }) => r.reward_type === "unique_achievement_delta");
    assert.deepEqual(achievements.map((r: { key: string }) => r.key).sort(), [...body.metrics.details.achievements].sort());
    const envIds = new Set(session.event_history.filter((e: { event_type: string }) => e.event_type === "environment").map((e: { event_id: string }) => e.event_id));
    assert.ok(achievements.every((r: { event_id: string }) => envIds.has(r.event_id)));
    assert.equal(session.outcome_rewards[0].achievements_count, body.metrics.details.achievements.length);
  });

  it("traces the same per-step rewards as the trajectory, sparse or not", async () => {
    for (const step_rewards of [{ enabled: true }, { enabled: false }]) {
      const body = await rollout({ env: { seed: 5, config: { step_rewards } }, record: { return_trace: true } });
      assert.deepEqual(body.trace.decision_rewards, body.trajectories[0].steps.map((s: { reward: number }) => s.reward));
    }
  });

  it("honours env.config.max_turns", async () => {
    const body = await rollout({ env: { seed: 5, config: { max_turns: 3 } } });
    assert.equal(body.trajectories[0].steps.length, 3);
  });

  describe("with an inference server", () => {
    let fake: FakeInference;
    before(async () => {
      fake = await startFakeInference(() => toolCallMessage("interact", { actions: ["move_left", "fly", "do"] }));
    });
    after(() => fake.close());

    it("sends the map as text, runs valid actions and scores invalid ones", async () => {
      const body = await rollout({ env: { seed: 2, config: { max_turns: 2 } }, policy: { config: { inference_url: fake.url } } });
      const sent = fake.requests.at(-1);
      assert.equal(typeof sent?.messages.at(-1)?.content, "string");
      assert.match(String(sent?.messages.at(-1)?.content), /Map/);
      assert.equal(sent?.tools?.[0]?.function.name, "interact");
      assert.equal(body.trajectories[0].steps.length, 2);
      const validRate = body.metrics.details.judges.events.per_criterion.valid_actions.score;
      assert.ok(validRate < 1, `valid action rate ${validRate}`);
    });
  });
});
