import { test } from "node:test";
import assert from "node:assert/strict";
import {
  injectSystemHint,
  INTERACT_TOOL,
  parseToolCallFromText,
  prepareForGroq,
  prepareForOpenai,
  synthesizeToolCallIfMissing,
} from "../src/server/index.js";
import { extractMessageText } from "../src/server/proxy.js";

const messages = [{ role: "user", content: "go" }];
const tool = { type: "function", function: { name: "move", parameters: {} } };

test("task-app-only fields are removed for every model; the interact tool is added when tools are missing or empty", () => {
  const input = { model: "qwen", messages, stop_after_tool_calls: 1, thinking_mode: "on", thinking_budget: 9, reasoning: { effort: "high" }, temperature: 0.2, max_tokens: 50 };
  const out = prepareForOpenai("qwen", input);
  assert.deepEqual(out, { model: "qwen", messages, temperature: 0.2, max_tokens: 50, tools: [INTERACT_TOOL] });
  assert.equal(input.thinking_mode, "on", "the input is not modified");
  assert.deepEqual(prepareForOpenai("qwen", { messages, tools: [] }).tools, [INTERACT_TOOL]);
  assert.deepEqual(prepareForOpenai("qwen", { messages, tools: "x" }).tools, [INTERACT_TOOL]);
  assert.deepEqual(prepareForOpenai("qwen", { messages, tools: [tool] }).tools, [tool], "the caller's tools are kept");
  const required = INTERACT_TOOL.function.parameters;
  assert.deepEqual(required.required, ["actions"]);
  assert.equal(required.additionalProperties, false);
});

test("gpt-5: max_tokens becomes max_completion_tokens (at least 16000), no sampling fields, interact forced, no parallel calls", () => {
  const out = prepareForOpenai("gpt-5-nano", { model: "gpt-5-nano", messages, max_tokens: 512, temperature: 1, top_p: 0.9, tools: [tool] });
  assert.deepEqual(out, {
    model: "gpt-5-nano",
    messages,
    tools: [tool],
    max_completion_tokens: 16000,
    tool_choice: { type: "function", function: { name: "interact" } },
    parallel_tool_calls: false,
  });
  assert.equal(prepareForOpenai("gpt-5", { max_tokens: 20000 }).max_completion_tokens, 20000);
  assert.equal(prepareForOpenai("gpt-5", { max_tokens: 20000, max_completion_tokens: 17000 }).max_completion_tokens, 17000, "an explicit max_completion_tokens wins");
  assert.equal(prepareForOpenai("gpt-5", { max_completion_tokens: 100 }).max_completion_tokens, 16000);
  assert.equal(prepareForOpenai("gpt-5", { max_tokens: "lots" }).max_completion_tokens, 16000, "a non-integer is replaced by the minimum");
  assert.equal("max_tokens" in prepareForOpenai("gpt-5", { max_tokens: null }), false);
  assert.equal("tool_choice" in prepareForOpenai("gpt-4o", {}), false, "only gpt-5 models");
  assert.equal("tool_choice" in prepareForOpenai(null, {}), false);
});

test("Groq: max_completion_tokens becomes max_tokens for non-gpt-5 models unless the caller sent max_tokens", () => {
  assert.deepEqual(prepareForGroq("qwen/qwen3-32b", { max_completion_tokens: 300 }), { max_tokens: 300, tools: [INTERACT_TOOL] });
  assert.deepEqual(prepareForGroq("qwen/qwen3-32b", { max_completion_tokens: 300, max_tokens: 100 }), { max_completion_tokens: 300, max_tokens: 100, tools: [INTERACT_TOOL] });
  assert.equal(prepareForGroq("openai/gpt-5-mini", { max_tokens: 100 }).max_completion_tokens, 16000);
  assert.equal(prepareForGroq(null, { max_completion_tokens: 300 }).max_completion_tokens, 300, "no model: left alone");
});

