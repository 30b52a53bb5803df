/**
 * `npm run bench`: runs every benchmark in turn (each prints CPU per unit of
 * work as a ratio to a baseline measured in the same run, medians and
 * spread, throughput beside it) and ends with the goals table: each row's
 * figure, its goal and a pass/miss mark, gathered from the `@goal` lines the
 * benchmarks print (bench/measure.mjs). With `--write`, records the table and
 * the report, with the machine and the load average it ran under, in
 * BENCHMARKS.md. Benchmarks are never part of `npm test` and assert no
 * timings: a mark is a reading. `--only a,b` runs some of them.
 */
import { spawnSync } from "node:child_process";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { loadLine, parseBenchArgs } from "../bench/measure.mjs";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** Every benchmark: its name, what it compares, and the command (run after the build). */
export const BENCHMARKS = [
  { name: "validate", what: "cold start of `task-app validate` against `node -e 0`, and files/s over the corpus", argv: ["bench/validate.mjs"] },
  { name: "validate-large", what: "`task-app validate` on the largest hostile files under the size limit (time and peak memory)", argv: ["bench/validate-large.mjs"] },
  { name: "validation", what: "parse + validate of rollout bodies (1 KB to 50 MB, realistic and image-heavy) against JSON.parse alone, ajv and pydantic 2", argv: ["--expose-gc", "bench/validation.mjs"] },
  { name: "bounds", what: "the body-limit scan of /rollout against JSON.parse", argv: ["bench/bounds.mjs"] },
  { name: "server", what: "server CPU per POST /rollout through `task-app serve` against a bare node:http server doing the same parse and stringify, by body size and concurrency; peak memory; 1 worker against N with the load generator's CPU subtracted", argv: ["bench/server.mjs"] },
  { name: "server-listener", what: "the POST /rollout listener in-process, without a socket, against a bare listener doing the same parse and stringify: what task-app adds per request, no goal row", argv: ["bench/server-listener.mjs"] },
  { name: "peer", what: "server CPU per POST /rollout: task-app against synth-ai's stack (FastAPI + uvicorn + pydantic) and a lean pydantic-core server, same bytes", argv: ["bench/peer.mjs"] },
  { name: "server-traces", what: "CPU per rollout of a served app with tracing off, into SQLite and into PostgreSQL: the serving thread's added CPU and the trace writer thread's against libsql's own insert of the same rows at the same batching, hand-over included (SQLite's C floor reported beside it)", argv: ["bench/server-traces.mjs"] },
  { name: "traces", what: "sessions/s into SQLite and PostgreSQL trace stores against a no-op sink", argv: ["bench/trace-store.mjs"] },
  { name: "eval", what: "eval's CPU per rollout at concurrency 1, 8 and 64, tracing off, the trace returned but not stored, and stored into SQLite, against a bare loop of the same HTTP calls; a fresh eval process's start-up CPU against node making the same call", argv: ["--import", "tsx", "bench/eval.mjs"] },
  { name: "env-loop", what: "a declared environment's agent loop (traced, judged) per model turn against a bare loop posting the same chat-completions requests to the same loopback model server; beside it, the loop with each session read", argv: ["bench/env-loop.mjs"] },
  { name: "openenv-step", what: "server CPU per step of a declared environment stepped by a trainer (OpenEnv's WebSocket, synth-ai's env lifecycle over HTTP) against a bare node:http + ws server doing the same, and an OpenEnv-style FastAPI + pydantic server", argv: ["bench/openenv-step.mjs"] },
  { name: "lsp", what: "`task-app lsp` diagnostics of a 300-line config after an edit, over stdio, with the default debounce and none", argv: ["bench/lsp.mjs"] },
  { name: "view", what: "the viewer on a 10,000-session run: API times and the run page's first paint in Chromium, against a request to an empty viewer", argv: ["bench/view.mjs"] },
  { name: "npm-test", what: "the README's test command (`npm test`, the build included) on a fresh clone of the committed tree: its wall time and CPU, and the slowest files", argv: ["bench/npm-test.mjs"] },
  { name: "start", what: "fresh processes' start-up CPU on task-app: importing the main entry and task-app/server, and `serve --workers 1` of an app to its URL, against `node -e 0` (figures, no goal row; `--before DIR` compares another checkout)", argv: ["bench/start.mjs"] },
  { name: "scaffold", what: "`create-task-app --no-install` against a plain copy of the same files", argv: ["bench/scaffold.mjs"] },
];

