/**
 * The session view: where it is listed, outcome and judge verdicts, then
 * the turns as a timeline: LM calls (model, tokens, latency, the chat with
 * its images, tool calls; what the previous call already held folded),
 * environment and runtime steps, messages (those repeating the LM calls
 * folded), each with the event rewards credited to it; the raw stored rows
 * one click away. Every piece of trace text is a text node.
 */
import type { SessionView, TimelineItem, ViewChatMessage, ViewReward } from "../../../src/view/session.js";
import { storedPathOf } from "../../../src/view/tables.js";
import { formatCount } from "../../../src/text/plural.js";
import { dataImage, fmt, h, render, type Child } from "../dom.js";
import { repeatsOf, type Repeats } from "../repeats.js";
import { link, pathOf } from "../router.js";
import type { Source } from "../source.js";
import { groupName } from "./runs.js";

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "null";

function rewards(list: ViewReward[]): Node | null {
  if (list.length === 0) return null;
  return h("div", { class: "rewards" }, ...list.map((r) => h("span", { class: "badge", title: r.annotation ? json(r.annotation) : "", testid: "event-reward" }, `${r.key ?? r.type ?? "reward"} ${fmt(r.value)}${r.source ? ` (${r.source})` : ""}`)));
}

function chat(messages: ViewChatMessage[]): Node {
  return h(
    "div",
    { class: "chat" },
    ...messages.map((m) =>
      h(
        "div",
        { class: `msg role-${m.role.replace(/[^a-z]/g, "")}` },
        h("div", { class: "role" }, m.role),
        h("div", { class: "parts" }, ...m.parts.map((p, i) => (p.type === "text" ? h("pre", { class: "text" }, p.text) : dataImage(p.url, `image ${i + 1} of the ${m.role} message`)))),
        ...m.tool_calls.map((c) => h("pre", { class: "tool-call" }, `→ ${c.name}(${c.arguments})`)),
      ),
    ),
  );
}

/** One call record's chat: the messages the previous call held folded, then what is new and the response. */
function callChat(messages: ViewChatMessage[], earlier: number): Child[] {
  const folded = earlier ? h("details", { class: "earlier", testid: "earlier" }, h("summary", {}, `${formatCount(earlier, "earlier message")} of the conversation (shown above)`), chat(messages.slice(0, earlier))) : null;
  return [folded, chat(messages.slice(earlier))];
}

function item(it: TimelineItem, seen: Repeats): Node {
  switch (it.kind) {
    case "lm_call": {
      const tokens = it.total_tokens === null ? "tokens –" : `${it.input_tokens ?? "?"} in + ${it.output_tokens ?? "?"} out = ${formatCount(it.total_tokens, "token")}`;
      return h(
        "div",
        { class: "item lm", testid: "lm-call" },
        h("div", { class: "head" }, h("strong", {}, "LM call "), `${it.model ?? "?"} · ${it.provider ?? "?"} · ${tokens} · ${it.latency_ms === null ? "latency –" : `${it.latency_ms} ms`}${it.cost_usd ? ` · $${it.cost_usd}` : ""}`),
        ...it.calls.map((c) => callChat(c, seen.earlier.get(c) ?? 0)),
        rewards(it.rewards),
      );
    }
    case "environment":
      return h(
        "div",
        { class: "item env", testid: "env-step" },
        h("div", { class: "head" }, h("strong", {}, "environment "), `${it.system ?? ""} · reward `, h("span", { testid: "env-reward" }, fmt(it.reward)), it.terminated ? " · terminated" : it.truncated ? " · truncated" : ""),
        it.state === null ? null : h("details", {}, h("summary", {}, "state after"), h("pre", { class: "text" }, json(it.state))),
        rewards(it.rewards),
      );
    case "runtime":
      return h("div", { class: "item runtime" }, h("div", { class: "head" }, h("strong", {}, "runtime "), it.system ?? ""), h("pre", { class: "text" }, json(it.actions)), rewards(it.rewards));
    case "message":
      return h("div", { class: "item message", testid: "message" }, h("div", { class: "head" }, h("strong", {}, "message "), it.type), h("pre", { class: "text" }, it.content), rewards(it.rewards));
  }
}

