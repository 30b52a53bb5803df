/**
 * Loading what `task-app serve` and `task-app check` need from disk: layered
 * env files, and the task app exported by a JS or TS module.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv } from "node:util";
import { defineTaskApp } from "../runtime/define.js";
import type { TaskApp, TaskAppConfigInput } from "../schemas/task-app.js";

/**
 * Reads `.env` files in order into `target` (default `process.env`); a later
 * file wins over an earlier one and over what `target` already held.
 * Returns the names of the variables set (never their values).
 */
export function loadEnvFiles(paths: readonly string[], target: Record<string, string | undefined> = process.env): string[] {
  const merged: Record<string, string> = {};
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new Error(`cannot read env file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    for (const [key, value] of Object.entries(parseEnv(text))) if (value !== undefined) merged[key] = value;
  }
  Object.assign(target, merged);
  return Object.keys(merged);
}

const TS_MODULE = /\.(?:ts|mts|cts|tsx)$/i;
let tsxRegistered = false;

/**
 * Imports a module and returns the task app it exports: the default export,
 * else `app` or `taskApp`. A defined app, a config (defined on the fly) or a
 * function returning either (sync or async) are all accepted. TypeScript
 * modules are loaded through tsx, registered only when needed.
 */
export async function loadTaskAppModule(path: string): Promise<TaskApp> {
  const absolute = resolve(path);
  if (TS_MODULE.test(absolute) && !tsxRegistered) {
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
  return defineTaskApp(value as TaskAppConfigInput);
}
