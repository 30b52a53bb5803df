/**
 * `task-app add rubric <name>`: writes `rubrics/<name>.json` and registers it
 * in the `rubrics` object of `src/app.ts`, so every rollout is judged
 * against it. Running it again changes nothing.
 */
import { readFile } from "node:fs/promises";
import { checkAppEdit, checkCodemodName, ensureNamedImport, findObjectVariable, indentAt, openAppFile, saveAppFile, writeFileAtomic } from "./app-file.js";
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
  if (!registry) {
    throw new CodemodError("no_registry", `${app.path} has no \`const rubrics = { ... }\` object to register the rubric in`);
  }
  const rel = `rubrics/${name}.json`;
  const file = await resolveProjectFile(projectDir, rel);
  const fileText = file.exists ? undefined : await rubricFileText(projectDir, name, kind);

  const key = /^[a-z][a-zA-Z0-9]*$/.test(name) ? name : JSON.stringify(name);
  const registered = registry.getProperties().some((p) => {
    const nameNode = app.tsm.Node.isPropertyAssignment(p) || app.tsm.Node.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined;
    return nameNode !== undefined && nameNode.getText().replace(/^["']|["']$/g, "") === name;
  });
  if (!registered) {
    const entry = `${key}: await loadRubricFile("${name}")`;
    const props = registry.getProperties();
    const last = props.at(-1);
    if (last) {
      const indent = indentAt(app.file, last.getStart());
      const after = app.file.getFullText().slice(last.getEnd(), registry.getEnd());
      const hasComma = /^\s*,/.test(after);
      const at = hasComma ? last.getEnd() + after.indexOf(",") + 1 : last.getEnd();
      app.file.insertText(at, `${hasComma ? "" : ","}\n${indent}${entry},`);
    } else {
      const indent = `${indentAt(app.file, registry.getStart())}  `;
      app.file.insertText(registry.getStart() + 1, `\n${indent}${entry},\n${indent.slice(2)}`);
    }
    ensureNamedImport(app, "loadRubricFile", "./episode.js");
  }
  checkAppEdit(app);
  if (fileText !== undefined) {
    await writeFileAtomic(file.path, fileText);
    result.created.push(rel);
  }
  if (await saveAppFile(app)) result.modified.push("src/app.ts");
  return result;
}
