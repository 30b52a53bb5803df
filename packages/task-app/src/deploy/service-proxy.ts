/**
 * Reaching the deployed app through the cluster: a local HTTP server on
 * 127.0.0.1 that forwards requests to the Kubernetes API server's Service
 * proxy (`/api/v1/namespaces/<ns>/services/<name>:http/proxy/…`), with the
 * kubeconfig's credentials and CA (what `kubectl proxy` does). The check
 * probes then run against it unchanged.
 *
 * Any local process can connect to 127.0.0.1, and each forwarded request
 * carries the deployer's credentials, so the forwarder answers only what
 * the check sends: paths under a random prefix that its URL holds (any
 * other is 404, never forwarded), without a `.` or `..` segment or an
 * encoded dot, slash or backslash (which the API server would resolve out
 * of the Service's proxy). Each hop has the cluster's call deadline and
 * follows no redirect (node:http follows none; the check's client refuses
 * one to another origin).
 */
import { randomBytes } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Cluster } from "./cluster.js";
import { credentialsOf, KubeTimeout } from "./kube-http.js";

/** A running forwarder. */
export interface ServiceProxy {
  /** Its base URL, the random prefix included. */
  url: string;
  close(): Promise<void>;
}

/** Headers a hop must not forward. */
const HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);
/** The API server takes Authorization for itself (the kubeconfig's): the app gets its key in X-API-Key. */
const TAKEN = new Set(["authorization"]);

/** The part of `url` after `/<prefix>` when it is a path the forwarder passes on, else undefined. */
export function forwardedPath(url: string, prefix: string): string | undefined {
  const head = `/${prefix}/`;
  if (!url.startsWith(head)) return undefined;
  const rest = url.slice(head.length - 1);
  const path = rest.split(/[?#]/, 1)[0]!;
  if (/%(2e|2f|5c)/i.test(path) || path.includes("\\")) return undefined;
  if (path.split("/").some((segment) => segment === "." || segment === "..")) return undefined;
  return rest;
}

/** Starts a forwarder to the Service `name` (port `http`) in `namespace`. */
export async function openServiceProxy(cluster: Pick<Cluster, "kc" | "server" | "limits">, namespace: string, name: string): Promise<ServiceProxy> {
  const base = new URL(cluster.server);
  const upstreamPrefix = `${base.pathname.replace(/\/$/, "")}/api/v1/namespaces/${encodeURIComponent(namespace)}/services/${encodeURIComponent(name)}:http/proxy`;
  const transport = base.protocol === "https:" ? https : http;
  const prefix = randomBytes(18).toString("base64url");
  const refuse = (res: ServerResponse, status: number, code: string, message: string) => {
    if (!res.headersSent) res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ detail: { error: { code, message } } }));
  };
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const path = forwardedPath(req.url ?? "/", prefix);
    if (path === undefined) return refuse(res, 404, "not_found", "not a path this forwarder passes on");
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k) && !TAKEN.has(k)) headers[k] = v;
    const credentials = await credentialsOf(cluster.kc);
    const timeoutMs = cluster.limits.callTimeoutMs;
    const upstream = transport.request(
      { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: `${upstreamPrefix}${path}`, headers: { ...credentials.headers, ...headers }, agent: credentials.agent, auth: credentials.auth },
      (answer) => {
        clearTimeout(timer);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    const timer = setTimeout(() => upstream.destroy(new KubeTimeout(timeoutMs)), timeoutMs);
    upstream.on("error", (error) => {
      clearTimeout(timer);
      refuse(res, 502, "cluster_proxy_failed", error.message);
    });
    req.pipe(upstream);
  };
  const server = http.createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${prefix}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
