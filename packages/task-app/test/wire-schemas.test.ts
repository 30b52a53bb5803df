import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { createErrorBody, ErrorBody } from "../src/schemas/errors.js";
import { TaskDatasetSpec } from "../src/schemas/dataset.js";
import { Rubric, RubricBundle } from "../src/schemas/rubric.js";
import { CompactTrace, FullTrace, Trace, TraceEnvelopeV3 } from "../src/schemas/trace.js";
import { RolloutRequest, RolloutResponse } from "../src/schemas/rollout.js";
import { AnyTaskInfo, TaskInfo } from "../src/schemas/task-info.js";
import { TaskAppConfig } from "../src/schemas/task-app.js";
import { corpusDir } from "./helpers/corpus.js";

const payloadDir = join(corpusDir(), "payloads");
const payloads = existsSync(payloadDir)
  ? readdirSync(payloadDir).map((f) => JSON.parse(readFileSync(join(payloadDir, f), "utf8")) as Record<string, unknown>)
  : [];
const NO_PAYLOADS = existsSync(payloadDir) ? undefined : `synth-ai compat payloads not found at ${payloadDir} (set SYNTH_AI_COMPAT_DIR)`;

/** A request as a 0.2.13 Python client sends it: model_dump() with nulls, ops, no mode. */
const windowRequest = {
  run_id: "eval-1",
  env: { env_id: null, env_name: "math", config: { split: "train", index: 3 }, seed: 3 },
  policy: { policy_id: null, policy_name: "math-react", config: { model: "Qwen/Qwen3-4B", inference_url: "http://x/v1", my_key: 1 } },
  ops: [],
  record: { trajectories: true, logprobs: false, value: false, return_trace: true, trace_format: "compact" },
  on_done: "reset",
  safety: { max_ops: 100000, max_time_s: 3600.0 },
  training_session_id: null,
  synth_base_url: null,
  unknown_top: "dropped",
};

const fullTrace = {
  session_id: "s1",
  created_at: "2025-10-01T00:00:00Z",
  session_time_steps: [{ step_id: "t0", step_index: 0, turn_number: 0, events: [], markov_blanket_messages: [], step_metadata: {}, extra: 1 }],
  event_history: [{ system_instance_id: "env", reward: 1 }],
  markov_blanket_message_history: [{ content: { text: "hi" }, message_type: "user", time_record: { event_time: 0 }, metadata: {} }],
  metadata: {},
  session_metadata: [],
};

const windowResponse = {
  run_id: "eval-1",
  trajectories: [{ env_id: "e", policy_id: "p", steps: [{ obs: { q: "1+1" }, tool_calls: [{ tool: "answer", args: { a: "2" } }], reward: 1, done: true, logprob: -0.1 }], final: null, length: 1 }],
  branches: {},
  metrics: { episode_returns: [1], mean_return: 1, num_steps: 1, num_episodes: 1, outcome_score: null, events_score: null, details: {} },
  aborted: false,
  ops_executed: 2,
  trace: payloads[0],
};

const laterResponse = {
  run_id: "r2",
  metrics: { episode_returns: [0.5], mean_return: 0.5, num_steps: 2 },
  trace: { version: 3, session_trace: fullTrace, run_id: "r2", reward: 0.5 },
  trace_correlation_id: "trace_abc",
  pipeline_metadata: { inference_url: "http://x/v1/chat/completions?cid=trace_abc" },
};

const fullTaskInfo = {
  task: { id: "math", name: "Math", version: "1.0.0", description: "Arithmetic" },
  environment: "math",
  environments: ["math"],
  action_space: { type: "tool_call", tools: [{ name: "answer" }], max_calls: 1 },
  observation: { summary: "A problem", keys: ["problem"] },
  dataset: { id: "math", name: "Math", splits: ["train", "test"], default_split: "train", seed_range: [0, 99] },
  rubric: { version: "1", criteria_count: 1, source: "inline" },
  inference: { supports_proxy: false, endpoints: { openai: "/proxy/v1/chat/completions" } },
  capabilities: { supports_rollout: true, supports_env_lifecycle: false, requires_api_key_header: true },
  limits: { max_turns: 1, max_time_s: 60 },
};

