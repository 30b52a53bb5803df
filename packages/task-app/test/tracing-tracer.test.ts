import { test } from "node:test";
import assert from "node:assert/strict";
import { createSessionTracer, renderCompactTrace, renderTrace, renderTraceEnvelope } from "../src/tracing/index.js";
import { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { CompactTrace, FullTrace, Trace, TraceEnvelopeV3 } from "../src/schemas/trace.js";

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** A two-turn episode: an LM call with an image and a tool call, then an environment step, per turn. */
function recordEpisode() {
  let t = Date.UTC(2026, 0, 1);
  const tracer = createSessionTracer({ sessionId: "s1", metadata: { run_id: "r1", seed: 3 }, now: () => new Date((t += 1000)) });
  const ids: { lm: string[]; env: string[] } = { lm: [], env: [] };
  for (let turn = 0; turn < 2; turn++) {
    tracer.startTurn();
    ids.lm.push(
      tracer.recordLMCall({
        model: "Qwen/Qwen3-VL-4B",
        provider: "127.0.0.1:9",
        input: [
          { role: "system", content: "Play." },
          { role: "user", content: [{ type: "text", text: `turn ${turn}` }, { type: "image_url", image_url: { url: PNG } }] },
        ],
        output: { role: "assistant", content: null, tool_calls: [{ id: `c${turn}`, type: "function", function: { name: "interact", arguments: '{"actions":["do"]}' } }] },
        usage: { prompt_tokens: 10, completion_tokens: 5 },
        latencyMs: 12.4,
        costUsd: 0.001,
      }),
    );
    ids.env.push(tracer.recordEnvironmentEvent({ reward: turn, terminated: turn === 1, stateBefore: { wood: turn }, stateAfter: { wood: turn + 1 } }));
    tracer.finishTurn();
  }
  return { tracer, ids };
}

test("events and messages get ids unique in the session, grouped by turn", () => {
  const { tracer, ids } = recordEpisode();
  const session = tracer.toSessionTrace();
  const all = [...session.event_history.map((e) => e.event_id), ...session.markov_blanket_message_history.map((m) => m.message_id)];
  assert.equal(new Set(all).size, all.length);
  assert.ok(all.every((id) => id.startsWith("s1:")));
  assert.deepEqual(session.session_time_steps.map((s) => [s.step_id, s.step_index, s.turn_number]), [["turn_0", 0, 0], ["turn_1", 1, 1]]);
  assert.deepEqual(session.session_time_steps[1]?.events.map((e) => e.event_id), [ids.lm[1], ids.env[1]]);
  assert.ok(session.session_time_steps.every((s) => s.completed_at !== null));
  assert.deepEqual(session.event_history.map((e) => [e.event_type, e.metadata.turn, e.metadata.step_id]), [
    ["cais", 0, "turn_0"],
    ["environment", 0, "turn_0"],
    ["cais", 1, "turn_1"],
    ["environment", 1, "turn_1"],
  ]);
  assert.deepEqual(session.metadata, { run_id: "r1", seed: 3 });
  const again = createSessionTracer();
  assert.notEqual(again.sessionId, createSessionTracer().sessionId, "default session ids are random");
});

test("an LM call keeps multimodal parts, the tool calls in {id, name, arguments} form, usage, latency and cost", () => {
  const { tracer } = recordEpisode();
  const [call] = tracer.toSessionTrace().event_history;
  assert.ok(call?.event_type === "cais");
  assert.deepEqual([call.model_name, call.provider, call.input_tokens, call.output_tokens, call.total_tokens, call.latency_ms, call.cost_usd], [
    "Qwen/Qwen3-VL-4B",
    "127.0.0.1:9",
    10,
    5,
    15,
    12,
    0.001,
  ]);
  const record = call.call_records[0]!;
  assert.deepEqual(record.input_messages[1]?.parts, [
    { type: "text", text: "turn 0" },
    { type: "image_url", uri: PNG, mime_type: "image/png" },
  ]);
  assert.deepEqual(record.input_messages[0], { role: "system", parts: [{ type: "text", text: "Play." }] });
  assert.deepEqual(record.output_tool_calls, [{ id: "c0", name: "interact", arguments: '{"actions":["do"]}' }]);
  assert.equal(record.output_text, null);
});

test("an LM call records the user message and the answer as session messages", () => {
  const tracer = createSessionTracer();
  tracer.startTurn();
  const id = tracer.recordLMCall({ model: "scripted", provider: "task-app", input: [{ role: "user", content: "2+2?" }], output: "4" });
  tracer.recordLMCall({ model: "m", input: [{ role: "user", content: [{ type: "image", image: PNG }] }], output: "", toolCalls: [{ name: "submit", arguments: { answer: "4" } }] });
  const messages = tracer.toSessionTrace().markov_blanket_message_history;
  assert.deepEqual(messages.map((m) => [m.message_type, m.content.text]), [
    ["user", "2+2?"],
    ["assistant", "4"],
    ["user", null],
    ["tool_use", ""],
  ]);
  assert.equal(messages[0]?.metadata.event_id, id);
  assert.equal(messages[2]?.metadata.image_parts, 1);
  assert.deepEqual(JSON.parse(messages[3]?.content.json_payload ?? "null"), [{ id: null, name: "submit", arguments: '{"answer":"4"}' }]);
  const quiet = createSessionTracer();
  quiet.recordLMCall({ model: "m", input: [{ role: "user", content: "x" }], output: "y", recordMessages: false });
  assert.equal(quiet.toSessionTrace().markov_blanket_message_history.length, 0);
});

test("event rewards reference recorded events; unknown ids and non-finite values are refused", () => {
  const { tracer, ids } = recordEpisode();
  const reward = tracer.recordEventReward({
    eventId: ids.env[1]!,
    rewardValue: 1,
    rewardType: "unique_achievement_delta",
    source: "environment",
    key: "collect_wood",
    annotation: { new_unique: ["collect_wood"] },
  });
  assert.equal(reward.turn_number, 1, "the turn defaults to the event's");
  tracer.recordEventReward({ eventId: ids.lm[0]!, turnNumber: 0, rewardValue: 0.5, rewardType: "evaluator", source: "evaluator", key: "progress" });
  assert.throws(() => tracer.recordEventReward({ eventId: "s1:999", rewardValue: 1, rewardType: "x" }), /unknown event id "s1:999"/);
  assert.throws(() => tracer.recordEventReward({ eventId: ids.env[0]!, rewardValue: NaN, rewardType: "x" }), /rewardValue must be a finite number/);
  assert.throws(() => tracer.recordEnvironmentEvent({ reward: Infinity }), /reward must be a finite number/);
  const session = tracer.toSessionTrace();
  const events = new Set(session.event_history.map((e) => e.event_id));
  assert.equal(session.event_rewards.length, 2);
  assert.ok(session.event_rewards.every((r) => events.has(r.event_id)));
  assert.deepEqual(session.event_rewards[0]?.annotation, { new_unique: ["collect_wood"] });
  assert.equal(session.event_rewards[0]?.objective_key, "reward");
});

test("the outcome reward is one per objective, and its steps default to the turns", () => {
  const { tracer } = recordEpisode();
  tracer.recordOutcomeReward({ totalReward: 0.2 });
  tracer.recordOutcomeReward({ totalReward: 0.75, achievementsCount: 2, rewardMetadata: { achievements: ["a", "b"] } });
  tracer.recordOutcomeReward({ totalReward: 1, objectiveKey: "judge" });
  const outcomes = tracer.toSessionTrace().outcome_rewards;
  assert.deepEqual(outcomes.map((o) => [o.objective_key, o.total_reward, o.total_steps, o.achievements_count]), [
    ["reward", 0.75, 2, 2],
    ["judge", 1, 2, 0],
  ]);
});

test("turns: numbering, duplicates refused, events outside a turn go to the history only", () => {
  const tracer = createSessionTracer();
  assert.equal(tracer.isEmpty, true);
  const outside = tracer.recordRuntimeEvent({ actions: ["reset"] });
  assert.equal(tracer.isEmpty, false);
  assert.equal(tracer.startTurn({ turnNumber: 5 }), "turn_5");
  assert.equal(tracer.currentTurn, 5);
  tracer.startTurn({ stepId: "custom" });
  assert.throws(() => tracer.startTurn({ turnNumber: 5 }), /step id "turn_5" is already used/);
  assert.throws(() => tracer.startTurn({ turnNumber: -1 }), /non-negative integer/);
  tracer.recordMessage({ type: "system", text: "hello", json: { a: 1 } });
  const session = tracer.toSessionTrace();
  assert.equal(session.event_history[0]?.event_id, outside);
  assert.equal(session.event_history[0]?.metadata.turn, null);
  assert.deepEqual(session.session_time_steps.map((s) => s.events.length), [0, 0]);
  assert.equal(session.session_time_steps[0]?.completed_at !== null, true, "starting a turn finishes the open one");
  assert.equal(session.session_time_steps[1]?.completed_at, null, "the open turn is not finished");
  assert.deepEqual(session.session_time_steps[1]?.markov_blanket_messages[0]?.content, { text: "hello", json_payload: '{"a":1}' });
});

test("a recorded session validates as SessionTraceV3 and in every wire trace shape", () => {
  const { tracer, ids } = recordEpisode();
  tracer.recordEventReward({ eventId: ids.env[0]!, rewardValue: 1, rewardType: "achievement_delta", source: "environment" });
  tracer.recordOutcomeReward({ totalReward: 1 });
  const session = JSON.parse(JSON.stringify(tracer.toSessionTrace()));
  assert.ok(SessionTraceV3.safeParse(session).success);
  assert.ok(FullTrace.safeParse(session).success);
  const run = { runId: "r1", policyId: "p", metrics: { episode_returns: [1], mean_return: 1, num_steps: 2 } };
  const envelope = renderTraceEnvelope(session, run);
  assert.equal(envelope.version, 3);
  assert.ok(SessionTraceV3.safeParse(envelope.session_trace).success);
  assert.deepEqual([envelope.run_id, envelope.policy_id, envelope.reward, envelope.num_steps], ["r1", "p", 1, 2]);
  const compact = renderCompactTrace(session);
  assert.deepEqual(compact.decision_rewards, [0, 1], "the environment reward of each turn");
  assert.deepEqual([compact.events_count, compact.messages_count], [4, 4]);
  assert.deepEqual(compact.lm_calls?.[1], { turn: 1, model: "Qwen/Qwen3-VL-4B", provider: "127.0.0.1:9", total_tokens: 15, input_tokens: 10, output_tokens: 5, latency_ms: 12, tool_calls: 1 });
  for (const format of ["compact", "full", "structured"] as const) assert.ok(Trace.safeParse(renderTrace(session, format, run)).success, format);
  assert.ok(CompactTrace.safeParse(renderTrace(session, "compact", run)).success);
  assert.equal(renderTrace(session, "full", run), session);
  assert.ok(TraceEnvelopeV3.safeParse(renderTrace(session, "structured", run)).success);
});

test("a conversation sent again with every call is recorded whole each time; a message object changed since is read again, a tool definition as first seen", () => {
  const tracer = createSessionTracer({ sessionId: "s-conv" });
  const tools = [{ type: "function", function: { name: "add", parameters: { type: "object" } } }];
  const system = { role: "system" as const, content: "count" };
  const first = { role: "user" as const, content: "total=0" };
  const conversation: { role: "system" | "user" | "assistant" | "tool"; content: string; tool_call_id?: string }[] = [system, first];
  for (let turn = 0; turn < 3; turn++) {
    tracer.startTurn();
    tracer.recordLMCall({ model: "m", input: conversation, tools, output: { role: "assistant", content: `turn ${turn}` } });
    conversation.push({ role: "assistant", content: `turn ${turn}` }, { role: "user", content: `total=${turn + 1}` });
  }
  // The caller changes a message it already sent: the next call records it as it is now, the earlier calls as it was. A tool definition is copied the first time the session sees it.
  first.content = "total=zero";
  tools[0]!.function.name = "plus";
  tracer.startTurn();
  tracer.recordLMCall({ model: "m", input: conversation, tools, output: { role: "assistant", content: "turn 3" } });
  const session = SessionTraceV3.parse(tracer.toSessionTrace());
  const records = session.event_history.map((e: any) => e.call_records[0]);
  assert.deepEqual(records.map((r: any) => r.input_messages.length), [2, 4, 6, 8]);
  assert.deepEqual(records.map((r: any) => r.input_messages[1].parts[0].text), ["total=0", "total=0", "total=0", "total=zero"]);
  assert.deepEqual(records.map((r: any) => r.input_messages.at(-1).parts[0].text), ["total=0", "total=1", "total=2", "total=3"]);
  assert.deepEqual(records.map((r: any) => r.tools[0].function.name), ["add", "add", "add", "add"]);
});

test("calls recorded as unchanging give the same session as calls converted at once, and are converted only when the session is read", () => {
  /** Every shape of call: images, tool calls, text answers, no answer, no user message, messages left out, an output given as text with tool calls. */
  const record = (unchanging: boolean) => {
    let t = Date.UTC(2026, 0, 1);
    const tracer = createSessionTracer({ sessionId: "s-lazy", now: () => new Date((t += 1000)) });
    const tools = [{ type: "function", function: { name: "interact", parameters: { type: "object" } } }];
    const system = { role: "system", content: "Play." };
    const calls = [
      { input: [system, { role: "user", content: [{ type: "text", text: "look" }, { type: "image_url", image_url: { url: PNG } }] }], output: { role: "assistant", content: null, tool_calls: [{ id: "c0", type: "function", function: { name: "interact", arguments: '{"a":1}' } }] } },
      { input: [system, { role: "user", content: "again" }], output: { role: "assistant", content: "no tools today" } },
      { input: [system], output: { role: "assistant", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] } },
      { input: [system, { role: "user", content: "silent" }], output: null },
      { input: [system, { role: "user", content: "quiet" }], output: "text answer", toolCalls: [{ id: "c1", name: "interact", arguments: { a: 2 } }] },
      { input: [system, { role: "user", content: "unrecorded" }], output: { role: "assistant", content: "x" }, recordMessages: false },
      { input: [system, { role: "user", content: "empty" }], output: { role: "assistant", content: [] } },
    ];
    for (const [turn, call] of calls.entries()) {
      tracer.startTurn();
      tracer.recordLMCall({ model: "m", provider: "p", tools, usage: { prompt_tokens: 3, completion_tokens: 1 }, startedAt: new Date(t), completedAt: new Date(t + 5), metadata: { turn }, ...(call as object), input: call.input, unchanging });
      tracer.recordEnvironmentEvent({ reward: turn, stateBefore: { turn }, stateAfter: { turn: turn + 1 } });
      tracer.recordMessage({ type: "tool_result", json: { ok: turn } });
      tracer.finishTurn();
    }
    return tracer;
  };
  const eager = record(false).toSessionTrace();
  // Converted when read, not when recorded: a message changed in between (what `unchanging` promises not to do) shows.
  const deferred = createSessionTracer({ sessionId: "s-later" });
  const user = { role: "user", content: "as sent" };
  deferred.startTurn();
  deferred.recordLMCall({ model: "m", input: [user], output: { role: "assistant", content: "ok" }, unchanging: true });
  user.content = "changed after";
  const [event] = deferred.toSessionTrace().event_history as any[];
  assert.equal(event.call_records[0].input_messages[0].parts[0].text, "changed after");
  assert.deepEqual(record(true).toSessionTrace(), eager);
  assert.deepEqual(JSON.stringify(record(true).toSessionTrace()), JSON.stringify(eager), "the same keys in the same order");
});

