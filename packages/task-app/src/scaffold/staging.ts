/**
 * The staging folder a write goes through, and its recovery after a crash.
 * A staging folder is named `.create-task-app-<pid>-<random>` and sits next to
 * the target; it holds the staged files (`files/`), the target's path
 * (`target`) and a journal of what the move into place did (`journal`: each
 * folder created and each file placed, written before the step). A process
 * that dies without cleaning up (SIGKILL, power loss) leaves it behind; the
 * next write in the same place finds it, sees its process is gone, undoes
 * the half-done placement from the journal and removes it, `.env` included.
 */
import { appendFile, lstat, mkdtemp, readdir, readFile, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** Staging folders start with this; then the pid of the writing process. */
export const STAGING_PREFIX = ".create-task-app-";

const STAGING_NAME = /^\.create-task-app-(\d+)-[A-Za-z0-9]+$/;

/** Staging folders of versions before the pid was in the name (`mkdtemp`'s six characters): removed once this old. */
const UNNAMED_STAGING = /^\.create-task-app-[A-Za-z0-9]{6}$/;
export const UNNAMED_STAGING_MAX_AGE_MS = 60 * 60 * 1000;

/** A staging folder being written. */
export interface Staging {
  /** The staging folder itself. */
  dir: string;
  /** Where the staged files go (`dir/files`). */
  files: string;
  /** Records that `dir` is about to be created (absolute path). */
  noteDir(dir: string): Promise<void>;
  /** Records that the staged file `rel` is about to be placed in the target. */
  noteFile(rel: string): Promise<void>;
  /** Records that every file is in place: the write is complete and must not be undone. */
  noteDone(): Promise<void>;
}

/** Creates a staging folder in `anchor` for a write into `target` (mode 0700, as mkdtemp makes it). */
export async function createStaging(anchor: string, target: string): Promise<Staging> {
  const dir = await mkdtemp(path.join(anchor, `${STAGING_PREFIX}${process.pid}-`));
  await writeFile(path.join(dir, "target"), target, { mode: 0o600 });
  const journal = path.join(dir, "journal");
  return {
    dir,
    files: path.join(dir, "files"),
    noteDir: (d) => appendFile(journal, `dir\t${d}\n`, { mode: 0o600 }),
    noteFile: (rel) => appendFile(journal, `file\t${rel}\n`, { mode: 0o600 }),
    noteDone: () => appendFile(journal, "done\n", { mode: 0o600 }),
  };
}

/** Whether process `pid` is still running (a process of another user counts as running). */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether `a` and `b` are the same file (a hard link), compared by device and inode. */
async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([lstat(a).catch(() => undefined), lstat(b).catch(() => undefined)]);
  return x !== undefined && y !== undefined && x.isFile() && x.dev === y.dev && x.ino === y.ino;
}

/** Undoes what a dead write placed in its target, per its journal: only files that are still its own hard links. */
async function undoPlacement(staging: string): Promise<void> {
  const target = await readFile(path.join(staging, "target"), "utf8").catch(() => undefined);
  const journal = await readFile(path.join(staging, "journal"), "utf8").catch(() => "");
  if (!target || !path.isAbsolute(target) || /^done$/m.test(journal)) return;
  const dirs: string[] = [];
  for (const line of journal.split("\n")) {
    const [kind, value] = line.split("\t");
    if (!value) continue;
    if (kind === "dir") dirs.push(value);
    if (kind === "file") {
      const placed = path.join(target, value);
      const staged = path.join(staging, "files", value);
      // Inside the target, and the very file that was staged (never a file someone else made).
      if (!path.relative(target, placed).startsWith("..") && (await sameFile(placed, staged))) await unlink(placed).catch(() => undefined);
    }
  }
  for (const dir of dirs.reverse()) await rmdir(dir).catch(() => undefined);
}

/**
 * Removes staging folders in `anchor` left by processes that are gone, after
 * undoing their half-done placement; returns the folders removed. Folders of
 * running processes are left alone; one without a pid in its name (an older
 * version's) goes once it is an hour old.
 */
export async function cleanStaleStaging(anchor: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(anchor).catch(() => [] as string[])) {
    const dir = path.join(anchor, name);
    const pid = Number(STAGING_NAME.exec(name)?.[1] ?? NaN);
    const unnamed = UNNAMED_STAGING.test(name);
    if (!unnamed && (!Number.isSafeInteger(pid) || pid <= 0 || isAlive(pid))) continue;
    const info = await lstat(dir).catch(() => undefined);
    if (!info?.isDirectory()) continue;
    if (unnamed && Date.now() - info.mtimeMs < UNNAMED_STAGING_MAX_AGE_MS) continue;
    await undoPlacement(dir);
    await rm(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
