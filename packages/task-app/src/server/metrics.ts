/**
 * The in-flight gauge in Prometheus' text exposition format, on a port of
 * its own (`serve --metrics-port`): `GET /metrics` answers
 * `task_app_rollouts_in_flight`, the rollouts and proxy calls the whole
 * serve process tree is running (with `--workers N` the primary sums what
 * each worker reports), so an autoscaler can scale on the work a pod holds
 * rather than on CPU, which a task app waiting on a model barely uses. It
 * tells a count and nothing else, so it needs no key (a scraper has none);
 * any other path or method is 404/405. It stays up while the server drains.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The gauge's name. */
export const IN_FLIGHT_METRIC = "task_app_rollouts_in_flight";
/** The path the gauge is served on. */
export const METRICS_PATH = "/metrics";

/** The gauge of the stepped sessions of a declared environment open now (OpenEnv WebSockets and env lifecycle env_ids). */
export const SESSIONS_METRIC = "task_app_openenv_sessions";

/** What the gauges read. */
export interface MetricsReading {
  inFlight: number;
  sessions: number;
}

/** The exposition text of the gauges. */
export function formatInFlightMetrics(inFlight: number, sessions = 0): string {
  return (
    `# HELP ${IN_FLIGHT_METRIC} Rollouts and proxy calls this server (every worker of it) is running.\n` +
    `# TYPE ${IN_FLIGHT_METRIC} gauge\n` +
    `${IN_FLIGHT_METRIC} ${inFlight}\n` +
    `# HELP ${SESSIONS_METRIC} Stepped sessions of a declared environment this server (every worker of it) holds open.\n` +
    `# TYPE ${SESSIONS_METRIC} gauge\n` +
    `${SESSIONS_METRIC} ${sessions}\n`
  );
}

/** A running metrics listener. */
export interface MetricsServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Listens on `host:port` (0 picks a free port) and answers GET /metrics with `read()`'s counts. */
export async function startMetricsServer(read: () => MetricsReading, port: number, host = "127.0.0.1"): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== METRICS_PATH) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("method not allowed\n");
      return;
    }
    const reading = read();
    const body = formatInFlightMetrics(reading.inFlight, reading.sessions);
    response.writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8", "content-length": Buffer.byteLength(body) });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${bound}${METRICS_PATH}`,
    port: bound,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
