/**
 * How a user runs task-app where they are, for the commands the CLI prints
 * ("View: task-app view …", "next: task-app train …"): `npx task-app` when a
 * folder at or above the working directory has task-app in its
 * `node_modules/.bin` (a project's install, or this repository's workspace:
 * what npx runs, and not on PATH), plain `task-app` otherwise (a global
 * install).
 */
import { existsSync } from "node:fs";
import path from "node:path";

export function commandName(cwd = process.cwd()): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const bin = path.join(dir, "node_modules", ".bin");
    if (existsSync(path.join(bin, "task-app")) || existsSync(path.join(bin, "task-app.cmd"))) return "npx task-app";
    if (path.dirname(dir) === dir) return "task-app";
  }
}

/** Where the user typed the command: npm runs a package script in the package's folder and names the caller's in INIT_CWD. */
export function userCwd(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD && path.isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
}

/** A path as the user reads it: relative to `cwd` when inside it, else as given. */
export function displayPath(p: string, cwd = process.cwd()): string {
  const rel = path.relative(cwd, p);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : p;
}

/** The `task-app view` command that opens this run (paths relative to the working directory when inside it). */
export function viewCommandFor(runDir: string, store: string | undefined, cwd = process.cwd()): string {
  const shown = (p: string) => {
    const text = displayPath(p, cwd);
    return /^[\w./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
  };
  return `${commandName(cwd)} view --runs ${shown(runDir)}${store ? ` --db ${/^[a-z]+:\/\//i.test(store) ? store : shown(store)}` : ""} --open`;
}
