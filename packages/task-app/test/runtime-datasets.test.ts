import { test } from "node:test";
import assert from "node:assert/strict";
import { createDatasetRegistry, ensureSplit, normaliseSeed } from "../src/runtime/datasets.js";

test("registry registers, describes, lists and caches loads per (id, version, default_split)", async () => {
  const reg = createDatasetRegistry();
  let loads = 0;
  reg.register({ id: "math", name: "Math", splits: ["train", "test"], default_split: "train", cardinality: 10 }, async (spec) => {
    loads++;
    return { rows: spec.cardinality };
  });
  reg.register({ id: "raw", name: "Raw" }, () => ({ n: ++loads }), { cache: false });
  assert.deepEqual(reg.list().map((s) => s.id), ["math", "raw"]);
  assert.equal(reg.describe("math").default_split, "train");
  assert.throws(() => reg.describe("nope"), /unknown dataset "nope"/);
  const [a, b] = await Promise.all([reg.get("math"), reg.get("math")]);
  assert.deepEqual(a, { rows: 10 });
  assert.equal(a, b);
  assert.equal(loads, 1, "concurrent gets share one load");
  await reg.get({ ...reg.describe("math"), version: "2" });
  assert.equal(loads, 2, "another version is another cache key");
  assert.notEqual(await reg.get("raw"), await reg.get("raw"));
  await assert.rejects(reg.get("nope"), /unknown dataset/);
});

test("a failed load is not cached", async () => {
  const reg = createDatasetRegistry();
  let n = 0;
  reg.register({ id: "flaky", name: "F" }, () => {
    if (n++ === 0) throw new Error("boom");
    return "ok";
  });
  await assert.rejects(reg.get("flaky"), /boom/);
  assert.equal(await reg.get("flaky"), "ok");
});

test("register validates the spec", () => {
  const reg = createDatasetRegistry();
  assert.throws(() => reg.register({ id: "d", name: "D", splits: ["train"], default_split: "dev" }, () => 1), /default_split must be one of splits/);
});

test("ensureSplit follows CONTRACT §5.4", () => {
  const none = { id: "d", splits: [] as string[], default_split: null };
  assert.equal(ensureSplit(none), "default");
  assert.equal(ensureSplit(none, "x"), "x");
  assert.equal(ensureSplit({ ...none, default_split: "dev" }), "dev");
  const two = { id: "d", splits: ["train", "test"], default_split: "train" };
  assert.equal(ensureSplit(two, "test"), "test");
  assert.equal(ensureSplit(two), "train");
  assert.throws(() => ensureSplit(two, "dev"), /unknown split "dev"/);
  assert.throws(() => ensureSplit({ ...two, default_split: null }), /unknown split/);
});

test("normaliseSeed: integer part, absolute value, modulo cardinality", () => {
  assert.equal(normaliseSeed(7), 7);
  assert.equal(normaliseSeed(-7), 7);
  assert.equal(normaliseSeed(17, 10), 7);
  assert.equal(normaliseSeed(-17, 10), 7);
  assert.equal(normaliseSeed(3.9, 0), 3);
  assert.equal(normaliseSeed("12", 5), 2);
  assert.equal(normaliseSeed(2n ** 70n, 1000), Number(2n ** 70n % 1000n));
  assert.equal(normaliseSeed(5, null), 5);
  assert.throws(() => normaliseSeed("abc"), /seed must be an integer/);
  assert.throws(() => normaliseSeed(Number.NaN), /seed must be an integer/);
});
