/**
 * Type-checks TypeScript files with the project's compiler options through
 * the TypeScript API and returns the diagnostics as `file:line: message`
 * lines (empty when the files type-check); and a scaffolded project against
 * this package's sources.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { packageRoot } from "../../src/scaffold/paths.js";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The compiler options of `tsconfig.json` at `root` (the repository by default), without emit. */
export function projectOptions(root = repoRoot): ts.CompilerOptions {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return { ...parsed.options, noEmit: true, incremental: false, composite: false };
}

/** Diagnostics of a program made of `files` (and what they import). */
export function typecheck(files: readonly string[], options: ts.CompilerOptions = projectOptions()): string[] {
  const program = ts.createProgram({ rootNames: [...files], options });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName}:${line + 1}: ${message}`;
  });
}

/**
 * Diagnostics of a scaffolded project's own files, with its tsconfig and
 * `task-app` resolved to this package's sources. Only the project's files are
 * checked (what they use of task-app is resolved as they need it; task-app's
 * sources themselves are `npm run typecheck`'s), formatted relative to `dir`.
 */
export function typecheckScaffold(dir: string): string[] {
  const config = ts.readConfigFile(join(dir, "tsconfig.json"), ts.sys.readFile).config;
  config.compilerOptions.paths = { "task-app": [join(packageRoot(), "src", "index.ts")] };
  config.compilerOptions.typeRoots = [join(packageRoot(), "node_modules", "@types")];
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  const own = program.getSourceFiles().filter((f) => f.fileName.startsWith(dir));
  if (own.length === 0) throw new Error(`no source file of ${dir} in the program`);
  const diagnostics = [...program.getOptionsDiagnostics(), ...own.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])];
  const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => dir, getNewLine: () => "\n" };
  return diagnostics.map((d) => ts.formatDiagnostic(d, host).trim());
}
