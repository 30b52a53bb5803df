/**
 * The loop a scaffolded project's README teaches, run on each template as a
 * new user would (the CLI in real processes, the project's own files):
 * `eval` with the scripted policy records traces, `traces ls` reads them,
 * and the README's filter example (`filter --config configs/filter.toml`)
 * selects examples from those traces that pass `validate-jsonl`.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { createTaskApp, TEMPLATE_NAMES } from "../src/scaffold/create.js";
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

describe("a scaffolded project's README loop", { concurrency: 1 }, () => {
  for (const template of TEMPLATE_NAMES)
    it(template, async () => {
      const project = await createTaskApp({ dir: join(root, template), template, environmentApiKey: false });
      await mkdir(join(project.dir, "node_modules"));
      await symlink(packageRoot(), join(project.dir, "node_modules", "task-app"), "dir");
      const readme = await readFile(join(project.dir, "README.md"), "utf8");
      assert.doesNotMatch(readme, /synth-ai eval/, "the README teaches task-app's own loop");
      for (const step of ["task-app eval --app src/app.ts", "task-app traces ls", "task-app filter --config configs/filter.toml", "task-app export-sft", "task-app train --config configs/rl.toml"])
        assert.ok(readme.includes(step), `the README shows \`${step}\``);

      const evaluated = await cli(project.dir, "eval", "--app", "src/app.ts", "--model", "scripted", "--seeds", "0-4");
      assert.equal(evaluated.code, 0, evaluated.stderr);
      assert.match(evaluated.stdout, /traces +5 stored in /);
      const listed = await cli(project.dir, "traces", "ls", "--json");
      assert.equal(listed.code, 0, listed.stderr);
      assert.equal((JSON.parse(listed.stdout) as unknown[]).length, 5);

      const filtered = await cli(project.dir, "filter", "--config", "configs/filter.toml");
      assert.equal(filtered.code, 0, filtered.stderr);
      const match = /(\d+) examples from (\d+) sessions -> ft_data\/train\.jsonl/.exec(filtered.stdout + filtered.stderr);
      assert.ok(match && Number(match[1]) > 0 && Number(match[2]) > 0, `the filter selects examples from the template's traces: ${filtered.stdout}${filtered.stderr}`);
      const lines = (await readFile(join(project.dir, "ft_data", "train.jsonl"), "utf8")).trim().split("\n");
      assert.equal(lines.length, Number(match![1]));
      const checked = await cli(project.dir, "validate-jsonl", "ft_data/train.jsonl");
      assert.equal(checked.code, 0, checked.stdout + checked.stderr);
    });
});

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
