/**
 * The agent loop of a declared environment against a loopback
 * OpenAI-compatible server (test/helpers/fake-model.ts): bad calls (arguments
 * that are not JSON, an unknown tool, arguments the schema refuses, a second
 * call where one is allowed) go back to the model as tool messages and into
 * the trace, never a failed rollout; the conversation is kept, so the next
 * request carries the error; usage is summed; sampling settings and thinking
 * reach the server; 429/5xx are retried with Retry-After; a bad env.config is
 * a 422 naming the key; the tools the model is offered are the Zod schemas.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createChatCompletion, defineEnvironment, z } from "../src/index.js";
import { createTaskAppServer } from "../src/server/index.js";
import { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { callMessage, MODEL_USAGE, startFakeModel, type FakeModel, type ModelReply } from "./helpers/fake-model.js";
import { startLoopback } from "./helpers/loopback.js";

const KEY = "sk_env_loop_v9q3t7";
const headers = { "x-api-key": KEY, "content-type": "application/json" };

/** A counter: `add` adds n (1..3) to the total; the episode ends at 5 or after maxTurns. */
const counter = defineEnvironment({
  appId: "counter",
  name: "Counter",
  config: z.object({ start: z.number().int().default(0), label: z.enum(["a", "b"]).default("a") }),
  system: "Reach 5 by calling add.",
  reset: ({ config }) => ({ total: config.start, calls: 0 }),
  observe: (state) => `total=${state.total}`,
  tools: {
    add: {
      description: "Add n to the total.",
      args: z.object({ n: z.number().int().min(1).max(3).describe("How much to add") }),
      run: ({ n }, state) => {
        const total = state.total + n;
        return { state: { total, calls: state.calls + 1 }, result: { total }, reward: n, done: total >= 5 };
      },
    },
  },
  maxTurns: 6,
  scripted: () => ({ tool: "add", args: { n: 3 } }),
  scoreTurn: (turn) => ({ valid: turn.calls.length > 0 && turn.calls.every((c) => c.ok) ? 1 : 0 }),
  outcome: (state) => ({ reached: state.total >= 5 ? 1 : 0 }),
  record: (state) => ({ total: state.total }),
});

const server = createTaskAppServer(counter, { env: { ENVIRONMENT_API_KEY: KEY } });
const rollout = async (body: Record<string, unknown>) => {
  const res = await server.request("/rollout", { method: "POST", headers, body: JSON.stringify({ run_id: "r1", ops: [], ...body }) });
  return { status: res.status, body: (await res.json()) as any };
};