test("a call not marked unchanging is converted at once: a message array the caller changes afterwards is recorded as it was", () => {
  const tracer = createSessionTracer({ sessionId: "s-eager" });
  const input = [{ role: "user", content: "first" }];
  tracer.startTurn();
  tracer.recordLMCall({ model: "m", input, output: { role: "assistant", content: "ok" } });
  input.push({ role: "user", content: "later" });
  input[0]!.content = "changed";
  const [event] = tracer.toSessionTrace().event_history as any[];
  assert.deepEqual(event.call_records[0].input_messages.map((m: any) => m.parts[0].text), ["first"]);
});

test("what a call gives is recorded as it was at the call unless marked unchanging: inputs and metadata changed afterwards do not show", () => {
  const tracer = createSessionTracer({ sessionId: "s-copy" });
  const stepMeta: Record<string, unknown> = { phase: "start" };
  tracer.startTurn({ metadata: stepMeta });
  const event = { reward: 1, terminated: false, metadata: { tool: "a" } as Record<string, unknown> };
  tracer.recordEnvironmentEvent(event);
  const message = { type: "tool_result" as const, text: "first", json: { n: 1 }, metadata: { tool: "a" } as Record<string, unknown> };
  tracer.recordMessage(message);
  const runtime = { actions: ["x"], metadata: { k: 1 } as Record<string, unknown> };
  tracer.recordRuntimeEvent(runtime);
  const kept = { reward: 2, metadata: { tool: "b" } as Record<string, unknown>, unchanging: true };
  tracer.recordEnvironmentEvent(kept);
  tracer.finishTurn();
  stepMeta.phase = "changed";
  event.reward = 99;
  event.terminated = true;
  event.metadata.tool = "changed";
  message.text = "changed";
  message.json.n = 2;
  message.metadata.tool = "changed";
  runtime.actions.push("y");
  runtime.metadata.k = 2;
  kept.metadata.tool = "kept as given";
  const session = tracer.toSessionTrace() as any;
  assert.deepEqual(session.session_time_steps[0].step_metadata, { phase: "start" });
  const [env, run, later] = session.event_history;
  assert.equal(env.reward, 1);
  assert.equal(env.terminated, false);
  assert.equal(env.metadata.tool, "a");
  assert.deepEqual(run.actions, ["x"]);
  assert.equal(run.metadata.k, 1);
  assert.equal(later.metadata.tool, "kept as given", "an unchanging input is read when the session is");
  const [msg] = session.markov_blanket_message_history;
  assert.equal(msg.content.text, "first");
  assert.equal(msg.content.json_payload, '{"n":1}');
  assert.equal(msg.metadata.tool, "a");
});

