/**
 * `serve --tunnel` with a stand-in cloudflared written by the test: an
 * executable that takes `tunnel --url <local>`, listens on another loopback
 * address, proxies every request to the local URL, logs what it forwarded
 * and prints the quick-tunnel banner on stderr as cloudflared does. The
 * public URL must be the one it printed, checked through it, and a quick
 * tunnel's (https on trycloudflare.com: a plain-HTTP one gets no probe and no
 * key); without cloudflared on PATH, serve refuses with a usage error.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, it } from "node:test";
import { acceptTunnelUrl, parseTunnelUrl, TunnelError } from "../src/deploy/tunnel.js";
import { runCli } from "./helpers/run-cli.js";
import { startServe } from "./helpers/serve-process.js";

const KEY = "sk-tunnel-test-0123456789abcdef";
const dir = await mkdtemp(path.join(os.tmpdir(), "serve-tunnel-"));
after(() => rm(dir, { recursive: true, force: true }));

/** What the stand-in serves: plain HTTP on 127.0.0.2 (printing that URL), or HTTPS on 443 of `address` with a certificate for `host` (printing https://host). */
interface Listen {
  tls?: { key: string; cert: string; host: string; address: string };
}

const standIn = (log: string, { tls }: Listen = {}) => `#!${process.execPath}
const http = require("node:http");
const https = require("node:https");
const fs = require("node:fs");
const tls = ${JSON.stringify(tls ?? null)};
const args = process.argv.slice(2);
const target = new URL(args[args.indexOf("--url") + 1]);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ args, pid: process.pid }) + "\\n");
const handle = (req, res) => {
  fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ forwarded: req.method + " " + req.url }) + "\\n");
  const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode, answer.headers);
    answer.pipe(res);
  });
  up.on("error", () => { res.writeHead(502); res.end(); });
  req.pipe(up);
};
const server = tls ? https.createServer({ key: fs.readFileSync(tls.key), cert: fs.readFileSync(tls.cert) }, handle) : http.createServer(handle);
server.listen(tls ? 443 : 0, tls ? tls.address : "127.0.0.2", () => {
  const url = tls ? "https://" + tls.host : "http://127.0.0.2:" + server.address().port;
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

/** Writes a stand-in cloudflared into a folder of its own; returns that folder (for PATH) and its log. */
async function installStandIn(name: string, listen: Listen = {}): Promise<{ bin: string; log: string; entries(): Promise<Record<string, unknown>[]> }> {
  const bin = path.join(dir, name);
  const log = path.join(dir, `${name}.log`);
  await mkdir(bin, { recursive: true });
  await writeFile(path.join(bin, "cloudflared"), standIn(log, listen));
  await chmod(path.join(bin, "cloudflared"), 0o755);
  const entries = async () => (await readFile(log, "utf8").catch(() => "")).trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
  return { bin, log, entries };
}

/** Waits until the server's output matches `pattern` (the test's own timeout bounds it). */
async function waitForOutput(server: { output(): string }, pattern: RegExp): Promise<RegExpExecArray> {
  for (;;) {
    const hit = pattern.exec(server.output());
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it("accepts only a quick tunnel's URL: https on a name under trycloudflare.com", () => {
  assert.equal(acceptTunnelUrl("https://silly-words-here.trycloudflare.com"), "https://silly-words-here.trycloudflare.com");
  assert.equal(acceptTunnelUrl("https://Silly-Words.TryCloudflare.com/"), "https://silly-words.trycloudflare.com");
  for (const url of [
    "http://silly-words-here.trycloudflare.com",
    "http://127.0.0.2:4000",
    "https://127.0.0.2:4000",
    "https://evil.example.net",
    "https://trycloudflare.com",
    "https://x.trycloudflare.com.evil.example.net",
    "https://xtrycloudflare.com",
    "https://a.b.trycloudflare.com",
    "https://user:pw@x.trycloudflare.com",
    "https://x.trycloudflare.com:8443",
    "https://x.trycloudflare.com/elsewhere",
    "ftp://x.trycloudflare.com",
    "https://x.trycloudflare.com\u001b[2J",
    "not a url",
  ]) {
    assert.throws(() => acceptTunnelUrl(url), (error: Error) => error instanceof TunnelError && /not https:\/\/<name>\.trycloudflare\.com: nothing is sent to it \(the key included\)/.test(error.message) && !error.message.includes("\u001b"), url);
  }
});

it("a plain-HTTP URL under cloudflared's banner is refused: no probe and no key go to it, cloudflared is stopped, serving goes on", { timeout: 120_000 }, async () => {
  const standInDir = await installStandIn("plain");
  const server = await startServe("test/fixtures/apps/pid.mjs", ["--tunnel"], { env: { PATH: `${standInDir.bin}${path.delimiter}${process.env.PATH}`, ENVIRONMENT_API_KEY: KEY } });
  try {
    const said = (await waitForOutput(server, /task-app serve: (?:--tunnel: |public URL ).*\n/))[0];
    const line = /^task-app serve: --tunnel: cloudflared printed "(http:\/\/127\.0\.0\.2:\d+)" as the tunnel's URL, not https:\/\/<name>\.trycloudflare\.com: nothing is sent to it/.exec(said);
    assert.ok(line, said);
    while (!(await standInDir.entries()).some((e) => e.stopped)) await new Promise((r) => setTimeout(r, 100));
    const entries = await standInDir.entries();
    assert.deepEqual(entries.filter((e) => e.forwarded), [], `nothing went to ${line[1]}`);
    const health = await fetch(`${server.url}/health`, { headers: { "x-api-key": KEY } });
    assert.equal(health.status, 200, "the server serves on");
    assert.ok(!server.output().includes(KEY), "no key printed");
  } finally {
    await server.kill("SIGTERM");
  }
});

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;
/** Whether this process may give a child a mount namespace of its own (root, and a kernel that allows it). */
const canUnshare = process.getuid?.() === 0 && spawnSync("unshare", ["--mount", "true"]).status === 0;

it(
  "starts the tunnel to the local port, checks its https://<name>.trycloudflare.com URL through it and prints it; stops it with the server",
  { timeout: 120_000, skip: hasOpenssl && canUnshare ? false : "needs openssl and root's unshare --mount (the tunnel's name is resolved through a hosts file of the server's own)" },
  async () => {
    // The tunnel's name points at the stand-in through a hosts file mounted over /etc/hosts for the
    // server alone, and its certificate is signed by an authority the server alone trusts.
    const host = "quick-words-here.trycloudflare.com";
    const address = `127.${1 + (process.pid % 250)}.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    const tlsDir = path.join(dir, "tls");
    await mkdir(tlsDir, { recursive: true });
    const openssl = (...args: string[]) => assert.equal(spawnSync("openssl", args, { cwd: tlsDir }).status, 0, `openssl ${args.join(" ")}`);
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=test authority");
    openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", `/CN=${host}`);
    await writeFile(path.join(tlsDir, "san.ext"), `subjectAltName=DNS:${host}\n`);
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "san.ext");
    const hosts = path.join(tlsDir, "hosts");
    await writeFile(hosts, `${await readFile("/etc/hosts", "utf8")}\n${address} ${host}\n`);
    const standInDir = await installStandIn("tls", { tls: { key: path.join(tlsDir, "server.key"), cert: path.join(tlsDir, "server.pem"), host, address } });
    const server = await startServe("test/fixtures/apps/pid.mjs", ["--tunnel"], {
      env: { PATH: `${standInDir.bin}${path.delimiter}${process.env.PATH}`, ENVIRONMENT_API_KEY: KEY, NODE_EXTRA_CA_CERTS: path.join(tlsDir, "ca.pem") },
      wrap: ["unshare", "--mount", "sh", "-c", 'mount --bind "$0" /etc/hosts && exec "$@"', hosts],
    });
    try {
      const line = await waitForOutput(server, /task-app serve: public URL (\S+) \(checked: (\d+)\/(\d+) checks passed through the tunnel\)|--tunnel: .*/);
      assert.ok(line[1], server.output());
      const entries = await standInDir.entries();
      const started = entries.find((e) => e.args);
      assert.deepEqual(started?.args, ["tunnel", "--no-autoupdate", "--url", `http://127.0.0.1:${new URL(server.url).port}`]);
      assert.equal(line[1], `https://${host}`, "the URL the stand-in printed");
      assert.equal(line[2], line[3]);
      const forwarded = entries.filter((e) => e.forwarded).map((e) => e.forwarded as string);
      assert.ok(forwarded.includes("GET /health") && forwarded.includes("POST /rollout"), `the probes went through the tunnel: ${forwarded.join(", ")}`);
      assert.ok(!server.output().includes(KEY), "no key printed");
    } finally {
      await server.kill("SIGTERM");
    }
    assert.ok((await standInDir.entries()).some((e) => e.stopped), "cloudflared is stopped with the server");
  },
);
