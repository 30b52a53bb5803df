/**
 * Reading traces from the command line: `traces ls | show | stats`,
 * `export-sft` with its filters (output checked by `validate-jsonl`),
 * `filter --config`, and the same database read by Python's sqlite3 with the
 * queries synth-ai's readers run.
 *
 * The CLI runs as a real process for one claim of each kind (the `traces ls`
 * table, exit 1 for an unknown session, exit 2 for a bare `traces`,
 * `export-sft` writing its file, `filter --config`); the other runs call the
 * same CLI `main` in this process (test/helpers/cli-in-process.ts). The
 * fixture sessions are written as setup (test/helpers/setup-store.ts).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { validateSftJsonl } from "../src/config/jsonl.js";
import { listSessions } from "../src/traces/queries.js";
import { openTraceStore } from "../src/traces/store.js";
import { corpusDir } from "./helpers/corpus.js";
import { findPython } from "./helpers/python.js";
import { runCliInProcess } from "./helpers/cli-in-process.js";
import { runCli } from "./helpers/run-cli.js";
import { openSetupStore } from "./helpers/setup-store.js";
import { makeSessionTrace, PNG_DATA_URL } from "./helpers/session-trace.js";

const dir = mkdtempSync(join(tmpdir(), "traces-cli-"));
const db = join(dir, "traces", "v3", "synth_ai.db");
/** Six rollouts: models a/b alternating, 1-3 turns, outcome reward = index, an image in session 0. */
const sessions = Array.from({ length: 6 }, (_, i) =>
  makeSessionTrace(i, { runId: "cli", model: i % 2 ? "model-b" : "model-a", turns: (i % 3) + 1, outcome: i, image: i === 0 }),
);
before(async () => {
  const store = await openSetupStore(join(dir, "traces", "v3"));
  for (const s of sessions) await store.insertSession(s);
  await store.close();
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** `task-app <argv>` in this process (optionally in `cwd`). */
const cli = (argv: string[], cwd?: string) => runCliInProcess(argv, cwd ? { cwd } : {});
const linesOf = (path: string) => readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l));

test("traces ls lists sessions newest first with run, seed, model, steps, tokens, outcome and judge scores", async () => {
  const table = await runCli(["traces", "ls", "--db", db]);
  assert.equal(table.code, 0, table.stderr);
  const lines = table.stdout.trim().split("\n");
  assert.match(lines[0]!, /^created\s+session\s+run\s+seed\s+model\s+steps\s+tokens\s+outcome\s+judges$/);
  assert.match(lines[1]!, /session-cli-5\s+cli\s+5\s+model-b\s+3\s+408\s+5\s+Backend=0\.75/);
  const json = await cli(["traces", "ls", "--db", join(dir, "traces", "v3"), "--json", "--limit", "2"]);
  const rows = JSON.parse(json.stdout);
  assert.deepEqual(rows.map((r: { session_id: string }) => r.session_id), ["session-cli-5", "session-cli-4"]);
  assert.deepEqual(rows[1], {
    session_id: "session-cli-4",
    created_at: sessions[4]!.created_at,
    run_id: "cli",
    seed: 4,
    model: "model-a",
    steps: 2,
    lm_calls: 2,
    tokens: 136 * 2,
    outcome_reward: 4,
    judge_scores: { Backend: 0.5 },
  });
});

test("traces show renders turns, LM calls, tool calls, rewards and the outcome; unknown sessions exit 1", async () => {
  const shown = await cli(["traces", "show", "session-cli-2", "--db", db]);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /turn 0 \(turn_0\)\n {4}LM call model-a \(openai, 120\+16 tokens, 250 ms\)/);
  assert.match(shown.stdout, /tool call interact\(\{"actions":\["move_up","do"\]\}\)/);
  assert.match(shown.stdout, /reward unique_achievement_delta place_table 1 \(environment\)/);
  assert.match(shown.stdout, /outcome reward: 2 over 3 steps, judges Backend=0.5/);
  const missing = await runCli(["traces", "show", "nope", "--db", db]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /no session "nope"/);
  const noDb = await cli(["traces", "ls", "--db", join(dir, "absent.db")]);
  assert.equal(noDb.code, 1);
  assert.match(noDb.stderr, /no trace database at .*absent\.db/);
  assert.ok(!existsSync(join(dir, "absent.db")), "reading does not create a database");
  const bare = await runCli(["traces"]);
  assert.equal(bare.code, 2);
  assert.match(bare.stderr, /Name a subcommand: ls, show or stats/);
});

test("traces stats gives counts and mean rewards per model", async () => {
  const res = await cli(["traces", "stats", "--db", db, "--json"]);
  assert.equal(res.code, 0, res.stderr);
  const stats = JSON.parse(res.stdout);
  const a = sessions.filter((_, i) => i % 2 === 0);
  assert.deepEqual(stats[0], {
    model: "model-a",
    sessions: 3,
    lm_calls: a.reduce((n, s) => n + s.session_time_steps.length, 0),
    total_tokens: 136 * a.reduce((n, s) => n + s.session_time_steps.length, 0),
    mean_outcome_reward: (0 + 2 + 4) / 3,
    mean_event_reward: a.reduce((n, s) => n + s.event_rewards.length, 0) / 3,
  });
  assert.equal(stats[1].model, "model-b");
});

