/**
 * parseJsonBytes against `JSON.parse(buf.toString("utf8"))`, its definition:
 * over seeded random documents large enough for the cutting path (long
 * strings, plain and not, among nested objects and arrays, escapes, astral
 * characters and escaped lone surrogates, raw high bytes, keys long and
 * short, duplicate and `__proto__` keys, whitespace of every kind), each also
 * broken in ways JSON.parse refuses or reads differently (truncated, a byte
 * changed, a BOM, invalid UTF-8 or a control byte inside a long string, the
 * placeholder's own text in the content); the same value (deepStrictEqual,
 * and the same key order) or both throwing a SyntaxError with the same
 * message. Then the image-heavy rollout responses the benchmark times.
 */
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import assert from "node:assert/strict";
import { findCuts, parseJsonBytes, PARSE_BYTES_THRESHOLD } from "../src/json/parse-bytes.js";
import { isPlainAsciiByIndexOf, plainAsciiChecker, usesSimdPlainCheck } from "../src/json/plain-ascii.js";
import { createResponse } from "../bench/rollout-docs.mjs";

/** A small seeded generator (xorshift32), so a failure names a seed that reproduces it. */
function createRandom(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}
type Random = ReturnType<typeof createRandom>;

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
/** Pieces of string content as JSON text: plain, escaped, non-ASCII raw, and the placeholder's own text. */
const PIECES = ['\\"', "\\\\", "\\/", "\\n", "\\t", "\\u0041", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00x", "é", "日本", "😀", "\u007f", "\\\\u0000", "~", " "];
/** A NUL escape, or the placeholder's text: rare, since a document holding one is parsed whole. */
const NUL_PIECES = ["\\u0000", "\\u00000", "\\u00001"];

/** String content (JSON text, between the quotes): long plain ASCII, long with escapes or non-ASCII, or short. */
function stringText(random: Random): string {
  const kind = random.int(8);
  const length = kind < 5 ? 512 + random.int(3000) : random.int(40);
  let text = "";
  while (text.length < length) text += BASE64[random.int(BASE64.length)];
  if (kind === 4 || kind === 6) {
    // Some escapes or non-ASCII characters, anywhere (the first and last bytes included).
    // Inserted between plain characters (never inside an earlier escape), at most one a place.
    const places = Array.from({ length: 1 + random.int(3) }, () => random.int(text.length + 1)).sort((a, b) => b - a);
    for (const at of new Set(places)) text = text.slice(0, at) + (random.int(500) === 0 ? random.pick(NUL_PIECES) : random.pick(PIECES)) + text.slice(at);
  }
  return text;
}

const WHITESPACE = ["", "", "", " ", "\n", "\t", "\r\n", "  \n\t "];
const KEYS = ["a", "b", "id", "__proto__", "constructor", "toString", "obs", "image_url", "", "é", "0", "1"];

/** A JSON value as text, nested up to `depth`. */
function valueText(random: Random, depth: number): string {
  const ws = () => random.pick(WHITESPACE);
  const roll = random.int(10);
  if (depth > 0 && roll < 3) {
    const items = Array.from({ length: random.int(6) }, () => ws() + valueText(random, depth - 1) + ws());
    return `[${items.join(",")}]`;
  }
  if (depth > 0 && roll < 6) {
    const members = Array.from({ length: random.int(6) }, () => {
      const key = random.int(8) === 0 ? stringText(random) : random.pick(KEYS);
      return `${ws()}"${key}"${ws()}:${ws()}${valueText(random, depth - 1)}${ws()}`;
    });
    return `{${members.join(",")}}`;
  }
  if (roll < 9) return `"${stringText(random)}"`;
  return random.pick(["0", "-0", "1.5e3", "-12", "true", "false", "null", "123456789012345678901234567890", "1E-7"]);
}

/** A document big enough to be cut: a long string first (so the scan keeps going), then random values. */
function documentText(random: Random): string {
  const parts = [`"${"x".repeat(600)}"`];
  let size = 0;
  while (size < PARSE_BYTES_THRESHOLD + 2000) {
    const part = valueText(random, 1 + random.int(5));
    parts.push(part);
    size += part.length;
  }
  return `${random.pick(WHITESPACE)}[${parts.join(",")}]${random.pick(WHITESPACE)}`;
}

/** Breaks a document's bytes one way or another (or not at all). */
function mutate(random: Random, bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  /** A position inside a long string (after a quote followed by 100 base64 characters), or anywhere. */
  const insideLong = () => {
    for (let tries = 0; tries < 50; tries++) {
      const at = copy.indexOf(0x22, random.int(copy.length));
      if (at !== -1 && /^[A-Za-z0-9+/=x]{100}/.test(copy.toString("latin1", at + 1, at + 101))) return at + 1 + random.int(100);
    }
    return random.int(copy.length);
  };
  switch (random.int(12)) {
    case 0:
      return copy.subarray(0, random.int(copy.length));
    case 1:
      copy[random.int(copy.length)] = random.int(256);
      return copy;
    case 2:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), copy]);
    case 3: {
      const at = insideLong();
      copy[at] = random.pick([0x80, 0xbf, 0xc3, 0xe2, 0xf0, 0xff, 0xed]);
      return copy;
    }
    case 4:
      copy[insideLong()] = random.int(0x20);
      return copy;
    case 5:
      copy[insideLong()] = random.pick([0x22, 0x5c]);
      return copy;
    case 6: {
      const at = insideLong();
      return Buffer.concat([copy.subarray(0, at), Buffer.from(random.pick(["\\u0000", "\\u00000", "\\u00001", "\\\\u0000", "\\", "é", "\u{1f600}"])), copy.subarray(at)]);
    }
    case 7:
      // Truncated inside a long string, or just after one.
      return copy.subarray(0, insideLong());
    default:
      return copy;
  }
}

