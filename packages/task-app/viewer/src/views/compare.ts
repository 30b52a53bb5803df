/** The compare view: two runs joined by (seed, rollout): wins / losses / ties, mean difference ± s.e., scatter, per-seed deltas. */
import type { CompareView } from "../../../src/view/api.js";
import { scatterChart } from "../charts.js";
import { fmt, h, pm, type Child } from "../dom.js";
import { link, navigate, pathOf } from "../router.js";

export function compareView(data: CompareView, query: URLSearchParams): Child[] {
  const c = data.comparison;
  const a = data.a.name;
  const b = data.b.name;
  const go = (page: number) => {
    const next = new URLSearchParams(query);
    next.set("page", String(page));
    navigate(pathOf(["compare", a, b], next));
  };
  const sessionLink = (id: string | null) => (id ? link(pathOf(["sessions", id]), id.slice(0, 13)) : "–");
  const pages = Math.max(1, Math.ceil(data.pairs.total / data.pairs.size));
  return [
    h("h1", {}, "Compare ", link(pathOf(["runs", a]), a), " (A) with ", link(pathOf(["runs", b]), b), " (B)"),
    h(
      "div",
      { class: "stats" },
      h("div", { class: "stat" }, h("div", { class: "label" }, "A mean return ± s.e."), h("div", { class: "value", testid: "a-mean" }, pm(data.a.summary.mean_return, data.a.summary.stderr_return))),
      h("div", { class: "stat" }, h("div", { class: "label" }, "B mean return ± s.e."), h("div", { class: "value", testid: "b-mean" }, pm(data.b.summary.mean_return, data.b.summary.stderr_return))),
      h("div", { class: "stat" }, h("div", { class: "label" }, "mean B − A ± s.e."), h("div", { class: "value", testid: "mean-delta" }, pm(c.mean_delta, c.stderr_delta))),
      h("div", { class: "stat" }, h("div", { class: "label" }, "B wins / losses / ties"), h("div", { class: "value", testid: "wlt" }, `${c.wins} / ${c.losses} / ${c.ties}`)),
      h("div", { class: "stat" }, h("div", { class: "label" }, "paired · only A · only B"), h("div", { class: "value", testid: "paired" }, `${c.paired} · ${c.only_a} · ${c.only_b}`)),
    ),
    h("section", {}, h("h2", {}, "Return of B against A"), scatterChart(data.points, [`${a} (A)`, `${b} (B)`])),
    h("h2", {}, "Per seed"),
    h(
      "table",
      { class: "grid", testid: "pairs" },
      h("thead", {}, h("tr", {}, ...["seed", "rollout", "A", "B", "B − A", "A session", "B session"].map((t) => h("th", {}, t)))),
      h(
        "tbody",
        {},
        ...data.pairs.rows.map((p) =>
          h(
            "tr",
            { testid: `pair-${p.seed}-${p.rollout}` },
            h("td", { class: "num" }, p.seed),
            h("td", { class: "num" }, p.rollout),
            h("td", { class: "num" }, p.a_status && p.a_status !== "ok" ? p.a_status : fmt(p.a)),
            h("td", { class: "num" }, p.b_status && p.b_status !== "ok" ? p.b_status : fmt(p.b)),
            h("td", { class: p.delta === null ? "num" : p.delta > 0 ? "num good" : p.delta < 0 ? "num bad" : "num" }, fmt(p.delta)),
            h("td", {}, sessionLink(p.a_session)),
            h("td", {}, sessionLink(p.b_session)),
          ),
        ),
      ),
    ),
    h(
      "div",
      { class: "pager" },
      h("button", { type: "button", disabled: data.pairs.page === 0, on: { click: () => go(data.pairs.page - 1) } }, "← previous"),
      ` page ${data.pairs.page + 1} of ${pages} `,
      h("button", { type: "button", disabled: data.pairs.page + 1 >= pages, on: { click: () => go(data.pairs.page + 1) } }, "next →"),
    ),
  ];
}
