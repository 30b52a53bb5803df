/**
 * Writes a project all at once. Files go into a hidden staging folder next to
 * the target (same file system), then move into place: a rename when the
 * target does not exist yet, otherwise one hard link per file, which fails
 * rather than overwrite. Any failure or abort removes what this call placed
 * and the staging folder, so the target is never left half-written. A process
 * killed outright leaves its staging folder; the next write in the same place
 * undoes and removes it (see staging.ts). `.env` is written with mode 0600.
 */
import { constants } from "node:fs";
import { copyFile, link, lstat, mkdir, readdir, rename, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { ScaffoldError } from "./errors.js";
import { resolveInside } from "./safe-path.js";
import { cleanStaleStaging, createStaging } from "./staging.js";

/** Options for {@link writeProject}. */
export interface WriteOptions {
  /** Allow a non-empty target. Existing files are never replaced or removed. */
  force?: boolean;
  /** Aborting stops the write and rolls it back. */
  signal?: AbortSignal;
  /** Called after each file is staged (progress, or tests that interrupt a write). */
  onFileStaged?: (relative: string) => void | Promise<void>;
  /** Called after each file is placed in an existing target (progress, or tests that interrupt the placement). */
  onFilePlaced?: (relative: string) => void | Promise<void>;
}

/** Entries that do not make a folder "non-empty" (a fresh `git init` is fine). */
const IGNORABLE = new Set([".git"]);

async function exists(p: string): Promise<boolean> {
  return lstat(p).then(() => true, () => false);
}

async function nearestExistingAncestor(p: string): Promise<string> {
  let dir = p;
  while (!(await exists(dir))) {
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return dir;
}

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ScaffoldError("aborted", "scaffolding was interrupted; nothing was written");
}

/** What a target folder holds that counts against writing into it (`.git` excepted). */
export async function listBlockingEntries(target: string): Promise<string[]> {
  const entries = await readdir(target).catch(() => [] as string[]);
  return entries.filter((e) => !IGNORABLE.has(e)).sort();
}

/** Throws unless `files` can be placed in `target` under the safety rules; returns whether it exists. */
async function checkTarget(target: string, files: readonly string[], force: boolean): Promise<boolean> {
  const info = await lstat(target).catch(() => undefined);
  if (!info) return false;
  if (!info.isDirectory()) throw new ScaffoldError("target_not_directory", `${target} exists and is not a directory`);
  const blocking = await listBlockingEntries(target);
  if (blocking.length > 0 && !force) {
    throw new ScaffoldError(
      "target_not_empty",
      `${target} is not empty (${blocking.slice(0, 5).join(", ")}${blocking.length > 5 ? ", …" : ""}); pass --force to add files next to what is there`,
      blocking,
    );
  }
  const conflicts: string[] = [];
  for (const rel of files) {
    // A file in the way of the file itself or of any folder on its path.
    const parts = rel.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const sub = parts.slice(0, i).join("/");
      const st = await lstat(path.join(target, sub)).catch(() => undefined);
      if (!st) break;
      if (i === parts.length || !st.isDirectory()) {
        conflicts.push(sub);
        break;
      }
    }
  }
  if (conflicts.length > 0) {
    const unique = [...new Set(conflicts)];
    throw new ScaffoldError(
      "conflict",
      `refusing to overwrite existing files in ${target}: ${unique.join(", ")}`,
      unique,
    );
  }
  return true;
}

async function placeFile(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    await copyFile(from, to, constants.COPYFILE_EXCL);
  }
}

/** Files holding secrets, written readable by their owner only. */
const PRIVATE_FILES = new Set([".env"]);

/** Creates the folders on `dir`'s path that are missing (each noted first); returns them outermost first. */
async function makeDirs(dir: string, note: (dir: string) => Promise<void>): Promise<string[]> {
  const missing: string[] = [];
  let cur = dir;
  while (!(await exists(cur))) {
    missing.unshift(cur);
    const up = path.dirname(cur);
    if (up === cur) break;
    cur = up;
  }
  for (const d of missing) {
    await note(d);
    await mkdir(d);
  }
  return missing;
}

/**
 * Writes `files` (relative `/` paths → bytes) into `target` as one unit and
 * returns the relative paths written, sorted. Throws a {@link ScaffoldError}
 * (or the underlying I/O error) with nothing left behind.
 */
export async function writeProject(
  target: string,
  files: ReadonlyMap<string, Uint8Array | string>,
  options: WriteOptions = {},
): Promise<string[]> {
  const root = path.resolve(target);
  const rels = [...files.keys()].sort();
  for (const rel of rels) resolveInside(root, rel);
  checkAbort(options.signal);
  const targetExists = await checkTarget(root, rels, options.force ?? false);

  const anchor = await nearestExistingAncestor(path.dirname(root));
  await cleanStaleStaging(anchor);
  const staging = await createStaging(anchor, root);
  const stage = staging.files;
  const createdDirs: string[] = [];
  const placed: string[] = [];
  try {
    for (const rel of rels) {
      checkAbort(options.signal);
      const dest = resolveInside(stage, rel);
      await mkdir(path.dirname(dest), { recursive: true });
      const mode = PRIVATE_FILES.has(path.basename(rel)) ? { mode: 0o600 } : {};
      await writeFile(dest, files.get(rel) as Uint8Array | string, { flag: "wx", ...mode });
      await options.onFileStaged?.(rel);
    }
    checkAbort(options.signal);
    if (!targetExists) {
      createdDirs.push(...(await makeDirs(path.dirname(root), staging.noteDir)));
      await rename(stage, root);
      return rels;
    }
    for (const rel of rels) {
      checkAbort(options.signal);
      const dest = resolveInside(root, rel);
      createdDirs.push(...(await makeDirs(path.dirname(dest), staging.noteDir)));
      await staging.noteFile(rel);
      await placeFile(resolveInside(stage, rel), dest);
      placed.push(dest);
      await options.onFilePlaced?.(rel);
    }
    await staging.noteDone();
    return rels;
  } catch (error) {
    for (const file of placed.reverse()) await unlink(file).catch(() => undefined);
    for (const dir of createdDirs.reverse()) await rmdir(dir).catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === "EEXIST" || (error as NodeJS.ErrnoException).code === "ENOTEMPTY") {
      throw new ScaffoldError("conflict", `${root} changed while writing; nothing was written`);
    }
    throw error;
  } finally {
    await rm(staging.dir, { recursive: true, force: true });
  }
}
