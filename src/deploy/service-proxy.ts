/**
 * Reaching the deployed app through the cluster: a local HTTP server on
 * 127.0.0.1 that forwards every request to the Kubernetes API server's
 * Service proxy (`/api/v1/namespaces/<ns>/services/<name>:http/proxy/…`),
 * with the kubeconfig's credentials and CA (what `kubectl proxy` does). The
 * check probes then run against it unchanged.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Cluster } from "./cluster.js";

/** A running forwarder. */
export interface ServiceProxy {
  url: string;
  close(): Promise<void>;
}

/** Headers a hop must not forward. */
const HOP = new Set(["host", "connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);
/** The API server takes Authorization for itself (the kubeconfig's): the app gets its key in X-API-Key. */
const TAKEN = new Set(["authorization"]);

/** Starts a forwarder to the Service `name` (port `http`) in `namespace`. */
export async function openServiceProxy(cluster: Pick<Cluster, "kc" | "server">, namespace: string, name: string): Promise<ServiceProxy> {
  const base = new URL(cluster.server);
  const prefix = `${base.pathname.replace(/\/$/, "")}/api/v1/namespaces/${encodeURIComponent(namespace)}/services/${encodeURIComponent(name)}:http/proxy`;
  const transport = base.protocol === "https:" ? https : http;
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP.has(k) && !TAKEN.has(k)) headers[k] = v;
    const options: https.RequestOptions = { protocol: base.protocol, hostname: base.hostname, port: base.port, method: req.method, path: `${prefix}${req.url ?? "/"}`, headers };
    await cluster.kc.applyToHTTPSOptions(options);
    const upstream = transport.request(options, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: { error: { code: "cluster_proxy_failed", message: error.message } } }));
    });
    req.pipe(upstream);
  };
  const server = http.createServer((req, res) => void forward(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
