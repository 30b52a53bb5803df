import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { createKeySuggester, MAX_SUGGESTED_KEY_LENGTH, suggestKey } from "../src/config/suggest.js";

const trainingKeys = [
  "batch_size",
  "learning_rate",
  "trainer_mode",
  "supports_vision",
  "max_steps",
  "seed",
  "gradient_accumulation_steps",
];

test("suggestKey finds the intended key for common typos", () => {
  const cases: [string, string | undefined][] = [
    ["batchsize", "batch_size"],
    ["lerning_rate", "learning_rate"],
    ["trainer_mod", "trainer_mode"],
    ["suports_vision", "supports_vision"],
    ["learnign_rate", "learning_rate"], // adjacent transposition counts once
    ["Batch-Size", "batch_size"],
    ["MAX-STEPS", "max_steps"],
    ["gradient_accumulation", "gradient_accumulation_steps"], // 6 edits, limit 7
    ["foo", undefined],
    ["sed", "seed"],
    ["x", undefined],
    ["", undefined],
  ];
  for (const [input, expected] of cases) {
    assert.equal(suggestKey(input, trainingKeys), expected, input);
  }
});

test("suggestKey accepts at most max(1, floor(length / 3)) edits", () => {
  const cases: [string, readonly string[], string | undefined][] = [
    ["ab", ["abcd"], undefined], // 2 edits, limit 1
    ["abc", ["abcd"], "abcd"], // 1 edit, limit 1
    ["abcdef", ["abcdefgh"], "abcdefgh"], // 2 edits, limit 2
    ["abcdef", ["abcdefghi"], undefined], // 3 edits, limit 2
  ];
  for (const [input, allowed, expected] of cases) {
    assert.equal(suggestKey(input, allowed), expected, `${input} in ${allowed.join(",")}`);
  }
});

test("suggestKey breaks ties alphabetically, whatever the order given", () => {
  assert.equal(suggestKey("bat", ["cat", "bar"]), "bar");
  assert.equal(suggestKey("bat", ["bar", "cat"]), "bar");
  assert.equal(suggestKey("a_b", ["A-B", "a-b"]), "A-B");
  assert.equal(suggestKey("lr", []), undefined);
});

test("suggestKey returns an allowed key, independent of order, and finds exact keys", () => {
  const key = fc.stringMatching(/^[a-z_]{1,12}$/);
  fc.assert(
    fc.property(key, fc.array(key, { maxLength: 8 }), (input, allowed) => {
      const hit = suggestKey(input, allowed);
      if (hit !== undefined) assert.ok(allowed.includes(hit));
      assert.equal(suggestKey(input, [...allowed].reverse()), hit);
      assert.equal(suggestKey(input, [...allowed, input]), input);
    }),
  );
});

test("keys longer than MAX_SUGGESTED_KEY_LENGTH get no suggestion, so a huge key costs nothing", () => {
  const long = "k".repeat(MAX_SUGGESTED_KEY_LENGTH);
  assert.equal(suggestKey(long, [long.slice(1)]), long.slice(1));
  assert.equal(suggestKey(`${long}k`, [long]), undefined);
  // A 3 MB key (once 100 s and gigabytes: the full distance matrix) is refused on its length.
  assert.equal(suggestKey("b".repeat(3_000_000), trainingKeys), undefined);
});

test("createKeySuggester answers as suggestKey does", () => {
  const suggest = createKeySuggester(trainingKeys);
  for (const input of ["batchsize", "lerning_rate", "x", "sed", "MAX-STEPS", "gradient_accumulation"]) {
    assert.equal(suggest(input), suggestKey(input, trainingKeys), input);
  }
});
