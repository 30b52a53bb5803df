/**
 * Test files sharing a process under `npm test` (scripts/test-groups.mjs): which files share and
 * which keep a process of their own, and, run by node's real test runner, a group whose members
 * each keep their own tests, top-level hooks and failures, reported (slowest files) under their
 * own names.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { groupFilePath, groupSizeFrom, isGroupFile, OWN_PROCESS_MARK, planTestGroups, renderGroupFile, SHARED_GROUP_MARK } from "../scripts/test-groups.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = await mkdtemp(join(tmpdir(), "test-groups-"));
after(() => rm(work, { recursive: true, force: true }));

test("files fill groups in order; a marked file (listed first), one loading the module hook and one not compiled stay alone", () => {
  const texts: Record<string, string> = {
    "a.ts": "test()",
    "a.mjs": "test()",
    "b.ts": "test()",
    "b.mjs": "test()",
    "own.ts": "/** x */\n// npm test: own process (it reads its own memory)\nimport {}",
    "own.mjs": "test()",
    "hook.ts": "test()",
    "hook.mjs": 'import "file:///r/scripts/test-loader.mjs";\n\n// test/hook.test.ts',
    "c.ts": "test()",
    // A file that only mentions the hook (as this test does) shares a process.
    "c.mjs": 'const text = \'import "file:///r/scripts/test-loader.mjs";\';',
    "d.ts": "test()",
    "d.mjs": "test()",
    "e.ts": "test()",
    "e.mjs": "test()",
  };
  const read = (file: string) => texts[file] ?? assert.fail(`read ${file}`);
  const suite = (name: string) => ({ original: `${name}.ts`, run: `${name}.mjs`, compiled: true });
  const plan = planTestGroups([suite("a"), suite("b"), suite("own"), suite("hook"), suite("c"), { original: "x.js", run: "x.js", compiled: false }, suite("d"), suite("e")], 3, read);
  // The marked file first: a long file started last would be the run's tail.
  assert.deepEqual(plan, [{ file: "own.mjs" }, { members: ["a.mjs", "b.mjs", "c.mjs"] }, { file: "hook.mjs" }, { file: "x.js" }, { members: ["d.mjs", "e.mjs"] }]);
  // A group of one is its file alone; size 1 is every file alone.
  assert.deepEqual(planTestGroups([suite("a"), suite("b"), suite("c"), suite("d")], 3, read), [{ members: ["a.mjs", "b.mjs", "c.mjs"] }, { file: "d.mjs" }]);
  assert.deepEqual(planTestGroups([suite("a"), suite("b")], 1, read), [{ file: "a.mjs" }, { file: "b.mjs" }]);
  // The mark is a line of its own, not a mention.
  assert.equal(OWN_PROCESS_MARK.test('const s = "// npm test: own process";'), false);
  assert.deepEqual([groupSizeFrom({}), groupSizeFrom({ TASK_APP_TEST_GROUP: "1" }), groupSizeFrom({ TASK_APP_TEST_GROUP: "9" }), groupSizeFrom({ TASK_APP_TEST_GROUP: "no" })], [6, 1, 9, 6]);
});

test("files naming one group share it wherever they fall, listed where the first was; other files fill groups around it", () => {
  const texts: Record<string, string> = { "a.ts": "test()", "t1.ts": "// npm test: group typescript (shared parse)\nimport {}", "b.ts": "test()", "c.ts": "test()", "t2.ts": "/** x */\n// npm test: group typescript\nimport {}", "d.ts": "test()", "t3.ts": "// npm test: group typescript", "s.ts": "// npm test: group solo" };
  const read = (file: string) => (file.endsWith(".mjs") ? "test()" : (texts[file] ?? assert.fail(`read ${file}`)));
  const suite = (name: string) => ({ original: `${name}.ts`, run: `${name}.mjs`, compiled: true });
  const plan = planTestGroups(["a", "t1", "b", "c", "t2", "d", "t3", "s"].map(suite), 2, read);
  // Three members in a group the size (2) would have cut; a named group of one is its file alone.
  assert.deepEqual(plan, [{ members: ["a.mjs", "b.mjs"] }, { members: ["t1.mjs", "t2.mjs", "t3.mjs"] }, { members: ["c.mjs", "d.mjs"] }, { file: "s.mjs" }]);
  // TASK_APP_TEST_GROUP=1 still runs each alone; a mention is not a mark.
  assert.deepEqual(planTestGroups(["t1", "t2"].map(suite), 1, read), [{ file: "t1.mjs" }, { file: "t2.mjs" }]);
  assert.equal(SHARED_GROUP_MARK.test('const s = "// npm test: group typescript";'), false);
});

