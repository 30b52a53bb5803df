/** The one check every written path goes through: it must stay inside its root. */
import path from "node:path";
import { ScaffoldError } from "./errors.js";

/**
 * Resolves `relative` (a `/`-separated path from a template or a codemod)
 * under `root`, or throws `path_escape` when it is absolute, contains `..`,
 * or would otherwise land outside `root`.
 */
export function resolveInside(root: string, relative: string): string {
  const segments = relative.split(/[\\/]+/);
  if (
    relative.length === 0 ||
    path.isAbsolute(relative) ||
    path.win32.isAbsolute(relative) ||
    relative.includes("\0") ||
    segments.some((s) => s === "..")
  ) {
    throw new ScaffoldError("path_escape", `refusing to write outside ${root}: ${JSON.stringify(relative)}`, [relative]);
  }
  const base = path.resolve(root);
  const full = path.resolve(base, ...segments.filter((s) => s !== "" && s !== "."));
  const back = path.relative(base, full);
  if (back === "" || back.startsWith("..") || path.isAbsolute(back)) {
    throw new ScaffoldError("path_escape", `refusing to write outside ${root}: ${JSON.stringify(relative)}`, [relative]);
  }
  return full;
}