/** The outcome of a parse: the value, or the error's class and message. */
function outcome(parse: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: parse() };
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` };
  }
}

/** Asserts that parseJsonBytes gives what JSON.parse of the decoded bytes gives. */
function assertSame(bytes: Buffer, label: string): void {
  const expected = outcome(() => JSON.parse(bytes.toString("utf8")));
  const actual = outcome(() => parseJsonBytes(bytes));
  if ("error" in expected) {
    assert.ok("error" in actual, `${label}: JSON.parse throws ${expected.error}, parseJsonBytes did not`);
    assert.equal(actual.error, expected.error, label);
    return;
  }
  assert.ok("value" in actual, `${label}: parseJsonBytes threw ${"error" in actual ? actual.error : ""}`);
  assert.deepStrictEqual(actual.value, expected.value, label);
  // deepStrictEqual ignores key order: compare the order (and own `__proto__` keys) too.
  assert.equal(JSON.stringify(actual.value), JSON.stringify(expected.value), `${label}: key order`);
}

test("the SIMD check and the fallback agree on what a plain span is", () => {
  assert.equal(usesSimdPlainCheck(), true, "WebAssembly SIMD runs on Node 20");
  const check = plainAsciiChecker();
  const random = createRandom(7);
  for (let n = 0; n < 2000; n++) {
    const length = random.int(3) === 0 ? random.int(200) : random.int(140_000);
    const bytes = Buffer.alloc(length + 20, 0x41);
    for (let i = 0; i < bytes.length; i++) bytes[i] = 0x20 + random.int(0x60);
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0x5c) bytes[i] = 0x41;
    if (length > 0 && random.int(2) === 0) bytes[10 + random.int(length)] = random.pick([0x00, 0x09, 0x0a, 0x1f, 0x5c, 0x80, 0xc3, 0xff, 0x7f, 0x20]);
    const start = random.int(10);
    const end = start + length;
    assert.equal(check(bytes, start, end), isPlainAsciiByIndexOf(bytes, start, end), `case ${n}`);
  }
});

test("random documents: parseJsonBytes gives JSON.parse(buf.toString('utf8'))'s value or its SyntaxError", () => {
  let cutDocuments = 0;
  let thrown = 0;
  const CASES = 300;
  for (let seed = 1; seed <= CASES; seed++) {
    const random = createRandom(seed);
    const text = documentText(random);
    const bytes = mutate(random, Buffer.from(text));
    const cuts = findCuts(bytes);
    if (cuts !== null && cuts.length > 0) cutDocuments++;
    try {
      JSON.parse(bytes.toString("utf8"));
    } catch {
      thrown++;
    }
    assertSame(bytes, `seed ${seed}`);
  }
  // The test exercises both paths and both outcomes, not only the fallback.
  assert.ok(cutDocuments > CASES / 2, `only ${cutDocuments} of ${CASES} documents were cut`);
  assert.ok(thrown > CASES / 10 && thrown < CASES - CASES / 4, `${thrown} of ${CASES} documents were refused`);
});

test("documents at and around the edges: whole-string documents, keys, __proto__, duplicates, depth, small documents", () => {
  const long = "A".repeat(PARSE_BYTES_THRESHOLD + 10);
  const image = `data:image/png;base64,${"QUJD".repeat(300)}`;
  const texts = [
    `"${long}"`,
    ` \n"${long}"\t`,
    `"${long}`,
    `["${long}"`,
    `{"${long}": 1}`,
    `{"${long}" \n: "${long}"}`,
    `{"__proto__": "${long}", "b": "${image}"}`,
    `{"__proto__": {"polluted": "${long}"}, "x": 1}`,
    `{"a": "${image}", "a": "${long}", "b": "${image}", "a": 2}`,
    `{"a": "${long}", "a": "${image}"}`,
    `[${"[".repeat(1000)}"${long}"${"]".repeat(1000)}]`,
    `[${"[".repeat(1000)}"${long}"${"]".repeat(999)}]`,
    `["${long}", "\\u0000${image}"]`,
    `["${long}", "\\u00000", "\\u00001"]`,
    `["${long}", "${"\\u0000".replace("\\", "\\\\")}0"]`,
    `["${long}"]garbage`,
    `["${long}",]`,
    `["${long}" "${image}"]`,
    `{"a" "${long}"}`,
    `["${long.slice(0, 600)}\\"${long}"]`,
    `["${long.slice(0, 600)}\\\\", "${long}"]`,
    `[1, 2, "${image}\u00e9${image}"]`.padEnd(PARSE_BYTES_THRESHOLD + 5, " "),
    `\ufeff["${long}"]`,
    `["${image}"]`,
    `[]`,
    ``,
  ];
  for (const [i, text] of texts.entries()) assertSame(Buffer.from(text), `text ${i}`);
  // Raw bytes no UTF-8 decoder accepts, in and next to a long string.
  const bad = Buffer.from(`["${long}", "${image}"]`);
  for (const at of [2, 3, 500, bad.length - 4, bad.length - 3, bad.length - 2]) {
    for (const byte of [0x00, 0x0a, 0x1f, 0x80, 0xc0, 0xed, 0xf4, 0xff]) {
      const copy = Buffer.from(bad);
      copy[at] = byte;
      assertSame(copy, `byte ${byte} at ${at}`);
    }
  }
  // A Uint8Array that is not a Buffer, a view into a larger buffer.
  const inner = Buffer.from(`xx["${long}"]yy`);
  assertSame(Buffer.from(inner.subarray(2, inner.length - 2)), "copied view");
  assert.deepStrictEqual(parseJsonBytes(new Uint8Array(inner.buffer, inner.byteOffset + 2, inner.length - 4)), [long]);
});