test("compact trace payloads from synth-ai parse as CompactTrace and survive a RolloutResponse unchanged", { skip: NO_PAYLOADS }, () => {
  assert.ok(payloads.length >= 2);
  for (const p of payloads) {
    assert.deepEqual(CompactTrace.parse(p), p);
    const parsed = RolloutResponse.parse({ ...windowResponse, trace: p });
    assert.deepEqual(parsed.trace, p);
  }
});

test("full and v3 traces parse as their shapes; any object is still a trace; nothing is dropped", () => {
  assert.deepEqual(FullTrace.parse(fullTrace), fullTrace);
  const env = { version: 3, session_trace: fullTrace, run_id: "r", policy_id: "p", reward: 1, episode_returns: [1], mean_return: 1, num_steps: 1, extra: { a: 1 } };
  assert.deepEqual(TraceEnvelopeV3.parse(env), env);
  assert.ok(!TraceEnvelopeV3.safeParse({ version: 2, session_trace: fullTrace }).success);
  const odd = { something: ["else"], nested: { deep: true } };
  assert.deepEqual(Trace.parse(odd), odd);
  assert.ok(!Trace.safeParse([1, 2]).success, "a trace is an object");
  assert.equal(RolloutResponse.parse({ ...windowResponse, trace: null }).trace, null);
});

test("a 0.2.13 request (nulls, ops, no mode) parses: unknown keys dropped, mode defaults to rl, policy extras kept", () => {
  const r = RolloutRequest.parse(windowRequest);
  assert.equal(r.mode, "rl");
  assert.deepEqual(r.ops, []);
  assert.equal("unknown_top" in r, false);
  assert.equal(r.env.seed, 3);
  assert.equal(r.policy.config.my_key, 1);
  assert.equal(r.policy.config.model, "Qwen/Qwen3-4B");
});

test("a later request (mode, no ops, minimal) parses with every default filled in", () => {
  const r = RolloutRequest.parse({ run_id: "x", env: {}, policy: {}, mode: "eval" });
  assert.equal(r.mode, "eval");
  assert.deepEqual(r.ops, []);
  assert.deepEqual(r.record, { trajectories: true, logprobs: false, value: false, return_trace: false, trace_format: "compact" });
  assert.deepEqual(r.safety, { max_ops: 100000, max_time_s: 3600 });
  assert.equal(r.on_done, "reset");
  assert.deepEqual(r.env.config, {});
});

test("requests with wrong types fail with paths", () => {
  for (const [body, path] of [
    [{ ...windowRequest, env: { seed: 1.5 } }, "env.seed"],
    [{ ...windowRequest, env: { seed: "3" } }, "env.seed"],
    [{ ...windowRequest, run_id: 5 }, "run_id"],
    [{ ...windowRequest, mode: "train" }, "mode"],
    [{ ...windowRequest, ops: [1] }, "ops"],
    [{ ...windowRequest, record: { trace_format: "xml" } }, "record.trace_format"],
    [{ ...windowRequest, policy: { config: { thinking_mode: "maybe" } } }, "policy.config.thinking_mode"],
    [{ run_id: "x", policy: {} }, "env"],
  ] as const) {
    const res = RolloutRequest.safeParse(body);
    assert.ok(!res.success, JSON.stringify(body));
    assert.ok(res.error.issues.some((i) => i.path.join(".") === path), `${path}: ${JSON.stringify(res.error.issues)}`);
  }
});

test("window and later responses both parse; output always has trajectories, inference_url and pipeline_metadata", () => {
  const w = RolloutResponse.parse(windowResponse);
  assert.equal(w.trajectories[0]?.inference_url, "");
  assert.equal("logprob" in (w.trajectories[0]?.steps[0] ?? {}), false, "unknown step keys dropped");
  assert.deepEqual(w.pipeline_metadata, {});
  const l = RolloutResponse.parse(laterResponse);
  assert.deepEqual(l.trajectories, []);
  assert.equal(l.trace_correlation_id, "trace_abc");
  assert.equal(l.metrics.num_episodes, 0);
  assert.deepEqual(l.metrics.details, {});
  assert.deepEqual(l.pipeline_metadata, laterResponse.pipeline_metadata);
});

