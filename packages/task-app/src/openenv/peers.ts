/**
 * Env lifecycle sessions across `serve --workers N`: the primary hands each
 * connection to a worker in turn, so a trainer's `step` or `terminate` may
 * reach a worker other than the one that holds its `env_id`. Each worker's
 * env_ids carry its cluster id (`w3-<uuid>`), and each worker also listens on
 * a unix socket named by that id in a folder the primary made for the server
 * (mode 0700: only the server's user reaches it). A worker that gets another
 * worker's env_id, its key checked and its body read under the cap, sends the
 * request there and streams the answer back; an env_id whose worker has
 * exited (crashed, replaced) is a 404 that says so.
 */
import { rmSync } from "node:fs";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { errorResponse } from "../server/errors.js";

/** Where this worker stands among the others: its cluster id and the folder of every worker's socket. */
export interface PeerNetwork {
  self: number;
  dir: string;
}

/** The env_id prefix of a worker. */
export function makeEnvIdPrefix(worker: number): string {
  return `w${worker}-`;
}

/** The worker an env_id names, or null when it names none. */
export function findOwner(envId: string): number | null {
  const match = /^w([1-9]\d{0,8})-/.exec(envId);
  return match ? Number(match[1]) : null;
}

/** The private socket of worker `id`. */
export function locateSocket(network: Pick<PeerNetwork, "dir">, id: number): string {
  return join(network.dir, `w${id}.sock`);
}

/** The headers a forwarded request keeps: its type and the key (the owner checks it again). */
const FORWARDED_HEADERS = ["content-type", "x-api-key", "x-api-keys", "authorization"];

/** Routes env lifecycle requests to the worker that holds their session. */
export interface PeerRouter {
  /** This worker's socket path. */
  readonly socketPath: string;
  /** Marks a request that came in on the private socket: it is answered here, never sent on. */
  acceptFromPeer(incoming: IncomingMessage): void;
  /** The owner's answer when another worker holds `envId` (a 404 when it is gone); null when this one answers. */
  route(c: Context, envId: string, body: Record<string, unknown>): Promise<Response> | null;
}

/** The router of one worker. */
export function createPeerRouter(network: PeerNetwork): PeerRouter {
  const fromPeers = new WeakSet<IncomingMessage>();
  return {
    socketPath: locateSocket(network, network.self),
    acceptFromPeer: (incoming) => void fromPeers.add(incoming),
    route(c, envId, body) {
      const owner = findOwner(envId);
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      if (owner === null || owner === network.self || (incoming && fromPeers.has(incoming))) return null;
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = c.req.header(name);
        if (value !== undefined) headers[name] = value;
      }
      return forwardTo(locateSocket(network, owner), new URL(c.req.url).pathname, headers, JSON.stringify(body), c.req.raw.signal);
    },
  };
}

/** Posts `body` to the worker at `socketPath` and answers with its reply, streamed. */
function forwardTo(socketPath: string, path: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve) => {
    const sent = request({ socketPath, path, method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) }, signal });
    sent.on("response", (reply) => {
      const type = reply.headers["content-type"];
      resolve(new Response(Readable.toWeb(reply) as ReadableStream, { status: reply.statusCode ?? 502, headers: type ? { "content-type": type } : {} }));
    });
    sent.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") {
        resolve(errorResponse(404, "not_found", "the worker process that held this env_id is gone (it exited or was replaced); initialize a new environment"));
      } else resolve(errorResponse(502, "worker_unreachable", `the worker process that holds this env_id did not answer (${error.code ?? error.name})`));
    });
    sent.end(body);
  });
}

/** Listens on the worker's private socket (a stale file of the same name removed first). */
export async function listenForPeers(endpoint: { socketPath: string; listener: (incoming: IncomingMessage, outgoing: ServerResponse) => void }): Promise<Server> {
  rmSync(endpoint.socketPath, { force: true });
  const server = createServer(endpoint.listener);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(endpoint.socketPath, () => resolve());
  });
  return server;
}
