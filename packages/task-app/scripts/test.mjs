// `npm test` after the build: every suite under test/ (and test/<room>/) through node's test
// runner with TAP on standard output, then the CPU the test processes used, the ten slowest files
// and tests and the plain "N passed, N failed" line. Arguments, when given, name the test files to run instead.
// The suites run compiled (scripts/test-mirror.mjs: JavaScript importing dist/) with no module hook
// in the test processes; `node --import ./scripts/test-loader.mjs --test test/x.test.ts` still runs
// one from its TypeScript.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { planTestEnvironment, readNpmCa, renderNpmCafile } from "./test-env.mjs";
import { groupFilePath, groupSizeFrom, planTestGroups, renderGroupFile } from "./test-groups.mjs";
import { buildMirror, MIRROR_ENV } from "./test-mirror.mjs";
import { needsPacked, PACKED_ENV, packPackages } from "./test-packed.mjs";

const startedAt = performance.now();
const root = fileURLToPath(new URL("..", import.meta.url));
const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : listTestFiles(join(root, "test"));
const scratch = mkdtempSync(join(tmpdir(), "task-app-test-"));
const summary = join(scratch, "summary.txt");
/** How long a test file may run (TASK_APP_TEST_TIMEOUT_MS overrides it: the guard's own test sets it short). */
const FILE_TIMEOUT_MS = Number(process.env.TASK_APP_TEST_TIMEOUT_MS) || 600_000;
// The test processes run without NODE_EXTRA_CA_CERTS, which costs every node process about 60 ms
// of CPU at start, npm keeping the certificates it trusted (scripts/test-env.mjs).
const npmCa = process.env.NODE_EXTRA_CA_CERTS ? readNpmCa(root) : undefined;
const { env, cafile } = planTestEnvironment(process.env, npmCa, join(scratch, "npm-ca.pem"));
if (cafile) writeFileSync(cafile.path, renderNpmCafile(cafile.from));
if (env !== process.env) {
  process.stdout.write(`# test processes run without NODE_EXTRA_CA_CERTS (read by every node process at start)${cafile ? "; npm trusts the same certificates through npm_config_cafile" : ""}\n`);
}

// The packages packed once for the suites that install them as a user would (scripts/test-packed.mjs),
// while the mirror compiles. A failed pack is said here; each suite then packs for itself and fails.
const packedDir = join(scratch, "packed");
const packing = files.some((file) => needsPacked(join(root, file)))
  ? packPackages(packedDir, env).then(
      () => true,
      (error) => void process.stdout.write(`# the packages could not be packed once for every suite: ${error.message.split("\n")[0]}\n`),
    )
  : undefined;
// The suites and the test/ files they import, compiled once here (dist/ is fresh: `npm test`
// builds first). A registered module hook, even one doing nothing, doubles the CPU of loading
// modules, and each test file is a process loading hundreds.
const mirrored = await buildMirror(files);
await (await import("esbuild")).stop(); // its service process ends here: counted below, not kept for the run
// Files share processes, a few to a group, so that task-app's modules load once a group rather
// than once a file (scripts/test-groups.mjs says which files keep a process of their own).
const groupSize = groupSizeFrom(process.env);
const entries = planTestGroups(
  files.map((file, i) => ({ original: resolve(root, file), run: mirrored[i], compiled: mirrored[i] !== file })),
  groupSize,
);
const runnerFiles = entries.map((entry, i) => {
  if (entry.file) return entry.file;
  const path = groupFilePath(scratch, i);
  writeFileSync(path, renderGroupFile(entry.members));
  return path;
});
const groups = entries.filter((entry) => entry.members).length;
if (groups > 0) {
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;
  process.stdout.write(`# ${plural(files.length, "test file")} in ${plural(entries.length, "process")}: ${files.length - entries.length + groups} of them in ${plural(groups, "group")} of up to ${groupSize} (scripts/test-groups.mjs; TASK_APP_TEST_GROUP=1 runs each file alone)\n`);
}
// The mirror is built: test/helpers/app-fixture.ts names its fixture apps.
const childEnv = { ...env, [MIRROR_ENV]: "1", ...((await packing) ? { [PACKED_ENV]: packedDir } : {}) };
const child = spawn(
  process.execPath,
  [
    "--enable-source-maps",
    "--test",
    // Six files at a time on two cores: many suites wait on processes, servers and timers, and six
    // keep both cores busier than four (the whole suite, fresh clone, paired runs: 270 s against
    // 277 s, 282 s against 294 s).
    "--test-concurrency=6",
    // A test file (and a test without a timeout of its own) fails after this long, its process
    // killed: a file that never exits (a child process left running keeps it alive) fails the run
    // instead of holding it until CI gives up. The slowest file takes about two minutes.
    `--test-timeout=${FILE_TIMEOUT_MS}`,
    `--test-reporter=${join(root, "scripts/tap-reporter.mjs")}`,
    "--test-reporter-destination=stdout",
    `--test-reporter=${join(root, "scripts/slowest-reporter.mjs")}`,
    `--test-reporter-destination=${summary}`,
    ...runnerFiles,
  ],
  { cwd: root, stdio: "inherit", env: childEnv },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  const cpu = childrenCpuSeconds();
  const wall = (performance.now() - startedAt) / 1000;
  process.stdout.write(`\ntest run: ${wall.toFixed(1)} s of wall time (from the runner's start: the mirror's compile and every suite; \`npm test\`'s build comes before it)\n`);
  if (cpu !== undefined) process.stdout.write(`test processes: ${cpu.toFixed(1)} s of CPU (user + system, every process the runner waited for)\n`);
  try {
    process.stdout.write(readFileSync(summary, "utf8"));
  } catch {
    // the runner died before its reporters closed: its exit status says so
  }
  rmSync(scratch, { recursive: true, force: true });
  process.exitCode = code ?? (signal ? 1 : 0);
});

/**
 * CPU time of this process's finished children and theirs (Linux: fields 16 and 17 of
 * /proc/self/stat, in clock ticks of 1/100 s), which is what decides whether the suite fits
 * its budget on a given number of cores; undefined elsewhere.
 */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** test/*.test.ts and one level of folders below (test/hostile/, …), helpers and fixtures aside. */
function listTestFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".test.ts")) found.push(join(dir, entry.name));
    if (entry.isDirectory() && !["helpers", "fixtures", "python"].includes(entry.name)) {
      for (const inner of readdirSync(join(dir, entry.name))) {
        if (inner.endsWith(".test.ts")) found.push(join(dir, entry.name, inner));
      }
    }
  }
  return found.sort().map((file) => relative(root, file));
}