test("system hint: appended to a leading system message once, otherwise inserted first", () => {
  const hint = "Use the interact tool.";
  assert.deepEqual(injectSystemHint({ messages: [{ role: "system", content: "Play well.  \n" }, ...messages] }, hint).messages, [
    { role: "system", content: `Play well.\n\n${hint}` },
    ...messages,
  ]);
  const once = injectSystemHint({ messages: [{ role: "system", content: `Play. ${hint}` }] }, hint);
  assert.deepEqual(once.messages, [{ role: "system", content: `Play. ${hint}` }], "idempotent");
  assert.deepEqual(injectSystemHint({ messages: [{ role: "system", content: "" }] }, hint).messages, [{ role: "system", content: hint }]);
  assert.deepEqual(injectSystemHint({ messages }, hint).messages, [{ role: "system", content: hint }, ...messages]);
  assert.deepEqual(injectSystemHint({ messages: [] }, hint).messages, [{ role: "system", content: hint }]);
  const parts = [{ role: "system", content: [{ type: "text", text: "x" }] }];
  assert.deepEqual(injectSystemHint({ messages: parts }, hint).messages, parts, "a system message with content parts is left alone");
  assert.deepEqual(injectSystemHint({ messages: "nope" }, hint), { messages: "nope" });
  assert.deepEqual(injectSystemHint({ messages }, ""), { messages });
});

test("actions are parsed from JSON, embedded JSON, an 'Actions:' list or 'Action N:' lines", () => {
  assert.deepEqual(parseToolCallFromText('{"actions": ["up", " ", 3], "reasoning": " near "}'), [["up", "3"], "near"]);
  assert.deepEqual(parseToolCallFromText('{"actions": "up; down ;"}'), [["up", "down"], '{"actions": "up; down ;"}']);
  assert.deepEqual(parseToolCallFromText('I think so. {"ACTIONS": 1} then {"actions": ["left"]} ok'), [["left"], 'I think so. {"ACTIONS": 1} then {"actions": ["left"]} ok']);
  assert.deepEqual(parseToolCallFromText("Tree ahead.\nActions: move_right, jump ,\nmore"), [["move_right", "jump"], "Tree ahead."]);
  assert.deepEqual(parseToolCallFromText("Plan:\nAction 1: collect_wood\n action2 - place_table\nDone"), [["collect_wood", "place_table"], "Plan:\nDone"]);
  assert.deepEqual(parseToolCallFromText("  nothing to do  "), [[], "nothing to do"]);
  assert.deepEqual(parseToolCallFromText(""), [[], ""]);
  assert.deepEqual(parseToolCallFromText('{"actions": [true, null]}'), [["True", "None"], '{"actions": [true, null]}'], "Python's str() of each action");
});

test("message text comes from string content, content parts or a text field", () => {
  assert.equal(extractMessageText({ role: "assistant", content: "hi" }), "hi");
  assert.equal(extractMessageText({ content: [{ type: "text", text: "a" }, { type: "text", text: "" }, "b"] }), "a\nb");
  assert.equal(extractMessageText({ text: "t" }), "t");
  assert.equal(extractMessageText(null), "");
});

test("a response without tool calls gets the synthetic interact call; one with tool calls is untouched", () => {
  const response = { id: "c1", choices: [{ index: 0, message: { role: "assistant", content: "Going right.\nActions: move_right, noop" } }, { index: 1, message: { content: "x" } }] };
  const out = synthesizeToolCallIfMissing(response) as typeof response & { choices: { message: Record<string, unknown> }[] };
  assert.deepEqual(out.choices[0]!.message.tool_calls, [
    { id: "tool_interact_fallback", type: "function", function: { name: "interact", arguments: '{"actions": ["move_right", "noop"], "reasoning": "Going right."}' } },
  ]);
  assert.equal(out.choices[0]!.message.content, "Going right.\nActions: move_right, noop");
  assert.deepEqual(out.choices[1], response.choices[1]);
  assert.equal("tool_calls" in response.choices[0]!.message, false, "the input is not modified");
  const plain = synthesizeToolCallIfMissing({ choices: [{ message: { text: 'Action: "up"' } }] }) as { choices: { message: Record<string, unknown> }[] };
  assert.equal(plain.choices[0]!.message.content, null, "content is added as null when absent");
  assert.equal((plain.choices[0]!.message.tool_calls as { function: { arguments: string } }[])[0]!.function.arguments, '{"actions": ["\\"up\\""]}');
  const called = { choices: [{ message: { content: "Actions: a", tool_calls: [{ id: "t" }] } }] };
  assert.equal(synthesizeToolCallIfMissing(called), called);
  const none = { choices: [{ message: { content: "no idea" } }] };
  assert.equal(synthesizeToolCallIfMissing(none), none);
  for (const odd of [null, "x", { choices: [] }, { choices: ["x"] }, { choices: [{ message: "m" }] }]) assert.equal(synthesizeToolCallIfMissing(odd), odd);
});
