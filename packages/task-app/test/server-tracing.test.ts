import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import Database from "libsql";
import {
  buildRolloutMetrics,
  buildRolloutResponse,
  buildTrajectory,
  createLogger,
  createTaskAppServer,
  serve,
  type RolloutContext,
  type TraceSink,
} from "../src/server/index.js";
import { RolloutResponse, type RolloutRequest } from "../src/schemas/rollout.js";
import { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { CompactTrace, TraceEnvelopeV3 } from "../src/schemas/trace.js";
import { openTraceStore } from "../src/traces/store.js";
import { createTraceSink } from "../src/traces/sink.js";
import { createMathApp } from "./fixtures/apps/math.js";
import { assertSessionsComplete } from "./helpers/trace-checks.js";

const KEY = "sk_env_tracing_key_0123456789";
const env = { ENVIRONMENT_API_KEY: KEY };
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const request = (extra: Record<string, unknown> = {}) => ({
  run_id: "run-t",
  env: { env_name: "math", seed: 4 },
  policy: { policy_name: "scripted", config: { model: "scripted" } },
  ops: [],
  ...extra,
});

/** A two-turn executor that records with ctx.tracer and does not set `trace` itself. */
async function tracedExecutor(req: RolloutRequest, { tracer }: RolloutContext) {
  const steps = [];
  for (let turn = 0; turn < 2; turn++) {
    tracer.startTurn();
    const call = tracer.recordLMCall({
      model: "scripted",
      provider: "task-app",
      input: [{ role: "user", content: `turn ${turn}` }],
      output: { role: "assistant", content: null, tool_calls: [{ id: `c${turn}`, type: "function", function: { name: "act", arguments: "{}" } }] },
    });
    const env = tracer.recordEnvironmentEvent({ reward: turn, terminated: turn === 1 });
    tracer.recordEventReward({ eventId: env, rewardValue: turn, rewardType: "achievement_delta", source: "environment", key: "k" });
    tracer.recordEventReward({ eventId: call, rewardValue: 1, rewardType: "evaluator", source: "evaluator", key: "valid" });
    tracer.finishTurn();
    steps.push({ obs: { turn }, tool_calls: [{ tool: "act", args: {} }], reward: turn, done: turn === 1 });
  }
  tracer.recordOutcomeReward({ totalReward: 0.5, achievementsCount: 1 });
  const metrics = buildRolloutMetrics({ episodeReturns: [1], numSteps: 2 });
  return buildRolloutResponse({ request: req, trajectories: [buildTrajectory({ envId: "e", policyId: "p", steps })], metrics });
}

function post(server: { request: (p: string, i: RequestInit) => Response | Promise<Response> }, body: unknown) {
  return server.request("/rollout", { method: "POST", headers, body: JSON.stringify(body) });
}

async function rollout(server: Parameters<typeof post>[0], body: unknown) {
  const res = await post(server, body);
  assert.equal(res.status, 200, await res.clone().text());
  return RolloutResponse.parse(await res.json());
}

function collectingSink() {
  const sessions: SessionTraceV3[] = [];
  const sink: TraceSink = (session, { request, response }) => {
    assert.equal(request.run_id, response.run_id);
    sessions.push(session);
  };
  return { sessions, sink };
}

test("return_trace gives what ctx.tracer recorded, in each trace_format", async () => {
  const server = createTaskAppServer(createMathApp({ rollout: tracedExecutor }), { env });
  const none = await rollout(server, request());
  assert.equal(none.trace, null, "no trace unless asked");

  const compact = CompactTrace.parse((await rollout(server, request({ record: { return_trace: true } }))).trace);
  assert.deepEqual(compact.decision_rewards, [0, 1]);
  assert.deepEqual(compact.lm_calls?.map((c) => [c.turn, c.model, c.provider, c.tool_calls]), [
    [0, "scripted", "task-app", 1],
    [1, "scripted", "task-app", 1],
  ]);

  const full = SessionTraceV3.parse((await rollout(server, request({ record: { return_trace: true, trace_format: "full" } }))).trace);
  assert.equal(full.session_time_steps.length, 2);
  assert.equal(full.event_rewards.length, 4);
  assert.deepEqual(full.outcome_rewards.map((o) => o.total_reward), [0.5]);
  assert.deepEqual(full.metadata, { run_id: "run-t", app_id: "math-test", env_name: "math", seed: 4, policy_name: "scripted", model: "scripted", mode: "rl" });

  const envelope = TraceEnvelopeV3.parse((await rollout(server, request({ record: { return_trace: true, trace_format: "structured" } }))).trace);
  assert.equal(envelope.version, 3);
  assert.equal(envelope.run_id, "run-t");
  assert.equal(envelope.reward, 1);
  assert.ok(SessionTraceV3.safeParse(envelope.session_trace).success);
});

test("a trace the executor set itself is returned unchanged", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const body = await rollout(server, request({ record: { return_trace: true, trace_format: "compact" } }));
  assert.ok(TraceEnvelopeV3.safeParse(body.trace).success, "the fixture app returns its own v3 envelope");
});