test("a __proto__ key whose value is cut stays an own property, as JSON.parse makes it", () => {
  const image = `data:image/png;base64,${"QUJD".repeat(30_000)}`;
  const value = parseJsonBytes(Buffer.from(`{"__proto__": "${image}", "x": {"__proto__": ["${image}"]}}`)) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.deepEqual(Object.keys(value), ["__proto__", "x"]);
  assert.equal(Object.getOwnPropertyDescriptor(value, "__proto__")?.value, image);
  assert.deepEqual(Object.getOwnPropertyDescriptor(value.x, "__proto__")?.value, [image]);
});

test("the image-heavy rollout responses of the benchmark parse to JSON.parse's value, their images cut", () => {
  for (const [steps, imageBytes] of [
    [64, 20_000],
    [8, 200_000],
    [200, 1_000],
  ] as const) {
    const text = JSON.stringify(createResponse({ trajectories: 1, steps, imageBytes }));
    const bytes = Buffer.from(text);
    const cuts = findCuts(bytes);
    assert.ok(cuts !== null && cuts.length / 2 === steps, `${steps} steps: every image is cut (${cuts?.length})`);
    assertSame(bytes, `${steps} image steps`);
    const pretty = Buffer.from(JSON.stringify(JSON.parse(text), null, 2));
    assertSame(pretty, `${steps} image steps, indented`);
  }
  // The text-only responses are not cut (and still parse the same).
  for (const steps of [200, 2_000]) assertSame(Buffer.from(JSON.stringify(createResponse({ trajectories: 2, steps }))), `${steps} text steps`);
});