test("export-sft writes one valid example per LM call, images as image_url parts, rewards in metadata", async () => {
  const out = join(dir, "all.jsonl");
  const res = await runCli(["export-sft", db, "--out", out]);
  assert.equal(res.code, 0, res.stderr);
  const calls = sessions.reduce((n, s) => n + s.session_time_steps.length, 0);
  assert.match(res.stdout, new RegExp(`^${calls} examples from 6 sessions -> `));
  const report = await validateSftJsonl(out);
  assert.deepEqual(report.errors, []);
  assert.equal(report.examples, calls);
  const check = await cli(["validate-jsonl", out]);
  assert.equal(check.code, 0, check.stdout);
  const rows = linesOf(out);
  const first = rows[0];
  assert.deepEqual(first.messages[1].content[1], { type: "image_url", image_url: { url: PNG_DATA_URL } });
  const withTool = rows.find((r) => r.metadata.session_id === "session-cli-1" && r.metadata.turn === 0);
  assert.deepEqual(withTool.messages.at(-1).tool_calls, [{ id: "call_0", type: "function", function: { name: "interact", arguments: '{"actions":["move_up","do"]}' } }]);
  assert.deepEqual(first.metadata, {
    session_id: "session-cli-0",
    turn: 0,
    call_index: 0,
    model: "model-a",
    provider: "openai",
    outcome_reward: 0,
    event_rewards: { achievement_delta: 1, unique_achievement_delta: 1 },
  });
  const last = rows.find((r) => r.metadata.session_id === "session-cli-2" && r.metadata.turn === 2);
  assert.deepEqual(last.messages.at(-1), { role: "assistant", content: "Done for now." });
});

