/**
 * Reading a JSON request body safely: content type checked first, size capped
 * by Content-Length up front and by counting while streaming, so an oversized
 * body is refused without being read in full; its shape bounded (bounds.ts)
 * before it is parsed.
 */
import type { IncomingMessage } from "node:http";
import { boundsReply, checkJsonBounds, type JsonBounds } from "./bounds.js";
import { errorReply, type Reply } from "./errors.js";
import type { RolloutTransport } from "./rollout.js";

/** Default of `maxInFlightBodyBytes` (serve --body-budget-mb): four bodies at the default `limits.maxBodyBytes`. */
export const DEFAULT_MAX_IN_FLIGHT_BODY_BYTES = 256 * 1024 * 1024;

/**
 * The bytes of request bodies one process holds at once, across every
 * request (`/rollout` and the proxy routes, on either transport). A request
 * takes a lease and reserves its declared Content-Length before a byte is
 * read (refused at once when it does not fit, so admitted requests can
 * finish); bytes read past the reservation (a chunked body) are taken chunk
 * by chunk. The lease gives everything back when the request settles
 * (answered, refused or aborted).
 */
export interface BodyBudget {
  readonly limit: number;
  /** Bytes held now. */
  readonly used: number;
  /** Highest `used` seen. */
  readonly peak: number;
  lease(): BodyLease;
}

/** One request's share of the budget. */
export interface BodyLease {
  /** Holds `bytes` ahead of reading them (a declared length); false, holding nothing, when they do not fit. */
  reserve(bytes: number): boolean;
  /** Counts `bytes` read: from the reservation first, then from the budget; false, holding nothing more, when they do not fit. */
  take(bytes: number): boolean;
  /** Gives back everything this lease holds (again is a no-op). */
  release(): void;
}

/** A budget of `limit` bytes. */
export function createBodyBudget(limit: number): BodyBudget {
  return new Budget(limit);
}

/** The budget's counters; leases are objects of a class, with no closures made per request. */
class Budget implements BodyBudget {
  used = 0;
  peak = 0;
  constructor(readonly limit: number) {}
  lease(): BodyLease {
    return new Lease(this);
  }
}

class Lease implements BodyLease {
  #held = 0;
  #read = 0;
  constructor(private readonly budget: Budget) {}
  #hold(bytes: number): boolean {
    if (bytes <= 0) return true;
    const budget = this.budget;
    if (budget.used + bytes > budget.limit) return false;
    budget.used += bytes;
    this.#held += bytes;
    if (budget.used > budget.peak) budget.peak = budget.used;
    return true;
  }
  reserve(bytes: number): boolean {
    return this.#hold(bytes);
  }
  take(bytes: number): boolean {
    if (!this.#hold(this.#read + bytes - this.#held)) return false;
    this.#read += bytes;
    return true;
  }
  release(): void {
    this.budget.used -= this.#held;
    this.#held = 0;
    this.#read = 0;
  }
}

/** Thrown by a body reader when the process-wide budget has no room for the next chunk. */
export class BodyBudgetExceeded extends Error {
  override name = "BodyBudgetExceeded";
}

/** The 503 reply for a request past the in-flight budget. */
export function serverBusy(limit: number): Reply {
  return errorReply(503, "server_busy", `the server holds too many request bodies at once (limit ${limit} bytes in flight); retry shortly`, { max_in_flight_bytes: limit });
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Checks Content-Type and a declared Content-Length before any byte is read; null when fine. */
export function checkBodyHeaders(contentType: string | null, contentLength: string | null, maxBytes: number): Reply | null {
  const type = contentType ?? "";
  // The usual header is tested for equality first (the pattern accepts it too).
  if (type !== "application/json" && !JSON_TYPE.test(type)) {
    return errorReply(415, "unsupported_media_type", `expected Content-Type: application/json, got ${type ? JSON.stringify(type.slice(0, 100)) : "none"}`);
  }
  if (contentLength !== null && Number(contentLength) > maxBytes) return tooLarge(maxBytes);
  return null;
}

/** The 413 reply. */
export function tooLarge(maxBytes: number): Reply {
  return errorReply(413, "payload_too_large", `request body exceeds ${maxBytes} bytes`, { max_bytes: maxBytes });
}

/** Parses JSON text, or gives the 400 reply. */
export function parseJsonBody(text: string): ParsedBody {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reply: errorReply(400, "invalid_json", `request body is not valid JSON: ${String((error as Error).message).slice(0, 200)}`) };
  }
}

