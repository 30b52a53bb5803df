/**
 * The policy's inference client sends OPENAI_API_KEY only to allowed hosts:
 * a rollout names its inference server, so a server the app did not allow
 * must never see the key.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import app from "../src/app.js";
import { createChatCompletion } from "task-app";
import { FAKE_USAGE, startFakeInference, toolCallMessage, type FakeInference } from "./fake-inference.js";
import { createRolloutClient } from "./rollout-client.js";

const KEY = "sk-test-inference-key-0123456789";

describe("inference key", () => {
  let fake: FakeInference;
  before(async () => {
    fake = await startFakeInference(() => toolCallMessage("noop", {}));
  });
  after(() => fake.close());

  const ask = (options: Parameters<typeof createChatCompletion>[2]) =>
    createChatCompletion(fake.url, { model: "test-model", messages: [{ role: "user", content: "hi" }] }, options);

  /** Runs `fn` with OPENAI_API_KEY set and INFERENCE_KEY_HOSTS unset (the default allow-list). */
  async function withVendorKey(fn: () => Promise<unknown>): Promise<void> {
    const saved = { key: process.env.OPENAI_API_KEY, hosts: process.env.INFERENCE_KEY_HOSTS };
    process.env.OPENAI_API_KEY = KEY;
    delete process.env.INFERENCE_KEY_HOSTS;
    try {
      await fn();
    } finally {
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved.key;
      if (saved.hosts !== undefined) process.env.INFERENCE_KEY_HOSTS = saved.hosts;
    }
  }

  it("is not sent to a host off the allow-list (default: the vendor's own)", async () => {
    await withVendorKey(() => ask({}));
    const headers = fake.headers.at(-1)!;
    assert.equal(headers.authorization, undefined);
    assert.ok(!JSON.stringify(headers).includes(KEY.slice(0, 6)));
  });

  it("is not sent to the inference_url a rollout names", async () => {
    const before = fake.headers.length;
    const { rollout } = createRolloutClient(app, "inference-key");
    await withVendorKey(() => rollout({ env: { seed: 1, config: { max_turns: 1 } }, policy: { config: { inference_url: fake.url } } }));
    const sent = fake.headers.slice(before);
    assert.ok(sent.length >= 1, "the rollout called the inference server");
    for (const headers of sent) assert.ok(!JSON.stringify(headers).includes(KEY.slice(0, 6)), JSON.stringify(headers));
  });

  it("records the server's token usage and the offered tools on the rollout's LM calls", async () => {
    const { rollout } = createRolloutClient(app, "inference-usage");
    const body = (await rollout({
      env: { seed: 1, config: { max_turns: 1 } },
      policy: { config: { inference_url: fake.url } },
      record: { return_trace: true, trace_format: "structured" },
    })) as { trace?: { session_trace?: { event_history: Record<string, unknown>[] } } };
    const calls = body.trace?.session_trace?.event_history.filter((e) => e.event_type === "cais") ?? [];
    assert.ok(calls.length >= 1, JSON.stringify(body.trace));
    for (const call of calls) {
      assert.equal(call.input_tokens, FAKE_USAGE.prompt_tokens);
      assert.equal(call.output_tokens, FAKE_USAGE.completion_tokens);
      assert.equal(call.total_tokens, FAKE_USAGE.total_tokens);
      const record = (call.call_records as { tools?: unknown[] }[])[0]!;
      assert.deepEqual(record.tools, fake.requests.at(-1)!.tools ?? undefined);
    }
  });

  it("is sent to a host the app allows", async () => {
    await ask({ apiKey: KEY, allowedHosts: [new URL(fake.url).origin] });
    assert.equal(fake.headers.at(-1)!.authorization, `Bearer ${KEY}`);
  });

  it("allows a host by INFERENCE_KEY_HOSTS", async () => {
    const saved = process.env.INFERENCE_KEY_HOSTS;
    process.env.INFERENCE_KEY_HOSTS = `api.openai.com, ${new URL(fake.url).origin}`;
    try {
      await ask({ apiKey: KEY });
    } finally {
      if (saved === undefined) delete process.env.INFERENCE_KEY_HOSTS;
      else process.env.INFERENCE_KEY_HOSTS = saved;
    }
    assert.equal(fake.headers.at(-1)!.authorization, `Bearer ${KEY}`);
  });
});
