/** The run view: aggregate, reward histogram, judges, failures, and the per-rollout table (sortable, filterable, paged). */
import type { RunPageView } from "../../../src/view/api.js";
import type { RunRow, SortKey } from "../../../src/view/tables.js";
import { histogramChart } from "../charts.js";
import { formatCount } from "../../../src/text/plural.js";
import { fmt, h, pct, pm, type Child } from "../dom.js";
import { link, navigate, pathOf } from "../router.js";
import { problemsList, seedsText } from "./runs.js";

const COLUMNS: [SortKey | null, string][] = [
  ["seed", "seed"],
  [null, "rollout"],
  ["return", "return"],
  ["outcome_score", "outcome"],
  ["events_score", "events"],
  ["steps", "steps"],
  ["tokens", "tokens"],
  ["seconds", "time (s)"],
  ["status", "status"],
  [null, "session"],
];

function stat(label: string, value: string, testid: string): HTMLElement {
  return h("div", { class: "stat" }, h("div", { class: "label" }, label), h("div", { class: "value", testid }, value));
}

export function runView(data: RunPageView, query: URLSearchParams): Child[] {
  const go = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(change)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in change)) next.delete("page");
    navigate(pathOf(["runs", data.name], next));
  };
  const s = data.summary;
  const stats = h(
    "div",
    { class: "stats" },
    stat("rollouts", `${s.rollouts} (${s.ok} ok, ${s.failed} failed)`, "rollouts"),
    stat("mean return ± s.e.", pm(s.mean_return, s.stderr_return), "mean-return"),
    stat("pass rate (return > 0)", pct(s.pass_rate), "pass-rate"),
    ...Object.entries(s.judge).map(([k, v]) => stat(`mean ${k}`, fmt(v), `judge-${k}`)),
  );
  const hist = data.histogram;
  const buckets = h(
    "table",
    { class: "grid small", testid: "buckets" },
    h("thead", {}, h("tr", {}, h("th", { testid: "bucket-min-label" }, `lowest (${fmt(hist.min)})`), h("th", {}, "in between"), h("th", { testid: "bucket-max-label" }, `highest (${fmt(hist.max)})`))),
    h("tbody", {}, h("tr", {}, h("td", { class: "num", testid: "bucket-min" }, hist.at_min), h("td", { class: "num", testid: "bucket-between" }, hist.between), h("td", { class: "num", testid: "bucket-max" }, hist.at_max))),
  );
  // The chart's bins as text too (what the bars show, readable without the canvas).
  const bins = h(
    "table",
    { class: "grid small", testid: "bins" },
    h("thead", {}, h("tr", {}, h("th", {}, "return from"), h("th", {}, "to"), h("th", {}, "rollouts"))),
    h("tbody", {}, ...hist.bins.map((b) => h("tr", { testid: "bin" }, h("td", { class: "num" }, fmt(b.from)), h("td", { class: "num" }, fmt(b.to)), h("td", { class: "num", testid: "bin-count" }, b.count)))),
  );
  const failures = data.failures.length
    ? h(
        "ul",
        { testid: "failures" },
        ...data.failures.map((f) =>
          h(
            "li",
            {},
            h("strong", {}, `${f.count} ${f.cause}`),
            ": ",
            ...f.examples.map((e, i) => [i ? ", " : "", h("code", { title: e.error ?? "" }, e.run_id), ` (seed ${e.seed}`, e.error_id ? [", error id ", h("code", { testid: "error-id" }, e.error_id)] : null, ")"]),
          ),
        ),
      )
    : h("p", { class: "muted" }, "No failed rollouts.");

  const form = h("form", { class: "filters", testid: "filters" });
  const min = h("input", { name: "min", type: "number", placeholder: "min return", value: query.get("min") ?? "" });
  const max = h("input", { name: "max", type: "number", placeholder: "max return", value: query.get("max") ?? "" });
  min.step = max.step = "any";
  const status = h("select", { name: "status" }, ...["", "ok", "failed", ...Object.keys(s.failures)].map((v) => h("option", { value: v }, v || "any status")));
  status.value = query.get("status") ?? "";
  const text = h("input", { name: "q", type: "search", placeholder: "seed, session, run id, error", value: query.get("q") ?? "" });
  form.append(min, max, status, text, h("button", { type: "submit" }, "Filter"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    go({ min: min.value, max: max.value, status: status.value, q: text.value });
  });

  const sort = query.get("sort") ?? "seed";
  const desc = query.get("desc") === "1";
  const header = h(
    "tr",
    {},
    ...COLUMNS.map(([key, label]) => {
      if (!key) return h("th", {}, label);
      const arrow = sort === key ? (desc ? " ▼" : " ▲") : "";
      return h("th", { class: "sortable", testid: `sort-${key}`, on: { click: () => go({ sort: key, desc: sort === key && !desc ? "1" : null }) } }, label + arrow);
    }),
  );
  const row = (r: RunRow) =>
    h(
      "tr",
      { testid: `row-${r.seed}-${r.rollout}` },
      h("td", { class: "num" }, r.seed),
      h("td", { class: "num" }, r.rollout),
      h("td", { class: "num", testid: "return" }, fmt(r.return)),
      h("td", { class: "num" }, fmt(r.outcome_score)),
      h("td", { class: "num" }, fmt(r.events_score)),
      h("td", { class: "num" }, r.steps ?? "–"),
      h("td", { class: "num" }, r.tokens ?? "–"),
      h("td", { class: "num" }, r.seconds.toFixed(2)),
      h("td", { class: r.status === "ok" ? "" : "bad", title: r.error ?? "" }, r.status),
      h("td", {}, r.session_id ? link(pathOf(["sessions", r.session_id]), r.session_id.slice(0, 13)) : "–"),
    );
  const pages = Math.max(1, Math.ceil(data.rows.total / data.rows.size));
  const pager = h(
    "div",
    { class: "pager", testid: "pager" },
    h("button", { type: "button", disabled: data.rows.page === 0, on: { click: () => go({ page: String(data.rows.page - 1) }) } }, "← previous"),
    ` page ${data.rows.page + 1} of ${pages} (${formatCount(data.rows.total, "rollout")}) `,
    h("button", { type: "button", disabled: data.rows.page + 1 >= pages, on: { click: () => go({ page: String(data.rows.page + 1) }) } }, "next →"),
  );
  return [
    h("h1", {}, `Run ${data.name}`),
    h(
      "p",
      { class: "muted" },
      `app ${data.manifest.app} · model ${data.manifest.model} · ${seedsText(data.manifest)} × ${data.manifest.rollouts_per_seed} · split ${data.manifest.split} · `,
      h("span", { class: "time" }, data.started ?? "?"),
      " → ",
      h("span", { class: "time" }, data.finished ?? "?"),
    ),
    problemsList(data.problems),
    stats,
    h("div", { class: "row" }, h("section", {}, h("h2", {}, "Returns"), histogramChart(hist.bins), buckets, bins), h("section", {}, h("h2", {}, "Failures by cause"), failures)),
    h("h2", {}, "Rollouts"),
    form,
    h("table", { class: "grid", testid: "rows" }, h("thead", {}, header), h("tbody", {}, ...data.rows.rows.map(row))),
    pager,
  ];
}
