/**
 * The checker's pass/fail table.
 */
import type { CheckReport } from "./run.js";

/** Renders a report as an aligned PASS/FAIL table with a closing count line. */
export function formatCheckReport(report: CheckReport): string {
  const width = Math.max(...report.results.map((r) => r.name.length));
  const lines = [`task-app check ${report.url}`];
  for (const r of report.results) lines.push(`  ${r.ok ? "PASS" : "FAIL"}  ${r.name.padEnd(width)}  ${r.detail}`);
  const passed = report.results.filter((r) => r.ok).length;
  lines.push(`${passed} of ${report.results.length} checks passed${report.ok ? "" : `; failed: ${report.results.filter((r) => !r.ok).map((r) => r.name).join(", ")}`}`);
  return `${lines.join("\n")}\n`;
}