describe("a model that errs, then recovers", () => {
  let model: FakeModel;
  const script: ModelReply[] = [
    { message: callMessage("add", "{not json") },
    { message: callMessage("subtract", { n: 1 }) },
    { message: callMessage("add", { n: 9 }) },
    { message: { role: "assistant", content: null, tool_calls: [callMessage("add", { n: 2 }, "c1").tool_calls, callMessage("add", { n: 3 }, "c2").tool_calls].flat() } },
    { message: callMessage("add", { n: 3 }) },
  ];
  before(async () => {
    model = await startFakeModel((_r, i) => script[i] ?? { message: callMessage("add", { n: 1 }) });
  });
  after(() => model.close());

  it("completes the rollout; each bad call is answered to the model as a tool message and recorded in the trace", async () => {
    const { status, body } = await rollout({
      env: { seed: 0 },
      policy: { config: { inference_url: model.url, model: "m-1", temperature: 0.3, top_p: 0.9, max_tokens: 64, thinking_mode: "think", thinking_budget: 128 } },
      record: { return_trace: true, trace_format: "full" },
    });
    assert.equal(status, 200, JSON.stringify(body));
    const steps = body.trajectories[0].steps;
    assert.equal(steps.length, 5);
    assert.deepEqual(
      steps.map((s: any) => s.reward),
      [0, 0, 0, 2, 3],
    );
    assert.equal(body.metrics.episode_returns[0], 5);
    assert.equal(steps.at(-1).done, true);
    assert.deepEqual(
      steps.slice(0, 4).map((s: any) => s.info.tool_errors?.[0]?.error.split(" ")[0]),
      ["the", "there", "invalid", "not"],
    );

    // The conversation is kept: each request after a bad call carries its error as a tool message answering that call.
    const toolMessages = (i: number) => model.requests[i]!.body.messages.filter((m) => m.role === "tool");
    assert.match(String(toolMessages(1).at(-1)?.content), /arguments are not JSON/);
    assert.equal(toolMessages(1).at(-1)?.tool_call_id, "call_add");
    assert.match(String(toolMessages(2).at(-1)?.content), /there is no tool \\"subtract\\"; the tools are: add/);
    assert.match(String(toolMessages(3).at(-1)?.content), /invalid arguments for add: n: Too big/);
    const afterPair = toolMessages(4).slice(-2);
    assert.deepEqual(afterPair.map((m) => m.tool_call_id), ["c1", "c2"]);
    assert.match(String(afterPair[1]?.content), /not run: this environment takes one tool call per turn/);
    assert.equal(model.requests[4]!.body.messages.at(-1)?.content, "total=2");

    // What reached the server: the model, sampling, thinking, tools from the Zod schema, one call at a time.
    const sent = model.requests[0]!.body;
    assert.equal(sent.model, "m-1");
    assert.equal(sent.temperature, 0.3);
    assert.equal(sent.top_p, 0.9);
    assert.equal(sent.max_tokens, 64);
    assert.equal(sent.thinking_mode, "think");
    assert.equal(sent.thinking_budget, 128);
    assert.equal(sent.tool_choice, "required");
    assert.equal(sent.parallel_tool_calls, false);
    assert.deepEqual(sent.tools, [
      {
        type: "function",
        function: {
          name: "add",
          description: "Add n to the total.",
          parameters: { type: "object", properties: { n: { type: "integer", minimum: 1, maximum: 3, description: "How much to add" } }, required: ["n"] },
        },
      },
    ]);

    // Usage: summed in the metrics, and on each LM call of the trace.
    assert.deepEqual(body.metrics.details.usage, { prompt_tokens: 5 * MODEL_USAGE.prompt_tokens, completion_tokens: 5 * MODEL_USAGE.completion_tokens, total_tokens: 5 * MODEL_USAGE.total_tokens });
    const trace = SessionTraceV3.parse(body.trace);
    const calls = trace.event_history.filter((e) => e.event_type === "cais");
    assert.equal(calls.length, 5);
    assert.ok(calls.every((c: any) => c.input_tokens === MODEL_USAGE.prompt_tokens && c.total_tokens === MODEL_USAGE.total_tokens));
    const errors = trace.session_time_steps.flatMap((s) => s.markov_blanket_messages).filter((m: any) => m.message_type === "tool_result" && m.metadata?.error === true);
    assert.equal(errors.length, 4);
    assert.deepEqual(
      errors.map((m: any) => m.metadata.arguments),
      ["{not json", '{"n":1}', '{"n":9}', '{"n":3}'],
    );
    // Judged per turn: a turn with a bad call scores 0.
    assert.equal(body.metrics.details.judges.events, undefined);
  });
});

describe("requests the environment refuses", () => {
  for (const [config, key] of [
    [{ start: true }, "env.config.start"],
    [{ start: 1.5 }, "env.config.start"],
    [{ label: "c" }, "env.config.label"],
  ] as const)
    it(`env.config ${JSON.stringify(config)} is a 422 naming ${key}, on both wires`, async () => {
      const legacy = await rollout({ env: { seed: 1, config }, policy: { config: {} } });
      assert.equal(legacy.status, 422, JSON.stringify(legacy.body));
      assert.equal(legacy.body.detail.error.code, "invalid_request");
      assert.equal(legacy.body.detail.error.issues[0].path, key);
      const res = await server.request("/rollout", { method: "POST", headers, body: JSON.stringify({ trace_correlation_id: "t-1", env: { seed: 1, config }, policy: {} }) });
      assert.equal(res.status, 422);
      assert.equal(((await res.json()) as any).detail.error.issues[0].path, key);
    });
});

