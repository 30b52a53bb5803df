/**
 * The `create-task-app` command: non-interactive runs (pipes, --yes), the
 * prompts driven by scripted keystrokes on a fake terminal, and one run in a
 * real pseudo-terminal.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { runCreateTaskApp } from "../src/cli/create-task-app.js";
import { NODE_MODULES } from "./helpers/roots.js";

const roots: string[] = [];
async function tmp(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "create-cli-"));
  roots.push(dir);
  return dir;
}
after(async () => {
  for (const r of roots) await rm(r, { recursive: true, force: true });
});

const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");

/** A writable that collects text; `isTTY` makes it look like a terminal. */
function sink(isTTY = false): PassThrough & { text: () => string; isTTY: boolean; columns: number; rows: number } {
  const stream = new PassThrough() as PassThrough & { text: () => string; isTTY: boolean; columns: number; rows: number };
  let out = "";
  stream.on("data", (c: Buffer) => (out += c.toString("utf8")));
  stream.text = () => stripAnsi(out);
  stream.isTTY = isTTY;
  stream.columns = 100;
  stream.rows = 40;
  return stream;
}

/** A readable that looks like a raw-mode terminal. */
function keyboard(): PassThrough & { isTTY: boolean; setRawMode: (raw: boolean) => unknown } {
  const input = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode: (raw: boolean) => unknown };
  input.isTTY = true;
  input.setRawMode = () => input;
  return input;
}