test("responses with NaN, Infinity or missing metrics fail", () => {
  const bad = [
    { ...laterResponse, metrics: { ...laterResponse.metrics, mean_return: Number.NaN } },
    { ...laterResponse, metrics: { ...laterResponse.metrics, mean_return: Infinity } },
    { run_id: "x" },
    { ...laterResponse, trajectories: [{ env_id: "e" }] },
  ];
  for (const b of bad) assert.ok(!RolloutResponse.safeParse(b).success);
});

test("TaskInfo carries both generations; AnyTaskInfo accepts window-only and later-only shapes", () => {
  const t = TaskInfo.parse({ ...fullTaskInfo, extra_top: 1 });
  assert.equal(t.dataset.seed_range !== undefined, true, "dataset extras kept");
  assert.equal(t.limits.max_time_s, 60);
  assert.deepEqual(t.task_metadata, {});
  const { environment: _e, ...window } = { ...fullTaskInfo, task: { id: "math", version: "1" } };
  assert.ok(!TaskInfo.safeParse(window).success, "window-only info lacks environment and task.name");
  assert.ok(AnyTaskInfo.safeParse(window).success);
  const later = { task: { id: "m", name: "M" }, environment: "m", dataset: {}, rubric: { outcome: { name: "o", criteria: [] } }, inference: {}, limits: { max_turns: 3 } };
  assert.ok(!TaskInfo.safeParse(later).success);
  assert.ok(AnyTaskInfo.safeParse(later).success);
  assert.ok(!AnyTaskInfo.safeParse({ task: {} }).success);
});

test("TaskDatasetSpec requires default_split to be one of splits", () => {
  assert.ok(TaskDatasetSpec.safeParse({ id: "d", name: "D", splits: ["train"], default_split: "train" }).success);
  const bad = TaskDatasetSpec.safeParse({ id: "d", name: "D", splits: ["train"], default_split: "test" });
  assert.ok(!bad.success);
  assert.deepEqual(bad.error.issues[0]?.path, ["default_split"]);
  assert.deepEqual(TaskDatasetSpec.parse({ id: "d", name: "D" }).splits, []);
});

test("Rubric: weight > 0, unique ids, aggregation enum with weighted_sum default", () => {
  const r = Rubric.parse({ version: "1", criteria: [{ id: "a", description: "A" }] });
  assert.equal(r.aggregation, "weighted_sum");
  assert.equal(r.criteria[0]?.weight, 1);
  assert.ok(!Rubric.safeParse({ version: "1", criteria: [{ id: "a", description: "A", weight: 0 }] }).success);
  const dup = Rubric.safeParse({ version: "1", criteria: [{ id: "a", description: "A" }, { id: "a", description: "B" }] });
  assert.ok(!dup.success);
  assert.deepEqual(dup.error.issues[0]?.path, ["criteria", 1, "id"]);
  assert.ok(!Rubric.safeParse({ version: "1", aggregation: "mean" }).success);
  assert.deepEqual(RubricBundle.parse({}), {});
});

test("error bodies keep synth-ai's shape with extra keys", () => {
  const body = createErrorBody("invalid_request", "bad", { issues: [{ path: "a", message: "b" }] });
  assert.deepEqual(ErrorBody.parse(body), body);
  assert.ok(!ErrorBody.safeParse({ detail: [{ loc: ["body"], msg: "x" }] }).success);
});

