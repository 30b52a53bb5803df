/**
 * `task-app view` as a process: `eval` ends by printing the view command of
 * its run; that command, run, serves the run read only on 127.0.0.1 and
 * stops on Ctrl-C; another host gets an access token printed once in the
 * URL; usage errors exit 2, an unreadable store or runs path exits 1;
 * `--export` writes one self-contained file (of runs/ unless --runs says).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { cliArgv } from "./helpers/cli-command.js";
import { runCli } from "./helpers/run-cli.js";

const evalApp = fileURLToPath(new URL("./fixtures/apps/eval-app.mjs", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "task-app-view-cli-"));
after(() => rmSync(root, { recursive: true, force: true }));

/** Starts the CLI, resolves with its first URL line; `stop` sends SIGINT and resolves with the exit code. */
function startView(args: string[]): Promise<{ url: string; stdout: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [...cliArgv(), ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return new Promise((resolve, reject) => {
    child.stderr.on("data", (c: Buffer) => (err += c));
    child.stdout.on("data", (c: Buffer) => {
      out += c;
      const url = /task-app view: (http:\/\/\S+)/.exec(out)?.[1];
      if (url)
        resolve({
          url,
          stdout: () => out,
          stop: () => {
            child.kill("SIGINT");
            return exited;
          },
        });
    });
    void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${out}\n${err}`)));
  });
}

let printed = "";

describe("task-app view (CLI)", () => {
  before(async () => {
    const ran = await runCli(["eval", "--app", evalApp, "--model", "scripted", "--seeds", "1-3", "--run-dir", "runs/first", "--trace-db", "traces/v3/synth_ai.db"], root);
    assert.equal(ran.code, 0, ran.stderr);
    printed = /\nview +(task-app view .*)\n/.exec(ran.stdout)?.[1] ?? "";
  });

  test("eval prints the command that opens its run; that command serves it read only", async () => {
    assert.equal(printed, "task-app view --runs runs/first --db traces/v3/synth_ai.db --open");
    const args = printed.split(" ").slice(1).filter((a) => a !== "--open");
    const view = await startView(args);
    try {
      assert.match(view.url, /^http:\/\/127\.0\.0\.1:\d+\/runs$/);
      const runs = (await (await fetch(new URL("/api/runs", view.url))).json()) as { runs: { name: string; summary: { rollouts: number } }[] };
      assert.deepEqual(runs.runs.map((r) => [r.name, r.summary.rollouts]), [["first", 3]]);
      const page = await fetch(new URL("/runs/first", view.url));
      assert.equal(page.status, 200);
      assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self'/);
      assert.equal((await fetch(new URL("/api/runs", view.url), { method: "POST" })).status, 405);
    } finally {
      assert.equal(await view.stop(), 0, "Ctrl-C stops it cleanly");
    }
  });

  test("beyond loopback, the URL carries a token, printed once, that every request needs", async () => {
    const view = await startView(["view", "--runs", "runs", "--db", "traces/v3/synth_ai.db", "--host", "0.0.0.0"]);
    try {
      const token = new URL(view.url).searchParams.get("token")!;
      assert.ok(token.length >= 32);
      assert.equal(view.stdout().split(token).length - 1, 1, "the token is printed once");
      const api = new URL("/api/runs", view.url);
      assert.equal((await fetch(api)).status, 401);
      api.searchParams.set("token", token);
      assert.equal((await fetch(api)).status, 200);
    } finally {
      await view.stop();
    }
  });

  test("usage errors exit 2; a store or runs path that is not there exits 1", async () => {
    const port = await runCli(["view", "--port", "-1"], root);
    assert.equal(port.code, 2);
    assert.match(port.stderr, /--port must be an integer/);
    const db = await runCli(["view", "--db", "nowhere.db", "--runs", "runs"], root);
    assert.equal(db.code, 1);
    assert.match(db.stderr, /no trace database at .*nowhere\.db/);
    const runs = await runCli(["view", "--runs", "no-such-dir"], root);
    assert.equal(runs.code, 1);
    assert.match(runs.stderr, /--runs no-such-dir: no such directory/);
  });

  test("--export writes one self-contained HTML file", async () => {
    const ran = await runCli(["view", "--runs", "runs/first", "--db", "traces/v3/synth_ai.db", "--export", "out/report.html"], root);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stdout, /wrote .*report\.html \(1 run, 3 sessions/);
    const html = readFileSync(join(root, "out", "report.html"), "utf8");
    assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'; img-src data:; connect-src 'none'/);
    assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=/, "no external script or stylesheet");
    assert.equal(html.match(/<\/script>/g)?.length, 2, "the data and the app, nothing else closes a script");
    // Without --runs, --export takes runs/ and the default store, as the viewer does; the store is named relative to the working directory.
    const plain = await runCli(["view", "--export", "plain.html"], root);
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stdout, /wrote .*plain\.html \(1 run, 3 sessions/);
    const embedded = readFileSync(join(root, "plain.html"), "utf8");
    assert.match(embedded, /"store":"traces\/v3\/synth_ai\.db"/);
    assert.ok(!embedded.includes(`"store":"${root}`), "the store is not named by its absolute path");
  });
});