test("export-sft filters: outcome bounds, models, event reward totals, limit", async () => {
  const run = async (name: string, ...flags: string[]) => {
    const out = join(dir, `${name}.jsonl`);
    const res = await cli(["export-sft", db, "--out", out, ...flags]);
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual((await validateSftJsonl(out)).errors, []);
    return linesOf(out);
  };
  const sessionsOf = (rows: { metadata: { session_id: string } }[]) => [...new Set(rows.map((r) => r.metadata.session_id))];
  assert.deepEqual(sessionsOf(await run("outcome", "--min-outcome-reward", "2", "--max-outcome-reward", "4")), ["session-cli-2", "session-cli-3", "session-cli-4"]);
  const b = await run("model", "--model", "model-b");
  assert.ok(b.length > 0 && b.every((r) => r.metadata.model === "model-b"));
  assert.deepEqual(sessionsOf(await run("event", "--event-reward", "unique_achievement_delta:3")), ["session-cli-2", "session-cli-5"]);
  assert.equal((await run("limit", "--limit", "4")).length, 4);
  const bad = await cli(["export-sft", db, "--out", join(dir, "bad.jsonl"), "--event-reward", "unique:lots"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /"lots" is not a number/);
  assert.ok(!existsSync(join(dir, "bad.jsonl")));
});

test("filter --config drives the same export from a [filter] table", async () => {
  const out = join(dir, "filtered.jsonl");
  const config = join(dir, "filter.toml");
  writeFileSync(
    config,
    `type = "filter"\n\n[filter]\ndb = ${JSON.stringify(db)}\noutput = ${JSON.stringify(out)}\nmodels = ["model-a"]\nmin_official_score = 1\n[filter.min_judge_scores]\nBackend = 0.5\n`,
  );
  const res = await runCli(["filter", "--config", config]);
  assert.equal(res.code, 0, res.stderr);
  const rows = linesOf(out);
  assert.deepEqual([...new Set(rows.map((r) => r.metadata.session_id))], ["session-cli-2", "session-cli-4"]);
  assert.deepEqual((await validateSftJsonl(out)).errors, []);
  writeFileSync(config, `type = "filter"\n\n[filter]\ndb = ${JSON.stringify(db)}\noutput = "x.txt"\n`);
  const invalid = await cli(["filter", "--config", config]);
  assert.equal(invalid.code, 1);
  assert.match(invalid.stderr, /filter\.toml:5:\d+: error/);
});

test("filter --config runs synth-ai's Crafter [filter] config from the corpus (paths relative to the working directory)", async (t) => {
  const source = join(corpusDir(), "configs", "examples__task_apps__crafter__filter_sft_dataset.toml");
  if (!existsSync(source)) return t.skip(`SKIPPED: corpus config ${source} is missing`);
  const work = mkdtempSync(join(tmpdir(), "traces-corpus-"));
  try {
    const store = await openSetupStore(join(work, "traces", "v3"));
    for (const s of sessions) await store.insertSession(s);
    await store.close();
    copyFileSync(source, join(work, "filter.toml"));
    const res = await cli(["filter", "--config", "filter.toml"], work);
    assert.equal(res.code, 0, res.stderr);
    const out = join(work, "ft_data", "crafter_image_only_sft.jsonl");
    assert.deepEqual((await validateSftJsonl(out)).errors, []);
    const kept = [...new Set(linesOf(out).map((r) => r.metadata.session_id))];
    assert.deepEqual(kept, sessions.filter((_, i) => i >= 1).map((s) => s.session_id), "min_official_score = 0.01 drops the session whose outcome is 0");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test("Python's sqlite3 reads the database with synth-ai's reader queries and finds what was written", async (t) => {
  const python = findPython(["sqlite3", "json"]);
  if (!python.ok) return t.skip(python.reason);
  const res = spawnSync(python.python, ["test/python/check_trace_db.py", db], { encoding: "utf8" });
  assert.equal(res.status, 0, res.stderr);
  const summary = JSON.parse(res.stdout);
  assert.equal(summary.integrity, "ok");
  assert.equal(summary.journal_mode, "wal");
  assert.equal(summary.sessions, 6);
  for (const column of ["objective_key", "reward_metadata", "total_reward"]) assert.ok(summary.columns.outcome_rewards.includes(column));
  assert.deepEqual(summary.session_models["session-cli-3"], { model: "model-b", provider: "openai", calls: 1 });
  assert.deepEqual(summary.outcomes["session-cli-2"], { total_reward: 2, achievements: ["collect_wood", "place_table", "collect_stone"] });
  assert.deepEqual(summary.event_reward_totals["session-cli-2"].unique_achievement_delta, { events: 3, total: 3 });
  assert.deepEqual(summary.unique_by_turn["session-cli-2:1"], ["place_table"]);
  const calls = sessions.reduce((n, s) => n + s.session_time_steps.length, 0);
  assert.equal(summary.sft_examples, calls);
  assert.equal(summary.tool_calls, calls - sessions.length, "every turn but the last calls a tool");
  assert.equal(summary.image_parts, 1);
});

test("traces ls --run (run directory, run id or its prefix) --model filters; traces show takes a unique id prefix", async () => {
  const runsDb = join(dir, "runs-store", "synth_ai.db");
  const store = await openSetupStore(runsDb);
  const runs = ["eval-aaaa1111-0-0-u1", "eval-aaaa1111-1-0-u2", "eval-bbbb2222-0-0-u3"];
  for (const [i, runId] of runs.entries()) await store.insertSession(makeSessionTrace(i, { runId, model: i === 1 ? "model-b" : "model-a" }));
  // What the filters keep is the store's query (in process); the CLI is run for its flags, --run with a directory and its words.
  const reader = await openTraceStore(runsDb, { mustExist: true });
  try {
    const listed = async (options: { runIds?: string[]; model?: string }) => (await listSessions(reader.db, { limit: 100, ...options })).map((s) => s.run_id).sort();
    assert.deepEqual(await listed({ runIds: ["eval-aaaa1111"] }), runs.slice(0, 2));
    assert.deepEqual(await listed({ model: "model-a" }), [runs[0], runs[2]]);
    assert.deepEqual(await listed({ runIds: ["eval-aaaa"] }), [], "a prefix ends at a dash");
  } finally {
    await reader.close();
  }
  const ids = async (...extra: string[]) => {
    const res = await cli(["traces", "ls", "--db", runsDb, "--json", ...extra]);
    assert.equal(res.code, 0, res.stderr);
    return (JSON.parse(res.stdout) as { run_id: string }[]).map((r) => r.run_id).sort();
  };
  assert.deepEqual(await ids("--run", "eval-aaaa1111", "--model", "model-a"), [runs[0]]);
  const runDir = join(dir, "runs", "eval-x");
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, "results.jsonl"), `${JSON.stringify({ run_id: runs[2], seed: 0 })}\n{"run_id": "cut`);
  writeFileSync(join(runDir, "results.failures.jsonl"), `${JSON.stringify({ run_id: runs[1], seed: 1 })}\n`);
  assert.deepEqual(await ids("--run", runDir), [runs[1], runs[2]]);

  const unique = await cli(["traces", "show", "session-eval-bbbb", "--db", runsDb]);
  assert.equal(unique.code, 0, unique.stderr);
  assert.match(unique.stdout, /^session session-eval-bbbb2222-0-0-u3-2\n/);
  const ambiguous = await cli(["traces", "show", "session-eval-aaaa1111", "--db", runsDb]);
  assert.equal(ambiguous.code, 1);
  assert.equal(
    ambiguous.stderr,
    `task-app traces: "session-eval-aaaa1111" is the start of several session ids; give more of it:\n  session-eval-aaaa1111-0-0-u1-0\n  session-eval-aaaa1111-1-0-u2-1\n`,
  );
  const none = await cli(["traces", "show", "session-zzz", "--db", runsDb]);
  assert.equal(none.code, 1);
  assert.match(none.stderr, /no session "session-zzz"/);
});
