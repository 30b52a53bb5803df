/**
 * test/python/openenv_conformance.py, a client restated in stdlib Python from
 * OpenEnv's client and server, run against the scaffolded math and
 * multi-step apps served with a key (`task-app serve`, the routes at
 * `<server>/openenv`), and against small fake servers: one that speaks the
 * protocol (it passes) and three that each break one rule (it must fail).
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { WebSocketServer } from "ws";
import { createTaskApp } from "../src/scaffold/create.js";
import { packageRoot } from "../src/scaffold/paths.js";
import { startServe } from "./helpers/serve-process.js";

const SCRIPT = path.join(packageRoot(), "test", "python", "openenv_conformance.py");
const KEY = "k".repeat(32);

/** Runs the conformance client; resolves with its exit code and output. */
function runConformance(base: string, action: unknown, key?: string): Promise<{ code: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (key) env.OPENENV_API_KEY = key;
  else delete env.OPENENV_API_KEY;
  const child = spawn("python3", [SCRIPT, base, JSON.stringify(action)], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c));
  child.stderr.on("data", (c: Buffer) => (out += c));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out })));
}

const root = await mkdtemp(path.join(os.tmpdir(), "openenv-conformance-"));
after(() => rm(root, { recursive: true, force: true }));

const ACTIONS: Record<string, unknown> = { math: { tool: "submit_answer", args: { answer: "7" } }, "multi-step": { tool: "interact", args: { actions: ["noop"] } }, vision: { tool: "interact", args: { actions: ["noop"] } } };

for (const template of ["math", "multi-step", "vision"]) {
  describe(`the scaffolded ${template} app`, () => {
    it("passes the conformance client at <server>/openenv with its key, and fails it without", async () => {
      const made = await createTaskApp({ dir: path.join(root, template), template, environmentApiKey: KEY });
      await mkdir(path.join(made.dir, "node_modules"));
      await symlink(packageRoot(), path.join(made.dir, "node_modules", "task-app"), "dir");
      const server = await startServe("src/app.ts", ["--log-format", "json"], { cwd: made.dir, env: { ENVIRONMENT_API_KEY: KEY } });
      try {
        const run = await runConformance(`${server.url}/openenv`, ACTIONS[template], KEY);
        assert.equal(run.code, 0, run.out);
        assert.match(run.out, /conformant/);
        const keyless = await runConformance(`${server.url}/openenv`, ACTIONS[template]);
        assert.equal(keyless.code, 1, keyless.out);
      } finally {
        await server.kill();
      }
    });
  });
}

type Flaw = "none" | "drops-done" | "invalid-action-200" | "accepts-unknown-type";

/** A minimal OpenEnv server of one tool `say` with one flaw. */
async function startFake(flaw: Flaw): Promise<{ url: string; close: () => Promise<void> }> {
  const observation = (text: string) => (flaw === "drops-done" ? { observation: { text }, reward: 0 } : { observation: { text }, reward: 0, done: false });
  const valid = (action: any) => action && action.tool === "say" && typeof action.args?.text === "string";
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const reply = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      const data = body ? JSON.parse(body) : {};
      if (req.url === "/health") return reply(200, { status: "healthy" });
      if (req.url === "/schema") return reply(200, { action: {}, observation: {}, state: {} });
      if (req.url === "/metadata") return reply(200, { name: "fake" });
      if (req.url === "/state") return reply(200, { episode_id: null, step_count: 0 });
      if (req.url === "/reset") return reply(200, observation("hi"));
      if (req.url === "/step") return valid(data.action) || flaw === "invalid-action-200" ? reply(200, observation("said")) : reply(422, { detail: "invalid action" });
      if (req.url === "/mcp") return reply(200, { jsonrpc: "2.0", id: data.id, result: { tools: [{ name: "say", inputSchema: {} }] } });
      reply(404, {});
    });
  });
  const wss = new WebSocketServer({ server, path: "/ws" });
  wss.on("connection", (ws) => {
    let steps = 0;
    ws.on("message", (raw) => {
      const send = (m: unknown) => ws.send(JSON.stringify(m));
      let m: any;
      try {
        m = JSON.parse(raw.toString());
      } catch {
        return send({ type: "error", data: { message: "bad json", code: "INVALID_JSON" } });
      }
      if (m.type === "reset") return send({ type: "observation", data: observation("hi") });
      if (m.type === "step") {
        if (!valid(m.data)) return send({ type: "error", data: { message: "invalid", code: "VALIDATION_ERROR" } });
        steps++;
        return send({ type: "observation", data: observation("said") });
      }
      if (m.type === "state") return send({ type: "state", data: { episode_id: "e", step_count: steps } });
      if (m.type === "close") return ws.close();
      if (flaw === "accepts-unknown-type") return send({ type: "state", data: { episode_id: "e", step_count: steps } });
      send({ type: "error", data: { message: "unknown type", code: "UNKNOWN_TYPE" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => server.close(() => resolve())));
    },
  };
}

describe("the conformance client's controls", () => {
  const expectations: [Flaw, number, RegExp][] = [
    ["none", 0, /conformant/],
    ["drops-done", 1, /FAIL POST \/reset answers observation, reward and done/],
    ["invalid-action-200", 1, /FAIL POST \/step with an invalid action answers 422/],
    ["accepts-unknown-type", 1, /FAIL ws unknown message type answers UNKNOWN_TYPE/],
  ];
  for (const [flaw, code, said] of expectations) {
    it(`${flaw === "none" ? "passes a server that speaks the protocol" : `fails a server that ${flaw}`}`, async () => {
      const fake = await startFake(flaw);
      try {
        const run = await runConformance(fake.url, { tool: "say", args: { text: "x" } });
        assert.equal(run.code, code, run.out);
        assert.match(run.out, said);
      } finally {
        await fake.close();
      }
    });
  }
});
