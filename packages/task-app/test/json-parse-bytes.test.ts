/**
 * parseJsonBytes against `JSON.parse(buf.toString("utf8"))`, its definition:
 * over seeded random documents (helpers/json-documents.ts) large enough for
 * the cutting path (long strings, plain and not, among nested objects and
 * arrays, escapes, astral characters and escaped lone surrogates, raw high
 * bytes, keys long and short, duplicate and `__proto__` keys, whitespace of
 * every kind), each also broken in ways JSON.parse refuses or reads
 * differently (truncated, a byte changed, a BOM, invalid UTF-8 or a control
 * byte inside a long string, the placeholder's own text in the content); the
 * same value (deepStrictEqual, and the same key order) or both throwing a
 * SyntaxError with the same message. Then the image-heavy rollout responses
 * the benchmark times.
 */
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import assert from "node:assert/strict";
import { findCuts, parseJsonBytes, PARSE_BYTES_THRESHOLD } from "../src/json/parse-bytes.js";
import { createResponse } from "../bench/rollout-docs.mjs";
import { createRandom, documentText, mutate, outcome } from "./helpers/json-documents.js";

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

test("under node --jitless (no WebAssembly) the byte loop cuts the same documents to the same values", () => {
  // The built module (dist/), as the CLI runs it: `npm run build` first.
  const script = `
    const { parseJsonBytes, findCuts, usesCutScan } = await import(${JSON.stringify(new URL("../dist/json/parse-bytes.js", import.meta.url).href)});
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
    console.log(JSON.stringify({ simd: usesCutScan(), cut: findCuts(docs[0]).length / 2, mismatches }));
  `;
  const child = spawnSync(process.execPath, ["--jitless", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout.trim().split("\n").pop()!), { simd: false, cut: 8, mismatches: [] });
});
