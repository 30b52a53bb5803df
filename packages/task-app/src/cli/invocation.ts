/**
 * How a user runs task-app where they are, for the commands the CLI prints
 * ("View: task-app view …", "next: task-app train …"): `npx task-app` when the
 * running bin is a project's own install (under the `node_modules` of a
 * folder that holds the working directory: not on PATH), plain `task-app`
 * otherwise (a global install, a checkout).
 */
import path from "node:path";

export function commandName(bin: string | undefined = process.argv[1], cwd = process.cwd()): string {
  if (!bin) return "task-app";
  const parts = path.resolve(bin).split(path.sep);
  const at = parts.lastIndexOf("node_modules");
  if (at <= 0) return "task-app";
  const project = parts.slice(0, at).join(path.sep) || path.sep;
  const rel = path.relative(project, path.resolve(cwd));
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel)) ? "npx task-app" : "task-app";
}