test("the files that share the TypeScript compiler's parsed files are in one group", () => {
  const files = ["client-types", "env-types", "scaffold-typecheck"];
  const plan = planTestGroups(
    ["cli-usage", ...files, "zod-copies"].map((name) => ({ original: join(root, "test", `${name}.test.ts`), run: `${name}.mjs`, compiled: true })),
    6,
    (file) => (file.endsWith(".mjs") ? "" : readFileSync(file, "utf8")),
  );
  assert.ok(plan.some((entry) => "members" in entry && JSON.stringify(entry.members) === JSON.stringify(files.map((f) => `${f}.mjs`))), JSON.stringify(plan));
});

test("the files npm test keeps alone carry the mark", () => {
  const alone = ["deploy-image", "deploy-multihost", "differential-config", "e2e-templates", "eval-memory", "openenv-bounds", "pack", "server-load", "hostile/deploy-cluster", "hostile/view"];
  const plan = planTestGroups(
    [...alone, "rules-core"].map((name) => ({ original: join(root, "test", `${name}.test.ts`), run: `${name}.mjs`, compiled: true })),
    6,
    (file) => (file.endsWith(".mjs") ? "" : readFileSync(file, "utf8")),
  );
  assert.deepEqual(plan, [...alone.map((name) => ({ file: `${name}.mjs` })), { file: "rules-core.mjs" }]);
  // Listed first wherever they fall in the alphabet.
  const [first] = planTestGroups(
    ["rules-core", "hostile/view"].map((name) => ({ original: join(root, "test", `${name}.test.ts`), run: `${name}.mjs`, compiled: true })),
    6,
    (file) => (file.endsWith(".mjs") ? "" : readFileSync(file, "utf8")),
  );
  assert.deepEqual(first, { file: "hostile/view.mjs" });
});

test("run by node's test runner, a group's members keep their own tests, hooks and failures, reported under their own names", async () => {
  const first = join(work, "first.test.mjs");
  const second = join(work, "second.test.mjs");
  const third = join(work, "third.test.mjs");
  // Each member counts the tests its own beforeEach saw and prints it from its own after.
  const member = (name: string, body: string) =>
    `import assert from "node:assert/strict";\nimport { after, beforeEach, test } from "node:test";\nlet seen = 0;\nbeforeEach(() => { seen += 1; });\nafter(() => console.log("${name} saw " + seen));\n${body}\n`;
  await writeFile(first, member("first", 'test("one", () => {});\ntest("two", async () => { await new Promise((r) => setTimeout(r, 20)); });'));
  await writeFile(second, member("second", 'await new Promise((r) => setTimeout(r, 10));\ntest("fails", () => assert.equal(1, 2));'));
  await writeFile(third, member("third", 'test("three", () => {});'));
  const group = groupFilePath(work, 0);
  assert.ok(isGroupFile(group));
  await writeFile(group, renderGroupFile([first, second, third]));

  // The reporters npm test runs, in its order: the TAP reporter renames the events the slowest-files reporter then reads.
  const reporters = ["tap-reporter.mjs", "slowest-reporter.mjs"].flatMap((name) => [`--test-reporter=${join(root, "scripts", name)}`, "--test-reporter-destination=stdout"]);
  const run = await runNode(["--test", ...reporters, group]);
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout, /first saw 2/);
  assert.match(run.stdout, /second saw 1/);
  assert.match(run.stdout, /third saw 1/);
  assert.match(run.stdout, /3 passed, 1 failed, 0 skipped/);
  // The slowest files are the members, never the group's file.
  const slowest = run.stdout.split("slowest files:")[1]!.split("slowest tests:")[0]!;
  const rows = slowest.trim().split("\n").map((row) => row.replace(/^\s*[\d.]+ s {2}/, ""));
  assert.deepEqual(rows.sort(), [first, second, third].sort(), slowest);
  assert.match(run.stdout, /second\.test\.mjs › fails/);
});

