/**
 * `task-app add rubric <name>`: writes `rubrics/<name>.json` and registers it
 * in `src/app.ts` (the `rubrics` object of a `defineTaskApp` app; for a
 * declared environment that reads its rubrics folder, the file is all it
 * takes), so every rollout is judged against it. Running it again changes
 * nothing.
 */
import { readFile } from "node:fs/promises";
import type { ObjectLiteralExpression } from "ts-morph";
import { checkAppEdit, checkCodemodName, ensureNamedImport, findEnvironmentDefinition, findObjectVariable, insertProperty, openAppFile, saveAppFile, writeFileAtomic, type AppFile } from "./app-file.js";
import { CodemodError } from "./errors.js";
import { resolveProjectFile } from "./project-path.js";

/** What a codemod did; both lists empty means the project already had it. */
export interface CodemodResult {
  created: string[];
  modified: string[];
}

/** Options of {@link addRubric}. */
export interface AddRubricOptions {
  /** Score the rubric on outcome facts (default) or on per-turn events. */
  kind?: "outcome" | "events";
}

const SCHEMA_REF = "../node_modules/task-app/schemas/rubric.schema.json";

/** The new rubric file: a rubric bundle part that starts from the criteria the app already scores. */
async function rubricFileText(projectDir: string, name: string, kind: "outcome" | "events"): Promise<string> {
  let criteria: unknown[] = [];
  try {
    const source = await resolveProjectFile(projectDir, `rubrics/${kind}.json`);
    const base = JSON.parse(await readFile(source.path, "utf8")) as Record<string, { criteria?: unknown[] }>;
    criteria = base[kind]?.criteria ?? [];
  } catch {
    criteria = [];
  }
  if (criteria.length === 0) criteria = [{ id: name, description: `What the ${name} judge checks.`, weight: 1 }];
  const rubric = {
    $schema: SCHEMA_REF,
    [kind]: {
      version: "1",
      goal_text: `The ${name} judge: scored on the same ${kind === "events" ? "per-turn events" : "outcome facts"} as rubrics/${kind}.json; change the criteria and weights to taste.`,
      aggregation: "weighted_sum",
      criteria,
    },
  };
  return `${JSON.stringify(rubric, null, 2)}\n`;
}

/** Adds rubric `name` to the project at `projectDir`. */
export async function addRubric(projectDir: string, name: string, options: AddRubricOptions = {}): Promise<CodemodResult> {
  checkCodemodName("rubric", name);
  const kind = options.kind ?? "outcome";
  const result: CodemodResult = { created: [], modified: [] };
  const app = await openAppFile(projectDir);
  const registry = findObjectVariable(app, "rubrics");
  const environment = registry ? undefined : findEnvironmentDefinition(app);
  if (!registry && !environment) {
    throw new CodemodError("no_registry", `${app.path} has no \`const rubrics = { ... }\` object or \`defineEnvironment({ ... })\` to register the rubric in`);
  }
  const rel = `rubrics/${name}.json`;
  const file = await resolveProjectFile(projectDir, rel);
  const fileText = file.exists ? undefined : await rubricFileText(projectDir, name, kind);
  if (registry) registerInObject(app, registry, name, `await loadRubricFile("${name}")`, () => ensureNamedImport(app, "loadRubricFile", "./episode.js"));
  else registerInEnvironment(app, environment!, name);
  checkAppEdit(app);
  if (fileText !== undefined) {
    await writeFileAtomic(file.path, fileText);
    result.created.push(rel);
  }
  if (await saveAppFile(app)) result.modified.push("src/app.ts");
  return result;
}

/** Adds `name: value` to a rubrics object literal unless a key of that name is there. */
function registerInObject(app: AppFile, registry: ObjectLiteralExpression, name: string, value: string, onAdd?: () => void): void {
  const key = /^[a-z][a-zA-Z0-9]*$/.test(name) ? name : JSON.stringify(name);
  const registered = registry.getProperties().some((p) => {
    const nameNode = app.tsm.Node.isPropertyAssignment(p) || app.tsm.Node.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined;
    return nameNode !== undefined && nameNode.getText().replace(/^["']|["']$/g, "") === name;
  });
  if (registered) return;
  insertProperty(app, registry, `${key}: ${value}`);
  onAdd?.();
}

/**
 * A declared environment's `rubrics`: a folder (every rubric file in it is
 * read, so the new file is all it takes), files by name (the new one is
 * added), or none yet (the rubrics folder is given).
 */
function registerInEnvironment(app: AppFile, environment: ObjectLiteralExpression, name: string): void {
  const property = environment.getProperty("rubrics");
  const value = property && app.tsm.Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
  if (!property) insertProperty(app, environment, 'rubrics: new URL("../rubrics/", import.meta.url)');
  else if (value && app.tsm.Node.isObjectLiteralExpression(value)) registerInObject(app, value, name, `new URL("../rubrics/${name}.json", import.meta.url)`);
}
