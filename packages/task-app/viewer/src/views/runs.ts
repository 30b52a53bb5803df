/** The runs view: every eval run with its aggregate, stored sessions of no run by model, and a pick of two runs to compare. */
import type { ManifestSummary, RunsOverview } from "../../../src/view/api.js";
import { storedPathOf } from "../../../src/view/tables.js";
import { formatCount } from "../../../src/text/plural.js";
import { fmt, h, pct, pm, type Child } from "../dom.js";
import { link, navigate, pathOf } from "../router.js";

/** Judge means in a table cell, short: the judges' own means (each unbroken), their criteria (`judge.criterion`) counted; every mean in the title. */
export function judgeCell(judge: Record<string, number>): Child {
  const all = Object.entries(judge);
  const own = all.filter(([k]) => !k.includes("."));
  const shown = own.length ? own : all;
  const rest = all.length - shown.length;
  if (!all.length) return "–";
  return h("span", { title: all.map(([k, v]) => `${k} ${fmt(v)}`).join("\n") }, ...shown.map(([k, v], i) => [i ? ", " : "", h("span", { class: "nowrap" }, `${k} ${fmt(v)}`)]), rest ? h("span", { class: "muted nowrap" }, ` + ${formatCount(rest, "criterion", "criteria")}`) : null);
}
/** `12 seeds (0–11)`: the manifest's seeds summed up. */
export const seedsText = (m: ManifestSummary) => `${formatCount(m.seed_count, "seed")}${m.first_seed !== null && m.seed_count > 1 ? ` (${m.first_seed}–${m.last_seed})` : ""}`;
/** The name of a model group (the group of no model says so). */
export const groupName = (model: string | null) => model ?? "(no LM call recorded)";
export const failureText = (failures: Record<string, number>) => Object.entries(failures).map(([k, n]) => `${n} ${k}`).join(", ") || "none";

/** What of a run could not be read (each reason as text), or nothing when all was read. */
export const problemsList = (problems: readonly string[]): Child =>
  problems.length ? h("ul", { class: "bad", testid: "run-problems" }, ...problems.map((p) => h("li", {}, p))) : null;

export function runsView(data: RunsOverview): Child[] {
  const picked: string[] = [];
  const button = h("button", { type: "button", disabled: true, testid: "compare-button" }, "Compare the two selected runs");
  button.addEventListener("click", () => picked.length === 2 && navigate(pathOf(["compare", picked[0]!, picked[1]!])));
  const pick = (name: string) =>
    h("input", {
      type: "checkbox",
      title: `select ${name} for comparison`,
      on: {
        change: (event) => {
          const box = event.target as HTMLInputElement;
          if (box.checked) picked.push(name);
          else picked.splice(picked.indexOf(name), 1);
          button.disabled = picked.length !== 2;
        },
      },
    });
  const runs = data.runs.length
    ? h(
        "table",
        { class: "grid", testid: "runs-table" },
        h("thead", {}, h("tr", {}, ...["", "run", "app", "model", "seeds", "rollouts", "mean return ± s.e.", "pass rate", "judge means", "failures", "finished"].map((t) => h("th", {}, t)))),
        h(
          "tbody",
          {},
          ...data.runs.map((r) =>
            h(
              "tr",
              { testid: `run-${r.name}` },
              h("td", {}, pick(r.name)),
              h("td", {}, link(pathOf(["runs", r.name]), r.name), r.problems.length ? h("div", { class: "bad", title: r.problems.join("\n"), testid: "run-unreadable" }, `partly unreadable: ${r.problems[0]}${r.problems.length > 1 ? ` (+${r.problems.length - 1})` : ""}`) : null),
              h("td", {}, r.manifest.app),
              h("td", {}, r.manifest.model),
              h("td", { class: "num" }, r.manifest.seed_count),
              h("td", { class: "num", testid: "rollouts" }, r.summary.rollouts),
              h("td", { class: "num", testid: "mean-return" }, pm(r.summary.mean_return, r.summary.stderr_return)),
              h("td", { class: "num", testid: "pass-rate" }, pct(r.summary.pass_rate)),
              h("td", { testid: "judge" }, judgeCell(r.summary.judge)),
              h("td", {}, failureText(r.summary.failures)),
              h("td", { class: "time" }, r.finished ?? "–"),
            ),
          ),
        ),
      )
    : h("p", { class: "muted" }, "No eval runs found. `task-app eval` writes them under runs/; pass --runs <dir> to show others.");
  const models = data.models.length
    ? h(
        "table",
        { class: "grid", testid: "models-table" },
        h("thead", {}, h("tr", {}, ...["model", "sessions", "with outcome", "mean outcome ± s.e.", "pass rate", "judge means", "failures"].map((t) => h("th", {}, t)))),
        h(
          "tbody",
          {},
          ...data.models.map((m, i) =>
            h(
              "tr",
              { testid: `model-${i}` },
              h("td", {}, link(storedPathOf(m.model), groupName(m.model))),
              h("td", { class: "num", testid: "sessions" }, m.sessions),
              h("td", { class: "num" }, m.rewarded),
              h("td", { class: "num", testid: "mean-reward" }, pm(m.mean_reward, m.stderr_reward)),
              h("td", { class: "num", testid: "pass-rate" }, pct(m.pass_rate)),
              h("td", { testid: "judge" }, judgeCell(m.judge)),
              h("td", { testid: "failures" }, failureText(m.failures)),
            ),
          ),
        ),
      )
    : h("p", { class: "muted" }, data.store ? "Every stored session belongs to a run shown above." : "No trace store opened (pass --db).");
  return [
    h("h1", {}, "Runs"),
    runs,
    data.runs.length > 1 ? h("p", {}, button) : null,
    h("h2", {}, "Stored sessions of no listed run, by model"),
    data.store ? h("p", { class: "muted" }, `store: ${data.store}`) : null,
    models,
  ];
}
