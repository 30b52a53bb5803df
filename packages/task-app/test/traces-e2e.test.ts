/**
 * Tracing end to end, as a user runs it: the scaffolded math template served
 * by `task-app serve src/app.ts --trace <dir>` in a real process, rollouts
 * over loopback (with and without `record.return_trace`), then what is in
 * `<dir>/synth_ai.db`: the tracing-v3 tables and columns, one complete
 * session per rollout, the same rows read by Python's sqlite3 with
 * synth-ai's reader queries, `task-app traces ls`, and an `export-sft` file
 * that `task-app validate-jsonl` accepts.
 *
 * Needs the build (the template imports `task-app`, linked to this package).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { packageRoot } from "../src/scaffold/paths.js";
import { openTraceStore } from "../src/traces/store.js";
import { assertMathSessions, scaffoldMathProject, type SentRollout } from "./helpers/math-traces.js";
import { findPython } from "./helpers/python.js";
import { runCli } from "./helpers/run-cli.js";
import { mathRollout, postRollout, startServe } from "./helpers/serve-process.js";
import { assertSessionsComplete, assertTracingV3Layout } from "./helpers/trace-checks.js";

const KEY = "sk_env_traces_e2e_0123456789";
const hasBuild = existsSync(join(packageRoot(), "dist", "index.js"));
const work = mkdtempSync(join(tmpdir(), "traces-e2e-"));
after(() => rmSync(work, { recursive: true, force: true }));

describe("serve --trace with the math template", { skip: hasBuild ? false : "run `npm run build` first" }, () => {
  const traceDir = join(work, "traces", "v3");
  const db = join(traceDir, "synth_ai.db");
  const sent: SentRollout[] = [];

  before(async () => {
    const project = await scaffoldMathProject(join(work, "math"));
    const server = await startServe("src/app.ts", ["--trace", traceDir], {
      cwd: project,
      env: { ENVIRONMENT_API_KEY: KEY, TASKAPP_TRACE_DB: undefined, TASKAPP_TRACING_ENABLED: undefined },
    });
    try {
      const requests = Array.from({ length: 8 }, (_, seed) => ({ runId: `e2e-${seed}`, seed, returnTrace: seed % 2 === 0 }));
      const answers = await Promise.all(requests.map((r) => postRollout(server.url, KEY, mathRollout(r.runId, r.seed, r.returnTrace))));
      answers.forEach((answer, i) => {
        const { runId, seed, returnTrace } = requests[i]!;
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        const trace = answer.body.trace as { session_trace?: { session_id: string } } | null;
        if (returnTrace) assert.ok(trace?.session_trace?.session_id, `run ${runId} returned its session`);
        else assert.equal(trace, null, `run ${runId} asked for no trace`);
        const metrics = answer.body.metrics as { outcome_score?: number | null };
        const [trajectory] = answer.body.trajectories as { steps: { reward: number }[] }[];
        const reward = trajectory!.steps[0]!.reward;
        sent.push({ runId, seed, reward, outcomeScore: metrics.outcome_score ?? null, ...(trace?.session_trace ? { sessionId: trace.session_trace.session_id } : {}) });
      });
    } finally {
      const how = await server.kill("SIGTERM");
      assert.equal(how, 0, server.output());
      assert.match(server.output(), /"stored":8,"duplicates":0,"failed":0/, "the store took every session, none failed");
    }
  });

  test("the database has the tracing-v3 layout and one complete session per rollout", async () => {
    const store = await openTraceStore(db, { mustExist: true });
    try {
      await assertTracingV3Layout(store.db);
      const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(store.db);
      assert.deepEqual(rows.map((r) => r.integrity_check), ["ok"]);
      assert.equal(await assertSessionsComplete(store.db), 8);
      await assertMathSessions(store.db, sent, "e2e-");
    } finally {
      await store.close();
    }
  });

  test("Python's sqlite3 reads it with synth-ai's reader queries", async (t) => {
    const python = findPython(["sqlite3", "json"]);
    if (!python.ok) return t.skip(python.reason);
    const res = spawnSync(python.python, ["test/python/check_trace_db.py", db], { encoding: "utf8" });
    assert.equal(res.status, 0, res.stderr);
    const summary = JSON.parse(res.stdout) as { integrity: string; sessions: number; sft_examples: number; tool_calls: number; session_models: Record<string, unknown>; outcomes: Record<string, unknown> };
    assert.equal(summary.integrity, "ok");
    assert.equal(summary.sessions, 8);
    assert.equal(summary.sft_examples, 8, "one prompt-and-answer per rollout");
    assert.equal(summary.tool_calls, 8);
    for (const s of sent.filter((x) => x.sessionId)) {
      assert.deepEqual(summary.session_models[s.sessionId!], { model: "scripted", provider: "task-app", calls: 1 });
      assert.ok(summary.outcomes[s.sessionId!], `${s.sessionId} has its outcome`);
    }
  });

  test("traces ls lists every rollout; export-sft writes a file validate-jsonl accepts", async () => {
    const ls = await runCli(["traces", "ls", "--db", db, "--json", "--limit", "100"]);
    assert.equal(ls.code, 0, ls.stderr);
    const listed = JSON.parse(ls.stdout) as { run_id: string; seed: number; model: string; steps: number; lm_calls: number }[];
    assert.deepEqual(listed.map((r) => r.run_id).sort(), sent.map((s) => s.runId).sort());
    for (const r of listed) assert.deepEqual([r.model, r.steps, r.lm_calls, r.seed], ["scripted", 1, 1, Number(r.run_id.slice(4))]);
    const table = await runCli(["traces", "ls", "--db", db]);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /e2e-3/);

    const lines = (file: string) => readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { messages: { role: string }[]; metadata: { session_id: string } });
    const out = join(work, "ft_data", "math.jsonl");
    const exported = await runCli(["export-sft", db, "--out", out, "--model", "scripted"]);
    assert.equal(exported.code, 0, exported.stderr);
    const examples = lines(out);
    assert.equal(examples.length, 8, "one example per LM call");
    assert.deepEqual(examples[0]!.messages.map((m) => m.role), ["system", "user", "assistant"]);
    const check = await runCli(["validate-jsonl", out]);
    assert.equal(check.code, 0, check.stdout + check.stderr);

    const right = join(work, "ft_data", "right.jsonl");
    const filtered = await runCli(["export-sft", db, "--out", right, "--min-outcome-reward", "1"]);
    assert.equal(filtered.code, 0, filtered.stderr);
    const wanted = sent.filter((s) => (s.outcomeScore ?? 0) >= 1).length;
    assert.ok(wanted > 0 && wanted < 8, `the seeds mix right and wrong answers (${wanted} of 8 right)`);
    assert.equal(lines(right).length, wanted, "--min-outcome-reward keeps the sessions whose outcome reached it");
    assert.equal((await runCli(["validate-jsonl", right])).code, 0);
  });
});
