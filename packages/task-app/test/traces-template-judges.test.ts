/**
 * The templates' own traces through the readers: the scaffolded math
 * template served with `--trace`, rollouts over loopback, then its rubric
 * judges (stored as `{outcome: {score, per_criterion}}`) in `traces ls` and
 * selecting in `filter` (`min_judge_scores`); an export that selects nothing
 * exits 1, says which filter removed how many sessions and writes no file;
 * the README's export example selects from these traces; exported examples
 * carry the tool definitions the LM call was offered.
 *
 * Needs the build (the template imports `task-app`, linked to this package).
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { validateSftJsonl } from "../src/config/jsonl.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { scaffoldMathProject } from "./helpers/math-traces.js";
import { REPO_ROOT } from "./helpers/roots.js";
import { runCli } from "./helpers/run-cli.js";
import { mathRollout, postRollout, startServe } from "./helpers/serve-process.js";

const KEY = "sk_env_template_judges_0123456789";
const hasBuild = existsSync(join(packageRoot(), "dist", "index.js"));
const work = mkdtempSync(join(tmpdir(), "template-judges-"));
after(() => rmSync(work, { recursive: true, force: true }));

describe("the math template's judges in traces ls and filter", { skip: hasBuild ? false : "run `npm run build` first" }, () => {
  let project = "";
  const db = () => join(project, "traces", "v3", "synth_ai.db");
  /** Outcome judge score per run id, as the rollouts answered it. */
  const outcome = new Map<string, number>();

  before(async () => {
    project = await scaffoldMathProject(join(work, "math"));
    const server = await startServe("src/app.ts", ["--trace", "traces/v3"], { cwd: project, env: { ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACE_DB: undefined } });
    try {
      for (let seed = 0; seed < 6; seed++) {
        const answer = await postRollout(server.url, KEY, mathRollout(`judges-${seed}`, seed));
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        outcome.set(`judges-${seed}`, (answer.body.metrics as { outcome_score: number }).outcome_score);
      }
    } finally {
      assert.equal(await server.kill("SIGTERM"), 0, server.output());
    }
    assert.ok(new Set(outcome.values()).size > 1, `the rollouts should score differently: ${[...outcome.values()]}`);
  });

  test("traces ls shows the outcome judge and its criteria", async () => {
    const res = await runCli(["traces", "ls", "--db", db(), "--json"], project);
    assert.equal(res.code, 0, res.stderr);
    const rows = JSON.parse(res.stdout) as { run_id: string; judge_scores: Record<string, number> }[];
    assert.equal(rows.length, 6);
    for (const row of rows) {
      assert.equal(row.judge_scores.outcome, outcome.get(row.run_id), row.run_id);
      assert.ok(Object.keys(row.judge_scores).some((k) => k.startsWith("outcome.")), JSON.stringify(row.judge_scores));
    }
    const table = await runCli(["traces", "ls", "--db", db()], project);
    assert.match(table.stdout, /outcome=\d/);
  });

  test("filter's min_judge_scores selects on the templates' judges", async () => {
    const threshold = Math.max(...outcome.values());
    const out = join(project, "ft_data", "judged.jsonl");
    const config = join(project, "judged.toml");
    writeFileSync(config, `type = "filter"\n\n[filter]\ndb = "traces/v3/synth_ai.db"\noutput = "ft_data/judged.jsonl"\n\n[filter.min_judge_scores]\noutcome = ${threshold}\n`);
    const res = await runCli(["filter", "--config", config], project);
    assert.equal(res.code, 0, res.stderr);
    const sessions = new Set(readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l).metadata.session_id as string));
    const expected = [...outcome.values()].filter((v) => v >= threshold).length;
    assert.equal(sessions.size, expected);
    const line = JSON.parse(readFileSync(out, "utf8").split("\n")[0]!);
    assert.equal(line.tools?.[0]?.name, "submit_answer", "each example carries the tools the model was offered, as the scaffold's sft.jsonl does");
    assert.equal(line.tools[0].parameters?.type, "object", JSON.stringify(line.tools));
    assert.deepEqual((await validateSftJsonl(out)).errors, []);
  });

  test("an export that selects nothing exits 1, says which filter removed how many, and writes no file", async () => {
    const config = join(project, "none.toml");
    writeFileSync(config, `type = "filter"\n\n[filter]\ndb = "traces/v3/synth_ai.db"\noutput = "ft_data/none.jsonl"\n\n[filter.min_judge_scores]\noutcome = 2\n`);
    const res = await runCli(["filter", "--config", config], project);
    assert.equal(res.code, 1, res.stdout);
    assert.equal(res.stderr, "task-app: 0 examples: 6 sessions in the store; judge outcome >= 2 removed 6; nothing was written\n");
    assert.ok(!existsSync(join(project, "ft_data", "none.jsonl")));
    const models = await runCli(["export-sft", "traces/v3", "--out", "ft_data/none.jsonl", "--min-outcome-reward", "0", "--model", "Qwen/Qwen3-4B"], project);
    assert.equal(models.code, 1);
    assert.match(models.stderr, /^task-app: 0 examples: 6 sessions in the store; 6 kept, with no LM call of model Qwen\/Qwen3-4B to export; nothing was written\n$/);
    assert.ok(!existsSync(join(project, "ft_data", "none.jsonl")));
  });

  test("the README's export example selects from a template's traces", async () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const line = /npx task-app (export-sft traces\/v3 [^\n\\]*)/.exec(readme)?.[1];
    assert.ok(line, "the README has an export-sft example");
    const res = await runCli(line.trim().split(/\s+/), project);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /^[1-9]\d* examples? from [1-9]\d* sessions? -> /);
  });
});
