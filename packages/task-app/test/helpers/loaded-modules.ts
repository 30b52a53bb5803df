/**
 * Which files a process loads, for tests that check what a start pays for:
 * an `--import` hook that names each ES module on stderr as it loads and, as
 * the process exits, each CommonJS module in `require`'s cache
 * (bin/task-app.js and the CLI's fast paths are CommonJS, which loader hooks
 * do not see on Node 20). A module list, not a timing.
 */
const loadHook = `import { writeSync } from "node:fs"; export async function load(url, context, next) { writeSync(2, "loaded " + url + " " + process.pid + "\\n"); return next(url, context); }`;
const hook = `import { createRequire, register } from "node:module";
import { writeSync } from "node:fs";
import { pathToFileURL } from "node:url";
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loadHook)}`)});
const cache = createRequire("/").cache;
process.on("exit", () => { for (const file of Object.keys(cache)) writeSync(2, "required " + pathToFileURL(file).href + " " + process.pid + "\\n"); });`;

/** Pass as `--import` (or in NODE_OPTIONS) to a process whose modules a test lists with `loadedModules`. */
export const LOADED_MODULES_HOOK = `data:text/javascript,${encodeURIComponent(hook)}`;

/**
 * The URLs the hook named in `stderr`: what loaded through the loader hooks, in load order, then
 * (unless `required` is false) the CommonJS modules in require's cache at exit. Each line names
 * the process too (`serve --workers` writes its workers' lines to the same stderr): `pid` keeps
 * that process's alone.
 */
export function loadedModules(stderr: string, { required = true, pid }: { required?: boolean; pid?: number } = {}): string[] {
  return stderr.split("\n").flatMap((line) => {
    const match = /^(loaded|required) (\S+) (\d+)$/.exec(line);
    if (!match || (match[1] === "required" && !required) || (pid !== undefined && Number(match[3]) !== pid)) return [];
    return [match[2]!];
  });
}

/**
 * The package's own files among them (not Node built-ins, not data: URLs), relative to `root` (a
 * file URL ending in /), each once (with a hook registered, Node 20 runs even a CommonJS entry
 * through the loader hooks, so the hook and the cache both name it), sorted.
 */
export function loadedFiles(stderr: string, root: string): string[] {
  const files = loadedModules(stderr)
    .filter((u) => u.startsWith(root))
    .map((u) => u.slice(root.length));
  return [...new Set(files)].sort();
}
