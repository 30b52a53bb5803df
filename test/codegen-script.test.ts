/**
 * `npm run generate:check` itself, as CI runs it: the package.json script
 * builds the package and runs the built `task-app` bin. It runs in a copy of
 * the package (with its own dist/), so the build never touches the working
 * tree other tests read. The copy starts from this checkout's dist/ when it
 * holds the build's record (under `npm test`, the build just made): the build
 * is incremental (tsconfig.build.json), so it compiles what changed since and
 * no more; a build from nothing is test/pack.test.ts's subject. node_modules
 * is hard-linked into the copy rather than symlinked: the record names the
 * type files it read by their paths, and through a symlink they would resolve
 * outside the copy, so every file would count as new.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { packageRoot } from "../src/cli/commands/generate.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion, capturing its output. */
function run(command: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_update_notifier: "false" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** What the package needs to build and generate: sources, build config, bin, committed outputs. */
const PACKAGE_FILES = ["package.json", "tsconfig.json", "tsconfig.build.json", "src", "bin", "scripts", "schemas", "generated", "viewer"];

test("npm run generate:check passes on the committed files and its bin fails on a drifted one", { timeout: 300_000 }, async () => {
  const repo = packageRoot();
  const dir = await mkdtemp(join(tmpdir(), "generate-check-"));
  try {
    for (const path of PACKAGE_FILES) await cp(join(repo, path), join(dir, path), { recursive: true });
    if (existsSync(join(repo, "dist", ".tsbuildinfo"))) await cp(join(repo, "dist"), join(dir, "dist"), { recursive: true });
    // Nothing here writes into node_modules; where `cp -al` is missing, a symlink (a full rebuild).
    const linked = await run("cp", ["-al", join(repo, "node_modules"), join(dir, "node_modules")], dir).catch(() => undefined);
    if (linked?.code !== 0) await rm(join(dir, "node_modules"), { recursive: true, force: true }).then(() => symlink(join(repo, "node_modules"), join(dir, "node_modules"), "dir"));

    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const check = await run(npm, ["run", "--silent", "generate:check"], dir);
    assert.equal(check.code, 0, `${check.stdout}\n${check.stderr}\nrun \`npm run generate\` and commit the result`);
    assert.match(check.stdout, /\d+ generated files up to date/);

    // The script's last command, on a drifted copy: exit 1 naming the file.
    const pkg = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> };
    const [node, ...args] = pkg.scripts["generate:check"]!.split("&&").pop()!.trim().split(/\s+/);
    assert.equal(node, "node");
    const reference = join(dir, "generated", "CONFIG.md");
    await writeFile(reference, `${await readFile(reference, "utf8")}\nedited by hand\n`);
    const drift = await run(process.execPath, args, dir);
    assert.equal(drift.code, 1, drift.stderr);
    assert.match(drift.stderr, /drifted: generated\/CONFIG\.md/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
