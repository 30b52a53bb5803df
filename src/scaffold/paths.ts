/**
 * Where the package's own files live. Source (`src/scaffold`) and build
 * (`dist/scaffold`) sit at the same depth, so one relative hop works for both.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

/** Absolute path of the installed `task-app` package (the folder holding package.json). */
export function packageRoot(): string {
  return fileURLToPath(new URL("../../", import.meta.url));
}

/** Absolute path of the shipped `templates/` folder. */
export function templatesRoot(): string {
  return path.join(packageRoot(), "templates");
}

/** The version in this package's package.json, used as the default dependency range. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "0.0.0";
}
