/** A model group of the stored sessions no listed run produced: its summary, and its sessions (newest first, paged), each linking to its session page. */
import type { StoredPageView } from "../../../src/view/api.js";
import type { StoredRow } from "../../../src/view/stored.js";
import { storedPathOf } from "../../../src/view/tables.js";
import { formatCount } from "../../../src/text/plural.js";
import { fmt, h, pct, pm, type Child } from "../dom.js";
import { link, navigate, pathOf } from "../router.js";
import { failureText, groupName, judgeCell } from "./runs.js";

const stat = (label: string, value: string, testid: string) => h("div", { class: "stat" }, h("div", { class: "label" }, label), h("div", { class: "value", testid }, value));

/** `has`: whether the source holds a session (a row whose session it does not hold shows the id, not a link). */
export function storedView(data: StoredPageView, has: (id: string) => boolean = () => true): Child[] {
  const g = data.group;
  const go = (page: number) => navigate(`${storedPathOf(g.model)}&page=${page}`);
  const row = (r: StoredRow) =>
    h(
      "tr",
      { testid: "stored-row" },
      h("td", {}, has(r.session_id) ? link(pathOf(["sessions", r.session_id]), r.session_id) : h("code", {}, r.session_id)),
      h("td", { class: "time" }, r.created_at ?? "–"),
      h("td", {}, r.run_id ?? "–"),
      h("td", { class: "num" }, r.seed ?? "–"),
      h("td", { class: "num" }, r.steps),
      h("td", { class: "num" }, r.lm_calls),
      h("td", { class: "num" }, r.tokens ?? "–"),
      h("td", { class: "num", testid: "outcome" }, fmt(r.outcome_reward)),
      h("td", {}, judgeCell(r.judge_scores)),
    );
  const pages = Math.max(1, Math.ceil(data.rows.total / data.rows.size));
  return [
    h("h1", {}, `Stored sessions of ${groupName(g.model)}`),
    h("p", { class: "muted" }, "Sessions in the trace store that no listed eval run produced, newest first."),
    data.rows.total < g.sessions ? h("p", { class: "muted", testid: "stored-partial" }, `This report holds the newest ${data.rows.total} of the group's ${g.sessions} sessions.`) : null,
    h(
      "div",
      { class: "stats" },
      stat("sessions", `${g.sessions} (${g.rewarded} with an outcome)`, "group-sessions"),
      stat("mean outcome ± s.e.", pm(g.mean_reward, g.stderr_reward), "group-mean"),
      stat("pass rate (outcome > 0)", pct(g.pass_rate), "group-pass-rate"),
      ...Object.entries(g.judge).map(([k, v]) => stat(`mean ${k}`, fmt(v), `group-judge-${k}`)),
      stat("failures", failureText(g.failures), "group-failures"),
    ),
    h(
      "table",
      { class: "grid", testid: "stored-rows" },
      h("thead", {}, h("tr", {}, ...["session", "created", "run id", "seed", "steps", "LM calls", "tokens", "outcome", "judges"].map((t) => h("th", {}, t)))),
      h("tbody", {}, ...data.rows.rows.map(row)),
    ),
    h(
      "div",
      { class: "pager", testid: "pager" },
      h("button", { type: "button", disabled: data.rows.page === 0, on: { click: () => go(data.rows.page - 1) } }, "← previous"),
      ` page ${data.rows.page + 1} of ${pages} (${formatCount(data.rows.total, "session")}) `,
      h("button", { type: "button", disabled: data.rows.page + 1 >= pages, on: { click: () => go(data.rows.page + 1) } }, "next →"),
    ),
  ];
}
