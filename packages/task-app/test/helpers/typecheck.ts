/**
 * Type-checks TypeScript files with the project's compiler options through
 * the TypeScript API and returns the diagnostics as `file:line: message`
 * lines (empty when the files type-check); and a scaffolded project against
 * this package's types (its shipped declarations when the build is fresh).
 * The files every check reads again (this package's sources, @types,
 * TypeScript's lib files) are parsed once per process.
 */
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { packageRoot } from "../../src/scaffold/paths.js";
import { isBuildFresh } from "./cli-command.js";
import { NODE_MODULES } from "./roots.js";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Parsed files of this repository (its sources, node_modules, fixtures: no test edits them), by parse settings and path. */
const parsed = new Map<string, ts.SourceFile>();
const repoPrefix = resolve(repoRoot) + sep;

/** A compiler host that parses a file of this repository once per process and hands the same tree to every program after. */
function sharingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, settings, onError, shouldCreate) => {
    if (!resolve(fileName).startsWith(repoPrefix)) return getSourceFile(fileName, settings, onError, shouldCreate);
    const version = typeof settings === "object" ? `${settings.languageVersion}:${settings.impliedNodeFormat}` : String(settings);
    const key = `${version}\0${fileName}`;
    let file = parsed.get(key);
    if (!file) {
      file = getSourceFile(fileName, settings, onError, shouldCreate);
      if (file) parsed.set(key, file);
    }
    return file;
  };
  return host;
}

/** A program of `rootNames` whose files of this repository are parsed once per process (see sharingHost). */
export function createSharedProgram(rootNames: readonly string[], options: ts.CompilerOptions): ts.Program {
  return ts.createProgram({ rootNames: [...rootNames], options, host: sharingHost(options) });
}

/** The compiler options of `tsconfig.json` at `root` (the repository by default), without emit. */
export function projectOptions(root = repoRoot): ts.CompilerOptions {
  const configPath = join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return { ...parsed.options, noEmit: true, incremental: false, composite: false };
}

/**
 * Diagnostics of `files` in a program made of them and what they import: the files' own (and the
 * program's global ones), not those of the modules they import, which the checker then needs only
 * as far as the files use them (this package's sources are type-checked whole by the build).
 */
export function typecheck(files: readonly string[], options: ts.CompilerOptions = projectOptions()): string[] {
  const program = ts.createProgram({ rootNames: [...files], options, host: sharingHost(options) });
  const roots = files.map((f) => program.getSourceFile(f)).filter((f): f is ts.SourceFile => f !== undefined);
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...roots.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    if (!d.file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName}:${line + 1}: ${message}`;
  });
}

/**
 * What a scaffolded project's `task-app` (or `task-app/env`) resolves to: the declarations the
 * package ships (dist/index.d.ts, dist/env/index.d.ts: what an installed task-app gives a project)
 * when the build is newer than every source file, as it always is under
 * `npm test`; otherwise the sources, so a test run alone after an edit checks
 * the code as it is.
 */
function taskAppTypes(entry: "index" | "env/index" = "index"): string {
  return isBuildFresh() ? join(packageRoot(), "dist", `${entry}.d.ts`) : join(packageRoot(), "src", `${entry}.ts`);
}

/**
 * Diagnostics of a scaffolded project's own files, with its tsconfig and
 * `task-app` resolved to this package's types (see taskAppTypes). Only the
 * project's files are checked (what they use of task-app is resolved as they need it; task-app's
 * sources themselves are `npm run typecheck`'s), formatted relative to `dir`.
 */
export function typecheckScaffold(dir: string): string[] {
  return typecheckScaffolds([dir])[0]!;
}

/**
 * {@link typecheckScaffold} for several projects whose tsconfig.json files say
 * the same (asserted), in one program: task-app's types are checked once for
 * all of them. One list of diagnostics per project, in the order given.
 */
export function typecheckScaffolds(dirs: readonly string[]): string[][] {
  const projects = dirs.map((dir) => {
    const config = ts.readConfigFile(join(dir, "tsconfig.json"), ts.sys.readFile).config;
    config.compilerOptions.paths = { "task-app": [taskAppTypes()], "task-app/env": [taskAppTypes("env/index")] };
    config.compilerOptions.typeRoots = [join(NODE_MODULES, "@types")];
    return { dir, config, parsed: ts.parseJsonConfigFileContent(config, ts.sys, dir) };
  });
  for (const p of projects) {
    if (JSON.stringify(p.config) !== JSON.stringify(projects[0]!.config)) throw new Error(`${p.dir}/tsconfig.json differs from ${projects[0]!.dir}'s: check them apart`);
  }
  const options = projects[0]!.parsed.options;
  const program = ts.createProgram({ rootNames: projects.flatMap((p) => p.parsed.fileNames), options, host: sharingHost(options) });
  return projects.map(({ dir }) => {
    const own = program.getSourceFiles().filter((f) => f.fileName.startsWith(dir + "/"));
    if (own.length === 0) throw new Error(`no source file of ${dir} in the program`);
    const diagnostics = [...program.getOptionsDiagnostics(), ...own.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])];
    const host = { getCanonicalFileName: (f: string) => f, getCurrentDirectory: () => dir, getNewLine: () => "\n" };
    return diagnostics.map((d) => ts.formatDiagnostic(d, host).trim());
  });
}
