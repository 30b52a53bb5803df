/** isoNow / isoOf / isoOfSeconds: the same text as Date#toISOString, with the second's text reused. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { isoNow, isoOf, isoOfSeconds } from "../src/time/iso-now.js";

test("isoOf gives toISOString's text for every millisecond around second, minute, day and year boundaries", () => {
  const starts = [Date.UTC(2026, 10, 26, 8, 37, 12), Date.UTC(2026, 11, 31, 23, 59, 59), Date.UTC(2024, 1, 29, 0, 0, 0), 0, -1500, Date.UTC(9999, 11, 31, 23, 59, 59)];
  for (const start of starts)
    for (let ms = start - 1200; ms <= start + 1200; ms++) assert.equal(isoOf(ms), new Date(ms).toISOString(), String(ms));
});

test("isoOf alternates between seconds without keeping a stale prefix", () => {
  const a = Date.UTC(2026, 0, 1, 0, 0, 0, 5);
  const b = Date.UTC(2027, 5, 6, 7, 8, 9, 999);
  for (const ms of [a, b, a + 1, b - 998, a]) assert.equal(isoOf(ms), new Date(ms).toISOString());
});

test("isoOf formats times outside years 0-9999 whole, as toISOString does", () => {
  for (const ms of [Date.UTC(10000, 0, 1, 0, 0, 0, 7), Date.UTC(-5, 0, 1), Date.UTC(10000, 0, 1, 0, 0, 0, 8)]) assert.equal(isoOf(ms), new Date(ms).toISOString());
});

test("isoNow is the current time in toISOString's text", () => {
  const before = Date.now();
  const now = Date.parse(isoNow());
  assert.ok(now >= before && now <= Date.now());
  assert.match(isoNow(), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

/** What the rows held before: Date's string, or the error it threw. */
function referenceIso(seconds: number): string {
  try {
    return new Date(seconds * 1000).toISOString();
  } catch (error) {
    return `throws ${(error as Error).name}: ${(error as Error).message}`;
  }
}
function iso(seconds: number): string {
  try {
    return isoOfSeconds(seconds);
  } catch (error) {
    return `throws ${(error as Error).name}: ${(error as Error).message}`;
  }
}

test("isoOfSeconds is new Date(seconds * 1000).toISOString(), to the character or its RangeError, at every edge and over generated times", () => {
  const edges = [
    0, -0, 1e-9, -1e-9, -0.0005, 0.0005, 0.001, 0.9995, 0.9999999, 1, 59.999, 60, 3599.999, 3600, 86_399.999, 86_400, 86_400.0004,
    951_782_400, 951_868_799.999, 1_795_697_867.991, 1_763_000_000.125, 1_763_000_500.25, 253_402_300_799.999, 253_402_300_799.9995,
    253_402_300_800, -1, -86_400.001, -62_135_596_800, 8.64e12, 8.64e12 + 1, -8.64e12, -8.64e12 - 1, 1e20, -1e20, Number.MAX_VALUE,
    Number.MIN_VALUE, Number.EPSILON, Infinity, -Infinity, NaN,
  ];
  for (const seconds of edges) assert.equal(iso(seconds), referenceIso(seconds), String(seconds));
  fc.assert(
    fc.property(
      fc.oneof(
        fc.double({ min: 0, max: 2e9, noNaN: true }),
        fc.double({ min: -1e11, max: 3e11, noNaN: true }),
        fc.tuple(fc.integer({ min: 0, max: 253_402_300_800 }), fc.constantFrom(0, 0.001, 0.999, 0.9995, 0.5)).map(([s, fraction]) => s + fraction),
        fc.double(),
      ),
      (seconds) => assert.equal(iso(seconds), referenceIso(seconds), String(seconds)),
    ),
    { numRuns: 20_000, seed: 23 },
  );
});
