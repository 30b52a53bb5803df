/**
 * Dates as Python's tomllib reads them: a date that is not on the calendar
 * (day 30 of February, 29 of a February of a year that is not leap, day 31
 * of a 30-day month, year 0000) is refused at its line:col, where the TOML
 * parser alone rolls it over into the next month; every calendar date,
 * leap days and date-times included, still reads. Each case is checked
 * against tomllib itself: both refuse it, at the same line and column, or
 * both read it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { parseTomlDocument, TomlSyntaxError } from "../src/config/toml.js";
import { findPython } from "./helpers/python.js";

const CASES = [
  "d = 1979-02-30",
  "d = 1900-02-29",
  "d = 2100-02-29",
  "d = 0000-01-01",
  "d = 1979-04-31",
  "d = 1979-02-30T07:32:00Z",
  "d = 1979-06-31 07:32:00",
  "a = [2001-01-01, 1979-11-31]",
  "t = { when = 1979-09-31 }",
  "d = 2000-02-29",
  "d = 2024-02-29T00:00:00",
  "d = 0001-01-01",
  "d = 9999-12-31",
  "d = 1979-05-27T07:32:00-08:00",
  "t = 07:32:00",
  "s = '1979-02-30'",
  '"1979-02-30" = "a key"',
  "x = 1 # 1979-02-30 in a comment",
];

const python = findPython(["tomllib", "json"]);

test("a date off the calendar is refused where Python's tomllib refuses it, and only then", { skip: python.ok ? false : python.reason }, () => {
  const script = `import json, re, sys, tomllib
out = []
for text in json.load(sys.stdin):
    try:
        tomllib.loads(text); out.append(None)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"at line (\\d+), column (\\d+)", str(e))
        out.append([int(m.group(1)), int(m.group(2))] if m else str(e))
print(json.dumps(out))`;
  const run = spawnSync((python as { python: string }).python, ["-c", script], { input: JSON.stringify(CASES.map((c) => `x0 = 1\n${c}\n`)), encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const verdicts = JSON.parse(run.stdout) as ([number, number] | string | null)[];
  CASES.forEach((text, i) => {
    let ours: [number, number] | null = null;
    try {
      parseTomlDocument(`x0 = 1\n${text}\n`);
    } catch (error) {
      assert.ok(error instanceof TomlSyntaxError, String(error));
      ours = [error.line, error.column];
    }
    const theirs = verdicts[i];
    if (theirs === null) assert.equal(ours, null, `${text}: tomllib reads it`);
    else {
      assert.notEqual(ours, null, `${text}: tomllib refuses it`);
      assert.ok(Array.isArray(theirs), `${text}: tomllib's position: ${String(theirs)}`);
      assert.deepEqual(ours, theirs, text);
    }
  });
  assert.ok(verdicts.filter((v) => v !== null).length >= 8, "most cases are refusals");
});

test("the refusal says which date and why", () => {
  assert.throws(() => parseTomlDocument("d = 1979-02-30\n"), (e: TomlSyntaxError) => e.line === 1 && e.column === 5 && /invalid date 1979-02-30: February 1979 has 28 days/.test(e.reason));
  assert.throws(() => parseTomlDocument("d = 0000-01-01\n"), /years run from 0001/);
});
