// Where the project's task-app is, and which files it checks. Plain Node (no `vscode`), so it is tested
// on its own (test/vscode-extension.test.ts).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/** Patterns used when the installed task-app has no schemas/catalog.json. */
const DEFAULT_PATTERNS = ["**/rl.toml", "**/*.rl.toml", "**/rl_*.toml", "**/sft.toml", "**/*.sft.toml", "**/sft_*.toml", "**/eval.toml", "**/*.eval.toml", "**/eval_*.toml", "**/filter.toml", "**/*.filter.toml", "**/filter_*.toml", "**/configs/**/*.toml", "**/*.rubric.json", "**/rubrics.json"];

/** The nearest node_modules/task-app/bin/task-app.js at or above `folder`, or undefined. */
function findTaskApp(folder) {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    const bin = path.join(dir, "node_modules", "task-app", "bin", "task-app.js");
    if (fs.existsSync(bin)) return bin;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Glob patterns of the files to check: the schema catalog's, `**\/task-app.toml`, and the user's. */
function filePatterns(bin, extra = []) {
  let patterns = DEFAULT_PATTERNS;
  try {
    const catalog = JSON.parse(fs.readFileSync(path.join(path.dirname(bin), "..", "schemas", "catalog.json"), "utf8"));
    const found = catalog.schemas.flatMap((s) => s.fileMatch.map((p) => (p.startsWith("**/") ? p : `**/${p}`)));
    if (found.length) patterns = [...found, "**/configs/**/*.toml"];
  } catch {
    // an older task-app: the defaults
  }
  return [...new Set([...patterns, "**/task-app.toml", ...extra])];
}

module.exports = { findTaskApp, filePatterns, DEFAULT_PATTERNS };
