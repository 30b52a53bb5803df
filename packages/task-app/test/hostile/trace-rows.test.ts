/**
 * The rows a session becomes (src/traces/rows.ts) against the previous
 * implementation, kept here verbatim as the reference: a message's metadata
 * and a runtime event's metadata are copied without object spread (which is
 * slow on Node 20's V8), and the rows must stay the same value for value.
 * The metadata is generated with the keys that make copying differ: an own
 * `__proto__` key (as JSON.parse and a structured clone make it, which
 * assigning would hand to the prototype setter), the keys the row adds
 * (`message_id`, `json_payload`, `text`, `actions`) present, null or
 * absent, integer-like keys (ordered first), names of Object.prototype's
 * members, and unicode, long, nested and numeric values; each case is run
 * as generated, after JSON.parse and after a structured clone. An event's
 * and a message's ISO time is isoOfSeconds' (test/iso-now.test.ts holds it
 * to Date's toISOString).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { TracedEvent, TracedMessage } from "../../src/schemas/session-trace.js";
import { copyKeys, eventRow, messageRow, toJsonText } from "../../src/traces/rows.js";

/** messageRow's metadata before: spread, then the keys added. */
function referenceMessageMetadata(message: TracedMessage): string | null {
  const { text, json_payload } = message.content;
  const metadata: Record<string, unknown> = { ...message.metadata, message_id: message.message_id };
  if (json_payload) metadata.json_payload ??= json_payload;
  else if (text) metadata.text ??= text;
  return toJsonText(metadata);
}

/** eventRow's metadata of a runtime event before. */
const referenceRuntimeMetadata = (event: TracedEvent & { event_type: "runtime" }) => toJsonText({ ...event.metadata, actions: event.actions });

const KEYS = ["__proto__", "message_id", "json_payload", "text", "actions", "constructor", "toString", "hasOwnProperty", "valueOf", "0", "1", "10", "4294967295", "-1", "a", "é", "😀", "\u2028", ""];
const leaf = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e21, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 5e-324),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("x".repeat(70_000), "\u0000", "\ufffe", "\ud800", '"\\'),
);
const value = fc.oneof({ depthSize: "small" }, leaf, fc.array(leaf, { maxLength: 4 }), fc.dictionary(fc.constantFrom(...KEYS), leaf, { maxKeys: 4 }));
/** Metadata as JSON text: JSON.parse makes `__proto__` an own key, as the wire does. */
const metadataText = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 6 })), value), { maxLength: 8 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`);

/** The metadata of one case, three ways: built by assignment, parsed from JSON, and structured-cloned from that. */
function metadataVariants(text: string): unknown[] {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const assigned: Record<string, unknown> = {};
  for (const key of Object.keys(parsed)) if (key !== "__proto__") assigned[key] = parsed[key];
  return [parsed, structuredClone(parsed), assigned, undefined, {}];
}

const message = (metadata: unknown, content: TracedMessage["content"]): TracedMessage =>
  ({ message_id: "m-1", message_type: "user", content, time_record: { event_time: 1_763_000_000.125 }, metadata }) as TracedMessage;

test("a message's row is the same as before, whatever its metadata holds", () => {
  const contents = fc.constantFrom<TracedMessage["content"]>({ text: "hello" }, { json_payload: '{"a":1}' }, { text: "t", json_payload: "j" }, {}, { text: "" });
  fc.assert(
    fc.property(metadataText, contents, (text, content) => {
      for (const metadata of metadataVariants(text)) {
        const m = message(metadata, content);
        const row = messageRow(7, "s", null, m);
        assert.equal(row.metadata, referenceMessageMetadata(m), text);
        assert.equal(Object.getPrototypeOf(m.metadata ?? {}), Object.prototype, "the session's metadata is left alone");
      }
    }),
    { numRuns: 400, seed: 23 },
  );
});

test("a runtime event's metadata is the same as before", () => {
  fc.assert(
    fc.property(metadataText, fc.array(value, { maxLength: 3 }), (text, actions) => {
      for (const metadata of metadataVariants(text)) {
        const event = { event_type: "runtime", event_id: "e", system_instance_id: "r", time_record: { event_time: 1 }, metadata, actions } as TracedEvent & { event_type: "runtime" };
        assert.equal(eventRow(1, "s", null, event).metadata, referenceRuntimeMetadata(event), text);
      }
    }),
    { numRuns: 400, seed: 23 },
  );
});

test("copyKeys copies what spread copies, and leaves the original as it was", () => {
  const withProto = JSON.parse('{"a":1,"__proto__":{"polluted":true},"b":[2]}') as object;
  const copy = copyKeys(withProto);
  assert.deepEqual(Object.keys(copy), ["a", "__proto__", "b"]);
  assert.equal(Object.getPrototypeOf(copy), Object.prototype);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.equal(JSON.stringify(copy), JSON.stringify({ ...withProto }));
  assert.deepEqual(copyKeys(undefined), {});
  assert.deepEqual(copyKeys(null), {});
  const source = { x: 1 };
  copyKeys(source).x = 2;
  assert.equal(source.x, 1);
});

test("the rows' ISO times: an event's created_at and a message's timestamp", () => {
  const event = { event_type: "runtime", event_id: "e", system_instance_id: "r", time_record: { event_time: 1_795_697_867.991 }, metadata: {}, actions: [] } as unknown as TracedEvent;
  assert.equal(eventRow(1, "s", null, event).created_at, new Date(1_795_697_867.991 * 1000).toISOString());
  const m = message({}, { text: "t" });
  assert.equal(messageRow(1, "s", null, m).timestamp, new Date(1_763_000_000.125 * 1000).toISOString());
});
