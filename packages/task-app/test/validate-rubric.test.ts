/**
 * `task-app validate rubrics/*.json`: rubric files are checked against the
 * rubric schema (src/schemas/rubric.ts) with positioned findings, and the
 * JSON position scan lands on the right key.
 */
import assert from "node:assert/strict";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { locateJsonPaths } from "../src/config/json-locate.js";
import { runCli } from "./helpers/run-cli.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const BAD = `{
  "$schema": "../node_modules/task-app/schemas/rubric.schema.json",
  "outcome": {
    "version": "1",
    "aggregation": "weighted",
    "criteria": [
      { "id": "correct", "description": "right \\"answer\\" {", "weight": -1 },
      { "id": "tool", "description": "used the tool", "weigth": 0.2 }
    ]
  }
}
`;

test("rubric JSON files validate against the rubric schema, with file:line:col findings", async () => {
  const dir = await mkdtemp(join(tmpdir(), "task-app-rubric-"));
  await writeFile(join(dir, "bad.json"), BAD);
  await writeFile(join(dir, "broken.json"), '{\n  "version": "1",\n}\n');
  await writeFile(join(dir, "other.json"), '{ "name": "not a rubric" }\n');
  const templates = ["templates/math/rubrics/outcome.json", "templates/math/rubrics/events.json"].map((f) => join(ROOT, f));
  const run = await runCli(["validate", ...templates, "bad.json", "broken.json", "other.json"], dir);
  assert.equal(run.code, 1);
  assert.equal(
    run.stdout,
    [
      'bad.json:5:5: error: outcome.aggregation: expected one of "sum", "weighted_sum", "custom", "inherit", got string "weighted"',
      "bad.json:7:63: error: outcome.criteria[0].weight: must be > 0, got integer -1",
      'bad.json:8:55: error: outcome.criteria[1].weigth: unknown key "weigth" in [outcome.criteria[1]]; did you mean "weight"?',
      "broken.json:3:1: error: invalid JSON: Expected double-quoted property name",
      "other.json:1:1: error: cannot tell what this JSON is: a rubric has version and criteria, a rubric bundle has outcome and/or events",
      "5 files checked: 2 valid, 3 invalid (5 errors, 0 warnings)",
      "",
    ].join("\n"),
  );
});

test("locateJsonPaths finds keys and elements past strings holding quotes and brackets", () => {
  const text = '{"a": "x\\"]}", "b": [1, {"c": [true, null]}, "z"],\n "d": {"e": -1.5e3}}';
  assert.deepEqual(locateJsonPaths(text, [["a"], ["b", 1, "c", 1], ["b", 2], ["d", "e"], ["d", "missing"], []]), [
    { line: 1, column: 2 },
    { line: 1, column: 38 },
    { line: 1, column: 46 },
    { line: 2, column: 8 },
    { line: 2, column: 2 },
    { line: 1, column: 1 },
  ]);
});