describe("the scripted policy and the task info", () => {
  it("runs offline when no inference server is named, recorded as the scripted model", async () => {
    const { status, body } = await rollout({ env: { seed: 0, config: { start: 1 } }, policy: { config: {} }, record: { return_trace: true, trace_format: "full" } });
    assert.equal(status, 200);
    assert.deepEqual(body.trajectories[0].steps.map((s: any) => s.obs.total), [1, 4]);
    assert.equal(body.metrics.episode_returns[0], 6);
    assert.equal(body.metrics.outcome_score, null);
    const calls = SessionTraceV3.parse(body.trace).event_history.filter((e) => e.event_type === "cais");
    assert.ok(calls.every((c: any) => c.model_name === "scripted" && c.provider === "task-app"));
  });

  it("a tool that changes the state in place: each step records the state before and after it, the trajectory the observation each answer was taken on, and observe runs once per state", async () => {
    let observed = 0;
    const inPlace = defineEnvironment({
      appId: "in-place",
      name: "In place",
      system: "Push.",
      reset: () => ({ pushes: 0 }),
      observe: (state) => (observed++, `pushes=${state.pushes}`),
      tools: { push: { description: "Push once.", args: z.object({}), run: (_args, state) => (state.pushes++, { state, result: { pushes: state.pushes }, reward: 1 }) } },
      maxTurns: 3,
      scripted: () => ({ tool: "push", args: {} }),
    });
    const res = await createTaskAppServer(inPlace, { env: { ENVIRONMENT_API_KEY: KEY } }).request("/rollout", {
      method: "POST",
      headers,
      body: JSON.stringify({ run_id: "r-in-place", ops: [], env: { seed: 0 }, policy: { config: {} }, record: { return_trace: true, trace_format: "full" } }),
    });
    const body = (await res.json()) as any;
    assert.equal(res.status, 200);
    assert.deepEqual(body.trajectories[0].steps.map((s: any) => s.obs.observation), ["pushes=0", "pushes=1", "pushes=2"]);
    const trace = SessionTraceV3.parse(body.trace);
    const steps = trace.event_history.filter((e: any) => e.event_type === "environment") as any[];
    assert.deepEqual(steps.map((e) => [e.system_state_before.observation, e.system_state_after.observation]), [["pushes=0", "pushes=1"], ["pushes=1", "pushes=2"], ["pushes=2", "pushes=3"]]);
    const asked = trace.event_history.filter((e: any) => e.event_type === "cais").map((e: any) => e.call_records[0].input_messages.at(-1).parts[0].text);
    assert.deepEqual(asked, ["pushes=0", "pushes=1", "pushes=2"]);
    // The start, each state after a step, the final record: not once for each of the message, the step's before and after and the trajectory.
    assert.equal(observed, 5);
  });

  it("advertises the tools' JSON Schemas in /task_info", async () => {
    const res = await server.request("/task_info?seed=0", { headers });
    const info = (await res.json()) as any;
    assert.equal(info.action_space.tools[0].name, "add");
    assert.deepEqual(info.action_space.tools[0].parameters.required, ["n"]);
    assert.equal(info.observation.total, 0);
  });
});

describe("an inference server that fails", () => {
  it("is retried on 429 (honouring Retry-After) and 5xx, then the rollout goes on", async () => {
    const model = await startFakeModel((_r, i) => (i === 0 ? { status: 429, retryAfter: "0" } : i === 1 ? { status: 503 } : { message: callMessage("add", { n: 3 }) }));
    try {
      const { status, body } = await rollout({ env: { seed: 0, config: { start: 2 } }, policy: { config: { inference_url: model.url } } });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.metrics.episode_returns[0], 3);
      assert.equal(model.requests.length, 3);
    } finally {
      await model.close();
    }
  });

  it("fails the rollout with an error id after the last attempt, and a 400 is not retried", async () => {
    const model = await startFakeModel(() => ({ status: 400, body: '{"error":"bad request"}' }));
    try {
      const { status, body } = await rollout({ env: { seed: 0 }, policy: { config: { inference_url: model.url } } });
      assert.equal(status, 500);
      assert.equal(body.detail.error.code, "rollout_failed");
      assert.match(body.detail.error.error_id, /^[0-9a-f-]{36}$/);
      assert.equal(model.requests.length, 1);
    } finally {
      await model.close();
    }
  });
});

