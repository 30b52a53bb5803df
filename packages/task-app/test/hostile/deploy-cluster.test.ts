/**
 * A hostile Kubernetes API server against `deploy apply / status` and the
 * forwarder apply opens for its check:
 * - a 307 to another port of the same host (where fetch, and the
 *   library's own client, keep `Authorization`) on the Secret's POST, the
 *   first read and the watch: nothing reaches the other port, neither the
 *   kubeconfig's token nor the Secret's body with the key, and apply fails
 *   saying why instead of printing "created Secret";
 * - a server that accepts the connection and never answers, and one whose
 *   answer never ends: each call ends at its deadline or its cap;
 * - local requests to the forwarder outside its random prefix, or with dot
 *   segments in any spelling, are never forwarded with the deployer's
 *   credentials.
 */
// npm test: own process (it runs for most of a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { applyDeploy, connectCluster, openServiceProxy, resolveDeploySettings, type DeployClusterError } from "../../src/deploy/index.js";
import { startKubeApi, type KubeApiOptions } from "../helpers/kube-api.js";
import { startLoopback } from "../helpers/loopback.js";
import { runCli } from "../helpers/run-cli.js";

const KEY = "sk-hostile-cluster-0123456789abcdef";
const TOKEN = "loopback-token-0123456789";
const home = await mkdtemp(path.join(os.tmpdir(), "deploy-cluster-hostile-"));
after(() => rm(home, { recursive: true, force: true }));

const envFor = (kubeconfig: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, KUBECONFIG: kubeconfig, NO_COLOR: "1", ...extra };
  delete env.KUBERNETES_SERVICE_HOST;
  delete env.NODE_TEST_CONTEXT;
  return env;
};
const BASE = ["--name", "math-task-app", "--image", "ghcr.io/acme/math:1.0.0"];
const settings = () => resolveDeploySettings(undefined, { name: "math-task-app", image: "ghcr.io/acme/math:1.0.0" }).settings;

/** A kubeconfig naming `server` with the usual token. */
async function kubeconfigFor(server: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(home, "kc-")), "config");
  await writeFile(
    file,
    `apiVersion: v1\nkind: Config\nclusters:\n  - name: c\n    cluster:\n      server: ${server}\n      insecure-skip-tls-verify: true\nusers:\n  - name: u\n    user:\n      token: ${TOKEN}\ncontexts:\n  - name: c\n    context:\n      cluster: c\n      user: u\ncurrent-context: c\n`,
  );
  return file;
}

describe("a redirect from the API server is never followed", () => {
  type Redirect = (to: string) => NonNullable<KubeApiOptions["redirect"]>;
  /** Each case: what is redirected, and whether the Secret was created before it (true only when the redirect comes later). */
  const cases: [string, Redirect, boolean][] = [
    ["the Secret's POST (its body holds the key)", (to) => ({ when: (m, p) => m === "POST" && p.includes("/secrets"), location: `${to}/api/v1/namespaces/default/secrets` }), false],
    ["the first read", (to) => ({ when: (m) => m === "GET", location: `${to}/api/v1/namespaces/default/secrets/x` }), false],
    ["a relative location on the same origin", () => ({ when: (m, p) => m === "POST" && p.includes("/secrets"), location: "/api/v1/namespaces/default/secrets?again=1" }), false],
    ["a 308 of the server-side apply", (to) => ({ when: (m) => m === "PATCH", location: `${to}/apis/apps/v1`, status: 308 }), true],
  ];
  for (const [name, redirect, secretFirst] of cases)
    it(`${name}: apply fails saying so, and the other port receives nothing`, async () => {
      const elsewhere = await startLoopback((_req, res) => void res.writeHead(201).end("{}"));
      const api = await startKubeApi({ redirect: redirect(elsewhere.url) });
      try {
        const result = await runCli(["deploy", "apply", ...BASE, "--no-wait"], home, envFor(api.kubeconfig, { ENVIRONMENT_API_KEY: KEY }), { timeoutMs: 60_000 });
        assert.equal(result.code, 1, result.stderr + result.stdout);
        assert.match(result.stderr, /answered a 30[78] redirect to .*deploy follows none/);
        if (!secretFirst) assert.doesNotMatch(result.stdout + result.stderr, /created Secret/);
        assert.equal(elsewhere.seen.length, 0, JSON.stringify(elsewhere.seen));
        // Nothing was sent again to the API server either: the redirected request is its last of that kind.
        const redirected = api.seen.filter((r) => redirect(elsewhere.url).when(r.method, r.path));
        assert.equal(redirected.length, 1);
        assert.ok(!(result.stdout + result.stderr).includes(KEY) && !(result.stdout + result.stderr).includes(TOKEN));
      } finally {
        await api.close();
        await elsewhere.close();
      }
    });

  it("a redirected watch sends nothing to the other port; the wait polls instead", async () => {
    const elsewhere = await startLoopback((_req, res) => void res.writeHead(200).end());
    const api = await startKubeApi({ redirect: { when: (m, p) => m === "GET" && p.includes("watch=true"), location: `${elsewhere.url}/watch` } });
    try {
      const cluster = await connectCluster({ KUBECONFIG: api.kubeconfig });
      const reasons: string[] = [];
      const result = await applyDeploy(cluster, { settings: settings(), apiKey: KEY, verify: false, timeoutMs: 30_000, pollMs: 50, onEvent: (e) => e.type === "polling" && reasons.push(e.reason) });
      assert.equal(result.rollout?.done, true);
      assert.match(reasons.join("\n"), /refused a 307 redirect/);
      assert.equal(elsewhere.seen.length, 0);
    } finally {
      await api.close();
      await elsewhere.close();
    }
  });
});

