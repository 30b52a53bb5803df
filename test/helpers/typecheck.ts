/**
 * Type-checks TypeScript files with the project's compiler options through
 * the TypeScript API and returns the diagnostics as `file:line: message`
 * lines (empty when the files type-check).
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

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