describe("the vendor key under INFERENCE_KEY_HOSTS", () => {
  it("goes to the model server only when the process environment allows its origin, read for each rollout", async () => {
    const model = await startFakeModel(() => ({ message: callMessage("add", { n: 3 }) }));
    const saved = { key: process.env.OPENAI_API_KEY, hosts: process.env.INFERENCE_KEY_HOSTS };
    const restore = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));
    try {
      process.env.OPENAI_API_KEY = "sk-vendor-x7q";
      delete process.env.INFERENCE_KEY_HOSTS;
      const refused = await rollout({ env: { seed: 0, config: { start: 2 } }, policy: { config: { inference_url: model.url } } });
      assert.equal(refused.status, 200, JSON.stringify(refused.body));
      assert.ok(model.requests.length > 0 && model.requests.every((r) => r.headers.authorization === undefined), "no key to a host not allowed");
      const before = model.requests.length;
      process.env.INFERENCE_KEY_HOSTS = new URL(model.url).origin;
      const allowed = await rollout({ env: { seed: 0, config: { start: 2 } }, policy: { config: { inference_url: model.url } } });
      assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
      const sent = model.requests.slice(before);
      assert.ok(sent.length > 0 && sent.every((r) => r.headers.authorization === "Bearer sk-vendor-x7q"), "the key to the allowed origin");
    } finally {
      restore("OPENAI_API_KEY", saved.key);
      restore("INFERENCE_KEY_HOSTS", saved.hosts);
      await model.close();
    }
  });
});

