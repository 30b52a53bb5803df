// A node:test reporter that writes nothing while the suite runs and, at the end, lists the ten
// slowest test files (their top-level tests added up) and tests (so whoever keeps `npm test` under its budget sees where the time
// goes), then the plain closing line "N passed, N failed, N skipped".
// scripts/test.mjs runs it beside the TAP reporter; paths in the compiled mirror are named back to
// their test/ files.
import { withOriginalPaths } from "./test-mirror.mjs";

const SHOWN = 10;

export default async function* slowestReporter(source) {
  const files = new Map();
  const tests = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of withOriginalPaths(source)) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { data } = event;
    const ms = data.details?.duration_ms ?? 0;
    const file = data.file ?? "";
    if (data.nesting === 0) files.set(file, (files.get(file) ?? 0) + ms);
    if (data.details?.type === "suite") continue;
    if (data.skip || data.todo) skipped += 1;
    else if (event.type === "test:pass") passed += 1;
    else failed += 1;
    tests.push({ name: `${shortPath(file)} › ${data.name}`, ms });
  }
  yield renderSlowest("slowest files", [...files].map(([name, ms]) => ({ name: shortPath(name), ms })));
  yield renderSlowest("slowest tests", tests);
  yield `${passed} passed, ${failed} failed, ${skipped} skipped\n`;
}

function renderSlowest(title, rows) {
  const top = [...rows].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
  if (top.length === 0) return "";
  const lines = top.map((row) => `  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.name}`);
  return `\n${title}:\n${lines.join("\n")}\n`;
}

function shortPath(file) {
  const at = file.lastIndexOf("/test/");
  return at >= 0 ? file.slice(at + 1) : file;
}
