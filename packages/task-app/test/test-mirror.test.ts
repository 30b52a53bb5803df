/**
 * The compiled mirror `npm test` runs the suites from (scripts/test-mirror.mjs): a file compiled
 * into it sees what it sees run from its TypeScript through scripts/test-loader.mjs (its own and
 * its helpers' import.meta, JSON with import attributes, plain .mjs, packages, a .ts file it
 * writes and imports at run time), its src/ imports point at dist/, a broken import fails the
 * build with the file's name, and reports name the original files.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { buildMirror, MIRROR_ENV, mirrorDir, mirrorPathOf, renameMirrorPaths, withOriginalPaths } from "../scripts/test-mirror.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const probe = join(root, "test", "fixtures", "mirror", "probe.ts");
const work = await mkdtemp(join(tmpdir(), "test-mirror-"));
after(() => rm(work, { recursive: true, force: true }));

test("a compiled file prints what it prints run from its TypeScript", async () => {
  const [compiled] = await buildMirror([probe]);
  assert.equal(compiled, mirrorPathOf(probe));
  const written = join(work, "written.ts");
  await writeFile(written, "const answer: number = 42;\nexport { answer };\n");
  const run = (args: string[]) => promisify(execFile)(process.execPath, args, { cwd: root, encoding: "utf8" });
  const fromTypeScript = await run(["--import", "./scripts/test-loader.mjs", probe, written]);
  const fromMirror = await run([compiled!, written]);
  const seen = JSON.parse(fromMirror.stdout) as Record<string, unknown>;
  assert.deepEqual(seen, JSON.parse(fromTypeScript.stdout));
  assert.deepEqual(seen.own, { url: pathToFileURL(probe).href, dirname: join(root, "test", "fixtures", "mirror"), filename: probe });
  assert.equal((seen.helper as { filename: string }).filename, join(root, "test", "fixtures", "mirror", "probe-helper.ts"));
  assert.deepEqual([seen.sameHelper, seen.name, seen.plain, seen.packageRoot, seen.embeddedPostgres, seen.written], [true, "task-app", true, root.replace(/\/$/, ""), true, 42]);

  const code = await readFile(compiled!, "utf8");
  assert.match(code, new RegExp(`from "${pathToFileURL(join(root, "dist", "fs", "package-root.js")).href}"`));
  assert.match(code, /from "file:\/\/[^"]+\/package\.json" with \{ type: "json" \}/);
  assert.doesNotMatch(code, /\/src\//);
  // The loader is imported by the file that needs it (a computed import), not by its helper.
  assert.match(code, /test-loader\.mjs/);
  assert.doesNotMatch(await readFile(mirrorPathOf(join(root, "test", "fixtures", "mirror", "probe-helper.ts")), "utf8"), /test-loader\.mjs/);
});

test("the fixture apps a spawned CLI loads are mirrored on the build; app-fixture names them only when the runner says the mirror is built", async () => {
  const source = join(root, "test", "fixtures", "apps", "trivial.ts");
  await rm(mirrorPathOf(source), { force: true }); // made by this build, not left by an earlier one
  await buildMirror([probe]);
  const code = await readFile(mirrorPathOf(source), "utf8");
  assert.match(code, new RegExp(`from "${pathToFileURL(join(root, "dist", "server", "index.js")).href}"`));
  assert.doesNotMatch(code, /\/src\//);
  const named = (env: NodeJS.ProcessEnv) =>
    promisify(execFile)(process.execPath, ["--import", "./scripts/test-loader.mjs", "--input-type=module", "-e", 'const { appFixture } = await import("./test/helpers/app-fixture.ts"); process.stdout.write(appFixture("trivial.ts"));'], { cwd: root, encoding: "utf8", env });
  const { [MIRROR_ENV]: _, ...without } = process.env;
  assert.equal((await named({ ...without, [MIRROR_ENV]: "1" })).stdout, mirrorPathOf(source));
  assert.equal((await named(without)).stdout, source);
});

test("an import that resolves nowhere fails the build and names the file", async () => {
  await assert.rejects(buildMirror([join(root, "test", "fixtures", "mirror", "broken.ts")]), /test\/fixtures\/mirror\/broken\.ts imports \.\/no-such-file\.js: .* does not exist/);
});

test("reports name the original files", async () => {
  const mirrored = mirrorPathOf(probe);
  assert.equal(renameMirrorPaths(`at f (${pathToFileURL(mirrored).href}:3:9) in ${mirrored}`), `at f (${pathToFileURL(probe).href}:3:9) in ${probe}`);
  assert.equal(renameMirrorPaths(`${mirrorDir}/elsewhere.txt ${probe}`), `${mirrorDir}/elsewhere.txt ${probe}`);
  const error = new Error(`failed in ${mirrored}`);
  const events = [{ type: "test:fail", data: { name: "x", file: mirrored, details: { error } } }];
  async function* source() {
    yield* events;
  }
  const renamed = [];
  for await (const event of withOriginalPaths(source())) renamed.push(event);
  assert.equal(renamed[0]!.data.file, probe);
  assert.equal(error.message, `failed in ${probe}`);
  assert.ok(!error.stack!.includes(mirrorDir));
});

test("a test file that does not exit fails the run after its timeout, named by its original path", async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, TASK_APP_TEST_TIMEOUT_MS: "2000" };
  delete env.NODE_TEST_CONTEXT; // a runner of its own, not a subtest of this one
  const suite = join("test", "fixtures", "mirror", "never-exits.ts");
  const run = await promisify(execFile)(process.execPath, ["scripts/test.mjs", suite], { cwd: root, env, encoding: "utf8" }).then(
    () => ({ code: 0, stdout: "" }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  assert.equal(run.code, 1, run.stdout);
  assert.match(run.stdout, new RegExp(`not ok \\d+ - ${join(root, suite).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n[^]*test timed out after 2000ms`));
  assert.match(run.stdout, /\n1 passed, 1 failed, 0 skipped\n$/);
});
