import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { blendRubrics, loadRubric, scoreEvents, scoreOutcome, scoreRubric } from "../src/runtime/rubrics.js";
import { Rubric } from "../src/schemas/rubric.js";

const dir = mkdtempSync(join(tmpdir(), "rubrics-"));
const obj = { version: "1", goal_text: "Win", criteria: [{ id: "a", description: "A", weight: 2 }, { id: "b", description: "B" }] };

test("loadRubric reads objects, JSON/TOML/YAML files, JSON and YAML text, and returns null for nothing", async () => {
  writeFileSync(join(dir, "r.json"), JSON.stringify(obj));
  writeFileSync(join(dir, "r.toml"), 'version = "1"\ngoal_text = "Win"\n[[criteria]]\nid = "a"\ndescription = "A"\nweight = 2.0\n[[criteria]]\nid = "b"\ndescription = "B"\n');
  writeFileSync(join(dir, "r.yaml"), "version: '1'\ngoal_text: Win\ncriteria:\n  - {id: a, description: A, weight: 2}\n  - {id: b, description: B}\n");
  const expected = Rubric.parse(obj);
  for (const src of [obj, join(dir, "r.json"), join(dir, "r.toml"), join(dir, "r.yaml"), JSON.stringify(obj), "version: '1'\ngoal_text: Win\ncriteria:\n  - {id: a, description: A, weight: 2}\n  - {id: b, description: B}\n"]) {
    assert.deepEqual(await loadRubric(src), expected, String(src).slice(0, 40));
  }
  assert.equal(await loadRubric(null), null);
  assert.equal(await loadRubric(undefined), null);
  await assert.rejects(loadRubric("   "), /empty/);
  await assert.rejects(loadRubric({ version: "1", criteria: [{ id: "a", description: "A", weight: -1 }] }));
  await assert.rejects(loadRubric("- just\n- a list\n"), /mapping/);
});

test("loadRubric fetches a URL over real HTTP", async () => {
  const server = createServer((req, res) => {
    if (req.url === "/r.yaml") res.end("version: '2'\ncriteria:\n  - {id: x, description: X}\n");
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const r = await loadRubric(`${base}/r.yaml`);
    assert.equal(r?.version, "2");
    assert.equal(r?.criteria[0]?.id, "x");
    await assert.rejects(loadRubric(new URL(`${base}/missing.json`)), /HTTP 404/);
  } finally {
    server.close();
  }
});

test("blendRubrics merges by id with CONTRACT §5.5 weights, order and inheritance", () => {
  const base = Rubric.parse({ version: "1", goal_text: "base goal", aggregation: "sum", criteria: [
    { id: "a", description: "base a", weight: 2 },
    { id: "b", description: "base b", weight: 3 },
    { id: "c", description: "base c" },
  ] });
  const override = Rubric.parse({ version: "", aggregation: "inherit", criteria: [
    { id: "new", description: "only override", weight: 0.5 },
    { id: "b", description: "", weight: 0.5 },
    { id: "c", description: "override c", weight: 4, required: true },
    { id: "a", description: "override a" },
  ] });
  const r = blendRubrics(base, override)!;
  assert.deepEqual(r.criteria.map((c) => [c.id, c.description, c.weight, c.required]), [
    ["new", "only override", 0.5, false],
    ["b", "base b", 1.5, false],
    ["c", "override c", 4, true],
    ["a", "override a", 2, false],
  ]);
  assert.equal(r.aggregation, "sum");
  assert.equal(r.version, "1");
  assert.equal(r.goal_text, "base goal");
  const tail = blendRubrics(base, Rubric.parse({ version: "9", criteria: [] }))!;
  assert.deepEqual(tail.criteria.map((c) => c.id), ["a", "b", "c"], "base-only criteria are appended");
  assert.equal(tail.aggregation, "weighted_sum");
  assert.equal(blendRubrics(null, null), null);
  assert.equal(blendRubrics(base, null), base);
  assert.equal(blendRubrics(undefined, override), override);
});

test("scoring: weighted_sum divides by total weight, sum adds, custom is null, no rubric is none", () => {
  const r = Rubric.parse(obj);
  assert.deepEqual(scoreRubric(r, { a: 1, b: 0.5 }), {
    aggregation: "weighted_sum",
    score: (1 * 2 + 0.5 * 1) / 3,
    per_criterion: { a: { score: 1, weight: 2, required: false }, b: { score: 0.5, weight: 1, required: false } },
  });
  assert.equal(scoreRubric({ ...r, aggregation: "sum" }, { a: 1, b: 0.5 }).score, 1.5);
  assert.equal(scoreRubric({ ...r, aggregation: "custom" }, { a: 1 }).score, null);
  assert.equal(scoreRubric({ ...r, aggregation: "inherit" }, { a: 1 }).aggregation, "weighted_sum");
  assert.deepEqual(scoreRubric(null, { a: 1 }), { aggregation: "none", score: null, per_criterion: {} });
  assert.equal(scoreRubric(r, {}).score, 0, "missing criteria score 0");
});

test("scoreEvents matches criterion_id | id | criterion; scoreOutcome reads criteria or the top-level map", () => {
  const r = Rubric.parse({ ...obj, aggregation: "sum" });
  const ev = scoreEvents(r, [{ criterion_id: "a", score: 1 }, { criterion: "b", score: "0.25" }, { id: "a", score: 0.5 }, { score: 9 }, "junk", null]);
  assert.deepEqual([ev.per_criterion.a?.score, ev.per_criterion.b?.score, ev.score], [0.5, 0.25, 0.75]);
  assert.equal(scoreOutcome(r, { criteria: { a: 1, b: 1 }, a: 100 }).score, 2);
  assert.equal(scoreOutcome(r, { a: 1, b: "x" }).score, 1);
  assert.equal(scoreOutcome(r, "nonsense").score, 0);
  assert.equal(scoreEvents(null, []).aggregation, "none");
});

test("an invalid rubric file names the file, line and column, and the path inside the rubric", async () => {
  const cases: [string, string, RegExp][] = [
    // JSON: at the member's key, as `task-app validate` places it (src/config/json-locate.ts).
    ["bad.json", '{\n  "version": "1",\n  "criteria": [\n    {"id": "a", "description": "A", "weight": -1}\n  ]\n}\n', /bad\.json:4:37: invalid rubric at criteria\[0\]\.weight: /],
    ["bad.yaml", "version: '1'\ncriteria:\n  - id: a\n    description: A\n    weight: oops\n", /bad\.yaml:5:13: invalid rubric at criteria\[0\]\.weight: /],
    ["bad.toml", 'version = "1"\n\n[[criteria]]\nid = "a"\ndescription = "A"\nweight = "heavy"\n', /bad\.toml:6:1: invalid rubric at criteria\[0\]\.weight: /],
    ["broken.json", '{\n  "version": "1",\n  "criteria": [\n', /broken\.json:\d+:\d+: invalid JSON: /],
    ["broken.toml", 'version = "1"\ncriteria = [\n', /broken\.toml:\d+:\d+: invalid TOML: /],
  ];
  for (const [name, text, expected] of cases) {
    const file = join(dir, name);
    writeFileSync(file, text);
    await assert.rejects(loadRubric(file), (error: Error) => {
      assert.equal(error.name, "RubricError");
      assert.ok(error.message.startsWith(file), error.message);
      assert.match(error.message, expected);
      return true;
    });
  }
  await assert.rejects(loadRubric({ version: "1", criteria: [{ id: "a" }] } as never), /^RubricError: rubric: invalid rubric at criteria\[0\]\.description: /);
});
