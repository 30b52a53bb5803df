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

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Checks Content-Type and a declared Content-Length before any byte is read; null when fine. */
export function checkBodyHeaders(contentType: string | null, contentLength: string | null, maxBytes: number): Reply | null {
  const type = contentType ?? "";
  if (!JSON_TYPE.test(type)) {
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
export function parseJsonBody(text: string): { ok: true; value: unknown } | { ok: false; reply: Reply } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reply: errorReply(400, "invalid_json", `request body is not valid JSON: ${String((error as Error).message).slice(0, 200)}`) };
  }
}

/**
 * Checks the headers, reads the body (up to `maxBytes`), checks its shape
 * against `bounds` when given, and parses it as JSON; or gives the 415, 413,
 * 422 or 400 reply.
 */
export async function readJsonBody(
  transport: Pick<RolloutTransport, "header" | "readBody">,
  maxBytes: number,
  bounds?: JsonBounds,
): Promise<{ ok: true; value: unknown } | { ok: false; reply: Reply }> {
  const refused = checkBodyHeaders(transport.header("content-type"), transport.header("content-length"), maxBytes);
  if (refused) return { ok: false, reply: refused };
  const text = await transport.readBody(maxBytes);
  if (text === null) return { ok: false, reply: tooLarge(maxBytes) };
  if (bounds) {
    const checked = checkJsonBounds(text, bounds);
    const violation = checked instanceof Promise ? await checked : checked;
    if (violation) return { ok: false, reply: boundsReply(violation) };
  }
  return parseJsonBody(text);
}

/** Reads a Node request body as UTF-8, or null once it passes `maxBytes` (reading stops there). */
export function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string | null> {
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

/** Reads a Fetch-API request body as UTF-8, or null once it passes `maxBytes` (the stream is cancelled). */
export async function readRequestBody(request: Request, maxBytes: number): Promise<string | null> {
  const { text, overflow } = await readCappedBody(request.body, maxBytes);
  return overflow ? null : text;
}

/**
 * Reads a Fetch-API body (request or response) as UTF-8 up to `maxBytes`;
 * past that the stream is cancelled and `overflow` is set, with what was read
 * before the chunk that crossed the limit.
 */
export async function readCappedBody(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ text: string; overflow: boolean }> {
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
    size += value.byteLength;
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks, size).toString("utf8"), overflow: false };
}
