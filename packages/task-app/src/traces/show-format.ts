/**
 * A terminal rendering of one stored session (`task-app traces show`), free
 * of the SQL layer: show.ts reads the session, this renders it.
 */
import type { Selectable } from "kysely";
import { parseJsonObject, parseJsonText, readJudgeScores } from "./stored-json.js";
import { escapeTerminal } from "../text/terminal.js";
import type { SessionDetail } from "./show.js";
import type { EventRewardsTable, EventsTable } from "./tables.js";
import { formatCount } from "../text/plural.js";

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
    lines.push(`  outcome ${o.objective_key}: ${Number(o.total_reward)} over ${formatCount(Number(o.total_steps), "step")}${judges.length ? `, judges ${judges.join(" ")}` : ""}${achievements}`);
  }
  // Every value here was read from a store: one line each, its control characters escaped.
  return lines.map(escapeTerminal).join("\n");
}
