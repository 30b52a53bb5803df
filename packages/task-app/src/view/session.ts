/**
 * One stored session as the viewer shows it, read by `loadSessionDetail`
 * (the reader `traces show` uses): per turn, in recorded order, the LM calls
 * (model, tokens, latency, the chat each call record holds, tool calls), the
 * environment and runtime steps with their rewards, and the messages; event
 * rewards attached to the event they reward; outcomes with judge verdicts.
 * Images pass only as `data:image/...` URLs: any other image reference is
 * shown as text and never fetched. Text stays text (the browser renders it
 * with textContent).
 */
import type { Kysely, Selectable } from "kysely";
import { parseJsonObject, parseJsonText, toIso } from "../traces/queries.js";
import { callRecordToMessages, normaliseToolCalls } from "../traces/sft-example.js";
import { loadSessionDetail, type SessionDetail } from "../traces/show.js";
import type { EventRewardsTable, EventsTable, MessagesTable, TraceTables } from "../traces/tables.js";

export type ViewPart = { type: "text"; text: string } | { type: "image"; url: string };

export interface ViewChatMessage {
  role: string;
  parts: ViewPart[];
  tool_calls: { name: string; arguments: string }[];
}

export interface ViewReward {
  id: number;
  value: number;
  type: string | null;
  key: string | null;
  source: string | null;
  turn: number | null;
  /** The message the reward also names, if any. */
  message_id: number | null;
  annotation: unknown;
}

export type TimelineItem =
  | { kind: "lm_call"; id: number; model: string | null; provider: string | null; input_tokens: number | null; output_tokens: number | null; total_tokens: number | null; latency_ms: number | null; cost_usd: number | null; calls: ViewChatMessage[][]; rewards: ViewReward[] }
  | { kind: "environment"; id: number; system: string | null; reward: number | null; terminated: boolean; truncated: boolean; state: unknown; rewards: ViewReward[] }
  | { kind: "runtime"; id: number; system: string | null; actions: unknown; rewards: ViewReward[] }
  | { kind: "message"; id: number; type: string; content: string; rewards: ViewReward[] };

export interface JudgeVerdict {
  name: string;
  score: number | null;
  criteria: { name: string; score: number | null; weight: number | null }[];
}

/** A listed run's result that names a session (its page links back to the run). */
export interface SessionRunRef {
  name: string;
  seed: number;
  rollout: number;
}

