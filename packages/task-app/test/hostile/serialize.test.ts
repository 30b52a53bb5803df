/**
 * The reply serialiser (src/server/serialize.ts) against JSON.stringify, byte
 * for byte, on hostile strings and values: quotes, backslashes, every
 * control character, lone surrogates, U+2028, Latin-1 and other non-ASCII
 * text, strings at and around the length from which they are copied as they
 * are, very long strings, nested arrays and objects, -0, 1e21, NaN, toJSON,
 * proxies, getters, cycles and BigInts (which must throw what JSON.stringify
 * throws). Values that hold a long string take the walking path (the answer
 * is a Buffer): each case says which path it expects, so a serialiser that
 * quietly fell back to JSON.stringify everywhere would fail here too.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { RAW_STRING_FROM, serializeJson } from "../../src/server/serialize.js";
import { POOLED_FROM, releaseReplyBytes, takeReplyBytes } from "../../src/server/reply-bytes.js";
import { isPrintableAscii, isPrintableAsciiByIndexOf, usesSimdScan } from "../../src/server/escape-scan.js";

/** A long ASCII string that needs no escaping, as base64 images are. */
const image = (n = 20_000, tag = "") => `data:image/png;base64,${"iVBORw0KGgoAAAANSUhEUgAA+/9=".repeat(Math.ceil(n / 28)).slice(0, n)}${tag}`;

/** Asserts serializeJson(value) is JSON.stringify(value) as UTF-8, and that the walking path ran when `walked`. */
function same(value: unknown, walked: boolean, label: string): void {
  const expected = JSON.stringify(value);
  const got = serializeJson(value);
  if (expected === undefined) {
    assert.equal(got, undefined, label);
    return;
  }
  assert.equal(Buffer.isBuffer(got), walked, `${label}: ${walked ? "expected the walking path (a Buffer)" : "expected JSON.stringify's string"}`);
  const bytes = typeof got === "string" ? Buffer.from(got, "utf8") : got!;
  const want = Buffer.from(expected, "utf8");
  if (!bytes.equals(want)) {
    const at = [...want].findIndex((b, i) => bytes[i] !== b);
    assert.fail(`${label}: bytes differ from JSON.stringify at ${at}: got ${JSON.stringify(bytes.subarray(Math.max(0, at - 20), at + 20).toString("latin1"))}, want ${JSON.stringify(want.subarray(Math.max(0, at - 20), at + 20).toString("latin1"))}`);
  }
}

const CONTROL = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
const HOSTILE = ['"', "\\", "/", "\u007f", "\u0080", "\u00e9", "\u00ff", "\u0100", "\u2028", "\u2029", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "\ufeff", "\uffff", ...CONTROL];

test("a long string with any one hostile character, at its start, middle or end, serialises as JSON.stringify does", () => {
  for (const c of HOSTILE) {
    const base = image(5_000);
    for (const text of [c + base, base.slice(0, 2_500) + c + base.slice(2_500), base + c, c.repeat(3_000)]) {
      // Walked when its first characters need no escaping (it looks like an image), else JSON.stringify's whole.
      same({ obs: { image_url: text } }, /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text.slice(0, RAW_STRING_FROM)), `${JSON.stringify(c)} in ${text.length} characters`);
      same({ obs: { image_url: text, other: image() } }, true, `${JSON.stringify(c)} in ${text.length} characters beside an image`);
      same([text, image()], true, `${JSON.stringify(c)} in an array`);
    }
  }
});

test("strings just under, at and over the length from which they are copied as they are", () => {
  for (const n of [RAW_STRING_FROM - 1, RAW_STRING_FROM, RAW_STRING_FROM + 1]) {
    const plain = "A".repeat(n);
    same({ a: plain, b: image() }, true, `${n} plain characters`);
    same({ a: `${"A".repeat(n - 1)}"`, b: image() }, true, `${n} characters ending in a quote`);
    same({ a: `${"A".repeat(n - 1)}\n`, b: image() }, true, `${n} characters ending in a newline`);
  }
  const only = "A".repeat(RAW_STRING_FROM - 1);
  same({ a: only, b: [only] }, false, "no string long enough: JSON.stringify's own string");
});

test("strings in every V8 representation: flat, concatenated, sliced, two-byte holding only ASCII, very long", () => {
  const twoByteAscii = `\u{1f600}${image(4_000)}`.slice(2);
  const sliced = image(50_000).slice(7, 40_007);
  const cons = image(3_000) + image(3_000, "x");
  const flat = Buffer.from(image(8_000)).toString("latin1");
  const huge = image(3 * 1024 * 1024);
  same({ twoByteAscii, sliced, cons, flat }, true, "representations");
  same({ huge, again: huge, nested: [[huge]] }, true, "a 3 MiB string three times");
  same({ latin1: "\u00e9".repeat(20_000), cjk: "\u4e2d".repeat(20_000), emoji: "\u{1f600}".repeat(10_000) }, false, "long non-ASCII text alone: JSON.stringify's whole");
  same({ latin1: "\u00e9".repeat(20_000), cjk: "\u4e2d".repeat(20_000), emoji: "\u{1f600}".repeat(10_000), img: image() }, true, "long non-ASCII text beside an image");
  same({ text: "line\n".repeat(5_000), quoted: '"q"'.repeat(5_000) }, false, "long text that needs escaping: JSON.stringify's whole");
});