test("the sink receives one session per rollout, also when no trace is returned", async () => {
  const { sessions, sink } = collectingSink();
  const server = createTaskAppServer(createMathApp({ rollout: tracedExecutor }), { env, traceSink: sink });
  await rollout(server, request());
  await rollout(server, request({ run_id: "run-2" }));
  const full = await rollout(server, request({ run_id: "run-3", record: { return_trace: true, trace_format: "full" } }));
  assert.equal(sessions.length, 3);
  assert.equal(new Set(sessions.map((s) => s.session_id)).size, 3, "a session id per rollout");
  assert.deepEqual(sessions.map((s) => s.metadata.run_id), ["run-t", "run-2", "run-3"]);
  assert.deepEqual(sessions[2], full.trace, "the sink gets the session that was returned");
  assert.ok(sessions.every((s) => SessionTraceV3.safeParse(JSON.parse(JSON.stringify(s))).success));
});

test("an executor that recorded nothing still gives the sink a session, rebuilt from its trajectories", async () => {
  const { sessions, sink } = collectingSink();
  const server = createTaskAppServer(createMathApp(), { env, traceSink: sink });
  const body = await rollout(server, request());
  const [session] = sessions;
  assert.ok(session);
  assert.equal(session.session_time_steps.length, body.trajectories?.[0]?.steps.length);
  assert.deepEqual(session.markov_blanket_message_history.map((m) => m.message_type), ["user", "tool_use"]);
  assert.deepEqual(session.event_history.map((e) => e.event_type), ["environment"]);
  assert.deepEqual(session.outcome_rewards.map((o) => [o.total_reward, o.total_steps, o.reward_metadata.from]), [[1.5, 1, "rollout_metrics"]]);
  assert.equal(session.metadata.run_id, "run-t");
});

test("a throwing or rejecting sink does not fail the rollout and is logged without secrets", async () => {
  let logged = "";
  const logger = createLogger("info", new Writable({ write(chunk, _enc, cb) { logged += chunk; cb(); } }));
  const sinks: TraceSink[] = [
    () => {
      throw new Error(`store down (key ${KEY})`);
    },
    async () => Promise.reject(new Error(`store down (key ${KEY})`)),
  ];
  for (const traceSink of sinks) {
    const server = createTaskAppServer(createMathApp({ rollout: tracedExecutor }), { env, logger, traceSink });
    const body = await rollout(server, request({ record: { return_trace: true, trace_format: "full" } }));
    assert.ok(SessionTraceV3.safeParse(body.trace).success);
  }
  const failures = logged.split("\n").filter((l) => l.includes("trace sink failed"));
  assert.equal(failures.length, 2, logged);
  assert.ok(!logged.includes(KEY.slice(6)), "the key is redacted");
  assert.match(failures[0]!, /store down/);
});

test("a failed rollout gives the sink nothing; over a real socket the sink runs before the reply", async () => {
  const { sessions, sink } = collectingSink();
  const failing = createTaskAppServer(createMathApp({ rollout: () => { throw new Error("boom"); } }), { env, traceSink: sink });
  assert.equal((await post(failing, request())).status, 500);
  assert.equal(sessions.length, 0);
  const served = await serve(createMathApp({ rollout: tracedExecutor }), { port: 0, env, logLevel: "silent", handleSignals: false, traceSink: sink });
  try {
    const res = await fetch(`${served.url}/rollout`, { method: "POST", headers, body: JSON.stringify(request()) });
    assert.equal(res.status, 200);
    assert.equal(sessions.length, 1, "stored by the time the reply arrives");
  } finally {
    await served.close();
  }
});