export interface SessionView {
  session_id: string;
  /** The listed runs whose results name this session (none: a stored session of no run, listed in its model's group). */
  runs: SessionRunRef[];
  created_at: string | null;
  metadata: Record<string, unknown>;
  turns: { label: string; step_id: string | null; items: TimelineItem[] }[];
  outcomes: { objective: string; reward: number; steps: number; achievements: number; judges: JudgeVerdict[]; metadata: Record<string, unknown> }[];
  event_reward_total: number;
  images: number;
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;

/** A data:image URL kept as an image; anything else becomes text saying it is not shown. */
function imagePart(url: string): ViewPart {
  return DATA_IMAGE.test(url) ? { type: "image", url } : { type: "text", text: `[image not shown: only data: URLs are displayed; this one is ${url.slice(0, 80)}${url.length > 80 ? "…" : ""}]` };
}

function chatOf(record: unknown): ViewChatMessage[] {
  const messages = callRecordToMessages(record);
  if (!messages) {
    const r = parseJsonObject(JSON.stringify(record ?? null));
    const calls = normaliseToolCalls(r.output_tool_calls);
    return calls.length ? [{ role: "assistant", parts: [], tool_calls: calls.map((c) => ({ name: c.function.name, arguments: c.function.arguments })) }] : [];
  }
  return messages.map((m) => ({
    role: m.role,
    parts: typeof m.content === "string" ? (m.content ? [{ type: "text", text: m.content }] : []) : m.content.map((p) => (p.type === "text" ? { type: "text", text: p.text } : imagePart(p.image_url.url))),
    tool_calls: (m.tool_calls ?? []).map((c) => ({ name: c.function.name, arguments: c.function.arguments })),
  }));
}

const rewardView = (r: Selectable<EventRewardsTable>): ViewReward => ({ id: r.id, value: Number(r.reward_value), type: r.reward_type, key: r.key, source: r.source, turn: r.turn_number, message_id: r.message_id, annotation: parseJsonText(r.annotation) ?? null });
const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function eventItem(event: Selectable<EventsTable>, rewards: ViewReward[]): TimelineItem {
  if (event.event_type === "cais") {
    const records = parseJsonText(event.call_records);
    return {
      kind: "lm_call",
      id: event.id,
      model: event.model_name,
      provider: event.provider,
      input_tokens: nullableNumber(event.input_tokens),
      output_tokens: nullableNumber(event.output_tokens),
      total_tokens: nullableNumber(event.total_tokens),
      latency_ms: nullableNumber(event.latency_ms),
      cost_usd: nullableNumber(event.cost_usd),
      calls: Array.isArray(records) ? records.map(chatOf) : [],
      rewards,
    };
  }
  if (event.event_type === "environment")
    return { kind: "environment", id: event.id, system: event.system_instance_id, reward: nullableNumber(event.reward), terminated: Boolean(Number(event.terminated ?? 0)), truncated: Boolean(Number(event.truncated ?? 0)), state: parseJsonText(event.system_state_after) ?? null, rewards };
  return { kind: "runtime", id: event.id, system: event.system_instance_id, actions: parseJsonObject(event.metadata).actions ?? null, rewards };
}

const messageItem = (m: Selectable<MessagesTable>, rewards: ViewReward[]): TimelineItem => ({ kind: "message", id: m.id, type: m.message_type, content: m.content, rewards });

/** Judge verdicts an outcome's metadata carries: `judges` as name → {score, per_criterion}, or flat name → number maps. */
export function readJudgeVerdicts(metadata: Record<string, unknown>): JudgeVerdict[] {
  const out: JudgeVerdict[] = [];
  for (const key of ["judges", "judge_scores", "rubric_scores"]) {
    const value = metadata[key];
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    for (const [name, verdict] of Object.entries(value)) {
      if (typeof verdict === "number") out.push({ name, score: verdict, criteria: [] });
      else if (typeof verdict === "object" && verdict !== null) {
        const v = verdict as Record<string, unknown>;
        const criteria = typeof v.per_criterion === "object" && v.per_criterion !== null ? Object.entries(v.per_criterion as Record<string, unknown>) : [];
        out.push({
          name,
          score: typeof v.score === "number" ? v.score : null,
          criteria: criteria.map(([c, s]) => {
            const o = (typeof s === "object" && s !== null ? s : { score: s }) as Record<string, unknown>;
            return { name: c, score: typeof o.score === "number" ? o.score : null, weight: typeof o.weight === "number" ? o.weight : null };
          }),
        });
      }
    }
    if (out.length) break;
  }
  return out;
}

/** Shapes a session detail for the viewer. */
export function toSessionView(detail: SessionDetail): SessionView {
  // An event reward belongs to the event it rewards (a message it also names is noted in the reward, not moved to).
  const rewardsByEvent = new Map<number, ViewReward[]>();
  for (const r of detail.event_rewards) rewardsByEvent.set(r.event_id, [...(rewardsByEvent.get(r.event_id) ?? []), rewardView(r)]);
  const items = (events: Selectable<EventsTable>[], messages: Selectable<MessagesTable>[]) => [
    ...events.map((e) => eventItem(e, rewardsByEvent.get(e.id) ?? [])),
    ...messages.map((m) => messageItem(m, [])),
  ];
  const turns: SessionView["turns"] = detail.steps.map(({ step, events, messages }) => ({ label: `turn ${step.turn_number ?? step.step_index}`, step_id: step.step_id, items: items(events, messages) }));
  if (detail.unattached.events.length || detail.unattached.messages.length) turns.push({ label: "outside any turn", step_id: null, items: items(detail.unattached.events, detail.unattached.messages) });
  const images = turns.flatMap((t) => t.items).reduce((n, item) => n + (item.kind === "lm_call" ? item.calls.flat().flatMap((m) => m.parts).filter((p) => p.type === "image").length : 0), 0);
  return {
    session_id: detail.session_id,
    runs: [],
    created_at: detail.created_at,
    metadata: detail.metadata,
    turns,
    outcomes: detail.outcomes.map((o) => {
      const metadata = parseJsonObject(o.reward_metadata);
      return { objective: o.objective_key, reward: Number(o.total_reward), steps: Number(o.total_steps), achievements: Number(o.achievements_count), judges: readJudgeVerdicts(metadata), metadata };
    }),
    event_reward_total: detail.event_rewards.reduce((n, r) => n + Number(r.reward_value), 0),
    images,
  };
}

/** The rows of a session as stored (the raw JSON view), JSON columns parsed, times as ISO text. */
export function rawSession(detail: SessionDetail): unknown {
  const fix = (row: object) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? toIso(v) : typeof v === "string" && /^[[{]/.test(v) ? (parseJsonText(v) ?? v) : v]));
  return {
    session_id: detail.session_id,
    created_at: detail.created_at,
    metadata: detail.metadata,
    timesteps: detail.steps.map((s) => ({ ...fix(s.step), events: s.events.map(fix), messages: s.messages.map(fix) })),
    unattached: { events: detail.unattached.events.map(fix), messages: detail.unattached.messages.map(fix) },
    event_rewards: detail.event_rewards.map(fix),
    outcome_rewards: detail.outcomes.map(fix),
  };
}

/** Reads and shapes one session; undefined when the store has no such session. */
export async function loadSessionView(db: Kysely<TraceTables>, sessionId: string): Promise<{ view: SessionView; raw: unknown } | undefined> {
  const detail = await loadSessionDetail(db, sessionId);
  return detail && { view: toSessionView(detail), raw: rawSession(detail) };
}
