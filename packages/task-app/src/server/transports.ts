/**
 * The two transports `handleRollout` runs on: a Fetch-API Request (Hono,
 * in-process) and Node's request/response pair (the `serve` fast path).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { recordHeader } from "./auth.js";
import { BodyBudgetExceeded, readIncoming, readRequestBody, type BodyLease } from "./body.js";
import type { Reply } from "./errors.js";
import { releaseReplyBytes, takeReplyBytes } from "./reply-bytes.js";
import { ClientDisconnected, type Abortable, type RolloutTransport } from "./rollout.js";

/** Transport over a Fetch-API Request; disconnects come from `request.signal`. */
export function fetchTransport(request: Request, budget?: { lease: BodyLease; limit: number }): RolloutTransport {
  let onAbort: (() => void) | undefined;
  return {
    budget,
    header: (name) => request.headers.get(name),
    readBody: (max) => readRequestBody(request, max, budget?.lease),
    watchClient(run) {
      onAbort = () => run.abort(new ClientDisconnected());
      request.signal.addEventListener("abort", onAbort, { once: true });
    },
    unwatchClient() {
      if (onAbort) request.signal.removeEventListener("abort", onAbort);
    },
    request: () => request,
  };
}

/** Reads one header of a Node request the way `Headers.get` does (duplicates joined with ", "). */
export function nodeHeader(incoming: IncomingMessage, name: string): string | null {
  return recordHeader(incoming.headers, name);
}

const RUN = Symbol("rollout run");
const BODY_READ = Symbol("body read in full");
type MarkedIncoming = IncomingMessage & { [BODY_READ]?: boolean };

/** Whether a request's body has been read to its end (by Node's parser, or at once by `readBody`). */
export function bodyReadInFull(incoming: IncomingMessage): boolean {
  return incoming.complete || (incoming as MarkedIncoming)[BODY_READ] === true;
}
type WatchedResponse = ServerResponse & { [RUN]?: Abortable };

/** One listener shared by every response: a close before the response finished is a disconnect. */
function onResponseClose(this: WatchedResponse): void {
  if (!this.writableFinished) this[RUN]?.abort(new ClientDisconnected());
}

/** Transport over Node's request/response, without per-request closures. */
class NodeTransport implements RolloutTransport {
  constructor(
    private readonly incoming: IncomingMessage,
    private readonly outgoing: WatchedResponse,
    readonly budget?: { lease: BodyLease; limit: number },
  ) {}
  header(name: string): string | null {
    return nodeHeader(this.incoming, name);
  }
  /**
   * Reads the body; at once when all of its declared bytes are already
   * buffered (a short request arrives with its headers, in one packet), which
   * is marked on the request (`bodyReadInFull`) since Node only sets
   * `complete` on a later turn of the event loop.
   */
  readBody(max: number): string | null | Promise<string | null> {
    return readNodeBody(this.incoming, max, this.budget?.lease);
  }
  watchClient(run: Abortable): void {
    this.outgoing[RUN] = run;
    this.outgoing.on("close", onResponseClose);
  }
  unwatchClient(): void {
    this.outgoing[RUN] = undefined;
    this.outgoing.off("close", onResponseClose);
  }
  request(): Request {
    const headers = new Headers();
    for (const [k, v] of Object.entries(this.incoming.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    return new Request(`http://${this.incoming.headers.host ?? "localhost"}${this.incoming.url ?? "/"}`, { method: this.incoming.method, headers });
  }
}

/**
 * A Node request's body as UTF-8 (null when it is over `max` bytes): at once,
 * when all of its declared bytes are already buffered (a short request
 * arrives with its headers, in one packet: read in the microtask after the
 * request event), marked on the request as read in full (`bodyReadInFull`:
 * Node only sets `complete` on a later turn of the event loop); otherwise
 * read as it comes (`readIncoming`). Throws (or rejects with)
 * BodyBudgetExceeded when `lease` has no room for it.
 */
export function readNodeBody(incoming: IncomingMessage, max: number, lease?: BodyLease): string | null | Promise<string | null> {
  const declared = incoming.headers["content-length"];
  if (declared === undefined || incoming.readableFlowing || incoming.readableLength !== Number(declared)) return readIncoming(incoming, max, lease);
  const size = incoming.readableLength;
  if (size > max) return null;
  if (lease && !lease.take(size)) throw new BodyBudgetExceeded();
  const bytes = size === 0 ? null : (incoming.read() as Buffer | null);
  (incoming as MarkedIncoming)[BODY_READ] = true;
  return bytes === null ? "" : bytes.toString("utf8");
}

/** Transport over Node's request/response; a disconnect is a close before the response finished. */
export function nodeTransport(incoming: IncomingMessage, outgoing: ServerResponse, budget?: { lease: BodyLease; limit: number }): RolloutTransport {
  return new NodeTransport(incoming, outgoing, budget);
}

/** Bodies from this length on are encoded once into a Buffer (its length is the Content-Length) rather than measured, then encoded again by the socket. */
const ENCODE_ONCE_FROM = 16 * 1024;

/**
 * A long body as UTF-8 bytes, encoded in one pass into memory that is
 * reused from reply to reply (reply-bytes.ts): UTF-8 takes at most three
 * bytes per UTF-16 unit, so the room is always enough, and the pages past
 * what is written are never touched.
 */
export function encodeBody(body: string): Buffer {
  const out = takeReplyBytes(body.length * 3);
  return out.subarray(0, out.write(body, 0, "utf8"));
}

/**
 * Writes a JSON reply to a Node response in one piece. When the request body
 * was not read to the end (413, 415, refused auth), the connection is closed
 * after the reply instead of reading and discarding the rest. Bytes in
 * pooled memory go back to the pool once the response has finished (the
 * socket wrote them); a response that never finishes leaves them to the
 * garbage collector.
 */
export function writeReply(incoming: IncomingMessage, outgoing: ServerResponse, reply: Reply): void {
  if (outgoing.destroyed) {
    if (typeof reply.body !== "string") releaseReplyBytes(reply.body);
    return;
  }
  const body = typeof reply.body === "string" && reply.body.length >= ENCODE_ONCE_FROM ? encodeBody(reply.body) : reply.body;
  const headers: Record<string, string | number> = { "content-type": "application/json", "content-length": typeof body === "string" ? Buffer.byteLength(body) : body.length };
  if (!bodyReadInFull(incoming)) headers.connection = "close";
  outgoing.writeHead(reply.status, headers);
  if (typeof body === "string") outgoing.end(body);
  else outgoing.end(body, () => releaseReplyBytes(body));
}