test("TaskAppConfig checks callbacks are functions and fills defaults", () => {
  const ok = TaskAppConfig.parse({ appId: "a", name: "A", baseTaskInfo: fullTaskInfo, rollout: () => laterResponse });
  assert.equal(ok.requireApiKey, true);
  assert.deepEqual(ok.corsOrigins, []);
  assert.equal(ok.limits.maxBodyBytes, 64 * 1024 * 1024);
  const bad = TaskAppConfig.safeParse({ appId: "a", name: "A", baseTaskInfo: fullTaskInfo, rollout: "nope", app_id: "x" });
  assert.ok(!bad.success);
  const paths = bad.error.issues.map((i) => i.path.join(".") || i.code);
  assert.ok(paths.includes("rollout"), JSON.stringify(paths));
  assert.ok(bad.error.issues.some((i) => i.code === "unrecognized_keys"), "snake_case keys are not TaskAppConfig keys");
});

/** Restates the two generations' pydantic models (CONTRACT.md §5) and validates what we send against both. */
const pythonCheck = String.raw`
import json, sys
from typing import Any, Literal
from pydantic import BaseModel, ConfigDict, Field
class Env(BaseModel):
    env_id: str | None = None; env_name: str | None = None; config: dict[str, Any] = {}; seed: int | None = None
class Pol(BaseModel):
    policy_id: str | None = None; policy_name: str | None = None; config: dict[str, Any] = {}
class Rec(BaseModel):
    trajectories: bool = True; logprobs: bool = False; value: bool = False; return_trace: bool = False
    trace_format: Literal["compact", "full"] = "compact"
class Req(BaseModel):
    run_id: str; env: Env; policy: Pol; ops: list[dict[str, Any]] | list[str]; record: Rec = Rec(); on_done: str = "reset"
class LaterReq(Req):
    mode: Literal["rl", "eval"]
class Step(BaseModel):
    obs: dict[str, Any]; tool_calls: list[dict[str, Any]]; reward: float | None = None; done: bool = False
class Traj(BaseModel):
    env_id: str; policy_id: str; steps: list[Step]; final: dict[str, Any] | None = None; length: int
class LaterTraj(Traj):
    inference_url: str
class Metrics(BaseModel):
    episode_returns: list[float]; mean_return: float; num_steps: int; num_episodes: int = 0
    outcome_score: float | None = None; events_score: float | None = None; details: dict[str, Any] = {}
class Resp(BaseModel):
    run_id: str; trajectories: list[Traj]; branches: dict[str, list[str]] = {}; metrics: Metrics
    aborted: bool = False; ops_executed: int = 0; trace: dict[str, Any] | None = None
class LaterResp(Resp):
    trajectories: list[LaterTraj]; trace_correlation_id: str | None = None; pipeline_metadata: dict[str, Any] = {}
class WindowInfo(BaseModel):
    task: dict[str, Any]; environments: list[str]; action_space: dict[str, Any]; observation: dict[str, Any]
    dataset: dict[str, Any]; rubric: dict[str, Any]; inference: dict[str, Any]; capabilities: dict[str, Any]; limits: dict[str, Any]
class X(BaseModel):
    model_config = ConfigDict(extra="allow")
class Desc(X):
    id: str; name: str; description: str | None = None; version: str | None = None
class LaterInfo(X):
    task: Desc; environment: str; dataset: X; rubric: X; inference: X; limits: X
data = json.load(sys.stdin)
for m, key in [(Req, "request"), (LaterReq, "request"), (Resp, "response"), (LaterResp, "response"), (WindowInfo, "info"), (LaterInfo, "info")]:
    m.model_validate(data[key])
print("ok")
`;

test("what we send validates under both generations' pydantic models", (t) => {
  const probe = spawnSync("python3", ["-c", "import pydantic"]);
  if (probe.status !== 0) return t.skip("python3 with pydantic not available");
  const data = {
    request: RolloutRequest.parse({ run_id: "x", env: {}, policy: {} }),
    response: RolloutResponse.parse(laterResponse),
    info: TaskInfo.parse(fullTaskInfo),
  };
  data.response.trajectories.push(RolloutResponse.parse(windowResponse).trajectories[0]!);
  const run = spawnSync("python3", ["-c", pythonCheck], { input: JSON.stringify(data), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout.trim(), "ok");
});