test("a bad value throws at the call and records nothing; a session read mid-turn keeps its snapshot, and a later read holds everything", () => {
  let t = Date.UTC(2026, 0, 1);
  const record = (readMidway: boolean) => {
    const tracer = createSessionTracer({ sessionId: "s-mid", now: () => new Date((t += 1000)) });
    const snapshots: unknown[] = [];
    tracer.startTurn();
    const id = tracer.recordEnvironmentEvent({ reward: 1 });
    assert.throws(() => tracer.recordEnvironmentEvent({ reward: Number.NaN }), /reward must be a finite number/);
    assert.throws(() => tracer.recordLMCall({ model: "m", input: [], latencyMs: Number.POSITIVE_INFINITY }), /latencyMs must be a finite number/);
    if (readMidway) snapshots.push(JSON.parse(JSON.stringify(tracer.toSessionTrace())));
    const snapshot = readMidway ? tracer.toSessionTrace() : null;
    tracer.recordMessage({ type: "user", text: "hi" });
    tracer.recordEventReward({ eventId: id, rewardValue: 1, rewardType: "shaped" });
    tracer.startTurn();
    tracer.recordEnvironmentEvent({ reward: 2, terminated: true });
    tracer.finishTurn();
    if (snapshot) assert.deepEqual(snapshot, snapshots[0], "a snapshot handed out does not change");
    return tracer.toSessionTrace() as any;
  };
  t = Date.UTC(2026, 0, 1);
  const once = record(false);
  t = Date.UTC(2026, 0, 1);
  const twice = record(true);
  assert.deepEqual(twice, once);
  assert.deepEqual(once.event_history.map((e: any) => e.event_id), ["s-mid:1", "s-mid:3"], "ids are not taken by refused calls");
  assert.equal(once.session_time_steps[0].completed_at !== null, true);
  assert.equal(once.session_time_steps[0].events.length, 1);
  assert.equal(once.session_time_steps[0].markov_blanket_messages.length, 1);
});

