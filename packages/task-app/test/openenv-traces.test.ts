/**
 * Episodes a trainer steps, traced when `task-app serve --trace` records: a
 * real serve process with a SQLite store, an episode stepped to its end over
 * the OpenEnv WebSocket, one left by a reset and one terminated early over
 * the env lifecycle. Each is one session: every step a turn with the
 * trainer's action as the policy's LM call (model `trainer`), the
 * environment's event with its reward, and the return as the outcome;
 * `task-app traces ls` lists them.
 */
import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import WebSocket from "ws";
import { openTraceStore } from "../src/traces/store.js";
import { runCli } from "./helpers/run-cli.js";
import { startServe } from "./helpers/serve-process.js";

const KEY = "sk_env_Tr4Cd8Ep2Wq6Zn1";
const dir = mkdtempSync(join(tmpdir(), "openenv-traces-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const module = join(dir, "counter.mjs");
writeFileSync(
  module,
  `import { defineEnvironment, z } from ${JSON.stringify(pathToFileURL(resolve("dist/index.js")).href)};
export default defineEnvironment({ appId: "counter", name: "Counter", system: "", maxTurns: 10,
  reset: ({ seed }) => ({ n: seed }), observe: (s) => "n=" + s.n,
  tools: { add: { description: "n + k", args: z.object({ k: z.number().int() }), run: ({ k }, s) => ({ state: { n: s.n + k }, result: { n: s.n + k }, reward: k, done: s.n + k >= 10 }) } } });
`,
);

async function post(url: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "x-api-key": KEY, "content-type": "application/json" }, body: JSON.stringify(body) });
  assert.equal(res.status, 200, path);
  return res.json();
}

test("each stepped episode is one traced session: the trainer's actions as the policy's LM calls, the rewards as the environment's events, the return as the outcome", { timeout: 60_000 }, async () => {
  const db = join(dir, "traces.db");
  const server = await startServe(module, ["--trace", db, "--log-format", "json"], { env: { ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACING_ENABLED: "" } });
  try {
    const ws = new WebSocket(`${server.url.replace("http", "ws")}/openenv/ws`, { headers: { "x-api-key": KEY } });
    await once(ws, "open");
    const ask = async (message: unknown) => {
      const reply = once(ws, "message");
      ws.send(JSON.stringify(message));
      return JSON.parse(String((await reply)[0]));
    };
    // Left by a reset after one step: its session ends there.
    await ask({ type: "reset", data: { seed: 1, episode_id: "ws-left" } });
    await ask({ type: "step", data: { tool: "add", args: { k: 2 } } });
    await ask({ type: "reset", data: { seed: 2, episode_id: "ws-done" } });
    for (const k of [3, 3]) assert.equal((await ask({ type: "step", data: { tool: "add", args: { k } } })).data.done, false);
    assert.equal((await ask({ type: "step", data: { tool: "add", args: { k: 2 } } })).data.done, true);
    ws.close();
    // The env lifecycle: terminated before the end.
    const init = await post(server.url, "/env/counter/initialize", { seed: 0 });
    await post(server.url, "/env/counter/step", { env_id: init.env_id, action: { tool_calls: [{ tool: "add", args: { k: 5 } }] } });
    await post(server.url, "/env/counter/terminate", { env_id: init.env_id });
  } finally {
    assert.equal(await server.kill(), 0, server.output());
  }

  const store = await openTraceStore(db, { mustExist: true });
  let lifecycle: { run_id: string } | undefined;
  try {
    const { rows } = await sql<{ session_id: string; metadata: string }>`SELECT session_id, metadata FROM session_traces`.execute(store.db);
    const byRun = new Map(rows.map((r) => [JSON.parse(r.metadata).run_id as string, { id: r.session_id, metadata: JSON.parse(r.metadata) }]));
    lifecycle = rows.map((r) => JSON.parse(r.metadata)).find((m) => m.wire === "env_lifecycle");
    assert.equal(rows.length, 3, JSON.stringify(rows));
    assert.ok(byRun.has("ws-left") && byRun.has("ws-done") && lifecycle);
    assert.deepEqual([byRun.get("ws-done")!.metadata.seed, byRun.get("ws-done")!.metadata.wire, byRun.get("ws-done")!.metadata.policy_name], [2, "openenv", "trainer"]);
    const facts = async (sessionId: string) => {
      const events = await sql<{ event_type: string; model_name: string | null; reward: number | null; system_instance_id: string }>`
        SELECT event_type, model_name, reward, system_instance_id FROM events WHERE session_id = ${sessionId} ORDER BY id`.execute(store.db);
      const outcome = await sql<{ total_reward: number; total_steps: number; reward_metadata: string }>`
        SELECT total_reward, total_steps, reward_metadata FROM outcome_rewards WHERE session_id = ${sessionId}`.execute(store.db);
      return { events: events.rows.map((e) => [e.event_type, e.system_instance_id, e.model_name ?? e.reward]), outcome: outcome.rows.map((o) => [Number(o.total_reward), Number(o.total_steps), JSON.parse(o.reward_metadata).ended]) };
    };
    assert.deepEqual(await facts(byRun.get("ws-done")!.id), {
      events: [
        ["cais", "policy", "trainer"],
        ["environment", "environment", 3],
        ["cais", "policy", "trainer"],
        ["environment", "environment", 3],
        ["cais", "policy", "trainer"],
        ["environment", "environment", 2],
      ],
      outcome: [[8, 3, "done"]],
    });
    assert.deepEqual((await facts(byRun.get("ws-left")!.id)).outcome, [[2, 1, "reset"]]);
    assert.deepEqual((await facts(byRun.get(lifecycle!.run_id)!.id)).outcome, [[5, 1, "closed"]]);
  } finally {
    await store.close();
  }

  const listed = await runCli(["traces", "ls", "--db", db, "--json"]);
  assert.equal(listed.code, 0, listed.stderr);
  const sessions = JSON.parse(listed.stdout) as { run_id: string; seed: number; model: string; outcome_reward: number }[];
  assert.deepEqual(sessions.map((s) => [s.run_id, s.seed, s.model, s.outcome_reward]).sort(), [
    [lifecycle!.run_id, 0, "trainer", 5],
    ["ws-done", 2, "trainer", 8],
    ["ws-left", 1, "trainer", 2],
  ].sort());
});
