/** Stable JSON text: sorted keys except ordered maps, 2 spaces, LF, one final newline. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizeText, serializeJson } from "../src/codegen/serialize.js";

test("sorts object keys, keeps the order of properties and paths, ends with one newline", () => {
  const text = serializeJson({
    b: 1,
    a: { z: true, y: [3, { d: 1, c: 2 }] },
    properties: { zeta: { type: "string", description: "z" }, alpha: {} },
    paths: { "/z": {}, "/a": {} },
  });
  assert.equal(
    text,
    [
      "{",
      '  "a": {',
      '    "y": [',
      "      3,",
      "      {",
      '        "c": 2,',
      '        "d": 1',
      "      }",
      "    ],",
      '    "z": true',
      "  },",
      '  "b": 1,',
      '  "paths": {',
      '    "/z": {},',
      '    "/a": {}',
      "  },",
      '  "properties": {',
      '    "zeta": {',
      '      "description": "z",',
      '      "type": "string"',
      "    },",
      '    "alpha": {}',
      "  }",
      "}",
      "",
    ].join("\n"),
  );
});

test("is the same for the same value whatever the insertion order", () => {
  assert.equal(serializeJson({ a: 1, b: { c: 1, d: 2 } }), serializeJson({ b: { d: 2, c: 1 }, a: 1 }));
});

test("drops undefined members, refuses values JSON cannot hold", () => {
  assert.equal(serializeJson({ a: undefined, b: null }), '{\n  "b": null\n}\n');
  assert.throws(() => serializeJson({ n: Number.NaN }), /\$\.n/);
  assert.throws(() => serializeJson({ f: () => 1 }), /function/);
  assert.throws(() => serializeJson({ big: 1n }), /bigint/);
});

test("keeps a __proto__ key as data", () => {
  const value = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
  assert.equal(serializeJson(value), '{\n  "__proto__": {\n    "x": 1\n  }\n}\n');
});

test("normalizeText gives LF line ends and exactly one final newline", () => {
  assert.equal(normalizeText("a\r\nb\rc\n\n\n"), "a\nb\nc\n");
  assert.equal(normalizeText("x"), "x\n");
});
