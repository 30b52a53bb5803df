/**
 * A scaffolded project's app ids, as its package.json registers them: `serve
 * <id>` and `eval --app-id <id>` (the CLI in real processes, the project's
 * own files, task-app linked from this checkout). The loop the README teaches
 * (eval, traces ls, the filter example, validate-jsonl) runs on every
 * template in test/e2e-templates.test.ts, from the packed and installed
 * package.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { cliArgv } from "./helpers/cli-command.js";
import { startCli } from "./helpers/cli-process.js";

const root = await mkdtemp(join(tmpdir(), "task-app-scaffold-loop-"));
after(() => rm(root, { recursive: true, force: true }));

function cli(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgv(), ...args], { cwd, env: { ...process.env, NO_COLOR: "1" } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("serving and evaluating by app id", () => {
  it("serve <id> and eval --app-id <id> resolve the id from package.json (else src/app.ts); an unknown id lists the known ones, exit 2", async () => {
    const project = await createTaskApp({ dir: join(root, "by-id"), template: "math", environmentApiKey: "sk_env_by_id_0123456789abcdef" });
    await mkdir(join(project.dir, "node_modules"));
    await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
    const pkg = JSON.parse(await readFile(join(project.dir, "package.json"), "utf8")) as { "task-app": { apps: Record<string, string> } };
    const [id] = Object.keys(pkg["task-app"].apps);
    assert.deepEqual(pkg["task-app"].apps, { [id!]: "src/app.ts" }, "create-task-app registers the app");

    const evaluated = await cli(project.dir, "eval", "--app-id", id!, "--model", "scripted", "--seeds", "0-1", "--no-trace");
    assert.equal(evaluated.code, 0, evaluated.stderr);
    assert.match(evaluated.stdout, /rollouts +2 ok, 0 failed/);

    const unknown = await cli(project.dir, "eval", "--app-id", "nope", "--model", "scripted", "--seeds", "0");
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, new RegExp(`no task app with id "nope" in .*: known ids: ${id} \\(src/app\\.ts, from package\\.json\\)`));
    const unknownServe = await cli(project.dir, "serve", "nope");
    assert.equal(unknownServe.code, 2);
    assert.match(unknownServe.stderr, /task-app serve: no task app with id "nope"/);

    const served = startCli(["serve", id!, "--port", "0", "--env-file", ".env", "--workers", "1"], { NO_COLOR: "1" }, project.dir);
    try {
      await served.waitFor(/http:\/\/127\.0\.0\.1:\d+/);
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(served.stdout())![0];
      const root = (await (await fetch(`${url}/`)).json()) as { service?: string };
      assert.equal(root.service, id);
    } finally {
      served.child.kill("SIGTERM");
      await served.exited;
    }

    // Without the registry field: the id src/app.ts declares.
    delete (pkg as Record<string, unknown>)["task-app"];
    await writeFile(join(project.dir, "package.json"), JSON.stringify(pkg));
    const fallback = await cli(project.dir, "eval", "--app-id", id!, "--model", "scripted", "--seeds", "0", "--no-trace");
    assert.equal(fallback.code, 0, fallback.stderr);
  });
});