test("numbers, booleans, null and what JSON leaves out or turns into null", () => {
  const sym = Symbol("s");
  same(
    {
      img: image(),
      numbers: [-0, 0, 1e21, 1e-7, -1e-7, 5e-324, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 0.1 + 0.2, -1.5e300, NaN, Infinity, -Infinity],
      flags: [true, false, null],
      gone: undefined,
      fn: () => 1,
      sym,
      [sym]: "symbol keys are skipped",
      inArray: [undefined, () => 1, sym, , 3], // eslint-disable-line no-sparse-arrays
      empty: { obj: {}, arr: [], str: "" },
    },
    true,
    "primitives",
  );
  const holes = new Array(5);
  holes[4] = image();
  same(holes, true, "a sparse array");
});

test("keys: escaped, non-ASCII, lone surrogates, integer-like ordering, __proto__, a null prototype", () => {
  const record: Record<string, unknown> = Object.create(null);
  for (const key of ['a"b', "back\\slash", "new\nline", "\u2028", "\ud800", "\u00e9t\u00e9", "10", "2", "-1", "1.5", "z", ""]) record[key] = key.length;
  Object.defineProperty(record, "__proto__", { value: image(), enumerable: true });
  Object.defineProperty(record, "hidden", { value: image(), enumerable: false });
  same({ record, img: image() }, true, "keys");
  same(JSON.parse(`{"__proto__":{"x":1},"img":${JSON.stringify(image())}}`), true, "__proto__ from JSON.parse");
});

test("toJSON, boxed primitives, class instances, Maps, typed arrays, proxies and getters", () => {
  class Point {
    constructor(
      readonly x: number,
      readonly y = image(2_000),
    ) {}
  }
  const seenKeys: string[] = [];
  const keyed = { toJSON: (key: string) => (seenKeys.push(key), `key ${key}`) };
  const value = {
    img: image(),
    date: new Date(0),
    keyed,
    list: [keyed, keyed],
    undef: { toJSON: () => undefined },
    undefInArray: [{ toJSON: () => undefined }],
    twice: { toJSON: () => ({ toJSON: () => "toJSON of a toJSON result is not called", img: image() }) },
    boxed: [new String(image()), new Number(-0), new Boolean(false)],
    point: new Point(1),
    map: new Map([[1, 2]]),
    bytes: new Uint8Array([1, 2, 3]),
    proxy: new Proxy({ a: image(), b: [1, 2] }, {}),
    arrayProxy: new Proxy([image(), 2], {}),
    getter: Object.defineProperty({}, "computed", { enumerable: true, get: () => image(3_000) }),
    fnWithToJSON: Object.assign(() => 1, { toJSON: () => "a function's toJSON is called" }),
  };
  same(value, true, "exotic values");
  seenKeys.length = 0;
  JSON.stringify(value);
  const stringifyKeys = [...seenKeys];
  seenKeys.length = 0;
  serializeJson(value);
  assert.deepEqual(seenKeys, stringifyKeys, "toJSON gets the same keys as under JSON.stringify");
  same(new Date(0), false, "a Date at the top");
  same(image(), true, "a long string at the top");
  same(undefined, false, "undefined at the top");
  same(() => 1, false, "a function at the top");
});

test("what JSON.stringify refuses is refused with its own error: cycles, BigInt, throwing getters and toJSON", () => {
  const loop: Record<string, unknown> = { img: image() };
  loop.self = { back: [loop] };
  const cases: [string, unknown][] = [
    ["a cycle", loop],
    ["a cycle through a proxy", (() => { const o: Record<string, unknown> = { img: image() }; o.p = new Proxy({ o }, {}); return o; })()],
    ["a BigInt", { img: image(), tokens: 2n ** 70n }],
    ["a BigInt in an array", [image(), 1n]],
    ["a throwing getter", Object.defineProperty({ img: image() }, "bad", { enumerable: true, get: () => { throw new RangeError("getter refused"); } })],
    ["a throwing toJSON", { img: image(), bad: { toJSON: () => { throw new SyntaxError("toJSON refused"); } } }],
  ];
  for (const [label, value] of cases) {
    let expected: unknown;
    try {
      JSON.stringify(value);
    } catch (error) {
      expected = error;
    }
    assert.ok(expected instanceof Error, `${label}: JSON.stringify throws`);
    assert.throws(() => serializeJson(value), (error: unknown) => error instanceof (expected as Error).constructor && (error as Error).message === (expected as Error).message, label);
  }
  const proto = BigInt.prototype as unknown as { toJSON?: () => string };
  proto.toJSON = function (this: bigint) {
    return `${this}n`;
  };
  try {
    same({ img: image(), tokens: 2n ** 70n }, true, "a BigInt with BigInt.prototype.toJSON");
  } finally {
    delete proto.toJSON;
  }
});