/** A TCP server that takes connections and never answers (or answers forever). */
async function startSilent(kind: "never" | "endless"): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    if (kind === "endless") {
      socket.once("data", () => {
        socket.write("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n");
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
        const pump = () => {
          while (!socket.destroyed && socket.write(frame));
          if (!socket.destroyed) socket.once("drain", pump);
        };
        pump();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("every call has a deadline and a size cap", () => {
  it("status and apply against a server that never answers end at --timeout, saying so (exit 1)", async () => {
    const silent = await startSilent("never");
    try {
      const kubeconfig = await kubeconfigFor(silent.url);
      const status = await runCli(["deploy", "status", ...BASE, "--timeout", "1"], home, envFor(kubeconfig), { timeoutMs: 30_000 });
      assert.equal(status.code, 1, status.stderr);
      assert.match(status.stderr, /gave no answer within 1 s; is it up\? \(--timeout sets how long to wait\)/);
      const apply = await runCli(["deploy", "apply", ...BASE, "--timeout", "1"], home, envFor(kubeconfig, { ENVIRONMENT_API_KEY: KEY }), { timeoutMs: 30_000 });
      assert.equal(apply.code, 1, apply.stderr);
      assert.match(apply.stderr, /no answer within 1 s/);
    } finally {
      await silent.close();
    }
  });

  it("an answer that never ends stops at the cap", async () => {
    const endless = await startSilent("endless");
    try {
      const cluster = await connectCluster({ KUBECONFIG: await kubeconfigFor(endless.url) }, { maxResponseBytes: 1024 * 1024 });
      const { deployStatus } = await import("../../src/deploy/status.js");
      await assert.rejects(deployStatus(cluster, settings()), (error: DeployClusterError) => {
        assert.equal(error.name, "DeployClusterError");
        assert.match(error.message, /answered more than 1048576 bytes; reading stopped/);
        return true;
      });
    } finally {
      await endless.close();
    }
  });

  it("--timeout that is not a number of seconds above 0 is a usage error (exit 2)", async () => {
    const result = await runCli(["deploy", "status", ...BASE, "--timeout", "0"], home, envFor(path.join(home, "none")));
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /--timeout must be a number of seconds above 0/);
  });
});

describe("the check's forwarder", () => {
  it("forwards its own prefix only, and no dot segment in any spelling", async () => {
    const backend = await startLoopback((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'));
    const api = await startKubeApi({ backend: backend.url });
    try {
      const cluster = await connectCluster({ KUBECONFIG: api.kubeconfig });
      await applyDeploy(cluster, { settings: settings(), apiKey: KEY, wait: false });
      const proxy = await openServiceProxy(cluster, "default", "math-task-app");
      try {
        const origin = new URL(proxy.url).origin;
        const prefix = new URL(proxy.url).pathname;
        assert.match(prefix, /^\/[A-Za-z0-9_-]{24}$/);
        const proxied = () => api.seen.filter((r) => r.path.includes("/proxy")).length;
        const refused = ["/health", "/api/v1/secrets", `${prefix}/../../api/v1/namespaces/default/secrets`, `${prefix}/%2e%2e/%2E%2E/api/v1/secrets`, `${prefix}/.%2e/secrets`, `${prefix}/a%2fb`, `${prefix}/a%5C..`, `${prefix}x/health`];
        for (const p of refused) {
          const answer = await rawGet(origin, p);
          assert.equal(answer, 404, p);
        }
        assert.equal(proxied(), 0);
        assert.equal(await rawGet(origin, `${prefix}/health`), 200);
        assert.equal(proxied(), 1);
        assert.equal(backend.seen.at(-1)?.headers.authorization, undefined, "the kube token never reaches the app");
      } finally {
        await proxy.close();
      }
    } finally {
      await api.close();
      await backend.close();
    }
  });
});

/** A GET of `rawPath` sent as written (fetch would resolve the dot segments before sending). */
async function rawGet(origin: string, rawPath: string): Promise<number> {
  const { request } = await import("node:http");
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method: "GET" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the cluster's text on a terminal", () => {
  it("pod messages are printed with their control characters escaped, in text and in --json", async () => {
    const hostile = "\u001b]0;pwned\u0007\u001b[2Jcleared\rforged line";
    const api = await startKubeApi({ rollout: { mode: "never" }, podMessage: hostile });
    try {
      const cluster = await connectCluster({ KUBECONFIG: api.kubeconfig });
      await applyDeploy(cluster, { settings: settings(), apiKey: KEY, wait: false });
      const status = await runCli(["deploy", "status", ...BASE], home, envFor(api.kubeconfig));
      const json = await runCli(["deploy", "status", ...BASE, "--json"], home, envFor(api.kubeconfig));
      for (const out of [status.stdout + status.stderr, json.stdout + json.stderr]) {
        assert.doesNotMatch(out, /[\u0007\u001b\r]/, "no raw control character");
        assert.match(out, /pwned/);
      }
      assert.match(status.stdout + status.stderr, /\\x1b\]0;pwned\\x07\\x1b\[2Jcleared\\rforged line/);
      assert.equal(JSON.stringify(JSON.parse(json.stdout)).includes("pwned"), true, "the JSON still parses");
    } finally {
      await api.close();
    }
  });
});