/** Where the session is listed: the runs whose results name it, or else the model groups of its LM calls. */
function listedIn(data: SessionView): Node {
  if (data.runs.length) return h("p", { testid: "session-runs" }, "from ", ...data.runs.map((r, i) => [i ? ", " : "", "run ", link(pathOf(["runs", r.name]), r.name), ` (seed ${r.seed}, rollout ${r.rollout})`]));
  const calls = data.turns.flatMap((t) => t.items).filter((i) => i.kind === "lm_call");
  const models = [...new Set(calls.length ? calls.map((c) => c.model) : [null])];
  return h("p", { testid: "session-group" }, "a stored session of no listed run, in the model group ", ...models.map((m, i) => [i ? ", " : "", link(storedPathOf(m), groupName(m))]));
}

export function sessionView(data: SessionView, source: Source): Child[] {
  const m = data.metadata;
  const facts = ["run_id", "seed", "env_name", "policy_name", "model", "split"].filter((k) => m[k] !== undefined).map((k) => `${k} ${String(m[k])}`);
  const raw = h("pre", { class: "text raw", testid: "raw-json" });
  raw.hidden = true;
  const rawButton = h("button", { type: "button", testid: "raw-button" }, "Raw JSON (stored rows)");
  rawButton.addEventListener("click", async () => {
    if (raw.hidden && !raw.textContent) raw.textContent = json(await source.raw(data.session_id));
    raw.hidden = !raw.hidden;
  });
  const outcomes = data.outcomes.map((o) =>
    h(
      "div",
      { class: "outcome", testid: "outcome" },
      h("div", {}, h("strong", {}, `outcome ${o.objective}: `), h("span", { testid: "outcome-reward" }, fmt(o.reward)), ` over ${formatCount(o.steps, "step")}, ${formatCount(o.achievements, "achievement")}`),
      ...o.judges.map((j) =>
        h("div", { class: "judge" }, `judge ${j.name}: ${fmt(j.score)}`, j.criteria.length ? h("ul", {}, ...j.criteria.map((c) => h("li", {}, `${c.name} ${fmt(c.score)}${c.weight === null ? "" : ` (weight ${c.weight})`}`))) : null),
      ),
    ),
  );
  const body = h("div", {});
  const seen = repeatsOf(data);
  const turn = (t: SessionView["turns"][number], index: number) => {
    const repeated = t.items.filter((it) => it.kind === "message" && seen.repeats(index, it.content));
    const folded = repeated.length
      ? h("details", { class: "folded", testid: "repeated-messages" }, h("summary", {}, `${formatCount(repeated.length, "stored message")} the LM calls show (${repeated.map((m) => (m.kind === "message" ? m.type : "")).join(", ")})`), ...repeated.map((it) => item(it, seen)))
      : null;
    const label = h("h3", {}, t.label, t.step_id ? h("span", { class: "muted" }, ` ${t.step_id}`) : null);
    return h("section", { class: "turn", testid: "turn" }, label, ...t.items.filter((it) => !repeated.includes(it)).map((it) => item(it, seen)), folded);
  };
  render(body, ...data.turns.map(turn));
  return [
    h("h1", {}, "Session ", h("code", {}, data.session_id)),
    listedIn(data),
    h("p", { class: "muted" }, "created ", h("span", { class: "time" }, data.created_at ?? "?"), `${facts.length ? ` · ${facts.join(" · ")}` : ""} · ${formatCount(data.turns.length, "turn")} · ${formatCount(data.images, "image")} · event rewards ${fmt(data.event_reward_total)}`),
    ...outcomes,
    h("p", {}, rawButton),
    raw,
    body,
  ];
}
