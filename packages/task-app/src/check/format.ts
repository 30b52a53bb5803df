/**
 * The checker's pass/fail table.
 */
import { plain, type Style } from "../style.js";
import { CHECK_NAMES, type CheckReport } from "./run.js";

/** Renders a report as an aligned PASS/FAIL table, why it stopped early (if it did) and a closing count line; `style` colours PASS and FAIL. */
export function formatCheckReport(report: CheckReport, style: Style = plain): string {
  const width = Math.max(...report.results.map((r) => r.name.length));
  const lines = [`task-app check ${report.url}${report.wire ? ` (rollout wire ${report.wire})` : ""}`];
  for (const r of report.results) lines.push(`  ${r.ok ? style.pass("PASS") : style.fail("FAIL")}  ${r.name.padEnd(width)}  ${r.detail}`);
  const passed = report.results.filter((r) => r.ok).length;
  const failed = report.results.filter((r) => !r.ok).map((r) => r.name);
  const notRun = CHECK_NAMES.filter((name) => !report.results.some((r) => r.name === name));
  lines.push(
    `${passed} of ${report.results.length + notRun.length} checks passed` +
      (failed.length ? `; failed: ${failed.join(", ")}` : "") +
      (notRun.length ? `; not run: ${notRun.join(", ")}` : ""),
  );
  if (report.stopped) lines.push(style.fail(`stopped early: ${report.stopped}`));
  return `${lines.join("\n")}\n`;
}
