/**
 * `task-app serve` start-up as a user sees it: the warning when no key is
 * configured, `--log-format pretty`, and clear, redacted errors for a module
 * that fails to load or an invalid rubric file.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { cliArgv } from "./helpers/cli-command.js";
import { runCli } from "./helpers/run-cli.js";
import { shownSecretPieces } from "./helpers/leaks.js";
import { appFixture } from "./helpers/app-fixture.js";

const OPENAI = "sk-proj-serveCliVendorKey0123456789";

test("serving without any key warns at start; --log-format pretty prints aligned text", { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, [...cliArgv(), "serve", appFixture("math.ts"), "--port", "0", "--log-format", "pretty"], {
    env: { ...process.env, ENVIRONMENT_API_KEY: "", dev_environment_api_key: "", DEV_ENVIRONMENT_API_KEY: "", ENVIRONMENT_API_KEY_ALIASES: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = once(child, "exit");
  try {
    while (!/no API key is configured/.test(output)) {
      if (child.exitCode !== null) assert.fail(output);
      await new Promise((r) => setTimeout(r, 20));
    }
    const url = /url=(http:\/\/\S+)/.exec(output)?.[1];
    assert.ok(url, output);
    assert.equal((await fetch(`${url}/health`)).status, 503);
  } finally {
    child.kill("SIGTERM");
  }
  const [code] = await exited;
  assert.equal(code, 0, output);
  const lines = output.trim().split("\n");
  assert.match(lines[0]!, /^\d\d:\d\d:\d\d\.\d{3} INFO  task app listening  url=http:\/\/127\.0\.0\.1:\d+ app_id=math-test auth=true$/);
  assert.ok(lines.some((l) => /^\S+ WARN  no API key is configured: every route but \/ answers 503 missing_environment_api_key  fix="set ENVIRONMENT_API_KEY/.test(l)), output);
  assert.ok(!output.includes('{"level"'), "no JSON lines");
});

test("serve refuses an unknown --log-format", async () => {
  const res = await runCli(["serve", "test/fixtures/apps/math.ts", "--log-format", "xml"]);
  assert.equal(res.code, 2);
  assert.match(res.stderr, /--log-format must be one of json, pretty/);
});

test("a module failing to load is reported with any key redacted; an invalid rubric names its file, line, column and path", { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), "serve-cli-"));
  writeFileSync(join(dir, "leaky.mjs"), "throw new Error(`vendor refused key ${process.env.OPENAI_API_KEY}`);\n");
  const rubric = join(dir, "outcome.json");
  writeFileSync(rubric, '{\n  "version": "1",\n  "criteria": [{ "id": "a", "description": "A", "weight": "heavy" }]\n}\n');
  const loader = pathToFileURL(resolve("src/runtime/rubrics.ts")).href;
  // A TypeScript module, so the CLI registers tsx and the rubric loader can come from the sources (built CLI or not).
  writeFileSync(join(dir, "rubric.mts"), `const { loadRubric } = await import(${JSON.stringify(loader)});\nawait loadRubric(${JSON.stringify(rubric)});\nexport default {};\n`);
  const saved = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = OPENAI;
  try {
    const leaky = await runCli(["serve", join(dir, "leaky.mjs"), "--port", "0"]);
    assert.equal(leaky.code, 1);
    assert.match(leaky.stderr, /task-app serve: vendor refused key \[redacted\]/);
    assert.deepEqual(shownSecretPieces(leaky.stderr + leaky.stdout, [OPENAI]), []);
    const invalid = await runCli(["serve", join(dir, "rubric.mts"), "--port", "0"]);
    assert.equal(invalid.code, 1);
    assert.ok(invalid.stderr.includes(`${rubric}:3:`), invalid.stderr);
    assert.match(invalid.stderr, /invalid rubric at criteria\[0\]\.weight: /);
  } finally {
    if (saved === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved;
  }
});

test("a port another process holds is refused saying what to pass instead (exit 1)", { timeout: 60_000 }, async () => {
  const { createServer } = await import("node:net");
  const holder = createServer();
  await new Promise<void>((r) => holder.listen(0, "127.0.0.1", r));
  const port = (holder.address() as import("node:net").AddressInfo).port;
  try {
    const r = await runCli(["serve", appFixture("trivial.ts"), "--port", String(port), "--workers", "1"], process.cwd(), { ...process.env, ENVIRONMENT_API_KEY: "sk-port-in-use-0123456789", NO_COLOR: "1" });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`task-app serve: listen EADDRINUSE: address already in use 127\\.0\\.0\\.1:${port}: another process .* pass --port with another port, or --port 0 for a free one`));
  } finally {
    holder.close();
  }
});
