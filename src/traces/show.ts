/**
 * One stored session, turn by turn (`task-app traces show`): each step's LM
 * calls (model, tokens, latency, prompt tail, answer and tool calls),
 * environment steps, messages and the rewards credited to them, then the
 * outcome. `loadSessionDetail` reads it; `formatSessionDetail` renders it for
 * a terminal.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { parseJsonObject, parseJsonText, readJudgeScores, toIso } from "./queries.js";
import { escapeTerminal } from "../text/terminal.js";
import type { EventRewardsTable, EventsTable, MessagesTable, OutcomeRewardsTable, SessionTimestepsTable, TraceTables } from "./tables.js";

export interface SessionDetail {
  session_id: string;
  created_at: string | null;
  metadata: Record<string, unknown>;
  steps: { step: Selectable<SessionTimestepsTable>; events: Selectable<EventsTable>[]; messages: Selectable<MessagesTable>[] }[];
  unattached: { events: Selectable<EventsTable>[]; messages: Selectable<MessagesTable>[] };
  event_rewards: Selectable<EventRewardsTable>[];
  outcomes: Selectable<OutcomeRewardsTable>[];
}

/** Reads a session and its rows; undefined when there is no such session. */
export async function loadSessionDetail(db: Kysely<TraceTables>, sessionId: string): Promise<SessionDetail | undefined> {
  const session = await db.selectFrom("session_traces").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
  if (!session) return undefined;
  const [steps, events, messages, eventRewards, outcomes] = await Promise.all([
    db.selectFrom("session_timesteps").selectAll().where("session_id", "=", sessionId).orderBy("step_index").execute(),
    db.selectFrom("events").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    db.selectFrom("messages").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    db.selectFrom("event_rewards").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
    db.selectFrom("outcome_rewards").selectAll().where("session_id", "=", sessionId).orderBy("id").execute(),
  ]);
  return {
    session_id: session.session_id,
    created_at: toIso(session.created_at),
    metadata: parseJsonObject(session.metadata),
    steps: steps.map((step) => ({
      step,
      events: events.filter((e) => e.timestep_id === step.id),
      messages: messages.filter((m) => m.timestep_id === step.id),
    })),
    unattached: { events: events.filter((e) => e.timestep_id === null), messages: messages.filter((m) => m.timestep_id === null) },
    event_rewards: eventRewards,
    outcomes,
  };
}

/** Up to `limit` session ids starting with `prefix`, in order. */
export async function findSessionsByPrefix(db: Kysely<TraceTables>, prefix: string, limit: number): Promise<string[]> {
  if (prefix === "") return [];
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom("session_traces")
    .select("session_id")
    .where(sql<boolean>`session_id LIKE ${pattern} ESCAPE '\\'`)
    .orderBy("session_id")
    .limit(limit)
    .execute();
  return rows.map((r) => r.session_id).filter((id) => id.startsWith(prefix)); // LIKE ignores case in SQLite
}

const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Text parts of a call record's last input message, and its answer. */
function describeCall(record: Record<string, unknown>): string[] {
  const out: string[] = [];
  const inputs = Array.isArray(record.input_messages) ? (record.input_messages as Record<string, unknown>[]) : [];
  const last = inputs.at(-1);
  if (last) {
    const parts = Array.isArray(last.parts) ? (last.parts as Record<string, unknown>[]) : [];
    const text = parts.filter((p) => p.type === "text").map((p) => String(p.text ?? "")).join(" ");
    const images = parts.filter((p) => p.type === "image_url" || p.type === "image").length;
    out.push(`      ${String(last.role)}: ${clip(text)}${images ? ` [+${images} image${images > 1 ? "s" : ""}]` : ""}`);
  }
  if (typeof record.output_text === "string" && record.output_text) out.push(`      assistant: ${clip(record.output_text)}`);
  const calls = Array.isArray(record.output_tool_calls) ? (record.output_tool_calls as Record<string, unknown>[]) : [];
  for (const call of calls) {
    const fn = (call.function ?? call) as Record<string, unknown>;
    out.push(`      tool call ${String(fn.name)}(${clip(String(fn.arguments ?? ""), 120)})`);
  }
  return out;
}

function describeEvent(event: Selectable<EventsTable>, rewards: Selectable<EventRewardsTable>[]): string[] {
  const out: string[] = [];
  if (event.event_type === "cais") {
    const tokens = event.total_tokens === null ? "" : `, ${event.input_tokens ?? "?"}+${event.output_tokens ?? "?"} tokens`;
    const latency = event.latency_ms === null ? "" : `, ${event.latency_ms} ms`;
    out.push(`    LM call ${event.model_name ?? "?"} (${event.provider ?? "?"}${tokens}${latency})`);
    const records = parseJsonText(event.call_records);
    if (Array.isArray(records)) for (const record of records) out.push(...describeCall(record as Record<string, unknown>));
  } else if (event.event_type === "environment") {
    const ended = event.terminated ? ", terminated" : event.truncated ? ", truncated" : "";
    out.push(`    environment ${event.system_instance_id ?? ""}: reward ${event.reward ?? 0}${ended}`);
  } else {
    const actions = parseJsonObject(event.metadata).actions;
    out.push(`    runtime ${event.system_instance_id ?? ""}: ${clip(JSON.stringify(actions ?? []), 120)}`);
  }
  for (const r of rewards.filter((r) => r.event_id === event.id))
    out.push(`      reward ${r.reward_type ?? "?"} ${r.key ? `${r.key} ` : ""}${Number(r.reward_value)}${r.source ? ` (${r.source})` : ""}`);
  return out;
}

/** A terminal rendering of a session (control characters in stored text escaped). */
export function formatSessionDetail(detail: SessionDetail): string {
  const m = detail.metadata;
  const head = [`session ${detail.session_id}`, `  created ${detail.created_at ?? "?"}`];
  const facts = ["run_id", "seed", "env_name", "policy_name", "model"].filter((k) => m[k] !== undefined).map((k) => `${k}=${String(m[k])}`);
  if (facts.length) head.push(`  ${facts.join("  ")}`);
  const lines = [...head];
  for (const { step, events, messages } of detail.steps) {
    lines.push(`  turn ${step.turn_number ?? step.step_index} (${step.step_id})`);
    for (const event of events) lines.push(...describeEvent(event, detail.event_rewards));
    for (const message of messages) lines.push(`    message ${message.message_type}: ${clip(message.content)}`);
  }
  if (detail.unattached.events.length || detail.unattached.messages.length) {
    lines.push("  outside any turn");
    for (const event of detail.unattached.events) lines.push(...describeEvent(event, detail.event_rewards));
    for (const message of detail.unattached.messages) lines.push(`    message ${message.message_type}: ${clip(message.content)}`);
  }
  const total = detail.event_rewards.reduce((n, r) => n + Number(r.reward_value), 0);
  lines.push(`  event rewards: ${detail.event_rewards.length} (sum ${Number(total.toFixed(6))})`);
  for (const o of detail.outcomes) {
    const meta = parseJsonObject(o.reward_metadata);
    const judges = Object.entries(readJudgeScores(meta)).map(([k, v]) => `${k}=${v}`);
    const achievements = Array.isArray(meta.achievements) ? ` achievements: ${meta.achievements.join(", ")}` : "";
    lines.push(`  outcome ${o.objective_key}: ${Number(o.total_reward)} over ${o.total_steps} steps${judges.length ? `, judges ${judges.join(" ")}` : ""}${achievements}`);
  }
  // Every value here was read from a store: one line each, its control characters escaped.
  return lines.map(escapeTerminal).join("\n");
}
