/**
 * Hostile stores, output paths and run directories against `task-app view`:
 * the store is opened with the readers' read-only, bounded open (a foreign
 * or empty SQLite file is refused and left byte for byte, a FIFO is refused
 * without a journal beside it, a view where a table belongs is refused before
 * any query); `--export` writes through the one atomic writer (never over a
 * device, a FIFO or a directory; a symlink is followed; the report is the
 * owner's alone).
 *
 * Real CLI processes (killed after LIMIT, so a hang fails the test) in a
 * scratch directory, real SQLite files and FIFOs.
 */
// npm test: own process (it runs for most of a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { RunsOverview } from "../../src/view/api.js";
import type { ExportData } from "../../src/view/export-data.js";
import { cliArgv } from "../helpers/cli-command.js";
import { runCli } from "../helpers/run-cli.js";
import { makeSessionTrace } from "../helpers/session-trace.js";
import { openSetupStore } from "../helpers/setup-store.js";

const Database = createRequire(import.meta.url)("libsql") as new (path: string) => {
  exec(sql: string): void;
  prepare(sql: string): { get(...a: unknown[]): Record<string, unknown> };
  close(): void;
};

const dir = mkdtempSync(join(tmpdir(), "hostile-view-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const LIMIT = { timeoutMs: 60_000 };
const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
/** `task-app view <argv>` in `dir`, killed after LIMIT. */
const view = (argv: string[], env?: NodeJS.ProcessEnv) => runCli(["view", ...argv], dir, env, LIMIT);

/** One result line in the layout eval writes. */
export function resultLine(seed: number, extra: Record<string, unknown> = {}) {
  return {
    run_id: `run-${seed}`,
    seed,
    rollout: 0,
    status: "ok",
    cause: "ok",
    http_status: 200,
    replica: null,
    return: (seed % 3) / 2,
    outcome_score: null,
    events_score: null,
    criteria: {},
    steps: 1,
    duration_ms: 10,
    session_id: null,
    finished_at: "2026-01-01T00:00:00.000Z",
    ...extra,
  };
}

/** A run directory as eval lays it out: manifest.json, config.json and results.jsonl (0600). */
function writeRun(runDir: string, lines: string[], manifest: unknown = { app: "app.ts", model: "m", seeds: [0], rollouts_per_seed: 1, split: "test", config_digest: "x", out: join(runDir, "results.jsonl") }) {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(join(runDir, "manifest.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  writeFileSync(join(runDir, "config.json"), JSON.stringify({ runDir, out: join(runDir, "results.jsonl"), failuresOut: join(runDir, "results.failures.jsonl") }));
  writeFileSync(join(runDir, "results.jsonl"), lines.map((l) => `${l}\n`).join(""));
}

const runs = join(dir, "runs");
writeRun(join(runs, "one"), [JSON.stringify(resultLine(0))]);

let template: Promise<string> | undefined;
/** A trace store with two sessions, written once; cases work on copies. */
function templateStore(): Promise<string> {
  return (template ??= (async () => {
    const path = join(dir, "template", "synth_ai.db");
    const store = await openSetupStore(path);
    for (const i of [0, 1]) await store.insertSession(makeSessionTrace(i, { runId: "hostile" }));
    await store.close();
    return path;
  })());
}

/** A one-file copy of the template store changed by `hostile`. */
async function hostileStore(name: string, hostile: string): Promise<string> {
  const path = join(dir, `${name}.db`);
  const source = await templateStore();
  copyFileSync(source, path);
  if (existsSync(`${source}-wal`)) copyFileSync(`${source}-wal`, `${path}-wal`);
  const db = new Database(path);
  db.prepare("PRAGMA journal_mode = DELETE").get();
  db.exec(hostile);
  db.close();
  return path;
}

test("a foreign SQLite file and an empty file given as --db are refused by name and left byte for byte as they were", async () => {
  const foreign = join(dir, "foreign.sqlite");
  const db = new Database(foreign);
  db.exec("CREATE TABLE people (name TEXT); INSERT INTO people VALUES ('ada');");
  db.close();
  const before = sha(foreign);
  const res = await view(["--runs", runs, "--db", foreign, "--export", join(dir, "foreign.html")]);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /not a task-app trace store: .*foreign\.sqlite \(it has none of the trace tables\)/);
  assert.equal(sha(foreign), before);
  assert.ok(!existsSync(`${foreign}-wal`) && !existsSync(`${foreign}-journal`));
  assert.ok(!existsSync(join(dir, "foreign.html")));
  const empty = join(dir, "empty.db");
  writeFileSync(empty, "");
  const res2 = await view(["--runs", runs, "--db", empty, "--export", join(dir, "empty.html")]);
  assert.equal(res2.code, 1, res2.stderr);
  assert.match(res2.stderr, /not a task-app trace store: .*empty\.db \(empty file\)/);
  assert.equal(statSync(empty).size, 0);
});

test("a FIFO given as --db is refused without opening it: no journal beside it, no hang", async () => {
  const fifo = join(dir, "pipe.db");
  execFileSync("mkfifo", [fifo]);
  const res = await view(["--runs", runs, "--db", fifo, "--export", join(dir, "fifo.html")]);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /not a task-app trace store: .*pipe\.db \(not a regular file\)/);
  assert.deepEqual(readdirSync(dir).filter((f) => f.startsWith("pipe.db")), ["pipe.db"]);
});

test("a store whose session_traces is an endless view is refused before any query runs", async () => {
  const path = await hostileStore(
    "endless",
    `PRAGMA foreign_keys = OFF; DROP TABLE session_traces;
     CREATE VIEW session_traces AS WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)
       SELECT 'session-' || n AS session_id, '2026-01-01' AS created_at, 1 AS num_timesteps, 1 AS num_events, 1 AS num_messages,
              NULL AS metadata, NULL AS experiment_id FROM r;`,
  );
  const res = await view(["--runs", runs, "--db", path, "--export", join(dir, "endless.html")]);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /not a task-app trace store: .*endless\.db \(session_traces is a view, not a table\)/);
});

test("a store is read, not written: its bytes are unchanged after an export of its sessions", async () => {
  const path = await hostileStore("plain", "SELECT 1;");
  const before = sha(path);
  const res = await view(["--runs", runs, "--db", path, "--export", join(dir, "plain.html")]);
  assert.equal(res.code, 0, res.stderr);
  assert.match(res.stdout, /\(1 run, 2 sessions,/);
  assert.equal(sha(path), before);
  assert.ok(!existsSync(`${path}-wal`) && !existsSync(`${path}-journal`));
});

test("a store that cannot be written (immutable as root, 0444 otherwise) is read", async () => {
  const path = await hostileStore("readonly", "SELECT 1;");
  const root = process.getuid?.() === 0;
  if (root) execFileSync("chattr", ["+i", path]);
  else chmodSync(path, 0o444);
  try {
    const res = await view(["--runs", runs, "--db", path, "--export", join(dir, "readonly.html")]);
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stdout, /\(1 run, 2 sessions,/);
  } finally {
    if (root) execFileSync("chattr", ["-i", path]);
  }
});

test("--export refuses a device, a FIFO and a directory before anything is written, and leaves no temporary file", async () => {
  // A null device of the test's own (as root; else /dev/null, which an unprivileged process cannot replace), so a regression never replaces the system's.
  const device = process.getuid?.() === 0 ? join(dir, "null") : "/dev/null";
  if (device !== "/dev/null") execFileSync("mknod", ["-m", "666", device, "c", "1", "3"]);
  const res = await view(["--runs", runs, "--export", device]);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /output .*null is a character device, not a regular file/);
  assert.ok(lstatSync(device).isCharacterDevice());
  const fifo = join(dir, "report.fifo");
  execFileSync("mkfifo", [fifo]);
  const res2 = await view(["--runs", runs, "--export", fifo]);
  assert.equal(res2.code, 1, res2.stderr);
  assert.match(res2.stderr, /report\.fifo is a FIFO/);
  assert.ok(lstatSync(fifo).isFIFO());
  const folder = join(dir, "report-dir");
  mkdirSync(folder);
  const res3 = await view(["--runs", runs, "--export", folder]);
  assert.equal(res3.code, 1, res3.stderr);
  assert.match(res3.stderr, /report-dir is a directory, not a regular file/);
  assert.deepEqual(readdirSync(dir).filter((f) => f.includes(".tmp")), []);
});

test("--export follows a symlink to a regular file (the link stays) and writes the report readable by its owner only", async () => {
  const target = join(dir, "real-report.html");
  writeFileSync(target, "old");
  const link = join(dir, "link-report.html");
  symlinkSync(target, link);
  const res = await view(["--runs", runs, "--export", link]);
  assert.equal(res.code, 0, res.stderr);
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.equal(readlinkSync(link), target);
  assert.match(readFileSync(target, "utf8"), /^<!doctype html>/);
  assert.equal(statSync(target).mode & 0o777, 0o600);
});

test("--export never writes through a symlink planted at a temporary name beside the report", async () => {
  const { exportReport } = await import("../../src/view/export.js");
  const out = join(dir, "planted.html");
  const victim = join(dir, "victim.txt");
  writeFileSync(victim, "keep me");
  symlinkSync(victim, `${out}.${process.pid}.tmp`);
  const written = await exportReport({ runs: [runs], out });
  assert.equal(written.runs, 1);
  assert.equal(readFileSync(victim, "utf8"), "keep me");
  assert.match(readFileSync(out, "utf8"), /^<!doctype html>/);
});

/** The data a report written by `view --export` embeds. */
function embeddedData(html: string): ExportData {
  const json = /<script type="application\/json" id="task-app-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  assert.ok(json, "the report embeds its data");
  return JSON.parse(json) as ExportData;
}

/** Exports the runs under `runsDir` through the CLI (no store) and returns the report's data. */
async function exportRuns(runsDir: string, name: string): Promise<ExportData> {
  const out = join(dir, `${name}.html`);
  const { TASKAPP_TRACE_DB: _, ...env } = process.env;
  const res = await view(["--runs", runsDir, "--export", out], env);
  assert.equal(res.code, 0, res.stderr);
  return embeddedData(readFileSync(out, "utf8"));
}

test("results are read from the run's own directory: config.json pointing at a FIFO, /dev/zero or another JSONL file is not followed, a moved run still reads", async () => {
  const base = join(dir, "pointing");
  const elsewhere = join(dir, "elsewhere.jsonl");
  writeFileSync(elsewhere, `${JSON.stringify(resultLine(99, { error: "not this run's" }))}\n`);
  const fifo = join(dir, "results.fifo");
  execFileSync("mkfifo", [fifo]);
  for (const [name, out] of [["fifo", fifo], ["zero", "/dev/zero"], ["other", elsewhere]] as const) {
    writeRun(join(base, name), [JSON.stringify(resultLine(1))]);
    writeFileSync(join(base, name, "config.json"), JSON.stringify({ out, failuresOut: out }));
  }
  // A run eval wrote with --out moved/res.jsonl, then moved: its files are found by name in the directory it is in now.
  writeRun(join(base, "moved"), [], { app: "a", model: "m", seeds: [0, 1], rollouts_per_seed: 1, split: "test", config_digest: "x", out: join(dir, "old-place", "res.jsonl") });
  writeFileSync(join(base, "moved", "res.jsonl"), `${JSON.stringify(resultLine(0))}\n${JSON.stringify(resultLine(1))}\n`);
  // The run's own results file a FIFO, its failures file a symlink to /dev/zero: named as the run's problems, nothing read.
  writeRun(join(base, "special"), []);
  rmSync(join(base, "special", "results.jsonl"));
  execFileSync("mkfifo", [join(base, "special", "results.jsonl")]);
  symlinkSync("/dev/zero", join(base, "special", "results.failures.jsonl"));
  const data = await exportRuns(base, "pointing");
  const rollouts = Object.fromEntries(data.overview.runs.map((r) => [r.name, [r.summary.rollouts, r.problems]]));
  assert.deepEqual(rollouts, {
    fifo: [1, []],
    moved: [2, []],
    other: [1, []],
    special: [0, ["results file results.failures.jsonl is a character device, not a regular file", "results file results.jsonl is a FIFO (named pipe), not a regular file"]],
    zero: [1, []],
  });
  assert.ok(!JSON.stringify(data).includes("not this run's"), "a JSONL file elsewhere is neither shown nor exported");
});

test("a null or corrupt manifest and malformed result lines affect only their run or line, with the reason; a run named __proto__ is listed", async () => {
  const base = join(dir, "malformed");
  writeRun(join(base, "null-manifest"), [JSON.stringify(resultLine(0))], "null");
  writeRun(join(base, "corrupt-manifest"), [JSON.stringify(resultLine(0))], "{not json");
  const { duration_ms: _, ...noDuration } = resultLine(1);
  writeRun(join(base, "bad-lines"), [JSON.stringify(resultLine(0)), JSON.stringify(noDuration), JSON.stringify(resultLine(2, { session_id: { id: "x" } })), JSON.stringify(resultLine(3))]);
  writeRun(join(base, "__proto__"), [JSON.stringify(resultLine(0)), JSON.stringify(resultLine(1))]);
  const { startViewer } = await import("../../src/view/serve.js");
  const running = await startViewer({ runs: [base] });
  try {
    const get = async (path: string) => {
      const res = await fetch(new URL(path, running.url));
      assert.equal(res.status, 200, path);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const overview = (await get("/api/runs")) as RunsOverview;
    const byName = Object.fromEntries(overview.runs.map((r) => [r.name, [r.summary.rollouts, r.problems]]));
    assert.deepEqual(Object.keys(byName).sort(), ["__proto__", "bad-lines", "corrupt-manifest", "null-manifest"]);
    assert.deepEqual(byName["null-manifest"], [1, ["manifest.json is not a manifest (null)"]]);
    assert.equal((byName["corrupt-manifest"] as [number, string[]])[0], 1);
    assert.match((byName["corrupt-manifest"] as [number, string[]])[1][0]!, /^manifest\.json cannot be read: .*JSON/);
    assert.deepEqual(byName["bad-lines"], [2, ["results.jsonl:2: not a result (duration_ms: missing)", "results.jsonl:3: not a result (session_id: Invalid input: expected string, received object)"]]);
    assert.equal(Object.getOwnPropertyDescriptor(byName, "__proto__")?.value[0], 2);
    const page = await get("/api/runs/__proto__");
    assert.equal(page.rows.total, 2);
    const bad = await get("/api/runs/bad-lines?sort=seconds");
    assert.deepEqual(bad.rows.rows.map((r: { seed: number }) => r.seed), [0, 3]);
  } finally {
    await running.close();
  }
  const data = await exportRuns(base, "malformed");
  assert.ok(Object.hasOwn(data.runs, "__proto__"), "the report holds the run named __proto__");
  assert.equal(Object.getOwnPropertyDescriptor(data.runs, "__proto__")?.value.results.length, 2);
  assert.equal(data.overview.runs.length, 4);
});

test("a run of 200,000 results (as eval --seeds 0-199999 writes it) opens through the API and exports", { timeout: 300_000 }, async () => {
  const base = join(dir, "large");
  const count = 200_000;
  const seeds = Array.from({ length: count }, (_, i) => i);
  const lines = seeds.map((seed) => JSON.stringify(resultLine(seed, seed % 7 === 0 ? { status: "failed", cause: "timeout", http_status: null, return: null } : {})));
  writeRun(join(base, "big"), lines, { app: "a", model: "m", seeds, rollouts_per_seed: 1, split: "test", config_digest: "x", out: join(base, "big", "results.jsonl") });
  const failed = seeds.filter((s) => s % 7 === 0).length;
  const { startViewer } = await import("../../src/view/serve.js");
  const running = await startViewer({ runs: [base] });
  try {
    const get = async (path: string) => {
      const res = await fetch(new URL(path, running.url));
      assert.equal(res.status, 200, path);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const overview = (await get("/api/runs")) as RunsOverview;
    assert.deepEqual(
      overview.runs.map((r) => [r.manifest.seed_count, r.manifest.first_seed, r.manifest.last_seed, r.summary.rollouts, r.summary.failed]),
      [[count, 0, count - 1, count, failed]],
    );
    const page = await get("/api/runs/big?sort=return&desc=1&size=3");
    assert.equal(page.rows.total, count);
    assert.equal(page.histogram.at_min + page.histogram.between + page.histogram.at_max, count - failed);
    assert.deepEqual(page.failures.map((f: { cause: string; count: number }) => [f.cause, f.count]), [["timeout", failed]]);
    const compare = await get("/api/compare/big/big?size=2");
    assert.equal(compare.comparison.paired, count - failed);
  } finally {
    await running.close();
  }
  const data = await exportRuns(base, "large");
  assert.equal(data.runs.big!.results.length, count);
  assert.equal(data.overview.runs[0]!.manifest.last_seed, count - 1);
});

test("--export redacts the environment's keys and URL passwords held in traces, as every output does", async () => {
  const environmentKey = "env-key-7f3a9c2e41d8b6055e";
  const openaiKey = "sk-proj-Zq81mW4cV7yT2nB0xR5k";
  const session = makeSessionTrace(3, { runId: "secrets" });
  session.session_time_steps[0]!.markov_blanket_messages[0]!.content = { text: `keys ${environmentKey} and ${openaiKey.slice(4, 20)} at postgres://u:hunter2pw@db:5432/x` };
  const path = join(dir, "secrets", "synth_ai.db");
  const store = await openSetupStore(path);
  await store.insertSession(session);
  await store.close();
  const out = join(dir, "secrets.html");
  const res = await view(["--runs", runs, "--db", path, "--export", out], { ...process.env, ENVIRONMENT_API_KEY: environmentKey, OPENAI_API_KEY: openaiKey });
  assert.equal(res.code, 0, res.stderr);
  const html = readFileSync(out, "utf8");
  const text = JSON.stringify(embeddedData(html));
  assert.match(text, /keys \[redacted\] and \[redacted\] at postgres:\/\/u:\[redacted\]@db:5432\/x/);
  for (const secret of [environmentKey, openaiKey.slice(4, 20), "hunter2pw"]) assert.ok(!html.includes(secret), `${secret} is in the report`);
});

test("a malformed token cookie on a viewer beyond loopback is answered 401 with the usual body, and nothing reaches the terminal", async () => {
  const child = spawn(process.execPath, [...cliArgv(), "view", "--runs", runs, "--host", "127.0.0.2"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr.on("data", (c: Buffer) => (err += c));
  const closed = new Promise((resolve) => child.on("close", resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (c: Buffer) => {
        out += c;
        const found = /task-app view: (http:\/\/\S+)/.exec(out)?.[1];
        if (found) resolve(found);
      });
      void closed.then(() => reject(new Error(`view exited before listening:\n${err}`)));
    });
    const api = new URL("/api/runs", url);
    api.search = "";
    for (const cookie of ["task_app_view_token=%E0%A4%A", "task_app_view_token=%", "task_app_view_token=%zz; other=1"]) {
      const res = await fetch(api, { headers: { cookie } });
      assert.equal(res.status, 401, cookie);
      assert.equal(await res.text(), "This viewer needs its access token: open the URL `task-app view` printed (it ends in ?token=...).\n");
    }
    api.search = new URL(url).search;
    assert.equal((await fetch(api)).status, 200, "the printed token still opens it");
  } finally {
    child.kill("SIGINT");
    await closed;
  }
  assert.equal(err, "", "no stack trace on the terminal");
});
