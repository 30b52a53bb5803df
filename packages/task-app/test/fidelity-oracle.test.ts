/**
 * The differential harness against an oracle of synth-ai's own checks
 * (test/python/synth_oracle.py, pydantic 2): the corpus and its mutations go
 * through both sides; every disagreement must be one of the categories listed,
 * with its reason, in KNOWN_DISAGREEMENTS. `npm run fidelity` prints the same
 * report. Skips, saying so, without Python 3 and pydantic 2.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { buildDocuments, formatFidelity, KNOWN_DISAGREEMENTS, runFidelity, runJsonlFidelity } from "./helpers/fidelity-oracle.js";
import { findPython } from "./helpers/python.js";
import { NO_CORPUS } from "./helpers/payload.js";

const python = findPython(["pydantic", "tomllib"]);

test("task-app and synth-ai's checks agree, or disagree only where listed and explained", { skip: python.ok ? false : python.reason }, async (t) => {
  if (!python.ok) return;
  const docs = buildDocuments();
  if (!docs.length) return t.skip(NO_CORPUS);
  const dir = await mkdtemp(join(tmpdir(), "fidelity-"));
  try {
    const report = runFidelity(python.python, docs, dir);
    await runJsonlFidelity(python.python, dir, report);
    for (const line of formatFidelity(report)) t.diagnostic(line);
    const unexplained = [...report.categories.keys()].filter((c) => !(c in KNOWN_DISAGREEMENTS));
    assert.deepEqual(unexplained, [], formatFidelity(report).join("\n"));
    assert.ok(report.agree / report.total > 0.7, "most configs get the same verdict");
    assert.equal(report.categories.get("payload:model"), undefined, "accepted by both: the same model fields in the payload");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
