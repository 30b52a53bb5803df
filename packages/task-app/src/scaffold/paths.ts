/**
 * Where the package's own files live, for scaffolding: the templates and the
 * version new apps depend on.
 */
import path from "node:path";
import { packageRoot, readPackageVersion } from "../fs/package-root.js";

export { packageRoot };

/** Absolute path of the shipped `templates/` folder. */
export function templatesRoot(): string {
  return path.join(packageRoot(), "templates");
}

/** The version in this package's package.json, used as the default dependency range. */
export function packageVersion(): string {
  return readPackageVersion() ?? "0.0.0";
}
