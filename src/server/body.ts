/**
 * Reading a JSON request body safely: content type checked first, size capped
 * by Content-Length up front and by counting while streaming, so an oversized
 * body is refused without being read in full.
 */
import { errorResponse } from "./errors.js";

/** Outcome of `readJsonBody`: the parsed value, or the error response to send. */
export type BodyResult = { ok: true; value: unknown } | { ok: false; response: Response };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Reads and parses a JSON body of at most `maxBytes` bytes. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(type)) {
    return fail(415, "unsupported_media_type", `expected Content-Type: application/json, got ${type ? JSON.stringify(type.slice(0, 100)) : "none"}`);
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) return tooLarge(maxBytes);
  const text = await readCapped(request, maxBytes);
  if (text === null) return tooLarge(maxBytes);
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return fail(400, "invalid_json", `request body is not valid JSON: ${(error as Error).message.slice(0, 200)}`);
  }
}

async function readCapped(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

function tooLarge(maxBytes: number): BodyResult {
  return fail(413, "payload_too_large", `request body exceeds ${maxBytes} bytes`, { max_bytes: maxBytes });
}

function fail(status: number, code: string, message: string, extra?: Record<string, unknown>): BodyResult {
  return { ok: false, response: errorResponse(status, code, message, extra) };
}