test("a sink that checks sessions itself gets them unchecked off the trace path; a SQLite store checks them on its writer thread", async () => {
  // The flag and the context: unchecked only when the session is not also returned (rendering it needs it validated).
  const seen: (false | undefined)[] = [];
  const spy: TraceSink = Object.assign((_: SessionTraceV3, context: { checked?: false }) => void seen.push(context.checked), { checksSessions: true });
  const spied = createTaskAppServer(createMathApp({ rollout: tracedExecutor }), { env, traceSink: spy });
  await rollout(spied, request());
  await rollout(spied, request({ run_id: "run-r", record: { return_trace: true, trace_format: "full" } }));
  assert.deepEqual(seen, [false, undefined]);

  const dir = mkdtempSync(join(tmpdir(), "server-tracing-unchecked-"));
  const store = await openTraceStore(dir, { write: true });
  const lines: string[] = [];
  const logger = createLogger("error", new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }));
  const traces = createTraceSink(store, logger, {});
  try {
    // An executor whose tracer holds what tracing-v3 refuses (a model name that is not a string): stored by nobody, the rollout answered.
    const invalid = async (req: RolloutRequest, ctx: RolloutContext) => {
      ctx.tracer.recordLMCall({ model: 42 as never, input: [], output: { role: "assistant", content: "x" } });
      return tracedExecutor(req, ctx);
    };
    const server = createTaskAppServer(createMathApp({ rollout: tracedExecutor }), { env, traceSink: traces.sink, logger });
    await rollout(server, request());
    await rollout(server, request({ run_id: "run-r", record: { return_trace: true, trace_format: "full" } }));
    const refusing = createTaskAppServer(createMathApp({ rollout: invalid }), { env, traceSink: traces.sink, logger });
    await rollout(refusing, request({ run_id: "run-bad" }));
    assert.deepEqual(traces.stats, { stored: 2, duplicates: 0, failed: 1 });
    assert.match(lines.join(""), /not a tracing-v3 session[\s\S]*model_name/);
    assert.equal(await assertSessionsComplete(store.db), 2);
  } finally {
    await traces.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("while a session waits for its commit, the server holds nothing the tracer recorded (it can be collected before the reply)", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const dir = mkdtempSync(join(tmpdir(), "server-tracing-held-"));
  const store = await openTraceStore(dir, { write: true });
  const traces = createTraceSink(store, undefined, {});
  // What the executor recorded, watched without being held: the tracer and an object of its session.
  const recorded: WeakRef<object>[] = [];
  const watched = async (req: RolloutRequest, ctx: RolloutContext) => {
    const response = await tracedExecutor(req, ctx);
    recorded.push(new WeakRef(ctx.tracer), new WeakRef(ctx.tracer.recordOutcomeReward({ totalReward: 0.5, achievementsCount: 1 })));
    return response;
  };
  const server = createTaskAppServer(createMathApp({ rollout: watched }), { env, traceSink: traces.sink });
  // Another connection holds the file's write lock, so the writer thread's transaction waits (the reply with it).
  const lock = new Database(store.location, { timeout: 10_000 });
  lock.exec("BEGIN IMMEDIATE");
  let replied = false;
  try {
    const reply = Promise.resolve(post(server, request())).then((res) => ((replied = true), res));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    while (recorded.length === 0) await turn();
    await turn(); // the session is handed to the writer thread at the end of the turn it was recorded in
    // deref() keeps its target alive to the end of the turn that called it: the collection runs in a turn of its own.
    const collected = () => recorded.map((ref) => ref.deref() === undefined);
    for (let i = 0; i < 20 && collected().includes(false); i++) {
      await turn();
      gc();
      await turn();
    }
    assert.equal(replied, false, "the reply still waits for the commit");
    assert.deepEqual(collected(), [true, true], "nothing the tracer recorded is held while the write waits");
    lock.exec("ROLLBACK");
    assert.equal((await reply).status, 200);
    assert.deepEqual(traces.stats, { stored: 1, duplicates: 0, failed: 0 });
  } finally {
    if (lock.inTransaction) lock.exec("ROLLBACK");
    lock.close();
    await traces.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