async function waitFor(read: () => string, pattern: RegExp, after = 0, timeoutMs = 5000): Promise<number> {
  const start = Date.now();
  for (;;) {
    const text = read();
    const found = text.slice(after).search(pattern);
    if (found >= 0) return after + found + 1;
    if (Date.now() - start > timeoutMs) assert.fail(`timed out waiting for ${pattern}; output so far:\n${text}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function run(argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const stdout = sink();
  const stderr = sink();
  const stdin = new PassThrough();
  return runCreateTaskApp(argv, { stdin, stdout, stderr, cwd, env }).then((code) => ({ code, out: stdout.text(), err: stderr.text() }));
}

describe("non-interactive", () => {
  it("scaffolds with defaults when stdin is not a terminal, and prints next steps", async () => {
    const cwd = await tmp();
    const { code, out } = await run(["--no-install", "--no-git"], cwd);
    assert.equal(code, 0);
    assert.ok(existsSync(path.join(cwd, "my-task-app", "src", "problems.ts")), "math is the default template");
    assert.match(out, /Scaffolding math in my-task-app/);
    assert.match(out, /Next steps:\n {2}cd my-task-app\n {2}npm install +# install the dependencies\n {2}npm run serve/);
  });

  it("never prompts with --yes, even on a terminal", async () => {
    const cwd = await tmp();
    const stdout = sink(true);
    const code = await runCreateTaskApp(["env-a", "--yes", "--template", "vision", "--no-install", "--no-git"], {
      stdin: keyboard(),
      stdout,
      stderr: sink(),
      cwd,
      env: {},
    });
    assert.equal(code, 0);
    assert.doesNotMatch(stdout.text(), /\?/);
    assert.ok(existsSync(path.join(cwd, "env-a", "src", "render.ts")));
  });

  it("takes the package manager from npm_config_user_agent, and --pm over it", async () => {
    const cwd = await tmp();
    const pnpm = await run(["a", "--no-install", "--no-git"], cwd, { npm_config_user_agent: "pnpm/9.12.0 npm/? node/v20.19.0 linux x64" });
    assert.match(pnpm.out, /pnpm install +# install the dependencies\n {2}pnpm serve/);
    const yarn = await run(["b", "--no-install", "--no-git", "--pm", "yarn"], cwd, { npm_config_user_agent: "pnpm/9.12.0" });
    assert.match(yarn.out, /yarn install +# install the dependencies\n {2}yarn serve/);
  });

  it("says so and how to get round it when the registry has no task-app, and the next steps use a tarball", { timeout: 120_000 }, async () => {
    // A registry on loopback without task-app, what npm sees while it is unpublished. Every other
    // package gets a packument with versions that satisfy the template's ranges (npm fails on
    // task-app while resolving, before it fetches any tarball).
    const asked: string[] = [];
    const registry = createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? "/").slice(1));
      asked.push(name);
      if (name === "task-app") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
        return;
      }
      const versions = Object.fromEntries(
        ["4.20.0", "5.9.0", "20.19.0"].map((v) => [v, { name, version: v, dist: { tarball: `http://127.0.0.1:1/${name}-${v}.tgz` } }]),
      );
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name, "dist-tags": { latest: "20.19.0" }, versions }));
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    try {
      const cwd = await tmp();
      const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
      const result = await run(["app", "--no-git", "--pm", "npm"], cwd, {
        npm_config_registry: url,
        npm_config_cache: path.join(cwd, ".npm-cache"),
        npm_config_update_notifier: "false",
      });
      assert.equal(result.code, 1, result.err);
      assert.ok(asked.includes("task-app"), `npm asked the registry for task-app: ${asked.join(", ")}`);
      assert.match(result.err, /could not install task-app \^[\d.]+: the registry npm uses \(npm config get registry\) does not have it/);
      assert.match(result.err, /--task-app-spec file:\/abs\/path\/to\/task-app-[\d.]+\.tgz/);
      assert.match(result.out, /Next steps:\n {2}cd app\n {2}npm install file:\/abs\/path\/to\/task-app-[\d.]+\.tgz +# task-app is not on your registry: a tarball from npm pack/);
      assert.ok(!/\n {2}npm install +#/.test(result.out), "no bare `npm install` step that would fail the same way");
    } finally {
      registry.closeAllConnections();
      await new Promise((resolve) => registry.close(resolve));
    }
  });

  it("creates a git repository with an initial commit unless --no-git", async () => {
    const cwd = await tmp();
    const { code, out } = await run(["with-git", "--no-install"], cwd, {
      ...process.env,
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.com",
    });
    assert.equal(code, 0, out);
    assert.match(out, /Initialising a git repository/);
    const log = spawnSync("git", ["log", "--oneline"], { cwd: path.join(cwd, "with-git"), encoding: "utf8" });
    assert.match(log.stdout, /Initial commit from create-task-app/);
    const tracked = spawnSync("git", ["ls-files"], { cwd: path.join(cwd, "with-git"), encoding: "utf8" }).stdout;
    assert.doesNotMatch(tracked, /^\.env$/m, ".env stays untracked");
    assert.match(tracked, /^\.env\.example$/m);
  });

  it("reports usage errors with exit code 2", async () => {
    const cwd = await tmp();
    for (const argv of [["--template", "nope"], ["a", "b"], ["--bogus"], ["--pm", "bun"]]) {
      const { code, err } = await run(argv, cwd);
      assert.equal(code, 2, argv.join(" "));
      assert.match(err, /create-task-app: /);
    }
    assert.deepEqual(await readdir(cwd), []);
  });

  it("prints help and version", async () => {
    const cwd = await tmp();
    const help = await run(["--help"], cwd);
    assert.equal(help.code, 0);
    for (const flag of ["--template", "--name", "--yes", "--no-install", "--no-git", "--pm", "--force", "--task-app-spec"]) assert.match(help.out, new RegExp(flag));
    const version = await run(["--version"], cwd);
    assert.match(version.out, /^\d+\.\d+\.\d+/);
  });

  it("refuses a non-empty folder unless --force, which keeps existing files", async () => {
    const cwd = await tmp();
    await mkdir(path.join(cwd, "app"));
    await writeFile(path.join(cwd, "app", "NOTES.md"), "mine");
    const refused = await run(["app", "--no-install", "--no-git"], cwd);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /not empty.*--force/);
    assert.deepEqual(await readdir(path.join(cwd, "app")), ["NOTES.md"]);
    const forced = await run(["app", "--no-install", "--no-git", "--force"], cwd);
    assert.equal(forced.code, 0, forced.err);
    assert.equal(await readFile(path.join(cwd, "app", "NOTES.md"), "utf8"), "mine");
    assert.ok(existsSync(path.join(cwd, "app", "src", "app.ts")));
  });

  it("refuses an invalid package name", async () => {
    const cwd = await tmp();
    const { code, err } = await run(["ok-dir", "--name", "Not Valid", "--no-install", "--no-git"], cwd);
    assert.equal(code, 1);
    assert.match(err, /invalid package name/);
    assert.deepEqual(await readdir(cwd), []);
  });
});

