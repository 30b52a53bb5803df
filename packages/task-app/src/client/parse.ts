/**
 * The client's reading of a successful answer's body: what openapi-fetch's
 * `parseAs: "json"` gives (`response.json()`, or `response.text()` then
 * JSON.parse when no Content-Length was sent, an empty text being no body),
 * from the bytes, with parseJsonBytes, so an image-heavy rollout answer's long
 * strings are copied out rather than decoded and parsed. A body that starts
 * with a byte order mark is decoded by the Fetch API itself, which drops
 * byte order marks its own way (Node 20's drops two).
 */
import { parseJsonBytes } from "../json/parse-bytes.js";

/** `data` as openapi-fetch's `parseAs: "arrayBuffer"` gives it (undefined: no body); rejects with JSON.parse's SyntaxError. */
export async function parseAnswerBody(data: unknown, response: Response): Promise<unknown> {
  if (!(data instanceof ArrayBuffer)) return data;
  const bytes = Buffer.from(data);
  const hasLength = Boolean(response.headers.get("Content-Length"));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const text = await new Response(bytes).text();
    return text || hasLength ? JSON.parse(text) : undefined;
  }
  if (bytes.length === 0 && !hasLength) return undefined;
  return parseJsonBytes(bytes);
}
