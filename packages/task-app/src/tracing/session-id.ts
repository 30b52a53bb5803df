/**
 * Session ids: UUIDs of version 7 (RFC 9562), whose first 48 bits are the
 * creation time in milliseconds and the other 74 random. They are UUIDs as
 * synth-ai's version 4 ids are, and as unique, but ordered by time: a trace
 * store's indexes on `session_id` (six of them in the tracing-v3 layout) grow
 * at their end instead of splitting pages all over, which costs a SQLite
 * commit a third as much once the store holds a few thousand sessions.
 * A served rollout's session is named by its request instead
 * (`rolloutSessionId`, a UUID of version 8): the same rollout sent twice must
 * be one session in every store, which a clock cannot give.
 */
import { createHash, randomFillSync } from "node:crypto";

const bytes = new Uint8Array(16);
const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
/** Random bytes drawn from the system 4 KiB at a time: a draw costs microseconds, an id needs 10 bytes. */
const pool = new Uint8Array(4096);
let poolAt = pool.length;

/** A new UUIDv7 string, `xxxxxxxx-xxxx-7xxx-yxxx-xxxxxxxxxxxx`. */
export function createSessionId(now: number = Date.now()): string {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  // Each byte of the pool is used once.
  for (let i = 0; i < 10; i++) bytes[6 + i] = pool[poolAt + i]!;
  poolAt += 10;
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

/**
 * The session id of the rollout that `request` asks for: a UUID (version 8,
 * RFC 9562) named by its `run_id` and `env.seed`, so the same rollout sent
 * twice (a client that retries it on another replica after the first died,
 * `eval --resume` after a crash) gets the same id on every server and in
 * every store, and the stores, idempotent on `session_id`, keep one session.
 * The server's tracer and trace sink and eval's own sink all take it from here.
 */
export function rolloutSessionId(request: { run_id: string; env?: { seed?: number | null | undefined } | undefined }): string {
  const seed = request.env?.seed;
  const digest = createHash("sha256").update(`task-app rollout session\0${request.run_id}\0${seed === undefined || seed === null ? "" : String(seed)}`).digest();
  digest[6] = (digest[6]! & 0x0f) | 0x80; // version 8 (custom: a name hashed with SHA-256)
  digest[8] = (digest[8]! & 0x3f) | 0x80; // variant 10
  let out = "";
  for (let i = 0; i < 16; i++) out += (i === 4 || i === 6 || i === 8 || i === 10 ? "-" : "") + hex[digest[i]!];
  return out;
}

/**
 * `session` under the id `sessionId`, the id it had kept as
 * `metadata.app_session_id` (an app that builds its own trace names it its way).
 */
export function withSessionId<T>(session: T, sessionId: string): T {
  if (typeof session !== "object" || session === null || Array.isArray(session)) return session;
  const record = session as { session_id?: unknown; metadata?: unknown };
  if (record.session_id === sessionId) return session;
  const metadata = typeof record.metadata === "object" && record.metadata !== null && !Array.isArray(record.metadata) ? { ...(record.metadata as Record<string, unknown>) } : {};
  if (typeof record.session_id === "string") metadata.app_session_id ??= record.session_id;
  return { ...record, session_id: sessionId, metadata } as T;
}
