/**
 * The body of a `node:http` answer, read whole under the outgoing policy's
 * cap (src/http/policy.ts): one reader for every node:http client that reads
 * a whole answer (deploy's Kubernetes calls; the agent loop's chat client,
 * on undici, counts its chunks with the same counter).
 */
import type { IncomingMessage } from "node:http";
import { BodyTooLarge, createByteCounter, declaredOver } from "./policy.js";

/**
 * Reads `response` to its end. A body over `maxBytes` (declared, or counted
 * as it arrives) rejects with {@link BodyTooLarge} and destroys the
 * response; a connection that breaks mid-body rejects with its error.
 */
export function readBodyCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => readBodyCappedThen(response, maxBytes, (error, body) => (error ? reject(error) : resolve(body!))));
}

/** {@link readBodyCapped}'s reading: `done` is called once, with the error or the body. */
function readBodyCappedThen(response: IncomingMessage, maxBytes: number, done: (error: Error | null, body?: Buffer) => void): void {
  let settled = false;
  // The error first, then the close: destroying the response emits events of its own, which say less.
  const fail = (error: Error) => {
    if (settled) return;
    settled = true;
    done(error);
    response.destroy();
  };
  if (declaredOver(contentLengthOf(response), maxBytes)) return fail(new BodyTooLarge(maxBytes));
  const counter = createByteCounter(maxBytes);
  const chunks: Buffer[] = [];
  response.on("data", (chunk: Buffer) => {
    try {
      counter.add(chunk.byteLength);
      chunks.push(chunk);
    } catch (error) {
      fail(error as Error);
    }
  });
  response.on("end", () => {
    if (settled) return;
    settled = true;
    done(null, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  });
  // A connection closed mid-answer is an error node:http names "aborted": said plainly.
  response.on("error", (error: NodeJS.ErrnoException) => fail(error.code === "ECONNRESET" && error.message === "aborted" ? new Error("the connection closed mid-answer") : error));
}

/**
 * The answer's declared `Content-Length` (the first one), read from its raw headers: a caller that
 * reads no other header spares node:http building the headers object.
 */
function contentLengthOf(response: IncomingMessage): string | undefined {
  const raw = response.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 14 && name.toLowerCase() === "content-length") return raw[i + 1];
  }
  return undefined;
}
