/**
 * `npm run bench:validate-large`: `task-app validate` on files just under the
 * 4 MiB size limit, built to hit the costly paths: positions in a big
 * document, a huge key for the did-you-mean, and 200,000 unknown keys. The
 * goal is every file under 2 s and 256 MB. Each file is validated in fresh
 * processes, interleaved with a small valid config as the fair baseline (same
 * process start, same machine load); prints medians of wall time and of peak
 * RSS, and the ratio to the baseline.
 * Options: --runs N (default 5), --strict (exit 1 when a file misses the goal).
 * Needs `npm run build` first (the npm script does it).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseBenchArgs } from "./measure.mjs";

const GOAL_MS = 2000;
const GOAL_MB = 256;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: opts } = parseBenchArgs({ options: { runs: { type: "string", default: "5" }, strict: { type: "boolean", default: false } } });
const runs = Math.max(1, Number(opts.runs) || 5);

const base = readFileSync(join(root, "test/fixtures/valid/rl-vision.toml"), "utf8");
const LIMIT = 4 * 1024 * 1024 - 64 * 1024;
const fill = (head, line) => {
  const parts = [head];
  let size = head.length;
  for (let i = 0; size < LIMIT; i++) {
    const l = line(i);
    parts.push(l);
    size += l.length;
  }
  return parts.join("");
};
const dir = mkdtempSync(join(tmpdir(), "task-app-bench-large-"));
const files = {
  "baseline (small valid config)": base,
  "3.9 MB array, one unknown key": base.replace("[training]\n", `[training]\nxs = [${fill("", (i) => `${i},`)}0]\n`),
  "3 MB key": `${base}\n[training.extra]\n${"a".repeat(3_000_000)} = 1\n`,
  "3.9 MB of unknown keys": fill(`${base}\n`, (i) => `[t${i}]\nk = ${i}\n`),
};
const paths = Object.fromEntries(Object.entries(files).map(([name, text], i) => [name, join(dir, `f${i}.toml`)]));
for (const [name, text] of Object.entries(files)) writeFileSync(paths[name], text);

const probe = `const { runFastPath } = await import(${JSON.stringify(join(root, "dist/cli/fast-path.js"))});
const t = performance.now();
process.stdout.write = () => true;
await runFastPath(["validate", process.argv[1]]);
console.error(JSON.stringify({ ms: performance.now() - t, rssMb: process.resourceUsage().maxRSS / 1024 }));`;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const samples = Object.fromEntries(Object.keys(files).map((n) => [n, []]));
for (let r = 0; r < runs; r++) {
  for (const name of Object.keys(files)) {
    const out = spawnSync(process.execPath, ["--input-type=module", "-e", probe, paths[name]], { encoding: "utf8" });
    samples[name].push(JSON.parse(out.stderr.trim().split("\n").pop()));
  }
}
rmSync(dir, { recursive: true, force: true });

let missed = false;
const baseMs = median(samples["baseline (small valid config)"].map((s) => s.ms));
console.log(`task-app validate on large files (medians of ${runs} fresh processes; goal ${GOAL_MS} ms, ${GOAL_MB} MB)`);
for (const [name, list] of Object.entries(samples)) {
  const ms = median(list.map((s) => s.ms));
  const mb = median(list.map((s) => s.rssMb));
  const miss = ms > GOAL_MS || mb > GOAL_MB;
  missed ||= miss;
  console.log(`  ${name.padEnd(32)} ${ms.toFixed(0).padStart(6)} ms  ${mb.toFixed(0).padStart(4)} MB peak RSS  ${(ms / baseMs).toFixed(1)}x baseline${miss ? "  MISSES THE GOAL" : ""}`);
}
if (opts.strict && missed) process.exitCode = 1;