describe("the chat client under the outgoing policy", () => {
  const body = { model: "m", messages: [{ role: "user" as const, content: "hi" }] };
  const answer = JSON.stringify({ choices: [{ message: { role: "assistant", content: "ok" } }], usage: MODEL_USAGE });

  it("follows a redirect within the origin (the body kept on a 307) and refuses one to another origin, sending nothing there, without a retry", async () => {
    const elsewhere = await startLoopback((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(answer), "127.0.0.2");
    const server = await startLoopback((req, res) => {
      if (req.path === "/v1/chat/completions") return void res.writeHead(307, { location: "/v2/chat/completions" }).end();
      if (req.path === "/v2/chat/completions") return void res.writeHead(200, { "content-type": "application/json" }).end(answer);
      res.writeHead(307, { location: `${elsewhere.url}/v1/chat/completions` }).end();
    });
    try {
      const same = await createChatCompletion(`${server.url}/v1`, body, { apiKey: KEY, allowedHosts: [server.url] });
      assert.equal(same.message.content, "ok");
      assert.deepEqual(server.seen.map((r) => [r.method, r.path]), [["POST", "/v1/chat/completions"], ["POST", "/v2/chat/completions"]]);
      assert.equal(JSON.parse(server.seen[1]!.body).model, "m");
      assert.equal(server.seen[1]!.headers.authorization, `Bearer ${KEY}`);
      await assert.rejects(createChatCompletion(`${server.url}/other`, body, { apiKey: KEY, allowedHosts: [server.url] }), (error: Error) => {
        assert.equal(error.name, "InferenceError");
        assert.match(error.message, /refused a 307 redirect .* to http:\/\/127\.0\.0\.2:\d+/);
        return true;
      });
      assert.equal(elsewhere.seen.length, 0);
      assert.equal(server.seen.filter((r) => r.path.startsWith("/other")).length, 1);
    } finally {
      await server.close();
      await elsewhere.close();
    }
  });

  it("stops reading an answer past the cap, and gives up on a server that never answers", async () => {
    const big = await startLoopback((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(`{"pad":"${"x".repeat(64 * 1024)}"}`));
    const silent = await startLoopback(() => new Promise(() => undefined));
    try {
      await assert.rejects(createChatCompletion(big.url, body, { maxResponseBytes: 1024 }), /larger than 1024 bytes/);
      assert.equal(big.seen.length, 1, "an answer over the cap is not retried");
      await assert.rejects(createChatCompletion(silent.url, body, { timeoutMs: 200, attempts: 2, maxDelayMs: 10 }), /no answer within 0\.2 s/);
      assert.equal(silent.seen.length, 2);
    } finally {
      await big.close();
      await silent.close();
    }
  });

  it("an answer that is not JSON fails at once, a refused connection is tried again, and an abort ends the wait with its reason", async () => {
    const garbled = await startLoopback((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end("{not json"));
    const silent = await startLoopback(() => new Promise(() => undefined));
    const closed = await startLoopback(() => undefined);
    const closedUrl = closed.url;
    await closed.close();
    try {
      await assert.rejects(createChatCompletion(garbled.url, body), (error: Error) => error.name === "InferenceError" && /not JSON/.test(error.message));
      // An answer cut short: its connection closes mid-body, and the call fails (after its tries) instead of waiting.
      const cut = await startLoopback((_req, res, socket) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('{"choices":[', () => socket.destroy());
      });
      try {
        await assert.rejects(createChatCompletion(cut.url, body, { attempts: 2, maxDelayMs: 10, timeoutMs: 5000 }), (error: Error) => error.name === "InferenceError" && /the connection closed mid-answer/.test(error.message));
        assert.equal(cut.seen.length, 2, "a connection closed mid-answer is tried again");
      } finally {
        await cut.close();
      }
      assert.equal(garbled.seen.length, 1, "a 2xx answer that is not JSON is not retried");
      await assert.rejects(createChatCompletion(closedUrl, body, { attempts: 2, maxDelayMs: 10 }), (error: Error) => error.name === "InferenceError" && /ECONNREFUSED/.test(error.message));
      const controller = new AbortController();
      const waiting = createChatCompletion(silent.url, body, { signal: controller.signal, attempts: 3 });
      waiting.catch(() => undefined); // its rejection is checked below
      // Aborted once the server has the request: after a fixed 50 ms a loaded machine had not yet delivered it (seen 0).
      while (silent.seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort(new Error("the rollout was cancelled"));
      await assert.rejects(waiting, /the rollout was cancelled/);
      assert.equal(silent.seen.length, 1, "an aborted call is not tried again");
      await assert.rejects(createChatCompletion(silent.url, body, { signal: controller.signal }), /the rollout was cancelled/, "a signal aborted before the call");
      assert.equal(silent.seen.length, 1);
    } finally {
      await garbled.close();
      await silent.close();
    }
  });

  it("each request keeps its own deadline: a short one ends on time while a long one waits, and an answered one is not ended later", async () => {
    const silent = await startLoopback(() => new Promise(() => undefined));
    const quick = await startLoopback((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ choices: [{ message: { role: "assistant", content: "ok" } }] })));
    try {
      const started = performance.now();
      const long = createChatCompletion(silent.url, body, { timeoutMs: 1500, attempts: 1 });
      const answered = await createChatCompletion(quick.url, body, { timeoutMs: 100, attempts: 1 });
      assert.equal(answered.message.content, "ok");
      await assert.rejects(createChatCompletion(silent.url, body, { timeoutMs: 150, attempts: 1 }), /no answer within 0\.15 s/);
      const short = performance.now() - started;
      assert.ok(short < 1200, `the 150 ms deadline ended after ${short.toFixed(0)} ms, not with the 1.5 s one`);
      await assert.rejects(long, /no answer within 1\.5 s/);
      assert.ok(performance.now() - started >= 1450, "the long deadline was not cut short");
    } finally {
      await silent.close();
      await quick.close();
    }
  });
});