test("a skeleton too large for the reused buffer is decoded piece by piece, to the same value", () => {
  // Long strings among enough small values that more than 256 KB stays in the skeleton,
  // some of it not ASCII, next to the cuts.
  const image = `data:image/png;base64,${"QUJD".repeat(20_000)}`;
  const rows = Array.from({ length: 5_000 }, (_, i) => ({ id: i, text: `café ${i} 日本 😀`, image: i % 100 === 0 ? image : "short" }));
  const bytes = Buffer.from(JSON.stringify({ rows }));
  const cuts = findCuts(bytes);
  assert.ok(cuts !== null && cuts.length / 2 === 50, `the images are cut (${cuts?.length})`);
  let cut = 0;
  for (let i = 0; i < cuts.length; i += 2) cut += cuts[i + 1]! - cuts[i]!;
  assert.ok(bytes.length - cut > 256 * 1024, "the skeleton is larger than the reused buffer");
  assertSame(bytes, "large skeleton");
  for (const at of [10, bytes.length >> 1, bytes.length - 3]) {
    const broken = Buffer.from(bytes);
    broken[at] = 0xff;
    assertSame(broken, `large skeleton, byte ${at} broken`);
  }
});

test("an enumerable property added to Object.prototype changes nothing", () => {
  const image = `data:image/png;base64,${"QUJD".repeat(30_000)}`;
  const text = JSON.stringify({ a: [image, { b: image }], c: "x" });
  const proto = Object.prototype as Record<string, unknown>;
  // A placeholder's text, inherited: a walk that visited inherited keys would give every object its own copy.
  proto.polluted = "\u00000";
  try {
    const value = parseJsonBytes(Buffer.from(text)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ["a", "c"]);
    assert.equal(Object.hasOwn(value, "polluted"), false);
    assert.equal(JSON.stringify(value), text);
  } finally {
    delete proto.polluted;
  }
});

test("under node --jitless (no WebAssembly) the fallback check cuts the same documents to the same values", () => {
  // The built module (dist/), as the CLI runs it: `npm run build` first.
  const script = `
    const { parseJsonBytes, findCuts } = await import(${JSON.stringify(new URL("../dist/json/parse-bytes.js", import.meta.url).href)});
    const { usesSimdPlainCheck } = await import(${JSON.stringify(new URL("../dist/json/plain-ascii.js", import.meta.url).href)});
    const { createResponse } = await import(${JSON.stringify(new URL("../bench/rollout-docs.mjs", import.meta.url).href)});
    const outcome = (parse) => { try { return JSON.stringify(parse()); } catch (error) { return error.constructor.name + ": " + error.message; } };
    const text = JSON.stringify(createResponse({ trajectories: 1, steps: 8, imageBytes: 20_000 }));
    const docs = [Buffer.from(text)];
    for (const [at, byte] of [[3000, 0x01], [3000, 0x5c], [3000, 0x22], [3000, 0xc3], [3000, 0x7f], [text.length - 2, 0x20]]) {
      const copy = Buffer.from(text);
      copy[at] = byte;
      docs.push(copy);
    }
    const mismatches = docs.map((doc, i) => outcome(() => parseJsonBytes(doc)) === outcome(() => JSON.parse(doc.toString("utf8"))) ? null : i).filter((i) => i !== null);
    console.log(JSON.stringify({ simd: usesSimdPlainCheck(), cut: findCuts(docs[0]).length / 2, mismatches }));
  `;
  const child = spawnSync(process.execPath, ["--jitless", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout.trim().split("\n").pop()!), { simd: false, cut: 8, mismatches: [] });
});
