/**
 * The math environment: deterministic problems, the scripted policy, and
 * grading of answers that come from an OpenAI-compatible inference server.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, it } from "node:test";
import app from "../src/app.js";
import type { ChatMessage } from "task-app";
import { SPLITS, parseAnswer, problemFor, scriptedAnswer } from "../src/problems.js";
import { startFakeInference, toolCallMessage, type FakeInference } from "./fake-inference.js";
import { createRolloutClient } from "./rollout-client.js";

const { rollout } = createRolloutClient(app, "math-test");

describe("problems", () => {
  it("are the same for the same split and index", () => {
    assert.deepEqual(problemFor("train", 5), problemFor("train", 5));
    assert.notDeepEqual(problemFor("train", 5), problemFor("test", 5));
    assert.deepEqual(problemFor("train", SPLITS.train + 5), problemFor("train", 5));
  });

  it("have whole-number answers that match their expression", () => {
    for (let i = 0; i < 200; i++) {
      const p = problemFor("train", i);
      assert.ok(Number.isInteger(p.answer));
      assert.ok(p.question.includes(String(p.operands[1])));
    }
  });

  it("trip the scripted policy only where precedence matters", () => {
    let right = 0;
    for (let i = 0; i < 300; i++) {
      const p = problemFor("train", i);
      const precedence = p.operators[0] === "+" && p.operators[1] === "*";
      assert.equal(scriptedAnswer(p) === p.answer, !precedence);
      if (!precedence) right++;
    }
    assert.ok(right > 100 && right < 300);
  });

  it("data/sft.jsonl answers its train problems correctly", () => {
    const lines = readFileSync(new URL("../data/sft.jsonl", import.meta.url), "utf8").trim().split("\n");
    assert.ok(lines.length > 0);
    for (const line of lines) {
      const example = JSON.parse(line);
      const problem = problemFor("train", example.metadata.index);
      assert.equal(example.messages[1].content, problem.question);
      assert.equal(JSON.parse(example.messages[2].tool_calls[0].function.arguments).answer, String(problem.answer));
    }
  });

  it("parses answers from text", () => {
    assert.equal(parseAnswer("42"), 42);
    assert.equal(parseAnswer(" The answer is 1,204. "), 1204);
    assert.equal(parseAnswer(7), 7);
    assert.equal(parseAnswer("none"), undefined);
  });
});

describe("rollouts with an inference server", () => {
  let fake: FakeInference;
  let answerWith: (question: string) => ChatMessage;
  before(async () => {
    fake = await startFakeInference((req) => answerWith(String(req.messages.at(-1)?.content ?? "")));
  });
  after(() => fake.close());

  const problemText = (seed: number) => problemFor("train", seed).question;

  it("rewards a correct tool-call answer with 1", async () => {
    answerWith = (q) => toolCallMessage("submit_answer", { answer: String(problemFor("train", 11).question === q ? problemFor("train", 11).answer : -1) });
    const body = await rollout({ env: { seed: 11 }, policy: { config: { inference_url: fake.url, model: "test-model" } } });
    assert.equal(body.metrics.episode_returns[0], 1);
    assert.equal(body.metrics.outcome_score, 1);
    const sent = fake.requests.at(-1);
    assert.equal(sent?.model, "test-model");
    assert.equal(sent?.tool_choice, "required");
    assert.equal(sent?.tools?.[0]?.function.name, "submit_answer");
    assert.equal(sent?.messages.at(-1)?.content, problemText(11));
  });

  it("records the call in the trace with its model and the server's host", async () => {
    answerWith = () => toolCallMessage("submit_answer", { answer: "7" });
    const body = await rollout({ env: { seed: 11 }, policy: { config: { inference_url: fake.url, model: "test-model" } }, record: { return_trace: true, trace_format: "full" } });
    const [call] = body.trace.event_history;
    assert.equal(call.event_type, "cais");
    assert.equal(call.model_name, "test-model");
    assert.equal(call.provider, new URL(fake.url).host);
    assert.deepEqual(call.call_records[0].input_messages.at(-1), { role: "user", parts: [{ type: "text", text: problemText(11) }] });
    assert.equal(call.call_records[0].output_tool_calls[0].name, "submit_answer");
  });

  it("gives 0 for a wrong answer", async () => {
    answerWith = () => toolCallMessage("submit_answer", { answer: "-12345" });
    const body = await rollout({ env: { seed: 11 }, policy: { config: { inference_url: fake.url } } });
    assert.equal(body.metrics.episode_returns[0], 0);
    assert.equal(body.metrics.details.judges.outcome.per_criterion.used_tool.score, 1);
    assert.equal(body.metrics.details.judges.outcome.per_criterion.correct_answer.score, 0);
  });

  it("gives 0 when the model answers in text instead of the tool", async () => {
    const correct = problemFor("train", 11).answer;
    answerWith = () => ({ role: "assistant", content: `The answer is ${correct}.` });
    const body = await rollout({ env: { seed: 11 }, policy: { config: { inference_url: fake.url } } });
    assert.equal(body.metrics.episode_returns[0], 0);
    assert.equal(body.metrics.details.judges.outcome.per_criterion.used_tool.score, 0);
    assert.deepEqual(body.trajectories[0].steps[0].tool_calls, []);
  });

  it("reads split and index from env.config", async () => {
    answerWith = (q) => toolCallMessage("submit_answer", { answer: String(problemFor("test", 3).question === q ? problemFor("test", 3).answer : -1) });
    const body = await rollout({ env: { seed: 999, config: { split: "test", index: 3 } }, policy: { config: { inference_url: fake.url } } });
    assert.equal(body.trajectories[0].steps[0].obs.split, "test");
    assert.equal(body.trajectories[0].steps[0].obs.index, 3);
    assert.equal(body.metrics.episode_returns[0], 1);
  });
});
