/**
 * `createTaskApp`: the library behind `create-task-app`. It renders a template
 * into a folder and returns what it wrote. It never prompts, prints, installs
 * or runs git; the bin does those around it.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { generateApiKey } from "../server/auth.js";
import { loadTemplate } from "./catalog.js";
import { ScaffoldError } from "./errors.js";
import { checkPackageName, toAppId, toDeployName, toTitle } from "./names.js";
import { packageVersion, templatesRoot } from "./paths.js";
import { renderLayers } from "./render.js";
import { writeProject } from "./write.js";

/** The templates shipped with this package. */
export const TEMPLATE_NAMES = ["math", "multi-step", "vision"] as const;
/** One of {@link TEMPLATE_NAMES}, or the name of another folder in a custom templates root. */
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

/** Options for {@link createTaskApp}. */
export interface CreateTaskAppOptions {
  /** Target folder, absolute or relative to `cwd`. */
  dir: string;
  /** Template name; defaults to `math`. */
  template?: TemplateName | (string & {});
  /** npm package name; defaults to the target folder's name. Must follow npm's rules. */
  name?: string;
  /** Write into a non-empty folder. Existing files are never replaced or removed. */
  force?: boolean;
  /** Version range or spec written as the `task-app` dependency (`^0.1.0`, `file:/abs/task-app.tgz`). */
  taskAppSpec?: string;
  /** Base for a relative `dir`; defaults to `process.cwd()`. */
  cwd?: string;
  /** Folder holding `base/`, `_features/` and the templates; defaults to the shipped `templates/`. */
  templatesDir?: string;
  /**
   * The key written to `.env` (copied from `.env.example`, git-ignored) as
   * ENVIRONMENT_API_KEY, so `serve` and `check` work at once. Default: a fresh
   * random key. `false` writes no `.env`.
   */
  environmentApiKey?: string | false;
  /** Aborting stops and rolls back the write. */
  signal?: AbortSignal;
  /** Called after each file is staged. */
  onFileStaged?: (relative: string) => void | Promise<void>;
  /** Called after each file is placed in an existing target (`force`). */
  onFilePlaced?: (relative: string) => void | Promise<void>;
}

/** What {@link createTaskApp} wrote. */
export interface CreateTaskAppResult {
  /** Absolute target folder. */
  dir: string;
  /** The package name written to package.json. */
  name: string;
  /** The app id the task app serves under. */
  appId: string;
  template: string;
  /** Relative `/` paths of every file written, sorted. */
  files: string[];
}

export { generateApiKey };

/** The package name a target folder implies: its base name (the cwd's name for `.`). */
export function defaultProjectName(dir: string, cwd: string = process.cwd()): string {
  return path.basename(path.resolve(cwd, dir));
}

/**
 * Scaffolds a task app into `options.dir` from a template. Throws a
 * `ScaffoldError` when a rule is broken (bad name, unknown template,
 * non-empty folder without `force`, a file in the way); nothing is written then.
 */
export async function createTaskApp(options: CreateTaskAppOptions): Promise<CreateTaskAppResult> {
  const cwd = options.cwd ?? process.cwd();
  const dir = path.resolve(cwd, options.dir);
  const name = options.name ?? defaultProjectName(options.dir, cwd);
  const problems = checkPackageName(name);
  if (problems.length > 0) {
    const hint = options.name === undefined ? " (pass --name to choose another package name)" : "";
    throw new ScaffoldError("invalid_name", `invalid package name ${JSON.stringify(name)}: ${problems.join("; ")}${hint}`);
  }
  const template = await loadTemplate(options.template ?? "math", options.templatesDir ?? templatesRoot());
  const appId = toAppId(name);
  const vars: Record<string, string> = {
    ...template.variables,
    name,
    appId,
    deployName: toDeployName(name),
    title: toTitle(name),
    template: template.name,
    templateDescription: template.description,
    taskAppSpec: options.taskAppSpec ?? `^${packageVersion()}`,
  };
  const files = await renderLayers(template.layers, vars);
  const example = files.get(".env.example");
  // An existing .env (with --force) is the user's: keep it rather than refuse the whole scaffold.
  const keepEnv = options.force === true && existsSync(path.join(dir, ".env"));
  if (example && options.environmentApiKey !== false && !keepEnv) {
    const key = options.environmentApiKey ?? generateApiKey();
    files.set(".env", Buffer.from(Buffer.from(example).toString("utf8").replace(/^ENVIRONMENT_API_KEY=.*$/m, `ENVIRONMENT_API_KEY=${key}`)));
  }
  const written = await writeProject(dir, files, {
    force: options.force ?? false,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onFileStaged ? { onFileStaged: options.onFileStaged } : {}),
    ...(options.onFilePlaced ? { onFilePlaced: options.onFilePlaced } : {}),
  });
  return { dir, name, appId, template: template.name, files: written };
}
