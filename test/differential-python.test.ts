/**
 * A second, independent JSON Schema implementation (Python's `jsonschema`,
 * Draft7Validator) checks the same generated corpus against the emitted
 * schemas: its verdict on every document must be the one Zod implies (equal
 * to Zod's, except the documented rules JSON Schema cannot state), as ajv's
 * is in differential-config.test.ts. Skips, saying so, without Python.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { generateConfigSchema } from "../src/codegen/index.js";
import { configSchemas } from "../src/schemas/registry.js";
import { createAjv, expectedVerdict, RUNS, SEED } from "./helpers/differential.js";
import { findPython } from "./helpers/python.js";
import { corpusArb } from "./helpers/schema-arbitrary.js";

const here = dirname(fileURLToPath(import.meta.url));
const python = findPython(["jsonschema"]);

test(
  `Python jsonschema agrees on ${RUNS} documents per config schema`,
  { skip: python.ok ? false : python.reason },
  async (t) => {
    if (!python.ok) return;
    const corpus: Record<string, { schema: object; documents: unknown[] }> = {};
    const expected: Record<string, boolean[]> = {};
    for (const entry of configSchemas) {
      const schema = generateConfigSchema(entry);
      const documents = fc.sample(corpusArb(generateConfigSchema(entry, false)), { numRuns: RUNS, seed: SEED }).map((s) => s.doc);
      corpus[entry.id] = { schema, documents };
      expected[entry.id] = documents.map((doc) => expectedVerdict(entry.id, entry.schema, doc).jsonSchema);
      const ajv = createAjv().compile(schema);
      assert.deepEqual(documents.map((d) => ajv(d)), expected[entry.id], `${entry.id}: ajv agrees first`);
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