test("every member's top-level work is done before the group's tests run: none runs under another's tests", async () => {
  // The later member, as a type-check does, awaits a little and then works at its top level; the
  // first member's test must start after that work, not under it.
  const group = await writeGroup(2, {
    "first-tested.test.mjs": 'import assert from "node:assert/strict";\nimport { test } from "node:test";\ntest("starts after every member loaded", () => assert.equal(globalThis.laterLoaded, true));\n',
    "later-loaded.test.mjs": 'import { test } from "node:test";\nawait new Promise((r) => setTimeout(r, 50));\nglobalThis.laterLoaded = true;\ntest("loaded", () => {});\n',
  });
  const run = await runNode(["--test", "--test-reporter=tap", group]);
  assert.equal(run.code, 0, run.stdout);
  assert.match(run.stdout, /# pass 2\n/);
});

test("a member that ends the process fails its group instead of leaving the members after it unrun", async () => {
  const group = await writeGroup(1, {
    "exits.test.mjs": 'import { test } from "node:test";\ntest("exits", () => { process.exit(0); });\n',
    "later.test.mjs": 'import { test } from "node:test";\ntest("never runs", () => {});\n',
  });
  const run = await runNode(["--test", "--test-reporter=tap", group]);
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout, /ended before its files' tests did/);
  assert.doesNotMatch(run.stdout, /ok \d+ - never runs/);
});

test("a group that does not exit fails after its timeout, named by the files in it", async () => {
  // 10 s: its other member's three tests (each runs Python) must finish within it on a loaded machine (2 s did not,
  // in a run at load 14), and the child that keeps the group alive ends after 30 s.
  const env: NodeJS.ProcessEnv = { ...process.env, TASK_APP_TEST_TIMEOUT_MS: "10000" };
  delete env.TASK_APP_TEST_GROUP;
  const members = [join("test", "fixtures", "mirror", "never-exits.ts"), join("test", "python-str.test.ts")];
  const run = await runNode(["scripts/test.mjs", ...members], { cwd: root, env });
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout, /^# 2 test files in 1 process: 2 of them in 1 group of up to 6/m);
  const named = members.map((member) => join(root, member).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(" \\+ ");
  assert.match(run.stdout, new RegExp(`not ok \\d+ - ${named} \\(one process\\)\\n[^]*test timed out after 10000ms`));
  assert.match(run.stdout, /slowest files:\n\s+[\d.]+ s {2}test\/fixtures\/mirror\/never-exits\.ts \+ test\/python-str\.test\.ts \(one process\)\n/);
  assert.match(run.stdout, /\n3 passed, 1 failed, 0 skipped\n$/);
});

/** Writes each member (name: source) to the scratch folder and group `index`'s file importing them, in order; its path. */
async function writeGroup(index: number, members: Record<string, string>): Promise<string> {
  const files = Object.keys(members).map((name) => join(work, name));
  await Promise.all(files.map((file, i) => writeFile(file, Object.values(members)[i]!)));
  const group = groupFilePath(work, index);
  await writeFile(group, renderGroupFile(files));
  return group;
}

/** Node run with `args` (in the scratch folder unless told), as a runner of its own: its exit code and its output, both streams. */
async function runNode(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number | null; stdout: string }> {
  const env = { ...(options.env ?? process.env), NODE_TEST_CONTEXT: undefined };
  const child = spawn(process.execPath, args, { cwd: options.cwd ?? work, stdio: ["ignore", "pipe", "pipe"], env });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { code, stdout };
}
