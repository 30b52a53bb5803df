/**
 * Where a codemod may read and write: only regular files inside the project,
 * symbolic links included when they lead somewhere inside it. A link that
 * leads out of the project (or nowhere), and anything that is not a regular
 * file (a folder, a FIFO, a device), is refused before anything is written.
 */
import { lstat, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { resolveInside } from "../scaffold/safe-path.js";
import { CodemodError } from "./errors.js";

/** A project file a codemod reads or writes. */
export interface ProjectFile {
  /** The `/` path relative to the project, as given. */
  rel: string;
  /** The real location: a symlink resolved to its target, which is where an edit goes. */
  path: string;
  exists: boolean;
  /** Permission bits of the existing file, kept by an edit. */
  mode?: number;
}

function isInside(root: string, p: string): boolean {
  const back = path.relative(root, p);
  return back === "" || (!back.startsWith("..") && !path.isAbsolute(back));
}

function kindOf(info: import("node:fs").Stats): string {
  if (info.isDirectory()) return "folder";
  if (info.isFIFO()) return "named pipe";
  if (info.isSocket()) return "socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "device";
  return "special file";
}

/** The real path of `p`, refused when it is a link to nothing or leads out of `root`. */
async function realInside(root: string, p: string, rel: string): Promise<string> {
  const real = await realpath(p).catch(() => {
    throw new CodemodError("unsafe_path", `refusing ${rel}: ${p} is a symbolic link to a missing file`);
  });
  if (!isInside(root, real)) throw new CodemodError("unsafe_path", `refusing ${rel}: ${p} leads out of the project (to ${real})`);
  return real;
}

/**
 * Resolves `rel` inside `projectDir` for reading or writing: an existing file
 * must be a regular file whose real path is inside the project; for a new
 * file, the nearest existing folder on its path must be inside the project.
 */
export async function resolveProjectFile(projectDir: string, rel: string): Promise<ProjectFile> {
  const root = await realpath(projectDir).catch(() => path.resolve(projectDir));
  const lexical = resolveInside(projectDir, rel);
  if (await lstat(lexical).then(() => true, () => false)) {
    const real = await realInside(root, lexical, rel);
    const info = await stat(real);
    if (!info.isFile()) throw new CodemodError("not_regular_file", `refusing ${rel}: it is a ${kindOf(info)}, not a regular file`);
    return { rel, path: real, exists: true, mode: info.mode & 0o7777 };
  }
  let ancestor = path.dirname(lexical);
  while (!(await lstat(ancestor).then(() => true, () => false))) ancestor = path.dirname(ancestor);
  const real = await realInside(root, ancestor, rel);
  return { rel, path: path.join(real, path.relative(ancestor, lexical)), exists: false };
}
