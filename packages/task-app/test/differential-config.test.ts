/**
 * Zod and the emitted draft-07 JSON Schema agree. For each config schema,
 * fast-check generates at least 2,000 documents (shaped by the schema, and
 * shaped then broken: wrong type, unknown key, missing key, out-of-range or
 * blank value); Zod's verdict must equal ajv's on every one, except where
 * Zod's only objections are the documented rules JSON Schema cannot state
 * (src/codegen/rules.ts, UNEXPRESSED_RULES).
 *
 * Then a second, independent JSON Schema implementation (Python's
 * `jsonschema`, Draft7Validator) checks the same documents against the
 * emitted schemas: its verdict on every one must be the one Zod implies, as
 * ajv's is. It reads the corpus the ajv tests generated and judged (the same
 * seed gives fast-check's sample the same documents; a schema whose ajv test
 * did not finish is sampled again). Skips, saying so, without Python.
 */
// npm test: own process (it runs for most of a minute: files sharing its process would wait behind it; scripts/test-groups.mjs)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { generateConfigSchema } from "../src/codegen/index.js";
import { UNEXPRESSED_RULES } from "../src/codegen/rules.js";
import { configSchemas } from "../src/schemas/registry.js";
import { createAjv, expectedVerdict, RUNS, SEED } from "./helpers/differential.js";
import { findPython } from "./helpers/python.js";
import { corpusArb } from "./helpers/schema-arbitrary.js";

const here = dirname(fileURLToPath(import.meta.url));

/** One schema's generated documents, the JSON Schema verdict Zod implies for each, and ajv's. */
interface Judged {
  schema: object;
  documents: unknown[];
  expected: boolean[];
  ajv: boolean[];
}

/** The corpus of each schema whose ajv test ran every document (by schema id). */
const judged = new Map<string, Judged>();

describe("Zod and the emitted JSON Schema agree", () => {
  for (const entry of configSchemas) {
    test(`${entry.id}: ${RUNS} generated documents`, (t) => {
      const schema = generateConfigSchema(entry);
      const validate = createAjv().compile(schema);
      const stats = { documents: 0, mutated: 0, valid: 0, invalid: 0, exceptions: 0 };
      const seen: Judged = { schema, documents: [], expected: [], ajv: [] };
      fc.assert(
        fc.property(corpusArb(generateConfigSchema(entry, false)), ({ doc, mutated }) => {
          const expected = expectedVerdict(entry.id, entry.schema, doc);
          const ajv = validate(doc);
          stats.documents++;
          seen.documents.push(doc);
          seen.expected.push(expected.jsonSchema);
          seen.ajv.push(ajv);
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
      // deploy.toml's refinements (a module inside the project, a host that is not an IP, Kubernetes
      // names) refuse more of what a generator driven by the JSON Schema makes: 5% is still ~100 documents.
      const minValid = entry.id === "deploy-config" ? 0.05 : 0.1;
      assert.ok(stats.valid >= RUNS * minValid, `at least ${minValid * 100}% valid documents: ${JSON.stringify(stats)}`);
      assert.ok(stats.invalid >= RUNS * 0.25, `at least 25% invalid documents: ${JSON.stringify(stats)}`);
      // Every document passed (no shrinking ran): these are the RUNS documents of the seed, in order.
      judged.set(entry.id, seen);
    });
  }

  test("every documented exception is a real Zod rule of a registered schema", () => {
    for (const rule of UNEXPRESSED_RULES) {
      assert.ok(configSchemas.some((e) => e.id === rule.schemaId), rule.schemaId);
      assert.ok(rule.reason.length > 20, "the reason is stated");
    }
  });
});

/** A schema's corpus sampled afresh (same arbitrary, seed and count as its ajv test), judged by Zod and ajv. */
function sampleCorpus(entry: (typeof configSchemas)[number]): Judged {
  const schema = generateConfigSchema(entry);
  const documents = fc.sample(corpusArb(generateConfigSchema(entry, false)), { numRuns: RUNS, seed: SEED }).map((s) => s.doc);
  const validate = createAjv().compile(schema);
  return { schema, documents, expected: documents.map((doc) => expectedVerdict(entry.id, entry.schema, doc).jsonSchema), ajv: documents.map((d) => validate(d)) };
}

const python = findPython(["jsonschema"]);

test(
  `Python jsonschema agrees on ${RUNS} documents per config schema`,
  { skip: python.ok ? false : python.reason },
  async (t) => {
    if (!python.ok) return;
    const corpus: Record<string, { schema: object; documents: unknown[] }> = {};
    const expected: Record<string, boolean[]> = {};
    for (const entry of configSchemas) {
      const judgedHere = judged.get(entry.id) ?? sampleCorpus(entry);
      corpus[entry.id] = { schema: judgedHere.schema, documents: judgedHere.documents };
      expected[entry.id] = judgedHere.expected;
      assert.equal(judgedHere.documents.length, RUNS);
      assert.deepEqual(judgedHere.ajv, expected[entry.id], `${entry.id}: ajv agrees first`);
    }
    const dir = await mkdtemp(join(tmpdir(), "differential-python-"));
    try {
      const file = join(dir, "corpus.json");
      await writeFile(file, JSON.stringify(corpus));
      const run = spawnSync(python.python, [join(here, "python", "check_jsonschema.py"), file], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      assert.equal(run.status, 0, run.stderr);
      const verdicts = JSON.parse(run.stdout) as Record<string, boolean[]>;
      for (const entry of configSchemas) {
        const got = verdicts[entry.id]!;
        const want = expected[entry.id]!;
        assert.equal(got.length, RUNS);
        const disagreements = want.flatMap((w, i) => (got[i] === w ? [] : [i]));
        assert.deepEqual(
          disagreements.map((i) => ({ expected: want[i], python: got[i], document: corpus[entry.id]!.documents[i] })).slice(0, 3),
          [],
          `${entry.id}: ${disagreements.length} disagreements`,
        );
        t.diagnostic(`${entry.id}: ${RUNS} documents, ${want.filter(Boolean).length} valid, Python agrees on all`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);
