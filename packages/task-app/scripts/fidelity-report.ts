/**
 * `npm run fidelity`: the differential report against an oracle of synth-ai's
 * config checks (test/python/synth_oracle.py): agreements, and each category
 * of disagreement with its count, reason and an example. Needs Python 3 with
 * pydantic 2 and the synth-ai corpus beside the repository.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDocuments, formatFidelity, KNOWN_DISAGREEMENTS, runFidelity, runJsonlFidelity } from "../test/helpers/fidelity-oracle.js";
import { findPython } from "../test/helpers/python.js";

const python = findPython(["pydantic", "tomllib"]);
if (!python.ok) {
  console.error(python.reason);
  process.exit(2);
}
const docs = buildDocuments(Number(process.argv[2] ?? 120));
if (!docs.length) {
  console.error("the synth-ai corpus was not found (set SYNTH_AI_COMPAT_DIR)");
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "fidelity-"));
try {
  const report = runFidelity(python.python, docs, dir);
  await runJsonlFidelity(python.python, dir, report);
  console.log(formatFidelity(report).join("\n"));
  // Exit 1 on any disagreement that is not listed with its reason, so the command fails on a regression.
  if ([...report.categories.keys()].some((c) => !(c in KNOWN_DISAGREEMENTS))) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
