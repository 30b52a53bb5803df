/**
 * The compiled rollout validators (generated/rollout-validate.js, which the
 * server runs on POST /rollout and the tracer on the session it hands over)
 * agree with Zod, the source of truth. For the request, the response and
 * the traced session, fast-check generates documents shaped by the
 * schema and shaped then broken (wrong type, unknown key, missing key,
 * out-of-range or blank value); on every one the verdicts must be equal;
 * where both accept, the value the compiled code completed in place must
 * equal Zod's parsed copy (defaults filled, unknown keys dropped); where both
 * reject, the compiled code's error must be at a path Zod reports. Then the
 * executor's own objects, which JSON.parse never makes: NaN, Infinity, Maps,
 * class instances, symbol keys, frozen values.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { z } from "zod";
import {
  validateContainerRolloutRequest,
  validateParsedContainerRolloutRequest,
  validateParsedRolloutRequest,
  validateParsedRolloutResponse,
  validateRolloutRequest,
  validateRolloutResponse,
  validateRolloutResult,
  validateSessionTrace,
  type CompiledValidator,
} from "../generated/rollout-validate.js";
import { ContainerRolloutRequest } from "../src/schemas/container-rollout.js";
import { RolloutResult } from "../src/schemas/rollout-result.js";
import { generateJsonSchema } from "../src/codegen/json-schema.js";
import { formatPath } from "../src/config/findings.js";
import { RolloutRequest, RolloutResponse } from "../src/schemas/rollout.js";
import { SessionTraceV3 } from "../src/schemas/session-trace.js";
import { checkRolloutResponse, failureOf, pathOf } from "../src/server/validate.js";
import { RUNS, SEED } from "./helpers/differential.js";
import { applyMutations, documentOf, mutationArb } from "./helpers/schema-arbitrary.js";

const CASES: [string, z.ZodType, CompiledValidator][] = [
  ["RolloutRequest", RolloutRequest, validateRolloutRequest],
  ["RolloutResponse", RolloutResponse, validateRolloutResponse],
  ["ContainerRolloutRequest", ContainerRolloutRequest, validateContainerRolloutRequest],
  ["RolloutResult", RolloutResult, validateRolloutResult],
  ["SessionTraceV3", SessionTraceV3, validateSessionTrace],
];

/** The variants for `JSON.parse` output, with the validator they stand for. */
const PARSED_CASES: [string, z.ZodType, CompiledValidator, CompiledValidator][] = [
  ["RolloutRequest", RolloutRequest, validateParsedRolloutRequest, validateRolloutRequest],
  ["RolloutResponse", RolloutResponse, validateParsedRolloutResponse, validateRolloutResponse],
  ["ContainerRolloutRequest", ContainerRolloutRequest, validateParsedContainerRolloutRequest, validateContainerRolloutRequest],
];

/**
 * Documents for one schema: a third shaped by it, two thirds shaped then
 * broken (many breaks land in free-form records, where anything goes).
 */
function corpusOf(shape: Record<string, unknown>): fc.Arbitrary<unknown> {
  const shaped = documentOf(shape);
  const broken = fc.tuple(shaped, fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([doc, ms]) => applyMutations(doc, ms));
  return fc.oneof({ arbitrary: shaped, weight: 1 }, { arbitrary: broken, weight: 2 });
}

