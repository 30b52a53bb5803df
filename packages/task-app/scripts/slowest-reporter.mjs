// A node:test reporter that writes nothing while the suite runs and, at the end, lists the ten
// slowest test files (their top-level tests added up) and tests (so whoever keeps `npm test` under its budget sees where the time
// goes), then the plain closing line "N passed, N failed, N skipped".
// scripts/test.mjs runs it beside the TAP reporter; paths in the compiled mirror are named back to
// their test/ files.
import { fileURLToPath } from "node:url";
import { isGroupFile } from "./test-groups.mjs";
import { originalName } from "./test-mirror.mjs";

const SHOWN = 10;

export default async function* slowestReporter(source) {
  const files = new Map();
  const tests = [];
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { data } = event;
    const ms = data.details?.duration_ms ?? 0;
    const file = data.file ?? "";
    // A group's top-level suites are its member files (scripts/test-groups.mjs), named by their paths.
    if (data.nesting === 0) {
      const key = isGroupFile(file) ? data.name : file;
      files.set(key, (files.get(key) ?? 0) + ms);
    }
    if (data.details?.type === "suite") continue;
    if (data.skip || data.todo) skipped += 1;
    else if (event.type === "test:pass") passed += 1;
    else failed += 1;
    tests.push({ file, name: data.name, ms });
  }
  // Names are made readable for the rows shown only: mirror paths named back to test/ files.
  yield renderSlowest("slowest files", [...files].map(([name, ms]) => ({ ms, render: () => shortPath(originalName(name)) })));
  yield renderSlowest("slowest tests", tests.map((test) => ({ ms: test.ms, render: () => `${shortPath(originalName(test.file))} › ${shortPath(originalName(test.name))}` })));
  yield `${passed} passed, ${failed} failed, ${skipped} skipped\n`;
}

function renderSlowest(title, rows) {
  const top = [...rows].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
  if (top.length === 0) return "";
  const lines = top.map((row) => `  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.render()}`);
  return `\n${title}:\n${lines.join("\n")}\n`;
}

/** Paths inside the package made relative to it (test/x.test.ts), each of a group's. */
function shortPath(text) {
  return text.split(packageRoot).join("");
}
const packageRoot = fileURLToPath(new URL("..", import.meta.url));
