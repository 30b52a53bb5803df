/**
 * `npm run bench:npm-test`: the README's test command on a fresh clone, timed. This checkout's
 * committed tree is cloned into a scratch folder (with the shared corpus beside it when this
 * checkout has one, as CI has it), its dependencies installed from the lockfile (`npm ci`, timed
 * apart: CI's install, not the test command), then `npm test` run as CI runs it (`CI=true`): its
 * wall time from start to exit, the build included, and the CPU of every process it waited for
 * (bash's `times`). The runner's own lines say how the time split (`test run: …`, `test
 * processes: …`) and which files were slowest. Goal: at most 300 s of wall time on 2 cores. The
 * machine's speed is printed before and after (measure.mjs, machineSpeedLine): the wall time is
 * the suite's CPU over two cores, and that CPU differs from machine to machine and hour to hour.
 *
 * Usage: npm run bench:npm-test
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadLine, machineSpeedLine, parseBenchArgs, reportGoal } from "./measure.mjs";

// No options: a mistyped one is refused before minutes of work start.
parseBenchArgs({ options: {} });

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const work = mkdtempSync(join(tmpdir(), "bench-npm-test-"));
// As a clone anywhere else is: readable by other users (mkdtemp makes it 0700, and the PostgreSQL tests' server, run
// as its own user when the suite runs as root, must reach the clone's binaries).
chmodSync(work, 0o755);
const clone = join(work, "repo");

/** Runs `command` in bash in `cwd`; its output, exit status, wall seconds and its children's CPU seconds (`times`). */
function timed(command, cwd, env = process.env) {
  const started = performance.now();
  const run = spawnSync("bash", ["-c", `${command}; status=$?; times >&2; exit $status`], { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const wall = (performance.now() - started) / 1000;
  const times = run.stderr.trim().split("\n").pop() ?? "";
  const seconds = [...times.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { status: run.status, out: run.stdout, err: run.stderr, wall, cpu: (seconds[0] ?? 0) + (seconds[1] ?? 0) };
}

try {
  const cloned = timed(`git clone --quiet ${JSON.stringify(repo)} ${JSON.stringify(clone)}`, work);
  if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.err}`);
  const shared = join(repo, "..", "shared");
  if (existsSync(shared)) symlinkSync(shared, join(work, "shared"), "dir");
  // CI's environment, not this benchmark's: npm's own variables (npm run bench sets npm_config_*, npm_lifecycle_*, …) would
  // reach the npm commands the tests run and change what they do.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && !["INIT_CWD", "NODE_OPTIONS", "TASK_APP_BENCH_GOALS"].includes(name)));
  env.CI = "true";
  const install = timed("npm ci --no-audit --no-fund --prefer-offline", clone, env);
  if (install.status !== 0) throw new Error(`npm ci failed: ${install.err.slice(-2000)}`);
  console.log(`a clone of ${repo} (HEAD, committed files only)${existsSync(shared) ? ", the shared corpus beside it" : ""}; ${loadLine()} at start`);
  const speed = { before: machineSpeedLine() };
  console.log(`${speed.before}, before`);
  console.log(`npm ci: ${install.wall.toFixed(0)} s of wall time, ${install.cpu.toFixed(0)} s of CPU (CI's install: not part of the goal)`);
  const test = timed("npm test", clone, env);
  const out = `${test.out}\n${test.err}`;
  const counts = /(\d+) passed, (\d+) failed, (\d+) skipped/.exec(out);
  const testRun = /test run: ([\d.]+) s of wall time/.exec(out)?.[1];
  const processes = /test processes: ([\d.]+) s of CPU/.exec(out)?.[1];
  const slowest = /slowest files:\n((?:\s+[\d.]+ s\s+\S+\n?){1,10})/.exec(out)?.[1]?.trimEnd();
  console.log(`npm test: exit ${test.status}; ${test.wall.toFixed(0)} s of wall time (build included; the runner's test run ${testRun ?? "?"} s), ${test.cpu.toFixed(0)} s of CPU (every process it waited for; the runner counts ${processes ?? "?"} s for the test processes)`);
  console.log(counts ? `${counts[1]} passed, ${counts[2]} failed, ${counts[3]} skipped` : "no test count printed");
  // A failure is named, so a failed run says what failed (the rest of the output stays in the scratch folder's run).
  for (const line of out.split("\n").filter((l) => /^\s*not ok /.test(l)).slice(0, 20)) console.log(`failed: ${line.trim()}`);
  if (slowest) console.log(`slowest files:\n${slowest}`);
  const failed = !counts || Number(counts[2]) > 0 || test.status !== 0;
  reportGoal({
    row: "`npm test` on a fresh clone, wall time, build included",
    subject: `${test.wall.toFixed(0)} s wall, ${test.cpu.toFixed(0)} s CPU`,
    baseline: "2 cores",
    figure: `${test.wall.toFixed(0)} s (test run ${testRun ?? "?"} s after the build)${failed ? "; tests failed" : ""}`,
    goal: "<= 300 s",
    pass: !failed && test.wall <= 300,
    note: `${counts ? `${counts[1]} passed, ${counts[2]} failed, ${counts[3]} skipped; ` : ""}${speed.before}`,
  });
  console.log(`${machineSpeedLine()}, after`);
  console.log(`${loadLine()} at the end`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