test("an event reward names an event as issued: a message's id, another session's, or the number written otherwise is refused; a default turn's id is taken once a turn names its own", () => {
  const tracer = createSessionTracer({ sessionId: "s9" });
  tracer.startTurn();
  const lm = tracer.recordLMCall({ model: "m", input: [{ role: "user", content: "hi" }], output: { role: "assistant", content: "ok" } });
  const message = tracer.recordMessage({ type: "user", text: "x" });
  assert.equal(lm, "s9:1");
  for (const eventId of [message, "s9:2", "s9:01", "s9:1.0", "s9: 1", "s9:+1", "s9:", "s9:0", "s9:-1", "s8:1", "s9:1 ", "s9:99"])
    assert.throws(() => tracer.recordEventReward({ eventId, rewardValue: 1, rewardType: "x" }), /unknown event id/, eventId);
  assert.equal(tracer.recordEventReward({ eventId: lm, rewardValue: 1, rewardType: "x" }).turn_number, 0);
  tracer.startTurn();
  assert.throws(() => tracer.startTurn({ stepId: "turn_1" }), /step id "turn_1" is already used/);
  assert.throws(() => tracer.startTurn({ turnNumber: 0 }), /step id "turn_0" is already used/);
  assert.equal(tracer.startTurn({ turnNumber: 7 }), "turn_7");
  assert.equal(tracer.startTurn(), "turn_3", "a default turn is numbered by the turns started before");
  assert.throws(() => tracer.startTurn({ stepId: "turn_3" }), /already used/);
});
