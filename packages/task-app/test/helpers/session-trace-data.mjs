/**
 * The session fixtures of ./session-trace.ts in plain JavaScript (typed there,
 * through ./session-trace-data.d.mts), so a writer process
 * (./trace-writer.mjs) builds them without tsx: SessionTraceV3 values built
 * the way a tracer records a Crafter-like rollout.
 */
const ACHIEVEMENTS = ["collect_wood", "place_table", "collect_stone", "make_wood_pickaxe"];
export const PNG_DATA_URL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A session with `turns` turns; `index` makes ids unique and varies the seed. */
export function makeSessionTrace(index, options = {}) {
  const model = options.model ?? "Qwen/Qwen3-4B";
  const turns = options.turns ?? 3;
  const sessionId = `session-${options.runId ?? "run"}-${index}`;
  const t0 = 1_763_000_000 + index * 100;
  const steps = [];
  const rewards = [];
  for (let turn = 0; turn < turns; turn++) {
    const stepId = `turn_${turn}`;
    const prompt = `Observation ${index}/${turn}: a tree is north.`;
    const action = JSON.stringify({ actions: ["move_up", "do"] });
    const userParts = [
      { type: "text", text: prompt },
    ];
    if (options.image && turn === 0) userParts.push({ type: "image_url", uri: PNG_DATA_URL, mime_type: "image/png" });
    const lm = {
      event_type: "cais",
      event_id: `${sessionId}-lm-${turn}`,
      system_instance_id: "policy",
      time_record: { event_time: t0 + turn, message_time: turn },
      metadata: { turn, step_id: stepId },
      model_name: model,
      provider: "openai",
      input_tokens: 120,
      output_tokens: 16,
      total_tokens: 136,
      cost_usd: 0.02,
      latency_ms: 250,
      call_records: [
        {
          call_id: `${sessionId}-call-${turn}`,
          api_type: "chat_completions",
          provider: "openai",
          model_name: model,
          input_messages: [
            { role: "system", parts: [{ type: "text", text: "You play Crafter. Call interact." }] },
            { role: "user", parts: userParts },
          ],
          output_text: turn === turns - 1 ? "Done for now." : null,
          output_tool_calls: turn === turns - 1 ? [] : [{ id: `call_${turn}`, name: "interact", arguments: action }],
          usage: { input_tokens: 120, output_tokens: 16, total_tokens: 136 },
          latency_ms: 250,
        },
      ],
    };
    const unlocked = ACHIEVEMENTS[turn % ACHIEVEMENTS.length];
    const env = {
      event_type: "environment",
      event_id: `${sessionId}-env-${turn}`,
      system_instance_id: "crafter",
      time_record: { event_time: t0 + turn + 0.5, message_time: turn },
      metadata: { turn, step_id: stepId },
      reward: 1,
      terminated: turn === turns - 1,
      truncated: false,
      system_state_before: { health: 9 },
      system_state_after: { health: 9, achievements: { [unlocked]: true } },
    };
    const messages = [
      { message_id: `${sessionId}-u-${turn}`, message_type: "user", content: { text: prompt }, time_record: { event_time: t0 + turn }, metadata: { turn } },
      { message_id: `${sessionId}-a-${turn}`, message_type: "assistant", content: { text: null, json_payload: action }, time_record: { event_time: t0 + turn + 0.2 }, metadata: { turn } },
    ];
    steps.push({
      step_id: stepId,
      step_index: turn,
      turn_number: turn,
      timestamp: new Date((t0 + turn) * 1000).toISOString(),
      completed_at: new Date((t0 + turn + 1) * 1000).toISOString(),
      events: [lm, env],
      markov_blanket_messages: messages,
      step_metadata: { turn },
    });
    const created_at = new Date((t0 + turn + 0.6) * 1000).toISOString();
    rewards.push(
      { event_id: env.event_id, turn_number: turn, reward_value: 1, reward_type: "achievement_delta", key: unlocked, annotation: { turned_true: [unlocked] }, source: "environment", objective_key: "reward", created_at },
      { event_id: env.event_id, turn_number: turn, reward_value: 1, reward_type: "unique_achievement_delta", key: unlocked, annotation: { new_unique: [unlocked] }, source: "environment", message_id: `${sessionId}-a-${turn}`, objective_key: "reward", created_at },
    );
  }
  const unlockedAll = steps.map((_, turn) => ACHIEVEMENTS[turn % ACHIEVEMENTS.length]);
  return {
    session_id: sessionId,
    created_at: new Date(t0 * 1000).toISOString(),
    metadata: { run_id: options.runId ?? "run", seed: index, env_name: "crafter", policy_name: "react", model },
    session_time_steps: steps,
    event_history: steps.flatMap((s) => s.events),
    markov_blanket_message_history: steps.flatMap((s) => s.markov_blanket_messages),
    session_metadata: [],
    event_rewards: rewards,
    outcome_rewards: [
      {
        objective_key: "reward",
        total_reward: options.outcome ?? turns,
        achievements_count: unlockedAll.length,
        total_steps: turns,
        reward_metadata: { achievements: unlockedAll, judge_scores: { Backend: 0.5 + (index % 2) * 0.25 } },
        annotation: null,
        created_at: new Date((t0 + turns) * 1000).toISOString(),
      },
    ],
  };
}

/** Rows one fixture session writes per table (what a complete session has). */
export function expectedRowCounts(session) {
  return {
    session_timesteps: session.session_time_steps.length,
    events: session.event_history.length,
    messages: session.markov_blanket_message_history.length,
    event_rewards: session.event_rewards.length,
    outcome_rewards: session.outcome_rewards.length,
  };
}
