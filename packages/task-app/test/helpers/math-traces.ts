/**
 * The scaffolded math template as a user has it (createTaskApp, with this
 * package linked as its `task-app` dependency), and the SQL checks of what
 * its served rollouts leave in a trace store of either dialect: one session
 * per rollout with its run id and seed, the scripted policy's LM call as a
 * `cais` event with call records, the answer check as an environment event,
 * the judge's event rewards joined to the LM call, and one outcome reward.
 */
import assert from "node:assert/strict";
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { createTaskApp } from "../../src/scaffold/create.js";
import { packageRoot } from "../../src/scaffold/paths.js";
import type { TraceTables } from "../../src/traces/tables.js";

/** Scaffolds the math template in `dir` and links this package as node_modules/task-app (needs the build). */
export async function scaffoldMathProject(dir: string): Promise<string> {
  const project = await createTaskApp({ dir, template: "math", environmentApiKey: false });
  await mkdir(join(project.dir, "node_modules"), { recursive: true });
  await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
  return project.dir;
}

/** One rollout a test sent: its run id, seed and, when the trace came back, the session id in it. */
export interface SentRollout {
  runId: string;
  seed: number;
  sessionId?: string;
  outcomeScore?: number | null;
  /** The step reward the rollout answered with (1 when the answer was right). */
  reward?: number;
}

interface SessionFacts {
  session_id: string;
  metadata: string;
  cais: number;
  env: number;
  outcomes: number;
  judged: number;
}

const num = (v: unknown) => Number(v);

/**
 * Asserts the store holds exactly one complete math session per sent
 * rollout (matched by run id and seed in `session_traces.metadata`), and no
 * other session whose run id starts with `runPrefix`. Returns the session ids.
 */
export async function assertMathSessions(db: Kysely<TraceTables>, sent: SentRollout[], runPrefix: string): Promise<string[]> {
  const { rows } = await sql<SessionFacts>`
    SELECT s.session_id, s.metadata,
      (SELECT COUNT(*) FROM events e WHERE e.session_id = s.session_id AND e.event_type = 'cais') AS cais,
      (SELECT COUNT(*) FROM events e WHERE e.session_id = s.session_id AND e.event_type = 'environment') AS env,
      (SELECT COUNT(*) FROM outcome_rewards o WHERE o.session_id = s.session_id) AS outcomes,
      (SELECT COUNT(*) FROM event_rewards r JOIN events e ON r.event_id = e.id
        WHERE r.session_id = s.session_id AND e.session_id = s.session_id AND e.event_type = 'cais' AND r.reward_type = 'evaluator') AS judged
    FROM session_traces s`.execute(db);
  const ours = rows
    .map((r) => ({ ...r, meta: JSON.parse(r.metadata) as { run_id?: string; seed?: number; model?: string } }))
    .filter((r) => r.meta.run_id?.startsWith(runPrefix));
  const byRun = new Map<string, typeof ours>();
  for (const r of ours) byRun.set(r.meta.run_id!, [...(byRun.get(r.meta.run_id!) ?? []), r]);
  for (const s of sent) {
    const found = byRun.get(s.runId) ?? [];
    assert.equal(found.length, 1, `run ${s.runId}: one session (found ${found.length})`);
    const r = found[0]!;
    assert.equal(r.meta.seed, s.seed, `run ${s.runId}: the seed is in the session metadata`);
    if (s.sessionId) assert.equal(r.session_id, s.sessionId, `run ${s.runId}: the stored session is the one returned`);
    assert.deepEqual([num(r.cais), num(r.env), num(r.outcomes), num(r.judged)], [1, 1, 1, 2], `run ${s.runId}: cais, environment, outcome, judged rows`);
  }
  assert.equal(ours.length, sent.length, "no session that was not sent, no duplicate");
  const ids = ours.map((r) => r.session_id);

  const calls = await db
    .selectFrom("events")
    .select(["session_id", "model_name", "provider", "call_records", "metadata"])
    .where("event_type", "=", "cais")
    .where("session_id", "in", ids)
    .execute();
  for (const call of calls) {
    assert.deepEqual([call.model_name, call.provider], ["scripted", "task-app"], `${call.session_id}: the scripted policy's call`);
    const records = JSON.parse(call.call_records ?? "null") as { model_name: string; input_messages: { role: string; parts: { type: string; text?: string }[] }[]; output_tool_calls: { name: string; arguments: string }[] }[];
    assert.equal(records.length, 1, `${call.session_id}: one call record`);
    const [record] = records;
    assert.equal(record!.model_name, "scripted");
    assert.deepEqual(record!.input_messages.map((m) => m.role), ["system", "user"]);
    assert.ok(record!.input_messages[1]!.parts.some((p) => p.type === "text" && p.text), "the problem is in the prompt");
    assert.equal(record!.output_tool_calls[0]?.name, "submit_answer");
  }

  const bySession = new Map(ours.map((r) => [r.session_id, r.meta.run_id!]));
  const sentByRun = new Map(sent.map((s) => [s.runId, s]));
  const steps = await db
    .selectFrom("events")
    .select(["session_id", "reward", "terminated", "system_state_after"])
    .where("event_type", "=", "environment")
    .where("session_id", "in", ids)
    .execute();
  for (const step of steps) {
    const after = JSON.parse(step.system_state_after ?? "{}") as { correct?: boolean; given_answer?: number };
    assert.equal(typeof after.given_answer, "number", `${step.session_id}: the answer checked is in the state`);
    assert.equal(num(step.reward), after.correct ? 1 : 0, `${step.session_id}: reward 1 exactly when the answer is right`);
    const expected = sentByRun.get(bySession.get(step.session_id)!)?.reward;
    if (expected !== undefined) assert.equal(num(step.reward), expected, `${step.session_id}: the reward the rollout answered with`);
    assert.ok(Boolean(num(step.terminated)), `${step.session_id}: the step ends the episode`);
  }

  const judged = await sql<{ session_id: string; key: string; reward_value: number; source: string }>`
    SELECT r.session_id, r.key, r.reward_value, r.source FROM event_rewards r JOIN events e ON r.event_id = e.id
    WHERE e.event_type = 'cais'`.execute(db);
  const keysOf = new Map<string, string[]>();
  for (const r of judged.rows) {
    keysOf.set(r.session_id, [...(keysOf.get(r.session_id) ?? []), r.key].sort());
    if (ids.includes(r.session_id)) assert.deepEqual([num(r.reward_value), r.source], [1, "evaluator"]);
  }
  for (const id of ids) assert.deepEqual(keysOf.get(id), ["numeric_answer", "tool_call"], `${id}: the judge's verdicts on the LM call`);

  const outcomes = await db.selectFrom("outcome_rewards").select(["session_id", "total_reward", "total_steps"]).where("session_id", "in", ids).execute();
  for (const o of outcomes) {
    assert.equal(num(o.total_steps), 1);
    const expected = sentByRun.get(bySession.get(o.session_id)!)?.outcomeScore;
    if (expected !== undefined && expected !== null) assert.equal(num(o.total_reward), expected, `${o.session_id}: the outcome reward is the rollout's outcome score`);
  }
  return ids;
}
