/**
 * Colour on a terminal, through src/style.ts: validate's error/warning,
 * check's PASS/FAIL and eval's summary statuses are coloured on a real
 * pseudo-terminal (util-linux `script`) or with FORCE_COLOR, never in a pipe,
 * and NO_COLOR wins over both. `serve` on a terminal logs pretty text.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { createTaskAppServer } from "../src/server/app.js";
import { colourEnabled } from "../src/style.js";
import { createTrivialApp } from "./fixtures/apps/trivial.js";
import { cliArgv } from "./helpers/cli-command.js";
import { appFixture } from "./helpers/app-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "task-app-colour-"));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, "bad.toml"), '[algorithm]\ntype = "nope"\n');
const RED = "\u001b[31m";
const GREEN = "\u001b[32m";
const ESC = "\u001b[";
const hasScript = spawnSync("script", ["--version"]).status === 0;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const command = (args: string[]) => [process.execPath, ...cliArgv(), ...args].map(quote).join(" ");

/** Runs the CLI in a pipe with `env` over a clean environment. */
function inPipe(args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...env };
  return spawnSync(process.execPath, [...cliArgv(), ...args], { cwd: dir, env: base, encoding: "utf8", timeout: 120_000 });
}

/** Runs the CLI on a pseudo-terminal (`script -qc`). */
function onTerminal(args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TERM: "xterm", ...env };
  return spawnSync("script", ["-qec", command(args), "/dev/null"], { cwd: dir, env: base, encoding: "utf8", timeout: 120_000 });
}

test("the rule: NO_COLOR wins, FORCE_COLOR forces, else a terminal that is not dumb", () => {
  assert.equal(colourEnabled({ isTTY: true }, {}), true);
  assert.equal(colourEnabled({ isTTY: true }, { TERM: "dumb" }), false);
  assert.equal(colourEnabled({ isTTY: false }, {}), false);
  assert.equal(colourEnabled({ isTTY: false }, { FORCE_COLOR: "1" }), true);
  assert.equal(colourEnabled({ isTTY: true }, { FORCE_COLOR: "0" }), false);
  assert.equal(colourEnabled({ isTTY: true }, { NO_COLOR: "1" }), false);
  assert.equal(colourEnabled({ isTTY: false }, { NO_COLOR: "1", FORCE_COLOR: "1" }), false);
});

test("validate colours error on a real terminal; NO_COLOR turns it off; a pipe never gets an escape", { skip: !hasScript && "util-linux script is not installed" }, () => {
  const tty = onTerminal(["validate", "bad.toml"]);
  assert.ok(tty.stdout.includes(`bad.toml:1:1: ${RED}error${ESC}39m: `), JSON.stringify(tty.stdout));
  const noColour = onTerminal(["validate", "bad.toml"], { NO_COLOR: "1" });
  assert.match(noColour.stdout, /bad\.toml:1:1: error: /);
  assert.ok(!noColour.stdout.includes(ESC), JSON.stringify(noColour.stdout));
  const pipe = inPipe(["validate", "bad.toml"]);
  assert.equal(pipe.status, 1);
  assert.ok(!pipe.stdout.includes(ESC));
  assert.ok(inPipe(["validate", "bad.toml"], { FORCE_COLOR: "1" }).stdout.includes(`${RED}error`));
  assert.ok(!inPipe(["validate", "bad.toml"], { FORCE_COLOR: "1", NO_COLOR: "1" }).stdout.includes(ESC));
});

test("check colours PASS and FAIL; eval colours its summary statuses", async () => {
  const key = "sk-colour-0000";
  const handler = createTaskAppServer(createTrivialApp(), { env: { ENVIRONMENT_API_KEY: key } });
  const server = createServer(handler.listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; stdout: string }>((done) => {
        const child = spawn(process.execPath, [...cliArgv(), ...args], { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, ENVIRONMENT_API_KEY: key, ...env } });
        let stdout = "";
        child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
        child.stderr.resume();
        child.on("close", (code) => done({ code, stdout }));
      });
    const good = await run(["check", url], { FORCE_COLOR: "1" });
    assert.ok(good.stdout.includes(`${GREEN}PASS${ESC}39m`), good.stdout);
    const wrongKey = await run(["check", url, "--api-key", "sk-wrong-0000"], { FORCE_COLOR: "1" });
    assert.equal(wrongKey.code, 1);
    assert.ok(wrongKey.stdout.includes(`${RED}FAIL${ESC}39m`), wrongKey.stdout);
    assert.ok(!(await run(["check", url], { FORCE_COLOR: "1", NO_COLOR: "1" })).stdout.includes(ESC));
    const evalRun = await run(["eval", "--url", url, "--seeds", "1-2", "--model", "scripted", "--no-trace", "--run-dir", "runs/colour"], { FORCE_COLOR: "1" });
    assert.equal(evalRun.code, 0, evalRun.stdout);
    assert.ok(evalRun.stdout.includes(`${GREEN}ok${ESC}39m`), evalRun.stdout);
    assert.ok(evalRun.stdout.includes(`${GREEN}2 ok${ESC}39m, 0 failed`), evalRun.stdout);
    const plainEval = await run(["eval", "--url", url, "--seeds", "1", "--model", "scripted", "--no-trace", "--run-dir", "runs/plain"], {});
    assert.ok(!plainEval.stdout.includes(ESC), plainEval.stdout);
  } finally {
    server.close();
  }
});

test("serve on a terminal logs pretty text by default", { skip: !hasScript && "util-linux script is not installed" }, async () => {
  const app = appFixture("trivial.ts");
  const child = spawn("script", ["-qec", command(["serve", app, "--port", "0", "--workers", "1"]), "/dev/null"], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: "xterm", ENVIRONMENT_API_KEY: "sk-colour-0000" },
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  const closed = new Promise<void>((r) => child.on("close", () => r()));
  await new Promise<void>((r, reject) => {
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
      if (/http:\/\/127\.0\.0\.1:\d+/.test(out)) r();
    });
    void closed.then(() => reject(new Error(out)));
  });
  process.kill(-child.pid!, "SIGTERM");
  await closed;
  assert.match(out, /\d\d:\d\d:\d\d\.\d\d\d\S* INFO /, out);
  assert.doesNotMatch(out, /^\{"level":/m, "no JSON lines on a terminal");
});
