/**
 * A hostile deploy folder or --out: `deploy render` checks every path it
 * would write before it reads or writes one, so a FIFO never blocks it, a
 * symlinked Dockerfile never sends the write outside the folder, and a
 * refusal leaves the folder as it was; an --out that cannot be pasted into
 * the Dockerfile's RUN line as it is (`$(…)`, a space) or lies outside the
 * build context is a usage error. Each runs the CLI as a process (a hang is
 * killed by the timeout and fails the test).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { runCli } from "../helpers/run-cli.js";

const root = await mkdtemp(path.join(os.tmpdir(), "deploy-folder-"));
after(() => rm(root, { recursive: true, force: true }));

const FLAGS = ["--name", "m", "--image", "ghcr.io/acme/m:1.0.0"];
const render = (dir: string, ...extra: string[]) => runCli(["deploy", "render", ...FLAGS, ...extra], dir, undefined, { timeoutMs: 60_000 });

/** A project folder with deploy/base/ made, holding `entries` only. */
async function projectWith(name: string): Promise<string> {
  const dir = path.join(root, name);
  await mkdir(path.join(dir, "deploy", "base"), { recursive: true });
  return dir;
}
const listDeploy = async (dir: string) => (await readdir(path.join(dir, "deploy"), { recursive: true })).sort();

it("a FIFO where a rendered file goes is refused at once, naming it, and nothing is written", async () => {
  const dir = await projectWith("fifo");
  execFileSync("mkfifo", [path.join(dir, "deploy", "base", "hpa.yaml")]);
  const result = await render(dir);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stderr, /deploy\/base\/hpa\.yaml is a FIFO/);
  assert.match(result.stderr, /nothing was written/);
  assert.deepEqual(await listDeploy(dir), ["base", "base/hpa.yaml"]);
  const check = await render(dir, "--check");
  assert.equal(check.code, 1, check.stderr);
  assert.match(check.stderr, /deploy\/base\/hpa\.yaml is a FIFO/);
});

it("a symlinked Dockerfile pointing out of the folder is refused and the file it names is untouched", async () => {
  const dir = await projectWith("symlink");
  const outside = path.join(root, "outside-Dockerfile");
  await writeFile(outside, "FROM scratch\n");
  await symlink(outside, path.join(dir, "deploy", "Dockerfile"));
  const result = await render(dir);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stderr, /deploy\/Dockerfile is a symlink/);
  assert.equal(await readFile(outside, "utf8"), "FROM scratch\n");
  assert.deepEqual(await listDeploy(dir), ["Dockerfile", "base"]);
});

it("a refusal on the last file leaves the folder as it was: no file before it is written", async () => {
  const dir = await projectWith("half");
  await mkdir(path.join(dir, "deploy", "base", "service.yaml"));
  const result = await render(dir);
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stderr, /deploy\/base\/service\.yaml is a directory, not a regular file/);
  assert.deepEqual(await listDeploy(dir), ["base", "base/service.yaml"]);
  await rm(path.join(dir, "deploy", "base", "service.yaml"), { recursive: true });
  const fixed = await render(dir);
  assert.equal(fixed.code, 0, fixed.stderr);
  assert.ok(existsSync(path.join(dir, "deploy", "Dockerfile")));
});

it("an --out with shell syntax, a space or a path outside the project is a usage error, nothing written", async () => {
  const dir = path.join(root, "out");
  await mkdir(dir, { recursive: true });
  for (const out of ["deploy$(touch pwned)", "my deploy", "../elsewhere", path.join(root, "absolute")]) {
    const result = await render(dir, "--out", out);
    assert.equal(result.code, 2, `${out}: ${result.stderr}`);
    assert.match(result.stderr, /the deploy folder must be a subfolder of the project/);
    assert.deepEqual(await readdir(dir), [], out);
    assert.equal(existsSync(path.join(root, "elsewhere")) || existsSync(path.join(root, "absolute")), false);
  }
  const nested = await render(dir, "--out", "ops/deploy");
  assert.equal(nested.code, 0, nested.stderr);
  assert.match(await readFile(path.join(dir, "ops", "deploy", "Dockerfile"), "utf8"), /^RUN npx tsc -p ops\/deploy\/tsconfig\.build\.json$/m);
});
