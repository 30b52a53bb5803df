/**
 * `create-task-app` stopped mid-write, as a real process: SIGTERM rolls the
 * write back before exiting; SIGKILL leaves a staging folder (pid in its
 * name, `.env` readable by its owner only) that the next run finds, undoes
 * (a half-done --force placement included) and removes. File-system errors
 * such as ENAMETOOLONG end in one line, not a stack.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, describe, it } from "node:test";

const require = createRequire(import.meta.url);
const tsx = pathToFileURL(require.resolve("tsx/esm")).href;
const script = fileURLToPath(new URL("./helpers/create-cli-process.ts", import.meta.url));
const base = await mkdtemp(path.join(os.tmpdir(), "create-interrupt-"));
after(() => rm(base, { recursive: true, force: true }));
let count = 0;
const tmp = async () => {
  const dir = path.join(base, String(++count));
  await mkdir(dir);
  return dir;
};

interface Child {
  child: ChildProcess;
  /** Resolves once the process prints PAUSED. */
  paused: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

function start(cwd: string, own: string[], argv: string[]): Child {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env.NODE_TEST_CONTEXT;
  const child = spawn(process.execPath, ["--import", tsx, script, ...own, "--", ...argv], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let onPaused: () => void = () => undefined;
  const paused = new Promise<void>((resolve) => (onPaused = resolve));
  child.stdout!.on("data", (c: Buffer) => {
    stdout += c.toString("utf8");
    if (/^PAUSED \d+$/m.test(stdout)) onPaused();
  });
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  const pausedOrExited = Promise.race([paused, exited.then((r) => Promise.reject(new Error(`exited before pausing:\n${r.stdout}\n${r.stderr}`)))]);
  pausedOrExited.catch(() => undefined); // a run without a pause flag never pauses
  return { child, paused: pausedOrExited, exited };
}

const ARGS = ["--yes", "--no-install", "--no-git"];
const stagingIn = async (dir: string) => (await readdir(dir)).filter((e) => e.startsWith(".create-task-app-"));

describe("SIGKILL mid-write", { timeout: 60_000 }, () => {
  it("leaves a staging folder named by pid with a private .env, and the next run removes it", async () => {
    const root = await tmp();
    const run = start(root, ["--pause-staged", ".env"], ["app", ...ARGS]);
    await run.paused;
    const [staging, ...more] = await stagingIn(root);
    assert.equal(more.length, 0);
    assert.match(staging!, new RegExp(`^\\.create-task-app-${run.child.pid}-`));
    const env = path.join(root, staging!, "files", ".env");
    assert.equal((await stat(env)).mode & 0o777, 0o600);
    assert.match(await readFile(env, "utf8"), /^ENVIRONMENT_API_KEY=ta_/m);
    run.child.kill("SIGKILL");
    assert.equal((await run.exited).signal, "SIGKILL");
    assert.deepEqual(await stagingIn(root), [staging]);
    assert.deepEqual((await readdir(root)).filter((e) => e === "app"), []);

    const next = await start(root, [], ["other", ...ARGS]).exited;
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual((await readdir(root)).sort(), ["other"]);
    assert.equal((await stat(path.join(root, "other", ".env"))).mode & 0o777, 0o600);
  });

  it("half-way through --force placement: the next run removes what was placed and keeps the user's files", async () => {
    const root = await tmp();
    const target = path.join(root, "app");
    await mkdir(path.join(target, "data"), { recursive: true });
    await writeFile(path.join(target, "notes.txt"), "mine");
    const run = start(root, ["--pause-placed", "6"], ["app", "--force", ...ARGS]);
    await run.paused;
    const during = await readdir(target, { recursive: true });
    assert.ok(during.length > 3, `files were placed: ${during.join(", ")}`);
    run.child.kill("SIGKILL");
    await run.exited;

    const next = await start(root, [], ["other", ...ARGS]).exited;
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual((await readdir(root)).sort(), ["app", "other"]);
    assert.deepEqual((await readdir(target, { recursive: true })).sort(), ["data", "notes.txt"]);
    assert.equal(await readFile(path.join(target, "notes.txt"), "utf8"), "mine");
  });

  it("leaves the staging folder of a running process alone", async () => {
    const root = await tmp();
    const live = `.create-task-app-${process.pid}-abc123`;
    await mkdir(path.join(root, live, "files"), { recursive: true });
    const next = await start(root, [], ["other", ...ARGS]).exited;
    assert.equal(next.code, 0, next.stderr);
    assert.deepEqual((await readdir(root)).sort(), [live, "other"]);
  });
});

describe("SIGTERM mid-write", { timeout: 60_000 }, () => {
  it("while staging: exits 143 with no target and no staging folder", async () => {
    const root = await tmp();
    const run = start(root, ["--pause-staged", ".env"], ["app", ...ARGS]);
    await run.paused;
    run.child.kill("SIGTERM");
    const done = await run.exited;
    assert.equal(done.code, 143, done.stderr);
    assert.match(done.stderr, /interrupted; nothing was written/);
    assert.deepEqual(await readdir(root), []);
  });

  it("while placing with --force: exits 143 and the target is as it was", async () => {
    const root = await tmp();
    const target = path.join(root, "app");
    await mkdir(target);
    await writeFile(path.join(target, "notes.txt"), "mine");
    const run = start(root, ["--pause-placed", "6"], ["app", "--force", ...ARGS]);
    await run.paused;
    run.child.kill("SIGTERM");
    const done = await run.exited;
    assert.equal(done.code, 143, done.stderr);
    assert.deepEqual(await readdir(root), ["app"]);
    assert.deepEqual(await readdir(target, { recursive: true }), ["notes.txt"]);
  });
});

it("a name too long for the file system ends in one line, and nothing is left", { timeout: 60_000 }, async () => {
  const root = await tmp();
  const done = await start(root, [], ["a".repeat(300), "--name", "long-app", ...ARGS]).exited;
  assert.equal(done.code, 1);
  const lines = done.stderr.trim().split("\n");
  assert.equal(lines.length, 1, done.stderr);
  assert.match(lines[0]!, /^create-task-app: could not write a+…a+: a file or folder name is too long \(ENAMETOOLONG\)/);
  assert.deepEqual(await readdir(root), []);
});
