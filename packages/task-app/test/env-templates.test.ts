/**
 * The templates written on `defineEnvironment`: a scaffold carries no
 * runtime of its own (the loop, the client, the judging are the library's),
 * the math app is at most 30 lines of code, and with the scripted policy
 * each gives, seed for seed, the returns and judge scores the templates gave
 * before they were declared environments (test/fixtures/env/scripted-returns.json,
 * recorded from those templates over seeds 0-99).
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { createTaskAppServer } from "../src/server/app.js";
import { loadTaskAppModule } from "../src/server/load.js";

const KEY = "k".repeat(32);
const root = await mkdtemp(path.join(os.tmpdir(), "env-templates-"));
after(() => rm(root, { recursive: true, force: true }));
const recorded = JSON.parse(await readFile(new URL("./fixtures/env/scripted-returns.json", import.meta.url), "utf8")) as Record<string, { seed: number; return: number; outcome_score: number | null; events_score: number | null; steps: number }[]>;

/** Files the library owns: a project that carries one has its own copy of the runtime. */
const RUNTIME = ["src/episode.ts", "src/inference.ts", "src/policy.ts", "src/agent.ts"];

/** Lines of code: neither blank nor comment. */
const codeLines = (text: string) => text.split("\n").filter((l) => l.trim() && !/^\s*(\/\/|\/\*\*?|\*)/.test(l)).length;

async function scaffold(template: string) {
  const made = await createTaskApp({ dir: path.join(root, template), template, environmentApiKey: KEY });
  await mkdir(path.join(made.dir, "node_modules"));
  await symlink(packageRoot(), path.join(made.dir, "node_modules", "task-app"), "dir");
  return made;
}

for (const template of ["math", "multi-step", "vision"]) {
  describe(`template ${template}`, () => {
    it("writes no runtime file: the loop, the inference client and the judging come from task-app", async () => {
      const made = await scaffold(template);
      for (const file of RUNTIME) assert.ok(!made.files.includes(file), `${file} is scaffolded`);
      const app = await readFile(path.join(made.dir, "src", "app.ts"), "utf8");
      assert.match(app, /defineEnvironment\(/);
      if (template === "math") assert.ok(codeLines(app) <= 30, `src/app.ts has ${codeLines(app)} lines of code`);
    });

    it("gives, seed for seed, the returns and judge scores of the template before it (scripted policy, seeds 0-99)", async () => {
      const app = await loadTaskAppModule(path.join(root, template, "src", "app.ts"));
      assert.ok(app.environment, "a declared environment");
      const server = createTaskAppServer(app, { env: { ENVIRONMENT_API_KEY: KEY } });
      const rows = [];
      for (let seed = 0; seed < 100; seed++) {
        const res = await server.request("/rollout", {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": KEY },
          body: JSON.stringify({ run_id: `r${seed}`, env: { seed, config: {} }, policy: { config: {} }, ops: [], mode: "eval" }),
        });
        const body = (await res.json()) as { metrics: { episode_returns: number[]; outcome_score?: number | null; events_score?: number | null; num_steps: number } };
        assert.equal(res.status, 200, JSON.stringify(body));
        const m = body.metrics;
        rows.push({ seed, return: m.episode_returns[0], outcome_score: m.outcome_score ?? null, events_score: m.events_score ?? null, steps: m.num_steps });
      }
      assert.deepEqual(rows, recorded[template]);
    });
  });
}

it("docs/declare-an-environment.md shows the math template's src/app.ts as it is (but for its comment and placeholders)", async () => {
  const guide = await readFile(new URL("../../../docs/declare-an-environment.md", import.meta.url), "utf8");
  const shown = /^# Declare an environment[\s\S]*?```ts\n([\s\S]*?)```/m.exec(guide)?.[1];
  const template = await readFile(new URL("../templates/math/src/app.ts", import.meta.url), "utf8");
  const code = template.replace(/^\/\*\*[\s\S]*?\*\/\n/, "").replaceAll('"{{appId}}"', '"math"').replaceAll('"{{title}}"', '"Math"');
  assert.equal(shown, code);
});
