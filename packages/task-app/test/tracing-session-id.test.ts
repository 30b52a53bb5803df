/**
 * Session ids are UUIDv7: valid UUID strings (version 7, RFC 9562 variant),
 * unique, and ordered by their creation time, so a store's session_id
 * indexes are appended to rather than split all over.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSessionTracer } from "../src/tracing/index.js";
import { createSessionId } from "../src/tracing/session-id.js";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("a session id is a version-7 UUID carrying its creation time in its first 48 bits", () => {
  const at = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
  const id = createSessionId(at);
  assert.match(id, UUID_V7);
  assert.equal(parseInt(id.replace(/-/g, "").slice(0, 12), 16), at);
  assert.equal(createSessionId(2 ** 48 - 1).slice(0, 13), "ffffffff-ffff");
  assert.equal(createSessionId(0).slice(0, 13), "00000000-0000");
});

test("ids are unique, and ids of later milliseconds sort after earlier ones", () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => createSessionId(1_763_000_000_000 + Math.floor(i / 10)));
  assert.equal(new Set(ids).size, ids.length);
  for (let i = 10; i < ids.length; i += 10) assert.ok(ids[i - 1]! < ids[i]!, `${ids[i - 1]} < ${ids[i]}`);
});

test("a tracer's session id, unless one is given, is a UUIDv7 of the tracer's clock", () => {
  const now = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
  const tracer = createSessionTracer({ now: () => now });
  assert.match(tracer.sessionId, UUID_V7);
  assert.equal(parseInt(tracer.sessionId.replace(/-/g, "").slice(0, 12), 16), now.getTime());
  assert.equal(createSessionTracer({ sessionId: "given" }).sessionId, "given");
});
