/**
 * Reading and editing a project's `src/app.ts` with ts-morph. ts-morph finds
 * where things go; edits are plain text insertions, so every byte the
 * codemod does not add stays as it was.
 */
import path from "node:path";
import type { ObjectLiteralExpression, SourceFile } from "ts-morph";
import { writeFileAtomic as writeAtomic } from "../fs/write-atomic.js";
import { CodemodError } from "./errors.js";
import { resolveProjectFile } from "./project-path.js";

type TsMorph = typeof import("ts-morph");

/** Loads ts-morph on first use (only `task-app add` needs it). */
export async function loadTsMorph(): Promise<TsMorph> {
  try {
    return await import("ts-morph");
  } catch {
    throw new CodemodError("missing_dependency", 'the "ts-morph" package is not installed; add it with: npm install --save-dev ts-morph');
  }
}

/** A parsed `src/app.ts`. */
export interface AppFile {
  /** Where the file really is (a symlinked `src/app.ts` resolved inside the project); edits go there. */
  path: string;
  /** Its permission bits, kept by the edit. */
  mode: number | undefined;
  file: SourceFile;
  tsm: TsMorph;
  /** The text as read, to tell whether anything changed. */
  original: string;
}

/** The first syntax error of `file` as `line:col: message`, or undefined when it parses. */
function firstSyntaxError(file: SourceFile, tsm: TsMorph): string | undefined {
  const errors = file.getProject().getProgram().compilerObject.getSyntacticDiagnostics(file.compilerNode);
  const first = errors[0];
  if (!first) return undefined;
  const where = first.start !== undefined ? file.getLineAndColumnAtPos(first.start) : { line: 0, column: 0 };
  return `${where.line}:${where.column}: ${tsm.ts.flattenDiagnosticMessageText(first.messageText, "\n")}`;
}

/**
 * Parses `<projectDir>/src/app.ts`; refuses a missing file, one that is not a
 * regular file, a symlink leading out of the project, and one with syntax errors.
 */
export async function openAppFile(projectDir: string): Promise<AppFile> {
  const target = await resolveProjectFile(projectDir, "src/app.ts");
  const shown = path.join(projectDir, "src", "app.ts");
  if (!target.exists) throw new CodemodError("no_app_file", `${shown} does not exist; run this inside a task app project`);
  const tsm = await loadTsMorph();
  // Syntax only (the edits never ask for types): no lib files, no @types and none of the files
  // app.ts imports, which a program would otherwise parse for the syntax check (the lib files were
  // about half the command's start-up; the app's own modules, a third of what was left).
  const project = new tsm.Project({ skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true, compilerOptions: { noLib: true, noResolve: true, types: [] } });
  const file = project.addSourceFileAtPath(target.path);
  const error = firstSyntaxError(file, tsm);
  if (error) throw new CodemodError("parse_error", `refusing to edit ${shown}: it does not parse (${shown}:${error})`);
  return { path: target.path, mode: target.mode, file, tsm, original: file.getFullText() };
}

/** Throws, before anything is written, when the edits made so far leave the app file unparsable. */
export function checkAppEdit(app: AppFile): void {
  if (app.file.getFullText() === app.original) return;
  const error = firstSyntaxError(app.file, app.tsm);
  if (error) {
    throw new CodemodError("edit_breaks_file", `the edit would leave ${app.path} unparsable (${app.path}:${error}); nothing was written`);
  }
}

/** Writes a file whole or not at all, keeping `mode` (an existing file's permission bits). */
export async function writeFileAtomic(target: string, text: string, mode?: number): Promise<void> {
  await writeAtomic(target, text, mode === undefined ? {} : { mode });
}

/** Saves the app file when it changed (after checking it still parses); returns whether it did. */
export async function saveAppFile(app: AppFile): Promise<boolean> {
  const text = app.file.getFullText();
  if (text === app.original) return false;
  checkAppEdit(app);
  await writeFileAtomic(app.path, text, app.mode);
  return true;
}

/** The indentation of the line `pos` is on. */
export function indentAt(file: SourceFile, pos: number): string {
  const text = file.getFullText();
  const lineStart = text.lastIndexOf("\n", pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? "";
}

/** The object literal a `const <name> = { ... }` declaration holds, if any. */
export function findObjectVariable(app: AppFile, name: string): ObjectLiteralExpression | undefined {
  const decl = app.file.getVariableDeclaration(name);
  const init = decl?.getInitializer();
  return init && app.tsm.Node.isObjectLiteralExpression(init) ? init : undefined;
}

/** The object literal given to a `defineEnvironment({ ... })` call in the file, if any. */
export function findEnvironmentDefinition(app: AppFile): ObjectLiteralExpression | undefined {
  for (const call of app.file.getDescendantsOfKind(app.tsm.SyntaxKind.CallExpression)) {
    if (call.getExpression().getText() !== "defineEnvironment") continue;
    const [arg] = call.getArguments();
    if (arg && app.tsm.Node.isObjectLiteralExpression(arg)) return arg;
  }
  return undefined;
}

/** Inserts `text` as the last property of `object` (after `after` when it is a property of it), in the file's indentation, with a trailing comma. */
export function insertProperty(app: AppFile, object: ObjectLiteralExpression, text: string, after?: string): void {
  const props = object.getProperties();
  const anchor = (after ? props.find((p) => app.tsm.Node.isPropertyAssignment(p) && p.getName() === after) : undefined) ?? props.at(-1);
  if (!anchor) {
    const indent = `${indentAt(app.file, object.getStart())}  `;
    app.file.insertText(object.getStart() + 1, `\n${indent}${text},\n${indent.slice(2)}`);
    return;
  }
  const rest = app.file.getFullText().slice(anchor.getEnd(), object.getEnd());
  const hasComma = /^\s*,/.test(rest);
  const at = hasComma ? anchor.getEnd() + rest.indexOf(",") + 1 : anchor.getEnd();
  app.file.insertText(at, `${hasComma ? "" : ","}\n${indentAt(app.file, anchor.getStart())}${text},`);
}

/**
 * Makes sure `name` is imported from `specifier`: added to an existing named
 * import of that module, or as a new import after the last one.
 */
export function ensureNamedImport(app: AppFile, name: string, specifier: string): void {
  const existing = app.file.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === specifier);
  if (existing?.getNamedImports().some((n) => (n.getAliasNode()?.getText() ?? n.getName()) === name)) return;
  const named = existing?.getNamedImports() ?? [];
  const last = named.at(-1);
  if (existing && last && !existing.isTypeOnly()) {
    app.file.insertText(last.getEnd(), `, ${name}`);
    return;
  }
  insertImportLine(app, `import { ${name} } from "${specifier}";`);
}

/** Inserts a whole import line after the last import (or at the top). */
export function insertImportLine(app: AppFile, line: string): void {
  const imports = app.file.getImportDeclarations();
  const last = imports.at(-1);
  if (last) app.file.insertText(last.getEnd(), `\n${line}`);
  else app.file.insertText(0, `${line}\n`);
}

/** `kebab-case` → `camelCase`. */
export function camelCase(name: string): string {
  return name.replace(/[-_.]+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Names the add commands accept: lowercase kebab-case, which is safe as a file name and a key. */
export function checkCodemodName(kind: string, name: string): void {
  if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name) || name.length > 64) {
    throw new CodemodError("invalid_name", `invalid ${kind} name ${JSON.stringify(name)}: use lowercase letters, digits and single dashes, starting with a letter`);
  }
}
