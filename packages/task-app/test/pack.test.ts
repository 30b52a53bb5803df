/**
 * `npm pack` from a checkout ships a working package. The checkout is the
 * project's files as git sees them (tracked, plus new files not ignored),
 * copied to a temp folder with their times, and the build `npm test` made
 * first (dist/, its times kept too: tsc finds it up to date) less what only
 * the build's later steps make (the CLI bundles, the viewer). The build from
 * nothing is `npm test`'s own on a fresh clone (CI): this suite shares it
 * instead of making a second. Its node_modules is a link to this project's
 * (a real clone would run `npm ci` first; that install is not what this test
 * is about). `npm pack` must build through `prepack` (the bundles and the
 * viewer are in the tarball only if it did), the tarball must hold every file
 * that package.json's `exports` and `bin` point at and no file of dist/ that a
 * current source does not make (a stale output of a deleted source), and the
 * bins must start from the unpacked tarball.
 *
 * In the same checkout, once prepack has built it: `npm run generate:check`
 * itself, as CI runs it (the package.json script builds the package, which
 * finds nothing changed, and runs the built `task-app` bin): it passes on the
 * committed files, and the bin fails on a drifted one.
 *
 * The same tarball is linted as a package (publint, @arethetypeswrong/cli)
 * and its file list checked. create-task-app (packages/create-task-app, the
 * `npm create task-app` entry) is packed beside it, linted the same way, and
 * its bin run against the unpacked task-app.
 */
// npm test: own process (it runs for close to a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { packageRoot } from "../src/scaffold/paths.js";
import { NODE_MODULES, REPO_ROOT } from "./helpers/roots.js";

const root = packageRoot();
const work = await mkdtemp(path.join(os.tmpdir(), "pack-"));
after(() => rm(work, { recursive: true, force: true }));

const ENV: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
delete ENV.NODE_OPTIONS;
delete ENV.NODE_TEST_CONTEXT;

function spawn(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env: ENV, encoding: "utf8", timeout: 300_000 });
  const stderr = (result.stderr ?? "").replace(/^npm warn Unknown (user|env) config.*\n/gm, "");
  return { code: result.status, stdout: result.stdout ?? "", stderr };
}

