/**
 * One environment rule for every command (src/server/env.ts): ./.env is read
 * when no --env-file is named and an exported variable beats it; a named
 * --env-file beats the environment, a later file beating an earlier one.
 * Each command is run as a real process against a real loopback server that
 * records the key it was sent.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { loadEnvironment } from "../src/server/env.js";
import { runCli } from "./helpers/run-cli.js";
import { startServe } from "./helpers/serve-process.js";

const root = process.cwd();
const dir = mkdtempSync(join(tmpdir(), "task-app-env-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A loopback server answering 401 to everything and keeping the headers it saw. */
async function recorder(): Promise<{ url: string; seen: IncomingHttpHeaders[]; server: Server }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(401, { "content-type": "application/json" }).end('{"detail":"no"}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

/** The environment of a user with nothing exported but `extra`. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...extra };
  return env;
}

describe("the env loader", () => {
  test("implicit .env < the environment < --env-file files in order", () => {
    const cwd = mkdtempSync(join(dir, "unit-"));
    writeFileSync(join(cwd, ".env"), "A=dotenv\nB=dotenv\nC=dotenv\n");
    writeFileSync(join(cwd, "one.env"), "A=one\nD=one\n");
    writeFileSync(join(cwd, "two.env"), "D=two\n");
    const implicit = loadEnvironment([], { base: { B: "exported" }, cwd });
    assert.deepEqual([implicit.env.A, implicit.env.B, implicit.env.C], ["dotenv", "exported", "dotenv"]);
    assert.equal(implicit.implicit, join(cwd, ".env"));
    const named = loadEnvironment(["one.env", "two.env"], { base: { A: "exported", B: "exported" }, cwd });
    assert.deepEqual([named.env.A, named.env.B, named.env.C, named.env.D], ["one", "exported", undefined, "two"], "a named file beats the environment; .env is not read");
    assert.deepEqual(named.sources, ["the environment", join(cwd, "one.env"), join(cwd, "two.env")]);
  });
});

describe("every command reads keys by the same rule", () => {
  let backend: Awaited<ReturnType<typeof recorder>>;
  let project: string;
  before(async () => {
    backend = await recorder();
    project = mkdtempSync(join(dir, "project-"));
    writeFileSync(join(project, ".env"), `ENVIRONMENT_API_KEY=key-from-dotenv\nSYNTH_API_KEY=synth-from-dotenv\nBACKEND_BASE_URL=${backend.url}/dotenv\n`);
    writeFileSync(join(project, "override.env"), "ENVIRONMENT_API_KEY=key-from-file\n");
  });
  after(() => backend.server.close());

  test("check reads the key from ./.env when nothing is exported", async () => {
    backend.seen.length = 0;
    const run = await runCli(["check", backend.url], project, userEnv());
    assert.notEqual(run.code, 2, run.stderr);
    assert.ok(backend.seen.length > 0 && backend.seen.every((h) => h["x-api-key"] === "key-from-dotenv"), JSON.stringify(backend.seen));
  });

  test("check: an exported key beats ./.env; a named --env-file beats the exported key", async () => {
    backend.seen.length = 0;
    await runCli(["check", backend.url], project, userEnv({ ENVIRONMENT_API_KEY: "key-exported" }));
    assert.ok(backend.seen.length > 0 && backend.seen.every((h) => h["x-api-key"] === "key-exported"));
    backend.seen.length = 0;
    await runCli(["check", backend.url, "--env-file", "override.env"], project, userEnv({ ENVIRONMENT_API_KEY: "key-exported" }));
    assert.ok(backend.seen.length > 0 && backend.seen.every((h) => h["x-api-key"] === "key-from-file"));
  });

  test("eval reads the key from ./.env", async () => {
    backend.seen.length = 0;
    const run = await runCli(["eval", "--url", backend.url, "--seeds", "1", "--model", "scripted", "--no-trace", "--run-dir", "runs/env"], project, userEnv());
    assert.doesNotMatch(run.stderr, /no API key/);
    assert.ok(backend.seen.length > 0 && backend.seen.every((h) => h["x-api-key"] === "key-from-dotenv"), run.stderr);
  });

  test("jobs: exported BACKEND_BASE_URL and SYNTH_API_KEY beat ./.env", async () => {
    backend.seen.length = 0;
    await runCli(["jobs", "status", "job_1"], project, userEnv({ BACKEND_BASE_URL: `${backend.url}/exported`, SYNTH_API_KEY: "synth-exported" }));
    assert.ok(backend.seen.length > 0);
    for (const h of backend.seen) assert.equal(h.authorization, "Bearer synth-exported");
    backend.seen.length = 0;
    await runCli(["jobs", "status", "job_1"], project, userEnv());
    assert.ok(backend.seen.length > 0 && backend.seen.every((h) => h.authorization === "Bearer synth-from-dotenv"));
  });

  test("serve protects its routes with the key in ./.env", async () => {
    const server = await startServe(join(root, "test/fixtures/apps/pid.mjs"), [], { cwd: project, env: userEnv() });
    try {
      const res = await fetch(`${server.url}/health`, { headers: { "x-api-key": "key-from-dotenv" } });
      assert.equal(res.status, 200, server.output());
    } finally {
      await server.kill();
    }
  });
});