/** A parsed body, or the reply refusing it. */
export type ParsedBody = { ok: true; value: unknown } | { ok: false; reply: Reply };

/**
 * Checks the headers, reads the body (up to `maxBytes`), checks its shape
 * against `bounds` when given, and parses it as JSON; or gives the 415, 413,
 * 422 or 400 reply. Synchronous when the transport has the whole body at hand
 * and it is short enough to scan in one go (no promise, no turn of the event
 * loop); otherwise a promise.
 */
export function readJsonBody(transport: Pick<RolloutTransport, "header" | "readBody" | "budget">, maxBytes: number, bounds?: JsonBounds): ParsedBody | Promise<ParsedBody> {
  const declared = transport.header("content-length");
  const refused = checkBodyHeaders(transport.header("content-type"), declared, maxBytes);
  if (refused) return { ok: false, reply: refused };
  const budget = transport.budget;
  const length = declared === null ? 0 : Number(declared);
  if (budget && Number.isSafeInteger(length) && !budget.lease.reserve(length)) return { ok: false, reply: serverBusy(budget.limit) };
  let text: string | null | Promise<string | null>;
  try {
    text = transport.readBody(maxBytes);
  } catch (error) {
    return refuseRead(error, budget);
  }
  if (text instanceof Promise) return text.then((read) => checkAndParse(read, maxBytes, bounds), (error: unknown) => refuseRead(error, budget));
  return checkAndParse(text, maxBytes, bounds);
}

/** The 503 for a read stopped by the in-flight budget; any other error is thrown on. */
function refuseRead(error: unknown, budget: RolloutTransport["budget"]): ParsedBody {
  if (error instanceof BodyBudgetExceeded && budget) return { ok: false, reply: serverBusy(budget.limit) };
  throw error;
}

/** The body read (null: past `maxBytes`), checked against `bounds` and parsed. */
function checkAndParse(text: string | null, maxBytes: number, bounds: JsonBounds | undefined): ParsedBody | Promise<ParsedBody> {
  if (text === null) return { ok: false, reply: tooLarge(maxBytes) };
  if (!bounds) return parseJsonBody(text);
  const checked = checkJsonBounds(text, bounds);
  if (checked instanceof Promise) return checked.then((violation) => (violation ? { ok: false, reply: boundsReply(violation) } : parseJsonBody(text)));
  return checked ? { ok: false, reply: boundsReply(checked) } : parseJsonBody(text);
}

/**
 * Reads a Node request body as UTF-8, or null once it passes `maxBytes`
 * (reading stops there); rejects with BodyBudgetExceeded when `lease` has no
 * room for a chunk.
 */
export function readIncoming(incoming: IncomingMessage, maxBytes: number, lease?: BodyLease): Promise<string | null> {
  if (incoming.readableEnded) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const detach = () => incoming.off("data", onData).off("end", onEnd).off("error", onError);
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        detach();
        incoming.pause();
        resolve(null);
        return;
      }
      if (lease && !lease.take(chunk.length)) {
        detach();
        incoming.pause();
        reject(new BodyBudgetExceeded());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks, size).toString("utf8"));
    };
    const onError = (error: Error) => {
      detach();
      reject(error);
    };
    incoming.on("data", onData).on("end", onEnd).on("error", onError);
  });
}

/** Reads a Fetch-API request body as UTF-8, or null once it passes `maxBytes` (the stream is cancelled); `lease` as for readIncoming. */
export async function readRequestBody(request: Request, maxBytes: number, lease?: BodyLease): Promise<string | null> {
  const { text, overflow } = await readCappedBody(request.body, maxBytes, lease);
  return overflow ? null : text;
}

/**
 * Reads a Fetch-API body (request or response) as UTF-8 up to `maxBytes`;
 * past that the stream is cancelled and `overflow` is set, with what was read
 * before the chunk that crossed the limit.
 */
export async function readCappedBody(body: ReadableStream<Uint8Array> | null, maxBytes: number, lease?: BodyLease): Promise<{ text: string; overflow: boolean }> {
  if (!body) return { text: "", overflow: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { text: Buffer.concat(chunks, size).toString("utf8"), overflow: true };
    }
    if (lease && !lease.take(value.byteLength)) {
      await reader.cancel().catch(() => undefined);
      throw new BodyBudgetExceeded();
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks, size).toString("utf8"), overflow: false };
}
