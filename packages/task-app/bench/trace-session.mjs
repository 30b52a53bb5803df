// The session server-traces' app records per rollout, and trace-writer replays: TURNS turns, each
// an LM call, an environment step and two event rewards, then an outcome reward.
export const TURNS = 3;

/** Records the session's turns and outcome with `tracer` (ctx.tracer, or createSessionTracer's). */
export function recordBenchTurns(tracer) {
  for (let turn = 0; turn < TURNS; turn++) {
    tracer.startTurn();
    const input = [{ role: "system", content: "Play the game." }, { role: "user", content: `Observation ${turn}: ${"grass ".repeat(30)}` }];
    const output = { role: "assistant", content: null, tool_calls: [{ id: `call_${turn}`, type: "function", function: { name: "interact", arguments: '{"actions":["do"]}' } }] };
    const call = tracer.recordLMCall({ model: "bench-model", provider: "bench", input, output, usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 }, latencyMs: 80 });
    const step = tracer.recordEnvironmentEvent({ reward: 1, terminated: turn === TURNS - 1, stateBefore: { turn }, stateAfter: { turn: turn + 1 } });
    tracer.recordEventReward({ eventId: step, rewardValue: 1, rewardType: "achievement_delta", source: "environment", key: "collect_wood" });
    tracer.recordEventReward({ eventId: call, rewardValue: 0.5, rewardType: "evaluator", source: "evaluator", key: "progress" });
    tracer.finishTurn();
  }
  tracer.recordOutcomeReward({ totalReward: TURNS, achievementsCount: 1, totalSteps: TURNS });
}
