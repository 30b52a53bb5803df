/**
 * One app, both rollout wires, in-process through the fetch handler: the era
 * told by shape, answered in that era's shape from one executor API; the
 * container era's failures as success_status, context overrides checked and
 * reported, the correlation id echoed and in the traced session; /health and
 * /info advertise the wires and never any part of a key.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import { ContainerRolloutResponse } from "../src/schemas/container-rollout.js";
import { ErrorBody } from "../src/schemas/errors.js";
import { RolloutResponse } from "../src/schemas/rollout.js";
import type { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { createLogger, createTaskAppServer } from "../src/server/index.js";
import { createMathApp } from "./fixtures/apps/math.js";

const KEY = "sk_env_q8w2z5x7k3";
const env = { ENVIRONMENT_API_KEY: KEY };
const headers = { "x-api-key": KEY, "content-type": "application/json" };
const legacy = { run_id: "run-1", env: { env_name: "math", seed: 4 }, policy: { policy_id: "p1", config: { inference_url: "http://127.0.0.1:1/v1" } }, ops: [] };
const container = { trace_correlation_id: "  trace_abc  ", env: { env_name: "math", seed: 4 }, policy: { policy_id: "p1", config: { inference_url: "http://127.0.0.1:1/v1" } } };

type Server = ReturnType<typeof createTaskAppServer>;
const post = (server: Server, body: unknown) => server.request("/rollout", { method: "POST", headers, body: JSON.stringify(body) });

/** A logger whose lines are kept. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger("info", stream), lines };
}

test("a container-era request gets a container-era answer from the same executor", async () => {
  const sessions: SessionTraceV3[] = [];
  const server = createTaskAppServer(createMathApp(), { env, traceSink: (s) => void sessions.push(s) });
  const res = await post(server, container);
  assert.equal(res.status, 200);
  const raw = (await res.json()) as Record<string, unknown>;
  for (const key of ["metrics", "run_id", "trajectories", "ops_executed"]) assert.ok(!(key in raw), `no ${key} in a container answer`);
  const body = ContainerRolloutResponse.parse(raw);
  assert.equal(body.trace_correlation_id, "trace_abc", "echoed, trimmed as synth-ai trims it");
  assert.equal(body.reward_info.outcome_reward, 1.5);
  assert.deepEqual(body.reward_info.outcome_objectives, { reward: 1.5 });
  assert.deepEqual(body.reward_info.event_rewards, [1]);
  assert.equal(body.reward_info.details.outcome_score, 1);
  assert.equal(body.inference_url, "http://127.0.0.1:1/v1");
  assert.equal(body.success_status, undefined, "absent means success");
  assert.equal((body.trace?.metadata as Record<string, unknown>).trace_correlation_id, "trace_abc");
  assert.ok(Array.isArray(body.trace?.event_history), "the trace is a SessionTrace");
  assert.equal(sessions.length, 1);
  assert.equal(sessions[0]!.metadata.trace_correlation_id, "trace_abc", "the stored session carries the correlation id");
});

test("a 0.2.x request still gets a 0.2.x answer, without container-only fields", async () => {
  const inner = createMathApp().rollout;
  const app = createMathApp({ rollout: async (request, ctx) => ({ ...(await inner(request, ctx)), outcome_objectives: { reward: 9 }, success_status: "success" as const, artifact: [{ content: "x" }] }) });
  const server = createTaskAppServer(app, { env });
  const res = await post(server, legacy);
  assert.equal(res.status, 200);
  const raw = (await res.json()) as Record<string, unknown>;
  for (const key of ["reward_info", "outcome_objectives", "success_status", "artifact"]) assert.ok(!(key in raw), `no ${key} on the 0.2.x wire`);
  assert.equal(RolloutResponse.parse(raw).metrics.mean_return, 1.5);
  // A correlation id makes it the container era, run_id and ops beside it or not (as synth-ai's servers tell it).
  const both = await post(server, { ...legacy, trace_correlation_id: "t" });
  const mixed = (await both.json()) as object;
  assert.ok("reward_info" in mixed && !("metrics" in mixed));
});

test("the executor's objectives, artifacts and status reach the container answer; it sees the wire and the correlation id", async () => {
  const inner = createMathApp().rollout;
  const seen: unknown[] = [];
  const app = createMathApp({ rollout: async (request, ctx) => {
    seen.push({ wire: ctx.wire, id: ctx.traceCorrelationId, run: request.run_id, tracer: ctx.tracer.metadata.trace_correlation_id });
    return {
      ...(await inner(request, ctx)),
      outcome_reward: 0.25,
      outcome_objectives: { reward: 0.25, latency: 0.9 },
      instance_objectives: [{ reward: 0.25 }],
      artifact: [{ content: { answer: 3 }, content_type: "application/json" }],
      success_status: "failure" as const,
      status_detail: "wrong answer format",
    };
  } });
  const server = createTaskAppServer(app, { env });
  const body = ContainerRolloutResponse.parse(await (await post(server, container)).json());
  assert.deepEqual(seen, [{ wire: "container", id: "trace_abc", run: "trace_abc", tracer: "trace_abc" }]);
  assert.equal(body.reward_info.outcome_reward, 0.25);
  assert.deepEqual(body.reward_info.outcome_objectives, { reward: 0.25, latency: 0.9 });
  assert.deepEqual(body.reward_info.instance_objectives, [{ reward: 0.25 }]);
  assert.deepEqual(body.artifact?.[0]?.content, { answer: 3 });
  assert.equal(body.success_status, "failure");
  assert.equal(body.status_detail, "wrong answer format");
  const legacyCtx: unknown[] = [];
  const plain = createMathApp({ rollout: (request, ctx) => {
    legacyCtx.push([ctx.wire, ctx.traceCorrelationId, ctx.contextOverrides.length]);
    return inner(request, ctx);
  } });
  await post(createTaskAppServer(plain, { env }), legacy);
  assert.deepEqual(legacyCtx, [["0.2", undefined, 0]]);
});

test("an executor failure is runtime_error with the logged error id in the container era, 500 on 0.2.x", async () => {
  const { logger, lines } = captureLog();
  const server = createTaskAppServer(createMathApp({ rollout: () => Promise.reject(new Error(`boom ${KEY}`)) }), { env, logger });
  const res = await post(server, container);
  assert.equal(res.status, 200);
  const text = await res.text();
  assert.ok(!text.includes(KEY) && !text.includes("boom"), "nothing of the error text is sent");
  const body = ContainerRolloutResponse.parse(JSON.parse(text));
  assert.equal(body.success_status, "runtime_error");
  assert.equal(body.reward_info.outcome_reward, 0);
  const id = /error id ([0-9a-f-]{36})/.exec(body.status_detail ?? "")?.[1];
  assert.ok(id, body.status_detail ?? "");
  assert.ok(lines.some((l) => l.error_id === id), "the id is the logged one");
  const old = await post(server, legacy);
  assert.equal(old.status, 500);
  assert.equal(ErrorBody.parse(await old.json()).detail.error.code, "rollout_failed");
  const invalid = createTaskAppServer(createMathApp({ rollout: () => ({ run_id: "x" }) as never }), { env });
  const bad = ContainerRolloutResponse.parse(await (await post(invalid, container)).json());
  assert.equal(bad.success_status, "runtime_error");
  assert.match(bad.status_detail ?? "", /invalid result \(error id /);
});

test("a timeout is success_status timeout in the container era, 504 on 0.2.x", async () => {
  const slow = createMathApp({ rollout: (_r, ctx) => new Promise((_, reject) => ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason))) });
  const server = createTaskAppServer(slow, { env });
  const res = await post(server, { ...container, safety: { max_time_s: 1 } });
  assert.equal(res.status, 200);
  const body = ContainerRolloutResponse.parse(await res.json());
  assert.equal(body.success_status, "timeout");
  assert.match(body.status_detail ?? "", /exceeded 1s \(error id [0-9a-f-]{36}\)/);
  assert.equal((await post(server, { ...legacy, safety: { max_time_s: 1 } })).status, 504);
});

test("context overrides: accepted ones reach the executor, each is reported in request order", async () => {
  const inner = createMathApp().rollout;
  let handed: unknown;
  const app = createMathApp({ overrideEnv: ["STRATEGY"], rollout: async (request, ctx) => {
    handed = ctx.contextOverrides.map((o) => o.override_id);
    return { ...(await inner(request, ctx)), override_application_results: [{ override_id: "a", overall_status: "applied" as const, file_artifacts: { "AGENTS.md": { status: "applied" } } }] };
  } });
  const server = createTaskAppServer(app, { env });
  const overrides = [
    { override_id: "a", file_artifacts: { "AGENTS.md": "# be brief" }, env_vars: { STRATEGY: "x" } },
    { override_id: "b", file_artifacts: { "skills/a.yaml": "k: v" }, preflight_script: "#!/bin/bash\necho hi" },
  ];
  const body = ContainerRolloutResponse.parse(await (await post(server, { ...container, context_overrides: overrides, override_bundle_id: "bundle-1" })).json());
  assert.deepEqual(handed, ["a", "b"]);
  assert.deepEqual(body.override_application_results?.map((r) => [r.override_id, r.overall_status]), [["a", "applied"], ["b", "skipped"]]);
  assert.match(body.override_application_results?.[1]?.errors[0]?.message ?? "", /did not report/);
});

test("a refused context override stops the rollout: apply_failed, each override's reason, the executor never runs", async () => {
  let ran = false;
  const server = createTaskAppServer(createMathApp({ rollout: () => ((ran = true), { run_id: "x" }) as never }), { env });
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [{ file_artifacts: { "../etc/passwd": "x" } }, "path_traversal", /contains "\.\."/],
    [{ file_artifacts: { "/etc/passwd": "x" } }, "path_traversal", /not relative/],
    [{ file_artifacts: { "C:\\x": "x" } }, "path_traversal", /not relative/],
    [{ env_vars: { PATH: "/evil" } }, "validation", /PATH is not allowed/],
    [{ env_vars: { LD_PRELOAD: "/evil.so" } }, "validation", /LD_PRELOAD is not allowed/],
    [{ env_vars: { DYLD_INSERT_LIBRARIES: "x" } }, "validation", /not allowed/],
    [{ env_vars: { "1BAD": "x" } }, "validation", /must start with a letter/],
    [{ preflight_script: "rm -rf /" }, "validation", /#! line/],
    [{ file_artifacts: { "big.txt": "x".repeat(1024 * 1024 + 1) } }, "size_limit", /larger than/],
  ];
  for (const [bad, type, message] of cases) {
    const res = await post(server, { ...container, context_overrides: [{ override_id: "ok", file_artifacts: { "a.md": "x" } }, { override_id: "bad", ...bad }] });
    assert.equal(res.status, 200, JSON.stringify(bad).slice(0, 80));
    const body = ContainerRolloutResponse.parse(await res.json());
    assert.equal(body.success_status, "apply_failed");
    const [ok, refused] = body.override_application_results ?? [];
    assert.equal(ok?.overall_status, "skipped");
    assert.equal(refused?.overall_status, "failed");
    assert.equal(refused?.error_type, type);
    assert.match(refused?.error_message ?? "", message);
  }
  assert.equal(ran, false);
});

test("container-era bodies that break the schema get 422 with paths", async () => {
  const server = createTaskAppServer(createMathApp(), { env });
  const cases: [unknown, string][] = [
    [{ ...container, trace_correlation_id: "   " }, "trace_correlation_id"],
    [{ ...container, trace_correlation_id: "" }, "trace_correlation_id"],
    [{ trace_correlation_id: "t", policy: {} }, "env"],
    [{ ...container, safety: { max_time_s: 1.5 } }, "safety.max_time_s"],
    [{ ...container, context_overrides: [{ file_artifacts: { a: 1 } }] }, "context_overrides[0].file_artifacts.a"],
    [{ ...container, policy: { output_mode: "json" } }, "policy.output_mode"],
  ];
  for (const [body, path] of cases) {
    const res = await post(server, body);
    assert.equal(res.status, 422, JSON.stringify(body));
    const error = ErrorBody.parse(await res.json()).detail.error;
    assert.equal(error.code, "invalid_request");
    assert.match(error.message, /container-era/);
    assert.ok((error.issues as { path: string }[]).some((i) => i.path === path), `${path} in ${JSON.stringify(error.issues)}`);
  }
  const many = await post(server, { ...container, context_overrides: Array.from({ length: 65 }, () => ({})) });
  assert.equal(many.status, 422);
  assert.equal(ErrorBody.parse(await many.json()).detail.error.code, "limit_exceeded");
});

test("/health and /info advertise both wires and the version, never any part of the key", async () => {
  const server = createTaskAppServer(createMathApp({ wire: "container" }), { env });
  for (const path of ["/health", "/info"]) {
    const res = await server.request(path, { headers: { "x-api-key": KEY } });
    const text = await res.text();
    for (let i = 0; i + 6 <= KEY.length; i++) assert.ok(!text.includes(KEY.slice(i, i + 6)), `${path} leaks ${KEY.slice(i, i + 6)}`);
    assert.ok(!text.includes("expected_prefix"));
    const body = JSON.parse(text) as { rollout_wire: unknown; version?: string };
    assert.deepEqual(body.rollout_wire, { preferred: "container", supported: ["0.2", "container"] });
    if (path === "/health") assert.equal(body.version, "1.0.0");
  }
  const plain = createTaskAppServer(createMathApp(), { env });
  const info = (await (await plain.request("/info", { headers: { "x-api-key": KEY } })).json()) as { rollout_wire: { preferred: string } };
  assert.equal(info.rollout_wire.preferred, "0.2");
});

test("a variable is set only when the app allows it (names or prefixes), never one that decides what runs", async () => {
  const post1 = async (server: ReturnType<typeof createTaskAppServer>, env_vars: Record<string, string>) => {
    const body = ContainerRolloutResponse.parse(await (await post(server, { ...container, context_overrides: [{ override_id: "v", env_vars }] })).json());
    return body.override_application_results?.[0];
  };
  // Variables that decide what runs or loads, none on the old deny-list: refused by default.
  const deciding = {
    JAVA_TOOL_OPTIONS: "-javaagent:/tmp/x.jar", PYTHONWARNINGS: "ignore", PERLLIB: "/tmp", LUA_INIT: "@/tmp/x.lua", PROMPT_COMMAND: "curl x", DOTNET_STARTUP_HOOKS: "/tmp/x.dll",
    GLIBC_TUNABLES: "glibc.malloc.check=3", LESSOPEN: "|/tmp/x %s", ZDOTDIR: "/tmp", GIT_SSH_COMMAND: "sh -c x", GIT_CONFIG_GLOBAL: "/tmp/gitconfig", npm_config_node_options: "--require /tmp/x.js",
    HOME: ".", HTTPS_PROXY: "http://127.0.0.1:9", NODE_EXTRA_CA_CERTS: "/tmp/ca.pem",
  };
  const closed = createTaskAppServer(createMathApp(), { env });
  for (const [name, value] of Object.entries(deciding)) {
    const status = await post1(closed, { [name]: value });
    assert.equal(status?.overall_status, "failed", name);
    assert.match(status?.errors[0]?.message ?? "", new RegExp(`setting ${name} is not allowed: this task app allows no variables`));
  }
  const open = createTaskAppServer(createMathApp({ overrideEnv: ["AGENT_*", "STRATEGY", "LD_*"] }), { env });
  assert.equal((await post1(open, { AGENT_MODE: "x", STRATEGY: "y" }))?.overall_status, "skipped", "accepted (the executor did not report them)");
  assert.match((await post1(open, { HOME: "." }))?.errors[0]?.message ?? "", /setting HOME is not allowed: this task app allows AGENT_\*, STRATEGY, LD_\*/);
  assert.match((await post1(open, { LD_PRELOAD: "/x.so" }))?.errors[0]?.message ?? "", /changes which program runs/, "the floor holds even when listed");
});
