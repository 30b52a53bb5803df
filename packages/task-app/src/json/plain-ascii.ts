/**
 * Whether a span of bytes is what a JSON string's content must be to be its
 * characters one for one: ASCII from 0x20 to 0x7f with no backslash (the
 * caller knows there is no quote in it). The check of parseJsonBytes' byte
 * loop (findCutsByIndexOf), which runs where WebAssembly SIMD does not
 * (`node --jitless`); the WebAssembly scan (cut-scan.ts) makes the same test
 * as it goes.
 */
import { isAscii } from "node:buffer";

/** `isAscii`, then no backslash and no byte below 0x20 (one `indexOf` each). */
export function isPlainAsciiByIndexOf(buf: Buffer, start: number, end: number): boolean {
  const span = buf.subarray(start, end);
  if (!isAscii(span) || span.indexOf(0x5c) !== -1) return false;
  for (let byte = 0; byte < 0x20; byte++) if (span.indexOf(byte) !== -1) return false;
  return true;
}
