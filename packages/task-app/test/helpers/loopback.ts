/**
 * A scripted HTTP server on 127.0.0.1 that records every request it got
 * (method, path, headers, body), for client tests that need a real socket:
 * redirects between two origins, retry counts, endless bodies, hangs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request as the server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A running scripted server. */
export interface LoopbackServer {
  url: string;
  port: number;
  /** Every request received so far, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** Answers each request with `handler` once its body has been read. */
export async function startLoopback(
  handler: (req: SeenRequest, res: ServerResponse, socket: Socket) => void | Promise<void>,
  /** The loopback address to listen on: 127.0.0.2 is a second origin on the same machine. */
  host = "127.0.0.1",
): Promise<LoopbackServer> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    seen.push(entry);
    await handler(entry, res, req.socket);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON answer. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** A port on 127.0.0.1 with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