describe("interactive (scripted keystrokes on a fake terminal)", () => {
  function session(argv: string[], cwd: string) {
    const stdin = keyboard();
    const stdout = sink(true);
    const done = runCreateTaskApp(argv, { stdin, stdout, stderr: sink(), cwd, env: {} });
    return { stdin, stdout, done };
  }

  it("asks for the folder, template, install and git, and uses the answers", async () => {
    const cwd = await tmp();
    const { stdin, stdout, done } = session([], cwd);
    let at = await waitFor(stdout.text, /Where should the task app go\?/);
    stdin.write("my-env\r");
    at = await waitFor(stdout.text, /Which template\?/, at);
    stdin.write("\x1b[B");
    await new Promise((r) => setTimeout(r, 20));
    stdin.write("\r");
    at = await waitFor(stdout.text, /Install dependencies\?/, at);
    stdin.write("n");
    at = await waitFor(stdout.text, /Initialise a git repository\?/, at);
    stdin.write("n");
    assert.equal(await done, 0, stdout.text());
    assert.ok(existsSync(path.join(cwd, "my-env", "src", "world.ts")), "second template (multi-step) chosen");
    assert.ok(!existsSync(path.join(cwd, "my-env", ".git")));
    assert.match(stdout.text(), /Next steps:/);
  });

  it("asks for a package name when the folder name is not one", async () => {
    const cwd = await tmp();
    const { stdin, stdout, done } = session(["My Env", "--template", "math", "--no-install", "--no-git"], cwd);
    await waitFor(stdout.text, /Package name\?/);
    stdin.write("\r");
    assert.equal(await done, 0, stdout.text());
    const pkg = JSON.parse(await readFile(path.join(cwd, "My Env", "package.json"), "utf8"));
    assert.equal(pkg.name, "my-env");
  });

  it("asks before writing into a non-empty folder, and stops on no", async () => {
    const cwd = await tmp();
    await mkdir(path.join(cwd, "busy"));
    await writeFile(path.join(cwd, "busy", "keep.txt"), "x");
    const { stdin, stdout, done } = session(["busy", "--template", "math", "--no-install", "--no-git"], cwd);
    await waitFor(stdout.text, /busy is not empty \(keep\.txt\)/);
    stdin.write("n");
    assert.equal(await done, 130);
    assert.deepEqual(await readdir(path.join(cwd, "busy")), ["keep.txt"]);
  });

  it("stops without writing when the user presses Ctrl-C", async () => {
    const cwd = await tmp();
    const { stdin, stdout, done } = session([], cwd);
    await waitFor(stdout.text, /Where should the task app go\?/);
    stdin.write("\x03");
    assert.equal(await done, 130);
    assert.match(stdout.text(), /Cancelled/);
    assert.deepEqual(await readdir(cwd), []);
  });
});

const hasScript = spawnSync("script", ["--version"]).status === 0;

describe("interactive (real pseudo-terminal)", { skip: hasScript ? false : "util-linux `script` is not installed" }, () => {
  it("prompts on a TTY and scaffolds from the answers", async () => {
    const cwd = await tmp();
    const entry = path.join(cwd, "..", `${path.basename(cwd)}-entry.mjs`);
    roots.push(entry);
    const source = fileURLToPath(new URL("../src/cli/create-task-app.ts", import.meta.url));
    await writeFile(entry, `import { runCreateTaskApp } from ${JSON.stringify(source)};\nprocess.exitCode = await runCreateTaskApp(process.argv.slice(2));\n`);
    const tsx = path.join(NODE_MODULES, "tsx/dist/esm/index.mjs");
    // A pty made by `script` from a pipe has no size; give it one so the prompts lay out.
    const command = `stty cols 100 rows 40; node --import ${JSON.stringify(tsx)} ${JSON.stringify(entry)} --no-install --no-git`;
    const child = spawn("script", ["-qfec", command, "/dev/null"], { cwd, env: { ...process.env, TERM: "xterm", npm_config_user_agent: "" } });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const text = () => stripAnsi(out);
    try {
      let at = await waitFor(text, /Where should the task app go\?/, 0, 20000);
      child.stdin.write("pty-env\r");
      at = await waitFor(text, /Which template\?/, at);
      child.stdin.write("\r");
      assert.equal(await exited, 0, text());
    } finally {
      child.kill();
    }
    assert.ok(existsSync(path.join(cwd, "pty-env", "src", "problems.ts")));
    assert.match(text(), /Next steps:/);
  });
});
