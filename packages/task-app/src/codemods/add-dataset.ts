/**
 * `task-app add dataset <id>`: writes `src/datasets/<id>.ts` (spec + loader
 * of `data/<id>.jsonl`) and a starter data file, then imports the module in
 * `src/app.ts` and registers it with the app's dataset registry (a declared
 * environment's `datasets` list). Running it again changes nothing.
 */
import type { CallExpression, ObjectLiteralExpression } from "ts-morph";
import { toTitle } from "../scaffold/names.js";
import type { CodemodResult } from "./add-rubric.js";
import { camelCase, checkAppEdit, checkCodemodName, findEnvironmentDefinition, indentAt, insertImportLine, insertProperty, openAppFile, saveAppFile, writeFileAtomic, type AppFile } from "./app-file.js";
import { CodemodError } from "./errors.js";
import { resolveProjectFile } from "./project-path.js";

function moduleText(id: string): string {
  return `/** The ${id} dataset, registered in src/app.ts: one JSON object per line of data/${id}.jsonl. */
import { readFile } from "node:fs/promises";
import type { TaskDatasetSpec } from "task-app/env";

/** One row of data/${id}.jsonl; \`split\` picks the split it belongs to. */
export interface Row {
  split: string;
  [field: string]: unknown;
}

/** How the dataset is advertised on /info and /task_info. */
export const spec = {
  id: "${id}",
  name: "${toTitle(id)}",
  version: "1.0.0",
  splits: ["train", "test"],
  default_split: "train",
  description: "Rows of data/${id}.jsonl, grouped by their split field.",
} satisfies TaskDatasetSpec;

/** Reads data/${id}.jsonl into rows per split. */
export async function load(): Promise<Record<string, Row[]>> {
  const text = await readFile(new URL("../../data/${id}.jsonl", import.meta.url), "utf8");
  const bySplit: Record<string, Row[]> = Object.fromEntries(spec.splits.map((s) => [s, []]));
  text.split("\\n").forEach((line, i) => {
    if (!line.trim()) return;
    const row = JSON.parse(line) as Row;
    const rows = bySplit[row.split];
    if (!rows) throw new Error(\`data/${id}.jsonl:\${i + 1}: unknown split \${JSON.stringify(row.split)}\`);
    rows.push(row);
  });
  return bySplit;
}
`;
}

function dataText(): string {
  return `${JSON.stringify({ split: "train", input: "first training example", target: "its expected answer" })}
${JSON.stringify({ split: "test", input: "first held-out example", target: "its expected answer" })}
`;
}

/** The name of the variable holding `createDatasetRegistry()`, if any. */
function registryName(app: AppFile): string | undefined {
  for (const decl of app.file.getVariableDeclarations()) {
    const init = decl.getInitializer();
    if (init && app.tsm.Node.isCallExpression(init) && init.getExpression().getText() === "createDatasetRegistry") return decl.getName();
  }
  return undefined;
}

/** `<registry>.register(...)` calls at the top level, in order. */
function registerCalls(app: AppFile, registry: string): CallExpression[] {
  return app.file.getStatements().flatMap((s) => {
    if (!app.tsm.Node.isExpressionStatement(s)) return [];
    const call = s.getExpression();
    return app.tsm.Node.isCallExpression(call) && call.getExpression().getText() === `${registry}.register` ? [call] : [];
  });
}

/** Adds dataset `id` to the project at `projectDir`. */
export async function addDataset(projectDir: string, id: string): Promise<CodemodResult> {
  checkCodemodName("dataset", id);
  const result: CodemodResult = { created: [], modified: [] };
  const app = await openAppFile(projectDir);
  const registry = registryName(app);
  const environment = registry ? undefined : findEnvironmentDefinition(app);
  if (!registry && !environment) throw new CodemodError("no_registry", `${app.path} has no \`createDatasetRegistry()\` or \`defineEnvironment({ ... })\` to register the dataset with`);

  const binding = `${camelCase(id)}Dataset`;
  const specifier = `./datasets/${id}.js`;
  const imported = app.file.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === specifier);
  const localName = imported?.getNamespaceImport()?.getText() ?? binding;
  if (registry) registerWithRegistry(app, registry, localName);
  else registerWithEnvironment(app, environment!, localName);
  if (!imported) insertImportLine(app, `import * as ${binding} from "${specifier}";`);

  // The data file belongs to the generated module: an existing module keeps its own data.
  const moduleFile = await resolveProjectFile(projectDir, `src/datasets/${id}.ts`);
  const dataFile = await resolveProjectFile(projectDir, `data/${id}.jsonl`);
  checkAppEdit(app);
  if (!moduleFile.exists) {
    if (!dataFile.exists) {
      await writeFileAtomic(dataFile.path, dataText());
      result.created.push(dataFile.rel);
    }
    await writeFileAtomic(moduleFile.path, moduleText(id));
    result.created.unshift(moduleFile.rel);
  }
  if (await saveAppFile(app)) result.modified.push("src/app.ts");
  return result;
}

/** `<registry>.register(<module>.spec, <module>.load);` after the last such call, unless there. */
function registerWithRegistry(app: AppFile, registry: string, localName: string): void {
  const calls = registerCalls(app, registry);
  if (calls.some((c) => c.getArguments()[0]?.getText() === `${localName}.spec`)) return;
  const line = `${registry}.register(${localName}.spec, ${localName}.load);`;
  const anchor = calls.at(-1)?.getParentOrThrow() ?? app.file.getVariableStatementOrThrow((s) => s.getDeclarations().some((d) => d.getName() === registry));
  app.file.insertText(anchor.getEnd(), `\n${indentAt(app.file, anchor.getStart())}${line}`);
}

/** A declared environment's `datasets: [ … ]` gains the module (created after `dataset` when missing), unless it is there or is the `dataset`. */
function registerWithEnvironment(app: AppFile, environment: ObjectLiteralExpression, localName: string): void {
  const valueOf = (name: string) => {
    const property = environment.getProperty(name);
    return property && app.tsm.Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
  };
  if (valueOf("dataset")?.getText() === localName) return;
  const list = valueOf("datasets");
  if (list && app.tsm.Node.isArrayLiteralExpression(list)) {
    const elements = list.getElements();
    if (elements.some((e) => e.getText() === localName)) return;
    const last = elements.at(-1);
    app.file.insertText(last ? last.getEnd() : list.getStart() + 1, last ? `, ${localName}` : localName);
    return;
  }
  insertProperty(app, environment, `datasets: [${localName}]`, "dataset");
}
