/**
 * Serving and evaluating by app id (`task-app serve my-env`, `eval --app-id
 * my-env`): the project's registry of apps is the `"task-app": { "apps": {
 * "<id>": "<module>" } }` field of its package.json (create-task-app writes
 * it); a project without one still has the app `src/app.ts` declares with
 * `appId: "<id>"`. A spec that looks like a path (a slash, a module
 * extension, or an existing file) is a module path and is used as it is.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** An id no registry of the folder knows; the message lists the ids it does know. */
export class AppNotFoundError extends Error {
  override name = "AppNotFoundError";
  constructor(
    readonly id: string,
    readonly known: AppEntry[],
    cwd: string,
  ) {
    super(
      `no task app with id "${id}" in ${cwd}: ` +
        (known.length
          ? `known ids: ${known.map((a) => `${a.id} (${a.module}, from ${a.source})`).join(", ")}`
          : `no app is registered here (add "task-app": {"apps": {"${id}": "src/app.ts"}} to package.json, or pass the module path)`),
    );
  }
}

export interface AppEntry {
  id: string;
  /** The module, relative to the folder. */
  module: string;
  /** Where the entry comes from: `package.json` or `src/app.ts`. */
  source: string;
}

const MODULE_EXTENSION = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Whether `spec` names a module file rather than an app id. */
export const isModulePath = (spec: string, cwd: string) => /[\\/]/.test(spec) || MODULE_EXTENSION.test(spec) || existsSync(resolve(cwd, spec));

/** The apps the folder declares, registry first. */
export function listApps(cwd: string): AppEntry[] {
  const apps: AppEntry[] = [];
  try {
    const pkg = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as { "task-app"?: { apps?: Record<string, unknown> } };
    for (const [id, module] of Object.entries(pkg["task-app"]?.apps ?? {})) if (typeof module === "string" && module) apps.push({ id, module, source: "package.json" });
  } catch {
    // no package.json, or not JSON: no registry
  }
  if (!apps.length) {
    try {
      const text = readFileSync(join(cwd, "src", "app.ts"), "utf8");
      const id = /\bappId\s*:\s*["'`]([^"'`]+)["'`]/.exec(text)?.[1];
      if (id) apps.push({ id, module: "src/app.ts", source: "src/app.ts" });
    } catch {
      // no src/app.ts
    }
  }
  return apps;
}

/** The module to load for `spec`: a module path as given, or the module an app id is registered with (absolute). */
export function resolveAppModule(spec: string, cwd = process.cwd()): string {
  return isModulePath(spec, cwd) ? spec : resolveAppId(spec, cwd);
}

/** The module (absolute) registered for app id `id`, or AppNotFoundError listing the known ids. */
export function resolveAppId(spec: string, cwd = process.cwd()): string {
  const apps = listApps(cwd);
  const found = apps.find((a) => a.id === spec);
  if (!found) throw new AppNotFoundError(spec, apps, cwd);
  return resolve(cwd, found.module);
}
