/**
 * Loading the task app a JS or TS module exports (`task-app serve`, `eval --app`).
 * The environment is loaded by ./env.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { suggestKey } from "../config/suggest.js";
import { pathToFileURL } from "node:url";
import type { TaskApp, TaskAppConfigInput } from "../schemas/task-app.js";
import { withDeadline } from "../deadline.js";
import { findUp } from "../fs/find-up.js";

const TS_MODULE = /\.(?:ts|mts|cts|tsx)$/i;
let tsxRegistered = false;

/**
 * Imports a module and returns the task app it exports: the default export,
 * else `app` or `taskApp`. A defined app, a config (defined on the fly) or a
 * function returning either (sync or async) are all accepted. TypeScript
 * modules are loaded through tsx, registered only when needed. With
 * `timeoutMs`, a module that has not loaded by then (a top-level await that
 * never settles) is a TaskAppStartTimeoutError naming it.
 */
export async function loadTaskAppModule(path: string, options: { timeoutMs?: number } = {}): Promise<TaskApp> {
  if (!options.timeoutMs) return importTaskApp(path);
  const seconds = options.timeoutMs / 1000;
  return withDeadline(
    importTaskApp(path),
    options.timeoutMs,
    () => new TaskAppStartTimeoutError(`${path} did not finish loading within ${seconds} s (a top-level await or an app factory that never settles?); raise --start-timeout if it needs longer`),
  );
}

/** A module path that names no file: a usage error, with the closest module file next to it when there is one. */
export class TaskAppModuleNotFoundError extends Error {
  override name = "TaskAppModuleNotFoundError";
}

const MODULE_FILE = /\.(?:[mc]?[jt]s|tsx|jsx)$/i;

/** Throws TaskAppModuleNotFoundError unless `path` is a file ("src/ap.ts does not exist; did you mean src/app.ts?"). */
export function assertTaskAppModuleExists(path: string): void {
  const absolute = resolve(path);
  if (existsSync(absolute)) {
    if (statSync(absolute).isDirectory()) throw new TaskAppModuleNotFoundError(`${path} is a folder; name the module file that exports the task app (e.g. ${join(path, "app.ts")})`);
    return;
  }
  let hint = "";
  try {
    const near = suggestKey(basename(absolute), readdirSync(dirname(absolute)).filter((name) => MODULE_FILE.test(name)));
    if (near) hint = `; did you mean ${join(dirname(path), near)}?`;
  } catch {
    // the folder itself is missing: no suggestion
  }
  throw new TaskAppModuleNotFoundError(`${path} does not exist${hint}`);
}

/** A module that did not load (or whose app factory did not settle) within the start-up deadline. */
export class TaskAppStartTimeoutError extends Error {
  override name = "TaskAppStartTimeoutError";
}

async function importTaskApp(path: string): Promise<TaskApp> {
  assertTaskAppModuleExists(path);
  const absolute = resolve(path);
  if (TS_MODULE.test(absolute) && !tsxRegistered) {
    await preloadTaskAppPackage(absolute);
    try {
      const { register } = await import("tsx/esm/api");
      register();
      tsxRegistered = true;
    } catch {
      throw new Error(`cannot load ${path}: serving a TypeScript module needs the "tsx" package (npm install -D tsx), or build it to JavaScript first`);
    }
  }
  const mod = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  const candidate = mod.default ?? mod.app ?? mod.taskApp;
  if (candidate === undefined) throw new Error(`${path} exports no task app (expected a default export, \`app\` or \`taskApp\`)`);
  const value = typeof candidate === "function" ? await (candidate as () => unknown)() : candidate;
  // Loaded here, not at the top: the `--workers` primary checks the module path with this file and never loads the app.
  const { defineTaskApp } = await import("../runtime/define.js");
  return defineTaskApp(value as TaskAppConfigInput);
}

/**
 * Loads the task-app package a module's project depends on (resolved from the
 * module's folder, as its own imports will be) before tsx registers its
 * hooks. On Node 20 loader hooks run on a thread of their own, and every
 * module loaded once they are registered costs a round trip to it: the
 * package is a few hundred modules, the app a handful (serving the
 * scaffolded math app: about a third less CPU to start). The environment
 * entry (`task-app/env`, what an app imports) always; the main entry only
 * when the module itself names it (`"task-app"`), as apps written before the
 * environment entry do: loading it for every app would cost each process
 * the few hundred modules the environment entry spares it. Nothing is loaded
 * when the nearest package.json does not list task-app, and an error here
 * is left for the module's own import to report.
 */
async function preloadTaskAppPackage(module: string): Promise<void> {
  if (!projectDependsOnTaskApp(dirname(module))) return;
  const require = createRequire(module);
  const entries = ["task-app/env", ...(namesMainEntry(module) ? ["task-app"] : [])];
  for (const specifier of entries) {
    let entry: string;
    try {
      entry = require.resolve(specifier);
    } catch {
      continue;
    }
    await import(pathToFileURL(entry).href).catch(() => undefined);
  }
}

/** Whether the module's own text imports task-app's main entry (`"task-app"` or `'task-app'`). */
function namesMainEntry(module: string): boolean {
  try {
    return /(["'])task-app\1/.test(readFileSync(module, "utf8"));
  } catch {
    return false;
  }
}

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];

/** Whether the package.json nearest to `dir` (upwards) lists task-app among its dependencies. */
function projectDependsOnTaskApp(dir: string): boolean {
  const file = findUp("package.json", dir);
  if (!file) return false;
  try {
    const pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    return DEPENDENCY_FIELDS.some((field) => {
      const dependencies = pkg[field];
      return typeof dependencies === "object" && dependencies !== null && Object.hasOwn(dependencies, "task-app");
    });
  } catch {
    return false;
  }
}