const { values } = parseBenchArgs({ options: { write: { type: "boolean", default: false }, only: { type: "string" } } });
const only = values.only?.split(",");
const machine = [
  `node ${process.version} on ${process.platform}/${process.arch}`,
  `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}`,
  `${(totalmem() / 2 ** 30).toFixed(0)} GiB memory (${(freemem() / 2 ** 30).toFixed(0)} GiB free at start)`,
  `load average at start ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
];
const today = new Date().toISOString().slice(0, 10);
const sections = [];
const goals = [];
for (const bench of BENCHMARKS.filter((b) => !only || only.includes(b.name))) {
  process.stdout.write(`\n## ${bench.name}: ${bench.what}\n\n`);
  const started = Date.now();
  const run = spawnSync(process.execPath, bench.argv, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, TASK_APP_BENCH_GOALS: "1" }, maxBuffer: 64 * 1024 * 1024, timeout: 15 * 60_000 });
  const lines = run.stdout.trimEnd().split("\n");
  for (const line of lines.filter((l) => l.startsWith("@goal "))) goals.push({ bench: bench.name, ...JSON.parse(line.slice(6)) });
  const out = [...lines.filter((l) => !l.startsWith("@goal ")), `(${loadLine()} at the end)`].join("\n");
  process.stdout.write(`${out}\n`);
  const status = run.status === 0 ? "" : ` (exited with ${run.status ?? run.signal})`;
  // Each section names the machine it ran on: with --only, sections of other runs (other machines) are kept beside it.
  sections.push(`## ${bench.name}\n\n${bench.what}. \`npm run bench:${bench.name}\`, ${((Date.now() - started) / 1000).toFixed(0)} s, on ${today}, on ${machine[1]}${status}.\n\n\`\`\`text\n${out}\n\`\`\``);
}
let table = renderGoals(goals);
process.stdout.write(`\n## Goals\n\n${table}\n`);
if (values.write) {
  // With --only, the sections of the benchmarks not run are kept from the last report (their goal rows too).
  if (only && existsSync("BENCHMARKS.md")) {
    const previous = readFileSync("BENCHMARKS.md", "utf8");
    const kept = previous.split(/\n(?=## )/).filter((part) => {
      const name = /^## (\S+)\n/.exec(part)?.[1];
      return name && name !== "Goals" && BENCHMARKS.some((b) => b.name === name) && !only.includes(name);
    });
    sections.push(...kept.map((part) => part.trimEnd()));
    const order = (part) => BENCHMARKS.findIndex((b) => b.name === /^## (\S+)\n/.exec(part)?.[1]);
    sections.sort((a, b) => order(a) - order(b));
    for (const row of previousGoals(previous)) if (!only.includes(row.bench)) goals.push(row);
    // The table keeps the benchmarks' order, whichever of them ran this time (sort is stable: rows keep theirs within one).
    const rank = (bench) => BENCHMARKS.findIndex((b) => b.name === bench);
    goals.sort((a, b) => rank(a.bench) - rank(b.bench));
    table = renderGoals(goals);
  }
  const text = `# Benchmarks\n\nMeasured with \`npm run bench -- --write\` on ${today}${only ? ` (${only.join(", ")}; the other sections are kept from earlier reports, each on the machine its first line names, or, before sections named theirs, unknown)` : ""}, on:\n\n${machine.map((m) => `- ${m}`).join("\n")}\n\nWhat each benchmark measures and why its baseline is the fair one: [bench/README.md](bench/README.md). Figures are CPU per unit of work of the process (or thread) measured, as a ratio to a baseline doing the same work minus the thing measured, run in the same process tree with rounds interleaved: medians, with the spread (min-max over rounds) beside them. Throughput is printed beside as a secondary, noisy figure.\n\n## Goals\n\n${table}\n\n${sections.join("\n\n")}\n`;
  writeFileSync("BENCHMARKS.md", text);
  process.stdout.write("\nwrote BENCHMARKS.md\n");
}

/** The goals table (markdown): row, task-app, baseline, figure, goal, mark. */
function renderGoals(rows) {
  if (rows.length === 0) return "(no benchmark reported a goal row)";
  const mark = (r) => (r.pass === true ? "pass" : r.pass === false ? "**miss**" : "not measured");
  const cell = (t) => String(t ?? "").replace(/\|/g, "\\|");
  const head = "| path | task-app | baseline | figure | goal | mark | bench |\n|---|---|---|---|---|---|---|";
  return `${head}\n${rows.map((r) => `| ${cell(r.row)} | ${cell(r.subject)} | ${cell(r.baseline)} | ${cell(r.figure)}${r.note ? ` (${cell(r.note)})` : ""} | ${cell(r.goal)} | ${mark(r)} | ${r.bench} |`).join("\n")}`;
}

/** The goal rows of a report's table (to keep those of benchmarks not run again). */
function previousGoals(text) {
  const table = /## Goals\n\n([\s\S]*?)\n\n/.exec(text)?.[1] ?? "";
  return table
    .split("\n")
    .slice(2)
    .filter((l) => l.startsWith("|"))
    .map((l) => l.slice(2, -2).split(/ (?<!\\)\| /).map((c) => c.replace(/\\\|/g, "|")))
    .filter((c) => c.length === 7)
    .map(([row, subject, baseline, figure, goal, mark, bench]) => ({ row, subject, baseline, figure, goal, pass: mark === "pass" ? true : mark === "**miss**" ? false : null, bench }));
}
