// `npm run bench:scaffold`: wall time of `create-task-app --no-install` as a
// ratio to a plain recursive copy of the same files, both run as fresh Node
// processes (so both pay the same runtime start-up). Target: at most 3x.
// The headline run also skips git (a copy makes no repository); the run with
// git is printed for reference. Medians of BENCH_RUNS runs (default 15).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startupEnv } from "./measure.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
// The create-task-app package's bin (packages/create-task-app), which runs the scaffolder from task-app/create.
const bin = path.join(root, "..", "create-task-app", "index.js");
if (!existsSync(path.join(root, "dist", "cli", "create-task-app.js"))) {
  console.error("bench:scaffold needs the build; run `npm run build` first");
  process.exit(2);
}
const runs = Number(process.env.BENCH_RUNS ?? 15);
const TARGET = 3;
const work = mkdtempSync(path.join(os.tmpdir(), "bench-scaffold-"));
const { env: startEnv, note: envNote } = startupEnv();
const env = { ...startEnv, GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@example.com", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@example.com" };
let counter = 0;

function timed(command, args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: work, env, stdio: ["ignore", "ignore", "pipe"] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const rows = [];
try {
  for (const template of ["math", "multi-step", "vision"]) {
    const reference = path.join(work, `reference-${template}`);
    timed(process.execPath, [bin, reference, "--template", template, "--yes", "--no-install", "--no-git"]);
    const scaffold = [];
    const withGit = [];
    const copy = [];
    for (let i = 0; i < runs; i++) {
      scaffold.push(timed(process.execPath, [bin, `s${++counter}`, "--template", template, "--yes", "--no-install", "--no-git"]));
      copy.push(timed(process.execPath, ["-e", `require("node:fs").cpSync(${JSON.stringify(reference)}, ${JSON.stringify(path.join(work, `c${++counter}`))}, { recursive: true })`]));
      if (i < 5) withGit.push(timed(process.execPath, [bin, `g${++counter}`, "--template", template, "--yes", "--no-install"]));
    }
    rows.push({ template, scaffold: median(scaffold), copy: median(copy), withGit: median(withGit) });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`create-task-app --no-install vs a recursive copy of the same files (median of ${runs} runs, ms)`);
if (envNote) console.log(`(${envNote})`);
console.log("template     scaffold   copy   ratio   with git");
let worst = 0;
for (const r of rows) {
  const ratio = r.scaffold / r.copy;
  worst = Math.max(worst, ratio);
  console.log(`${r.template.padEnd(11)} ${r.scaffold.toFixed(0).padStart(9)} ${r.copy.toFixed(0).padStart(6)} ${ratio.toFixed(2).padStart(6)}x ${r.withGit.toFixed(0).padStart(10)}`);
}
console.log(`worst ratio ${worst.toFixed(2)}x (target <= ${TARGET}x): ${worst <= TARGET ? "PASS" : "FAIL"}`);
process.exitCode = worst <= TARGET ? 0 : 1;
