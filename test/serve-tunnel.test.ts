/**
 * `serve --tunnel` with a stand-in cloudflared written by the test: an
 * executable that takes `tunnel --url <local>`, listens on another loopback
 * address, proxies every request to the local URL, logs what it forwarded
 * and prints the quick-tunnel banner on stderr as cloudflared does. The
 * public URL must be the one it printed, checked through it; without
 * cloudflared on PATH, serve refuses with a usage error.
 */
import assert from "node:assert/strict";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { parseTunnelUrl } from "../src/deploy/tunnel.js";
import { runCli } from "./helpers/run-cli.js";
import { startServe } from "./helpers/serve-process.js";

const KEY = "sk-tunnel-test-0123456789abcdef";
const dir = await mkdtemp(path.join(os.tmpdir(), "serve-tunnel-"));
after(() => rm(dir, { recursive: true, force: true }));
const log = path.join(dir, "cloudflared.log");

const STAND_IN = `#!${process.execPath}
const http = require("node:http");
const fs = require("node:fs");
const args = process.argv.slice(2);
const target = new URL(args[args.indexOf("--url") + 1]);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, pid: process.pid }) + "\\n");
const server = http.createServer((req, res) => {
  fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ forwarded: req.method + " " + req.url }) + "\\n");
  const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  up.on("error", () => { res.writeHead(502); res.end(); });
  req.pipe(up);
});
server.listen(0, "127.0.0.2", () => {
  const url = "http://127.0.0.2:" + server.address().port;
  const t = new Date().toISOString().replace(/\\.\\d+Z$/, "Z");
  process.stderr.write(t + " INF Requesting new quick Tunnel on trycloudflare.com...\\n");
  process.stderr.write(t + " INF +--------------------------------------------------------------------------------------------+\\n");
  process.stderr.write(t + " INF |  Your quick Tunnel has been created! Visit it at (it may take some time to be reachable):  |\\n");
  process.stderr.write(t + " INF |  " + url.padEnd(90) + "|\\n");
  process.stderr.write(t + " INF +--------------------------------------------------------------------------------------------+\\n");
});
process.on("SIGTERM", () => { fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ stopped: true }) + "\\n"); process.exit(0); });
`;

it("parses the URL out of cloudflared's banner (and a bare trycloudflare.com URL)", () => {
  const banner = [
    "2026-11-25T22:00:00Z INF +----------------------------+",
    "2026-11-25T22:00:00Z INF |  Your quick Tunnel has been created! Visit it at (it may take some time to be reachable):  |",
    "2026-11-25T22:00:00Z INF |  https://silly-words-here.trycloudflare.com                                                 |",
  ].join("\n");
  assert.equal(parseTunnelUrl(banner), "https://silly-words-here.trycloudflare.com");
  assert.equal(parseTunnelUrl("INF Registered tunnel connection\n"), undefined);
  assert.equal(parseTunnelUrl("see https://a-b-c.trycloudflare.com now"), "https://a-b-c.trycloudflare.com");
});

it("without cloudflared on PATH, serve --tunnel is a usage error saying where to get it", async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: path.join(dir, "empty"), ENVIRONMENT_API_KEY: KEY };
  delete env.NODE_TEST_CONTEXT;
  const result = await runCli(["serve", "test/fixtures/apps/pid.mjs", "--port", "0", "--workers", "1", "--tunnel"], process.cwd(), env);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /task-app serve: --tunnel needs cloudflared on PATH .*install it \(https:\/\/developers\.cloudflare\.com/);
});

it("starts the tunnel to the local port, checks the public URL through it and prints it; stops it with the server", async () => {
  const bin = path.join(dir, "bin");
  await import("node:fs/promises").then((fs) => fs.mkdir(bin, { recursive: true }));
  await writeFile(path.join(bin, "cloudflared"), STAND_IN);
  await chmod(path.join(bin, "cloudflared"), 0o755);
  const server = await startServe("test/fixtures/apps/pid.mjs", ["--tunnel"], { env: { PATH: `${bin}${path.delimiter}${process.env.PATH}`, ENVIRONMENT_API_KEY: KEY } });
  try {
    const deadline = Date.now() + 60_000;
    while (!/public URL/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const line = /task-app serve: public URL (\S+) \(checked: (\d+)\/(\d+) checks passed through the tunnel\)/.exec(server.output());
    assert.ok(line, server.output());
    const entries = (await readFile(log, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    const started = entries.find((e) => e.args);
    assert.deepEqual(started.args, ["tunnel", "--no-autoupdate", "--url", `http://127.0.0.1:${new URL(server.url).port}`]);
    assert.match(line[1]!, /^http:\/\/127\.0\.0\.2:\d+$/, "the URL the stand-in printed");
    assert.equal(line[2], line[3]);
    const forwarded = entries.filter((e) => e.forwarded).map((e) => e.forwarded as string);
    assert.ok(forwarded.includes("GET /health") && forwarded.includes("POST /rollout"), `the probes went through the tunnel: ${forwarded.join(", ")}`);
    assert.ok(!server.output().includes(KEY), "no key printed");
  } finally {
    await server.kill("SIGTERM");
  }
  const entries = (await readFile(log, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
  assert.ok(entries.some((e) => e.stopped), "cloudflared is stopped with the server");
});