test("nesting deeper than the walk's stack gives JSON.stringify's answer", () => {
  let deep: unknown = image();
  for (let i = 0; i < 20_000; i++) deep = [deep];
  let expected: string | undefined;
  let refused: unknown;
  try {
    expected = JSON.stringify(deep);
  } catch (error) {
    refused = error;
  }
  if (refused) assert.throws(() => serializeJson(deep), (error: unknown) => (error as Error).constructor === (refused as Error).constructor);
  else {
    const got = serializeJson(deep)!;
    assert.ok((typeof got === "string" ? Buffer.from(got) : got).equals(Buffer.from(expected!)));
  }
});

test("any value built from hostile strings serialises as JSON.stringify does (property-based)", () => {
  const unit = fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom("A", "z", "0", "+", "/", "="), fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)));
  const short = fc.string({ unit, maxLength: 12 });
  const long = fc.tuple(fc.integer({ min: RAW_STRING_FROM - 2, max: 5_000 }), fc.array(fc.tuple(fc.nat(), unit), { maxLength: 3 })).map(([n, inserts]) => {
    let text = image(n);
    for (const [at, c] of inserts) text = text.slice(0, at % text.length) + c + text.slice(at % text.length);
    return text;
  });
  const number = fc.oneof(fc.double(), fc.constantFrom(-0, 1e21, NaN, Infinity), fc.integer());
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small" }, short, long, number, fc.boolean(), fc.constant(null), fc.constant(undefined), tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 6 }),
    object: fc.dictionary(short, tie("value"), { maxKeys: 6 }),
  }));
  fc.assert(
    fc.property(value, (v) => {
      same({ v, img: image(1_500) }, true, "generated");
    }),
    { numRuns: 400, seed: 23 },
  );
});

test("the SIMD scan and the indexOf scan say what a reference regex says, for every UTF-16 unit and at chunk edges", () => {
  assert.equal(usesSimdScan, true, "Node 20 runs WebAssembly SIMD: the fast scan is the one in use");
  const reference = (text: string) => /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text);
  const problems: string[] = [];
  const check = (text: string, label: string) => {
    const want = reference(text);
    if (isPrintableAscii(text) !== want) problems.push(`simd ${label}`);
    if (isPrintableAsciiByIndexOf(text) !== want) problems.push(`indexOf ${label}`);
  };
  for (let code = 0; code <= 0xffff; code++) check(`abc${String.fromCharCode(code)}${"x".repeat(code % 40)}`, `U+${code.toString(16)}`);
  const long = "QUJD".repeat(20_000); // 80,000 characters: several 16,384-character chunks
  for (const c of ['"', "\\", "\u0000", "\u001f", "\u007f", "\u0080", "\u00ff", "\u0100", "\ud800", "\udc00", "\u2028", "\ud83d\ude00", "\u0020", "\u007e"]) {
    for (const at of [0, 1, 15, 16, 17, 16_383, 16_384, 16_385, 32_767, 32_768, 49_151, 79_999, 80_000]) check(long.slice(0, at) + c + long.slice(at), `${JSON.stringify(c)} at ${at}`);
  }
  check("", "empty");
  check(long, "clean, 80,000 characters");
  assert.deepEqual(problems, []);
});

test("reply memory: big buffers are reused once released, once each, and nothing else is taken in", () => {
  const small = takeReplyBytes(1_000);
  assert.equal(small.length, 1_000);
  const first = takeReplyBytes(POOLED_FROM * 3);
  assert.equal(first.length, POOLED_FROM * 3);
  const memory = first.buffer;
  releaseReplyBytes(first);
  releaseReplyBytes(first); // a second release must not pool it twice
  const again = takeReplyBytes(POOLED_FROM * 2);
  assert.equal(again.buffer, memory, "a released buffer is taken again for a reply that fits");
  const other = takeReplyBytes(POOLED_FROM * 2);
  assert.notEqual(other.buffer, memory, "released twice, pooled once: two replies never share memory");
  releaseReplyBytes(Buffer.alloc(POOLED_FROM * 4)); // not the pool's: left alone
  const fresh = takeReplyBytes(POOLED_FROM * 4);
  assert.notEqual(fresh.buffer, other.buffer);
  assert.equal(fresh.length, POOLED_FROM * 4);
  releaseReplyBytes(again);
  releaseReplyBytes(other);
  releaseReplyBytes(fresh);
});

test("a serialised body in pooled memory is exactly its bytes, whatever the memory held before", () => {
  const a = { img: image(200_000, "a") };
  const b = { img: image(150_000, "b"), note: "shorter, into the same memory" };
  const first = serializeJson(a) as Buffer;
  first.fill(0x7b);
  releaseReplyBytes(first);
  const second = serializeJson(b) as Buffer;
  assert.equal(second.buffer, first.buffer, "the memory was reused");
  assert.ok(second.equals(Buffer.from(JSON.stringify(b))));
});
