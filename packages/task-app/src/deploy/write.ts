/**
 * The deploy folder on disk: every path `render` would write is checked
 * before anything is read or written (a symlink, a FIFO, a device or a
 * directory where a file or folder of the render goes is refused, so a
 * symlinked Dockerfile cannot send the write outside the folder and a FIFO
 * never blocks the drift check), then the files that differ are written as
 * one change through writeFilesAtomic: all of them or none.
 */
import { closeSync, readFileSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { kindOf, openRegularFile } from "../fs/output-target.js";
import { writeFilesAtomic } from "../fs/write-atomic.js";

/** A path in the deploy folder that render must not write through; nothing was written. */
export class DeployFolderError extends Error {
  override name = "DeployFolderError";
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

async function lstatOrUndefined(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Throws DeployFolderError naming every path under `out` that is not a plain folder or regular file where one goes. */
export async function checkDeployTargets(out: string, paths: Iterable<string>): Promise<void> {
  const problems = new Set<string>();
  for (const rel of paths) {
    const parts = rel.split("/");
    for (let n = 1; n <= parts.length; n++) {
      const path = join(out, ...parts.slice(0, n));
      const stats = await lstatOrUndefined(path);
      if (!stats) break;
      const file = n === parts.length;
      if (stats.isSymbolicLink()) problems.add(`${path} is a symlink: render writes only plain files and folders inside the deploy folder; remove it and render again`);
      else if (file ? !stats.isFile() : !stats.isDirectory()) problems.add(`${path} is ${kindOf(stats)}, not a ${file ? "regular file" : "folder"}; remove it and render again`);
      else continue;
      break;
    }
  }
  if (problems.size) throw new DeployFolderError([...problems]);
}

/** The current bytes of a checked path (undefined when absent), opened without blocking and refused when not a regular file. */
async function readCurrent(path: string): Promise<string | undefined> {
  let fd: number;
  try {
    fd = openRegularFile(path, "r", "deploy file");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/** The paths of `files` whose contents differ from what is under `out` (missing ones included). Call checkDeployTargets first. */
export async function findChangedDeployFiles(out: string, files: ReadonlyMap<string, string>): Promise<string[]> {
  const changed: string[] = [];
  for (const [rel, contents] of files) if ((await readCurrent(join(out, rel))) !== contents) changed.push(rel);
  return changed;
}

/** Checks every target, then writes the files that changed, all or none. Returns the paths written. */
export async function writeDeployFolder(out: string, files: ReadonlyMap<string, string>): Promise<string[]> {
  await checkDeployTargets(out, files.keys());
  const changed = await findChangedDeployFiles(out, files);
  await writeFilesAtomic(changed.map((rel) => [join(out, rel), files.get(rel)!] as const));
  return changed;
}
