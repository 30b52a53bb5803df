/**
 * Zod and the emitted draft-07 JSON Schema agree. For each config schema,
 * fast-check generates at least 2,000 documents (shaped by the schema, and
 * shaped then broken: wrong type, unknown key, missing key, out-of-range or
 * blank value); Zod's verdict must equal ajv's on every one, except where
 * Zod's only objections are the documented rules JSON Schema cannot state
 * (src/codegen/rules.ts, UNEXPRESSED_RULES).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { generateConfigSchema } from "../src/codegen/index.js";
import { UNEXPRESSED_RULES } from "../src/codegen/rules.js";
import { configSchemas } from "../src/schemas/registry.js";
import { createAjv, expectedVerdict, RUNS, SEED } from "./helpers/differential.js";
import { corpusArb } from "./helpers/schema-arbitrary.js";

describe("Zod and the emitted JSON Schema agree", () => {
  for (const entry of configSchemas) {
    test(`${entry.id}: ${RUNS} generated documents`, (t) => {
      const validate = createAjv().compile(generateConfigSchema(entry));
      const stats = { documents: 0, mutated: 0, valid: 0, invalid: 0, exceptions: 0 };
      fc.assert(
        fc.property(corpusArb(generateConfigSchema(entry, false)), ({ doc, mutated }) => {
          const expected = expectedVerdict(entry.id, entry.schema, doc);
          const ajv = validate(doc);
          stats.documents++;
          if (mutated) stats.mutated++;
          if (expected.zod) stats.valid++;
          else stats.invalid++;
          if (expected.exception) stats.exceptions++;
          if (ajv !== expected.jsonSchema) {
            const zod = entry.schema.safeParse(doc);
            throw new Error(
              `Zod ${expected.zod ? "accepts" : "rejects"}, ajv ${ajv ? "accepts" : "rejects"}\n` +
                `document: ${JSON.stringify(doc)}\n` +
                `zod: ${JSON.stringify(zod.error?.issues ?? [])}\najv: ${JSON.stringify(validate.errors)}`,
            );
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
      t.diagnostic(JSON.stringify(stats));
      assert.ok(stats.documents >= RUNS);
      assert.ok(stats.valid >= RUNS * 0.1, `at least 10% valid documents: ${JSON.stringify(stats)}`);
      assert.ok(stats.invalid >= RUNS * 0.25, `at least 25% invalid documents: ${JSON.stringify(stats)}`);
    });
  }

  test("every documented exception is a real Zod rule of a registered schema", () => {
    for (const rule of UNEXPRESSED_RULES) {
      assert.ok(configSchemas.some((e) => e.id === rule.schemaId), rule.schemaId);
      assert.ok(rule.reason.length > 20, "the reason is stated");
    }
  });
});