function run(command: string, args: string[], cwd: string) {
  const result = spawn(command, args, cwd);
  assert.equal(result.code, 0, `${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** What the pack made: the tarball, the files it lists and the folder it was unpacked into. */
let packed: { tarball: string; files: { path: string; size: number }[]; unpacked: string } | undefined;

/** The checkout, once `npm pack` has built it through prepack. */
let built: ((checkout: string) => void) | undefined;
let failed: ((error: unknown) => void) | undefined;
const packedCheckout = new Promise<string>((resolve, reject) => {
  built = resolve;
  failed = reject;
});
packedCheckout.catch(() => undefined); // the pack test reports its own failure

const hasGit = spawnSync("git", ["rev-parse", "--is-inside-work-tree"], { cwd: root, encoding: "utf8" }).stdout?.trim() === "true";

it("npm pack from a checkout builds through prepack and ships a package that runs", { skip: hasGit ? false : "not a git checkout", timeout: 600_000 }, async () => {
  try {
    await packFromCheckout();
  } catch (error) {
    failed!(error);
    throw error;
  }
});

it("npm run generate:check passes on the committed files and its bin fails on a drifted one", { skip: hasGit ? false : "not a git checkout", timeout: 300_000 }, async () => {
  const checkout = await packedCheckout.catch((error: unknown) => assert.fail(`the packed checkout this test runs in was not built: ${String(error)}`));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const check = spawn(npm, ["run", "--silent", "generate:check"], checkout);
  assert.equal(check.code, 0, `${check.stdout}\n${check.stderr}\nrun \`npm run generate\` and commit the result`);
  assert.match(check.stdout, /\d+ generated files up to date/);

  // The script's last command, on a drifted copy: exit 1 naming the file.
  const pkg = JSON.parse(await readFile(path.join(checkout, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [node, ...args] = pkg.scripts["generate:check"]!.split("&&").pop()!.trim().split(/\s+/);
  assert.equal(node, "node");
  const reference = path.join(checkout, "generated", "CONFIG.md");
  await writeFile(reference, `${await readFile(reference, "utf8")}\nedited by hand\n`);
  const drift = spawn(process.execPath, args, checkout);
  assert.equal(drift.code, 1, drift.stderr);
  assert.match(drift.stderr, /drifted: generated\/CONFIG\.md/);
});

/** What only the build's steps after tsc make (scripts/bundle-cli.mjs, the viewer's vite build): left out of the checkout, for prepack to make. */
const LATER_STEP_OUTPUT = /^dist\/(viewer(\/|$)|cli\/(yargs-locales(\/|$)|[^/]*\.bundle\.c?js$|bundle-[^/]*\.js$))/;

async function packFromCheckout(): Promise<void> {
  const checkout = path.join(work, "checkout");
  const listed = run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], root).split("\0").filter(Boolean);
  for (const rel of listed) {
    if (!existsSync(path.join(root, rel))) continue; // deleted in the working tree
    await cp(path.join(root, rel), path.join(checkout, rel), { preserveTimestamps: true });
  }
  assert.ok(existsSync(path.join(root, "dist", ".tsbuildinfo")), "no build to start from: `npm test` builds first (npm run build)");
  await cp(path.join(root, "dist"), path.join(checkout, "dist"), { recursive: true, preserveTimestamps: true, filter: (from) => !LATER_STEP_OUTPUT.test(path.relative(root, from).split(path.sep).join("/")) });
  assert.ok(!existsSync(path.join(checkout, "dist", "cli", "main.bundle.js")) && !existsSync(path.join(checkout, "dist", "viewer")), "the checkout has no bundles and no viewer");
  await symlink(NODE_MODULES, path.join(checkout, "node_modules"), "dir");

  const [info] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], checkout)) as Array<{ filename: string; files: Array<{ path: string; size: number }> }>;
  const shipped = new Set(info!.files.map((f) => f.path));
  const pkg = JSON.parse(await readFile(path.join(checkout, "package.json"), "utf8")) as {
    bin: Record<string, string>;
    exports: Record<string, string | Record<string, string>>;
  };
  const targets = Object.values(pkg.exports).flatMap((t) => (typeof t === "string" ? [t] : Object.values(t))).filter((t) => !t.includes("*"));
  for (const target of [...targets, ...Object.values(pkg.bin), "bin/package.json", "dist/cli/fast.bundle.cjs", "dist/cli/main.bundle.js", "dist/cli/fast-eval.bundle.cjs", "dist/cli/yargs-locales/en.json", "dist/viewer/index.html"]) {
    assert.ok(shipped.has(target.replace(/^\.\//, "")), `the tarball ships ${target}`);
  }
  // Every other file of dist/ is tsc's output of a current source (a deleted source's stale output would ship otherwise).
  const stale = [...shipped].filter((f) => f.startsWith("dist/") && !LATER_STEP_OUTPUT.test(f) && !existsSync(path.join(checkout, sourceOf(f))));
  assert.deepEqual(stale, [], "dist/ files that no source under src/ makes (a clean build leaves them out: `rm -rf dist && npm run build`)");

  const unpacked = path.join(work, "unpacked");
  await mkdir(unpacked);
  run("tar", ["-xzf", path.join(work, info!.filename), "-C", unpacked], work);
  const installed = path.join(unpacked, "package");
  await symlink(NODE_MODULES, path.join(installed, "node_modules"), "dir");
  const version = JSON.parse(await readFile(path.join(installed, "package.json"), "utf8")).version as string;
  assert.match(run(process.execPath, [path.join(installed, "bin", "task-app.js"), "--help"], work), /validate/);
  // The bundled CLI from the tarball: its version, yargs' translations (shipped beside the bundle) and a command's library (loaded from dist/).
  assert.equal(run(process.execPath, [path.join(installed, "bin", "task-app.js"), "--version"], work).trim(), version);
  const german = spawnSync(process.execPath, [path.join(installed, "bin", "task-app.js"), "--help"], { cwd: work, env: { ...ENV, LANG: "de_DE.UTF-8", LC_ALL: "" }, encoding: "utf8" });
  assert.match(german.stdout, /^Kommandos:$/m);
  const payload = spawn(process.execPath, [path.join(installed, "bin", "task-app.js"), "payload", "rl", path.join(root, "test", "fixtures", "payload", "rl-model.toml"), "--task-url", "https://t.example"], work);
  assert.equal(payload.code, 0, payload.stderr);
  assert.equal(JSON.parse(payload.stdout).job_type, "rl");
  packed = { tarball: path.join(work, info!.filename), files: info!.files, unpacked: installed };
  built!(checkout);
}

/** The source under src/ that tsc makes a dist/ file from (`dist/a/b.js`, `.d.ts`, `.js.map` → `src/a/b.ts`); other files as they are. */
function sourceOf(file: string): string {
  const match = /^dist\/(.*?)(?:\.d)?\.(c|m)?(?:js|ts)(?:\.map)?$/.exec(file);
  return match ? `src/${match[1]}.${match[2] ?? ""}ts` : file;
}

it("the package passes publint and @arethetypeswrong/cli, ships no tests, benches or fixtures, and stays under 2 MB", { skip: hasGit ? false : "not a git checkout", timeout: 300_000 }, async () => {
  await packedCheckout.catch((error: unknown) => assert.fail(`the package this test reads was not packed: ${String(error)}`));
  const { tarball, files, unpacked } = packed!;
  const bin = (name: string) => path.join(NODE_MODULES, ".bin", name);
  const lint = spawn(bin("publint"), [unpacked, "--strict"], work);
  assert.equal(lint.code, 0, lint.stdout + lint.stderr);
  assert.match(lint.stdout, /All good!/);
  // ESM only: every entry resolves for node16 from ESM and for bundlers, with its types.
  const types = spawn(bin("attw"), [tarball, "--profile", "esm-only", "--format", "json"], work);
  assert.equal(types.code, 0, types.stdout + types.stderr);
  // Problems may be listed for the resolutions an ESM-only package does not claim (node10, a CommonJS require); none for the others.
  const problems = Object.values((JSON.parse(types.stdout) as { problems: Record<string, { resolutionKind?: string; entrypoint?: string }[]> }).problems).flat();
  assert.deepEqual(problems.filter((p) => p.resolutionKind !== "node10" && p.resolutionKind !== "node16-cjs"), []);
  for (const f of files) assert.doesNotMatch(f.path, /^(test|bench|scripts|\.ci|viewer\/src)\/|(^|\/)fixtures\//, `${f.path} is shipped`);
  const size = (await readFile(tarball)).byteLength;
  assert.ok(size < 2 * 1024 * 1024, `the tarball is ${size} bytes`);
  // The linter can fail: an export pointing at a file that is not there.
  const broken = path.join(work, "broken");
  await mkdir(broken);
  await writeFile(path.join(broken, "package.json"), JSON.stringify({ name: "broken", version: "1.0.0", type: "module", exports: { ".": "./missing.js" } }));
  assert.notEqual(spawn(bin("publint"), [broken, "--strict"], work).code, 0);
});

it("create-task-app is a thin package of task-app's version, depending on exactly that task-app, and its bin scaffolds through it", { skip: hasGit ? false : "not a git checkout", timeout: 300_000 }, async () => {
  await packedCheckout.catch((error: unknown) => assert.fail(`the task-app package this test runs against was not packed: ${String(error)}`));
  const { unpacked: taskApp } = packed!;
  const source = path.join(REPO_ROOT, "packages", "create-task-app");
  const [info] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], source)) as Array<{ filename: string; version: string; files: Array<{ path: string }> }>;
  assert.deepEqual(info!.files.map((f) => f.path).sort(), ["README.md", "index.js", "package.json"]);
  const version = (JSON.parse(await readFile(path.join(taskApp, "package.json"), "utf8")) as { version: string }).version;
  const manifest = JSON.parse(await readFile(path.join(source, "package.json"), "utf8")) as { version: string; dependencies: Record<string, string>; bin: Record<string, string> };
  // Released in lockstep: the same version, and the exact task-app of that version.
  assert.equal(manifest.version, version);
  assert.deepEqual(manifest.dependencies, { "task-app": version });
  assert.deepEqual(manifest.bin, { "create-task-app": "./index.js" });
  const unpacked = path.join(work, "create-unpacked");
  await mkdir(unpacked);
  run("tar", ["-xzf", path.join(work, info!.filename), "-C", unpacked], work);
  const created = path.join(unpacked, "package");
  const bin = (name: string) => path.join(NODE_MODULES, ".bin", name);
  const lint = spawn(bin("publint"), [created, "--strict"], work);
  assert.equal(lint.code, 0, lint.stdout + lint.stderr);
  assert.match(lint.stdout, /All good!/);
  assert.equal(spawn(bin("attw"), [path.join(work, info!.filename), "--profile", "esm-only"], work).code, 0);
  // Its bin runs the scaffolder of the task-app beside it (the unpacked one, as npm would install it).
  await mkdir(path.join(created, "node_modules"));
  await symlink(taskApp, path.join(created, "node_modules", "task-app"), "dir");
  assert.equal(run(process.execPath, [path.join(created, "index.js"), "--version"], work).trim(), version);
  const made = spawn(process.execPath, [path.join(created, "index.js"), "made", "--template", "math", "--yes", "--no-install", "--no-git"], work);
  assert.equal(made.code, 0, made.stderr);
  assert.equal(JSON.parse(await readFile(path.join(work, "made", "package.json"), "utf8")).dependencies["task-app"], `^${version}`);
});
