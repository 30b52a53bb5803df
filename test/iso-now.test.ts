/** isoNow / isoOf: the same text as Date#toISOString, with the second's text reused. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isoNow, isoOf } from "../src/time/iso-now.js";

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
