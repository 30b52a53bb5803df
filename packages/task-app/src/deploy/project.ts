/**
 * What `deploy render` reads from the project (the Docker build context):
 * the folders the app reads at run time that exist there, so the image
 * copies them and nothing else, and the dependencies in package.json that
 * the image's `npm ci` cannot reach (a `file:` or `link:` path: npm ci runs
 * on package.json and the lockfile alone, before any other file is copied,
 * and a path outside the project is outside the build context anyway).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { locateJsonPaths } from "../config/json-locate.js";

/** Folders an app reads at run time (rubrics, datasets, configs), copied into the image when present. */
export const APP_FOLDERS = ["configs", "data", "rubrics"] as const;

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies"] as const;
/** A dependency spec npm installs from a path: `file:`, `link:`, or a bare relative, absolute or home path. */
const PATH_SPEC = /^(file:|link:|\.{1,2}\/|\/|~\/)/;

/** What the renderers need to know of the project. */
export interface ProjectFacts {
  /** APP_FOLDERS present in the project, sorted. */
  folders: string[];
  /** One line per dependency the image cannot install, `package.json:line:col: …`; empty when none. */
  unreachable: string[];
}

/** The project's facts; a project without a package.json has no unreachable dependency (npm ci will say it lacks one). */
export function readProjectFacts(project: string): ProjectFacts {
  const folders = APP_FOLDERS.filter((name) => {
    const path = join(project, name);
    return existsSync(path) && statSync(path).isDirectory();
  });
  return { folders, unreachable: findUnreachableDependencies(project) };
}

function findUnreachableDependencies(project: string): string[] {
  const file = join(project, "package.json");
  let text: string;
  let manifest: Record<string, unknown>;
  try {
    text = readFileSync(file, "utf8");
    manifest = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [];
  }
  const found: { path: [string, string]; spec: string }[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest?.[field];
    if (!deps || typeof deps !== "object") continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>))
      if (typeof spec === "string" && PATH_SPEC.test(spec.trim())) found.push({ path: [field, name], spec });
  }
  const positions = locateJsonPaths(text, found.map((f) => f.path));
  return found.map(({ path: [field, name], spec }, n) => {
    const { line, column } = positions[n]!;
    return (
      `package.json:${line}:${column}: ${field}.${name} is ${JSON.stringify(spec)}, a path the image build cannot reach ` +
      `(npm ci runs in the image on package.json and the lockfile alone, and only the project is in the build context); ` +
      `depend on a published version instead (npm install ${name}@<version>, or a git or registry URL) and render again`
    );
  });
}
