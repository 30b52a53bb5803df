/**
 * The WebAssembly scan that finds parseJsonBytes' cuts (src/json/cut-scan.ts)
 * held to the byte loop it stands in for (findCutsByIndexOf): the same cuts,
 * or null, on random documents whole and broken, on documents of many of its
 * 64 KiB windows, and on documents that slide every byte of a string, an
 * escape, the whitespace before a key's colon, or the document's end across
 * the edge of a window; parseJsonBytes' value or error the same as
 * JSON.parse's throughout. And its base64 is its WAT source assembled again.
 */
import { readFileSync } from "node:fs";
import { test } from "node:test";
import assert from "node:assert/strict";
import wabt from "wabt";
import { findCuts, findCutsByIndexOf, parseJsonBytes, usesCutScan } from "../src/json/parse-bytes.js";
import { createRandom, documentText, mutate, outcome } from "./helpers/json-documents.js";

/** The cuts of both, which must agree: equal, or (a document that ends inside a string) the scan saw a `\u0000` the loop did not reach. */
function assertSameCuts(bytes: Buffer, label: string): void {
  const scanned = findCuts(bytes);
  const looped = findCutsByIndexOf(bytes);
  if (scanned === null && looped !== null) {
    assert.ok(/\\u0000/.test(bytes.toString("latin1")), `${label}: only the scan gave up, on a document without \\u0000`);
    assert.throws(() => JSON.parse(bytes.toString("utf8")), SyntaxError, `${label}: only the scan gave up, on a document JSON.parse reads`);
  } else assert.deepStrictEqual(scanned, looped, label);
  const expected = outcome(() => JSON.parse(bytes.toString("utf8")));
  assert.deepStrictEqual(outcome(() => parseJsonBytes(bytes)), expected, `${label}: parseJsonBytes`);
}

test("the scan runs here (WebAssembly SIMD on Node 20)", () => {
  assert.equal(usesCutScan(), true);
});

test("the module is its WAT source, assembled (wabt)", async () => {
  const source = readFileSync(new URL("../src/json/cut-scan.ts", import.meta.url), "utf8");
  const start = source.indexOf(" * (module\n");
  const wat = source
    .slice(start, source.indexOf("\n */", start))
    .split("\n")
    .map((line) => line.replace(/^ \*( |$)/, ""))
    .join("\n");
  const base64 = /const WASM =\s*"([A-Za-z0-9+/=]+)"/.exec(source)?.[1];
  assert.ok(start > 0 && base64, "cut-scan.ts holds its WAT in a comment and its base64");
  const module = (await wabt()).parseWat("cut-scan.wat", wat, { simd: true });
  try {
    module.validate();
    assert.equal(Buffer.from(module.toBinary({}).buffer).toString("base64"), base64);
  } finally {
    module.destroy();
  }
});

test("random documents, whole and broken: the scan's cuts are the byte loop's", () => {
  let cut = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const random = createRandom(seed);
    const bytes = Buffer.from(documentText(random));
    assertSameCuts(bytes, `seed ${seed}`);
    assertSameCuts(mutate(random, bytes), `seed ${seed}, broken`);
    if (findCuts(bytes)?.length) cut++;
  }
  assert.ok(cut > 200, `only ${cut} of 300 documents were cut`);
});

test("documents of many windows, whole and broken", () => {
  let cut = 0;
  for (let seed = 1000; seed < 1030; seed++) {
    const random = createRandom(seed);
    const bytes = Buffer.from(documentText(random, 300_000 + random.int(300_000)));
    // Most strings of so large a document are cut; one `\u0000` escape among them (a few documents) and none is.
    if ((findCuts(bytes)?.length ?? 0) > 200) cut++;
    assertSameCuts(bytes, `seed ${seed}`);
    for (let i = 0; i < 3; i++) assertSameCuts(mutate(random, bytes), `seed ${seed}, broken ${i}`);
  }
  assert.ok(cut >= 10, `only ${cut} of 30 documents were cut`);
});

const WINDOW = 64 * 1024;
const LONG = "QUJD".repeat(130); // 520 bytes: long enough to be cut

/** JSON values (as text) whose every byte is slid across the edge of the first window. */
const VALUES = [
  `"${LONG}"`,
  `"${LONG}\u007f${LONG}"`,
  `{"${LONG}" \n\t\r : 1}`,
  `{"${LONG}":"${LONG}"}`,
  `["${LONG}" , "${LONG}"]`,
  `"${LONG}\\u0000${LONG}"`,
  `"${LONG}\\u0041\\u00000${LONG}"`,
  `"${LONG}\\u0030000\\\\u0000${LONG}"`,
  `"${LONG}\\"\\\\\\/${LONG}"`,
  `"${LONG}é${LONG}\\\\"`,
  `"${LONG}\u0001${LONG}"`,
  `"ab\\\\" , "${LONG}"`,
];

test("every byte of a string, an escape or a key's colon on either side of a window's edge", () => {
  for (const [v, value] of VALUES.entries()) {
    const valueBytes = Buffer.byteLength(value);
    // The document: {"pad":"AAAA…","x":[value]}, its value starting from 70 bytes after the edge to 70 bytes before it ends there.
    const prefix = '{"pad":"';
    const middle = '","x":[';
    for (let shift = -valueBytes - 70; shift <= 70; shift++) {
      const padding = WINDOW + shift - prefix.length - middle.length;
      const bytes = Buffer.from(`${prefix}${"A".repeat(padding)}${middle}${value}]}`);
      assertSameCuts(bytes, `value ${v}, shifted ${shift}`);
    }
  }
});

/** Documents cut short, whose end is slid across the edge of the first window (and that end exactly there). */
const ENDINGS = [`"${LONG}`, `"${LONG}\\`, `"${LONG}\\u000`, `"${LONG}\\u0000`, `"${LONG}"  `, `{"${LONG}"  `, `"${LONG}"`, `"${LONG}"]`, `"x\\u00`];

test("a document ending on either side of a window's edge, and on it", () => {
  for (const [e, ending] of ENDINGS.entries()) {
    for (let length = WINDOW - 80; length <= WINDOW + 80; length++) {
      const text = `["${"A".repeat(length - ending.length - 4)}",${ending}`;
      const bytes = Buffer.from(text);
      assert.equal(bytes.length, length);
      assertSameCuts(bytes, `ending ${e}, ${length} bytes`);
    }
  }
});
