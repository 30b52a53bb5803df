/**
 * `npm run bench`: runs every benchmark in turn (each prints medians, spread
 * and the ratio to its baseline) and, with `--write`, records the report with
 * the machine it ran on in BENCHMARKS.md. Benchmarks are never part of
 * `npm test` and assert no timings. `--only a,b` runs some of them.
 */
import { spawnSync } from "node:child_process";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";

/** Every benchmark: its name, what it compares, and the command (run after the build). */
export const BENCHMARKS = [
  { name: "validate", what: "cold start of `task-app validate` against `node -e 0`, and files/s over the corpus", argv: ["bench/validate.mjs"] },
  { name: "validate-large", what: "`task-app validate` on the largest hostile files under the size limit (time and peak memory)", argv: ["bench/validate-large.mjs"] },
  { name: "validation", what: "parse + validate of rollout bodies (1 KB to 50 MB, realistic and image-heavy) against JSON.parse alone, ajv and pydantic 2", argv: ["bench/validation.mjs"] },
  { name: "bounds", what: "the body-limit scan of /rollout against JSON.parse", argv: ["bench/bounds.mjs"] },
  { name: "server", what: "POST /rollout through `task-app serve` against bare node:http servers, by body size and concurrency; 1 worker against N", argv: ["bench/server.mjs"] },
  { name: "server-traces", what: "a served app with tracing off, into SQLite and into PostgreSQL, at concurrency 1 and 64", argv: ["bench/server-traces.mjs"] },
  { name: "traces", what: "sessions/s into SQLite and PostgreSQL trace stores against a no-op sink", argv: ["bench/trace-store.mjs"] },
  { name: "eval", what: "`task-app eval` at concurrency 1, 8 and 64, tracing off, the trace returned but not stored, and stored into SQLite, against a bare loop of the same HTTP calls", argv: ["--import", "tsx", "bench/eval.mjs"] },
  { name: "lsp", what: "`task-app lsp` diagnostics of a 300-line config after an edit, over stdio, with the default debounce and none", argv: ["bench/lsp.mjs"] },
  { name: "view", what: "the viewer on a 10,000-session run: API times and the run page's first paint in Chromium, against a request to an empty viewer", argv: ["--import", "tsx", "bench/view.mjs"] },
  { name: "scaffold", what: "`create-task-app --no-install` against a plain copy of the same files", argv: ["bench/scaffold.mjs"] },
];

const { values } = parseArgs({ options: { write: { type: "boolean", default: false }, only: { type: "string" } } });
const only = values.only?.split(",");
const machine = [
  `node ${process.version} on ${process.platform}/${process.arch}`,
  `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`,
  `${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} GiB free at start)`,
  `load average at start ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
];
const sections = [];
for (const bench of BENCHMARKS.filter((b) => !only || only.includes(b.name))) {
  process.stdout.write(`\n## ${bench.name}: ${bench.what}\n\n`);
  const started = Date.now();
  const run = spawnSync(process.execPath, bench.argv, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
  const out = run.stdout.trimEnd();
  process.stdout.write(`${out}\n`);
  const status = run.status === 0 ? "" : ` (exited with ${run.status ?? run.signal})`;
  sections.push(`## ${bench.name}\n\n${bench.what}. \`npm run bench:${bench.name}\`, ${((Date.now() - started) / 1000).toFixed(0)} s${status}.\n\n\`\`\`text\n${out}\n\`\`\``);
}
if (values.write) {
  const text = `# Benchmarks\n\nMeasured with \`npm run bench -- --write\` on ${new Date().toISOString().slice(0, 10)}:\n\n${machine.map((m) => `- ${m}`).join("\n")}\n\nWhat each benchmark measures and why its baseline is the fair one: [bench/README.md](bench/README.md). Shared machines are noisy: read the medians and ratios, and the spread beside them.\n\n${sections.join("\n\n")}\n`;
  writeFileSync("BENCHMARKS.md", text);
  process.stdout.write("\nwrote BENCHMARKS.md\n");
}
