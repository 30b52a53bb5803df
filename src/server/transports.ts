/**
 * The two transports `handleRollout` runs on: a Fetch-API Request (Hono,
 * in-process) and Node's request/response pair (the `serve` fast path).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readIncoming, readRequestBody } from "./body.js";
import type { Reply } from "./errors.js";
import type { RolloutTransport } from "./rollout.js";

/** Transport over a Fetch-API Request; disconnects come from `request.signal`. */
export function fetchTransport(request: Request): RolloutTransport {
  return {
    header: (name) => request.headers.get(name),
    readBody: (max) => readRequestBody(request, max),
    watchClient(onGone) {
      request.signal.addEventListener("abort", onGone, { once: true });
      return () => request.signal.removeEventListener("abort", onGone);
    },
    request: () => request,
  };
}

/** Reads one header of a Node request the way `Headers.get` does (duplicates joined with ", "). */
export function nodeHeader(incoming: IncomingMessage, name: string): string | null {
  const value = incoming.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
}

/** Transport over Node's request/response; a disconnect is a close before the response finished. */
export function nodeTransport(incoming: IncomingMessage, outgoing: ServerResponse): RolloutTransport {
  return {
    header: (name) => nodeHeader(incoming, name),
    readBody: (max) => readIncoming(incoming, max),
    watchClient(onGone) {
      const onClose = () => {
        if (!outgoing.writableFinished) onGone();
      };
      outgoing.once("close", onClose);
      return () => outgoing.off("close", onClose);
    },
    request: () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(incoming.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
      return new Request(`http://${incoming.headers.host ?? "localhost"}${incoming.url ?? "/"}`, { method: incoming.method, headers });
    },
  };
}

/** Writes a JSON reply to a Node response in one piece. */
export function writeReply(outgoing: ServerResponse, reply: Reply): void {
  if (outgoing.destroyed) return;
  outgoing.writeHead(reply.status, { "content-type": "application/json", "content-length": Buffer.byteLength(reply.body) });
  outgoing.end(reply.body);
}