describe("the compiled rollout validators agree with Zod", () => {
  for (const [name, schema, validate] of CASES) {
    test(`${name}: ${RUNS} generated documents`, (t) => {
      const stats = { documents: 0, valid: 0, invalid: 0, samePath: 0 };
      const shape = generateJsonSchema(schema, { io: "input", editorExtras: false });
      fc.assert(
        fc.property(corpusOf(shape), (doc) => {
          const zod = schema.safeParse(structuredClone(doc));
          const checked = structuredClone(doc);
          const verdict = validate(checked);
          stats.documents++;
          const report = () => `document: ${JSON.stringify(doc)}\nzod: ${JSON.stringify(zod.error?.issues ?? [])}\ncompiled: ${JSON.stringify(validate.errors)}`;
          assert.equal(verdict, zod.success, `Zod ${zod.success ? "accepts" : "rejects"}, the compiled validator does not\n${report()}`);
          if (zod.success) {
            stats.valid++;
            assert.deepEqual(checked, zod.data, `completed in place as Zod parses\n${report()}`);
            return;
          }
          stats.invalid++;
          const path = formatPath(pathOf(failureOf(validate)!));
          const zodPaths = zod.error.issues.map((i) => formatPath(i.path));
          if (path === zodPaths[0]) stats.samePath++;
          assert.ok(zodPaths.includes(path), `error at ${path || "(root)"}, a path Zod reports\n${report()}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      t.diagnostic(JSON.stringify(stats));
      assert.ok(stats.valid >= RUNS * 0.1, `at least 10% valid documents: ${JSON.stringify(stats)}`);
      assert.ok(stats.invalid >= RUNS * 0.2, `at least 20% invalid documents: ${JSON.stringify(stats)}`);
    });
  }
});

describe("the compiled validators for JSON.parse output agree with Zod and with the general ones", () => {
  for (const [name, schema, parsed, general] of PARSED_CASES) {
    test(`${name}: ${RUNS} generated documents, as JSON.parse makes them`, () => {
      const shape = generateJsonSchema(schema, { io: "input", editorExtras: false });
      fc.assert(
        fc.property(corpusOf(shape), (doc) => {
          const text = JSON.stringify(doc);
          if (text === undefined) return;
          const zod = schema.safeParse(JSON.parse(text));
          const checked = JSON.parse(text);
          const verdict = parsed(checked);
          const report = () => `document: ${text}\nzod: ${JSON.stringify(zod.error?.issues ?? [])}\ncompiled: ${JSON.stringify(parsed.errors)}`;
          assert.equal(verdict, zod.success, `Zod ${zod.success ? "accepts" : "rejects"}, the parsed-JSON validator does not\n${report()}`);
          const byGeneral = JSON.parse(text);
          assert.equal(general(byGeneral), verdict, `the general validator's verdict differs\n${report()}`);
          if (zod.success) {
            assert.deepEqual(checked, zod.data, `completed in place as Zod parses\n${report()}`);
            assert.deepEqual(checked, byGeneral, `completed in place as the general validator completes it\n${report()}`);
            return;
          }
          assert.equal(formatPath(pathOf(failureOf(parsed)!)), formatPath(pathOf(failureOf(general)!)), `the same failure as the general validator's\n${report()}`);
          assert.ok(zod.error.issues.map((i) => formatPath(i.path)).includes(formatPath(pathOf(failureOf(parsed)!))), `error at a path Zod reports\n${report()}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }

  test("JSON.parse output with an own `constructor` or `__proto__` key is a plain record to both, as to Zod", () => {
    const text = JSON.stringify({ ...response(), metrics: { ...response().metrics, details: { constructor: { prototype: 1 } } } }).replace('"obs":{', '"obs":{"__proto__":{"a":1},"constructor":"x",');
    for (const validate of [validateParsedRolloutResponse, validateRolloutResponse]) assert.equal(validate(JSON.parse(text)), RolloutResponse.safeParse(JSON.parse(text)).success);
    assert.ok(RolloutResponse.safeParse(JSON.parse(text)).success);
  });
});

describe("a nullable value is tested for null first, and its own failure is reported", () => {
  const cases: [string, (r: Record<string, any>) => void, string | undefined][] = [
    ["a null trace", (r) => (r.trace = null), undefined],
    ["a null reward", (r) => (r.trajectories[0].steps[0].reward = null), undefined],
    ["a null info", (r) => (r.trajectories[0].steps[0].info = null), undefined],
    ["a string as a reward", (r) => (r.trajectories[0].steps[0].reward = "1"), "trajectories[0].steps[0].reward"],
    ["a list as info", (r) => (r.trajectories[0].steps[0].info = [1]), "trajectories[0].steps[0].info"],
    ["an infinite events score", (r) => (r.metrics.events_score = Infinity), "metrics.events_score"],
    ["a trace that is a number", (r) => (r.trace = 5), "trace"],
    ["a trace envelope without its session", (r) => (r.trace = { version: 3 }), undefined],
  ];
  for (const [what, change, path] of cases) {
    test(`${what}: ${path === undefined ? "the verdict is Zod's" : `refused at ${path}`}`, () => {
      const doc = response() as Record<string, any>;
      change(doc);
      const zod = RolloutResponse.safeParse(structuredClone(doc));
      for (const validate of [validateRolloutResponse, validateParsedRolloutResponse]) {
        const verdict = validate(structuredClone(doc));
        assert.equal(verdict, zod.success);
        if (!verdict) {
          const failure = failureOf(validate)!;
          const at = formatPath(pathOf(failure));
          if (path !== undefined) assert.equal(at, path);
          assert.notEqual(failure.keyword, "if", `the value's own error, not the null test's: ${JSON.stringify(validate.errors)}`);
          assert.ok(zod.error!.issues.map((i) => formatPath(i.path)).includes(at), `${at} is a path Zod reports: ${JSON.stringify(zod.error!.issues)}`);
        }
      }
      if (path !== undefined) assert.ok(!zod.success);
      else if (what.startsWith("a null")) assert.ok(zod.success);
    });
  }
});

/** A small valid response, as an executor returns it (defaults left out). */
const response = () => ({
  run_id: "run-1",
  trajectories: [{ env_id: "e", policy_id: "p", steps: [{ obs: { text: "hi" }, tool_calls: [], reward: 1 }], length: 1 }],
  metrics: { episode_returns: [1], mean_return: 1, num_steps: 1 },
});

describe("the compiled response validator works on the executor's own object", () => {
  test("accepts it without copying: defaults filled and unknown keys dropped in place, as Zod parses", () => {
    const result = { ...response(), extra: "dropped" };
    const checked = checkRolloutResponse(result);
    assert.ok(checked.success);
    assert.equal(checked.data, result, "the same object, not a copy");
    assert.deepEqual(result, RolloutResponse.parse({ ...response(), extra: "dropped" }));
    assert.equal(result.trajectories[0]!.steps[0]!.obs.text, "hi");
  });

  test("a frozen response with defaults left out is accepted through Zod's copy", () => {
    const deepFreeze = <T>(value: T): T => {
      if (typeof value === "object" && value !== null) Object.values(value).forEach(deepFreeze);
      return Object.freeze(value);
    };
    const result = deepFreeze({ ...response(), extra: "dropped" });
    const checked = checkRolloutResponse(result);
    assert.ok(checked.success);
    assert.deepEqual(checked.data, RolloutResponse.parse(result));
    const missingRunId = deepFreeze({ ...response(), run_id: undefined });
    const refused = checkRolloutResponse(missingRunId);
    assert.ok(!refused.success);
    assert.equal(refused.issues[0]!.path, "run_id");
  });

  test("a class instance is serialised as Zod's copy, getters included", () => {
    class Result {
      trajectories = response().trajectories;
      metrics = response().metrics;
      get run_id() {
        return "run-from-getter";
      }
    }
    const result = new Result();
    assert.equal(validateRolloutResponse(result), false, "the compiled code leaves it to Zod");
    const checked = checkRolloutResponse(result);
    assert.ok(checked.success);
    assert.notEqual(checked.data, result);
    assert.equal(JSON.parse(JSON.stringify(checked.data)).run_id, "run-from-getter");
  });

  const broken: [string, (r: ReturnType<typeof response>) => void, string][] = [
    ["NaN", (r) => (r.metrics.mean_return = NaN), "metrics.mean_return"],
    ["Infinity", (r) => (r.trajectories[0]!.steps[0]!.reward = Infinity), "trajectories[0].steps[0].reward"],
    ["a Map as a record", (r) => ((r.trajectories[0]!.steps[0] as { obs: unknown }).obs = new Map([["a", 1]])), "trajectories[0].steps[0].obs"],
    ["a class instance as a record", (r) => ((r.trajectories[0]!.steps[0] as { obs: unknown }).obs = new (class Obs {})()), "trajectories[0].steps[0].obs"],
    ["a symbol key in a record", (r) => ((r.trajectories[0]!.steps[0]!.obs as Record<symbol, unknown>)[Symbol("s")] = 1), "trajectories[0].steps[0].obs"],
    ["an unsafe integer", (r) => (r.metrics.num_steps = 2 ** 53), "metrics.num_steps"],
  ];
  for (const [what, breakIt, path] of broken) {
    test(`refuses ${what} as Zod does, with Zod's path and message`, () => {
      const result = response();
      breakIt(result);
      const zod = RolloutResponse.safeParse(result);
      assert.ok(!zod.success);
      assert.equal(validateRolloutResponse(result), false);
      assert.equal(formatPath(pathOf(failureOf(validateRolloutResponse)!)), path);
      const checked = checkRolloutResponse(result);
      assert.ok(!checked.success);
      assert.deepEqual(checked.issues, zod.error.issues.map((i) => ({ path: formatPath(i.path), message: i.message })));
    });
  }
});
