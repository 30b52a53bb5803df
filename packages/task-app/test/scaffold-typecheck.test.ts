/**
 * The scaffolded templates type-check against this package's public API:
 * each as `create-task-app` writes it, and each after `task-app add rubric`
 * (an outcome and an events rubric) and `task-app add dataset`. All six
 * projects are checked in one program, so task-app's types, @types/node and
 * TypeScript's lib files are read and bound once (a test file of its own:
 * neither scaffold-create.test.ts nor codemod-add.test.ts loads the compiler).
 */
// npm test: group typescript (the compiler's parsed lib and declaration files are shared within a process: test/helpers/typecheck.ts)
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { addDataset } from "../src/codemods/add-dataset.js";
import { addRubric } from "../src/codemods/add-rubric.js";
import { createTaskApp, TEMPLATE_NAMES } from "../src/scaffold/create.js";
import { typecheckScaffolds } from "./helpers/typecheck.js";

const root = await mkdtemp(path.join(os.tmpdir(), "scaffold-typecheck-"));
after(() => rm(root, { recursive: true, force: true }));

/** Each template as scaffolded, and each after the add commands, by template. */
const fresh = new Map<string, string>();
const added = new Map<string, string>();
for (const template of TEMPLATE_NAMES) {
  fresh.set(template, (await createTaskApp({ dir: path.join(root, "fresh", template), template, name: `@acme/${template}-env`, environmentApiKey: "fixed-key" })).dir);
  const dir = (await createTaskApp({ dir: path.join(root, "added", template), template, environmentApiKey: false })).dir;
  await addRubric(dir, "style");
  await addRubric(dir, "turn-quality", { kind: "events" });
  await addDataset(dir, "word-puzzles");
  added.set(template, dir);
}

/** Diagnostics of every project, by folder, from one program. */
let diagnostics: Map<string, string[]> | undefined;
function diagnosticsOf(dir: string): string[] {
  if (!diagnostics) {
    const dirs = [...fresh.values(), ...added.values()];
    diagnostics = new Map(typecheckScaffolds(dirs).map((found, i) => [dirs[i]!, found]));
  }
  return diagnostics.get(dir)!;
}

describe("each template, as scaffolded", () => {
  for (const template of TEMPLATE_NAMES) {
    it(`${template} type-checks against this package's public API`, () => {
      assert.deepEqual(diagnosticsOf(fresh.get(template)!).slice(0, 10), []);
    });
  }
});

describe("each template after task-app add", () => {
  it("type-checks after adding a rubric and a dataset to each template", () => {
    for (const template of TEMPLATE_NAMES) assert.deepEqual(diagnosticsOf(added.get(template)!).slice(0, 10), [], template);
  });
});
