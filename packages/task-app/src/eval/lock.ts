/**
 * One eval at a time per run directory: `eval.lock` in it is created with
 * O_EXCL and holds the pid of the process that runs (and, on Linux, that
 * process's start time, so a pid reused by another program does not keep a
 * dead run's lock). A second eval on the directory is refused with the
 * holder's pid; a lock whose process is gone (a run killed with SIGKILL) is
 * taken over. Taking over goes through a short-lived `eval.lock.takeover`
 * directory, so two processes that both find the same stale lock do not both
 * end up running.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

/** Thrown when another live process holds the run directory. */
export class RunDirLockedError extends Error {
  override name = "RunDirLockedError";
  constructor(
    readonly runDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `${runDir} is in use by another eval (pid ${holder.pid}${holder.started_at ? `, started ${holder.started_at}` : ""}): ` +
        `wait for it to finish or stop it; two runs on one directory would run the same rollouts twice`,
    );
  }
}

/** What the lock file says. */
export interface LockHolder {
  pid: number;
  /** ISO time the lock was taken. */
  started_at?: string;
  /** Linux: the holder's start time in clock ticks since boot (`/proc/<pid>/stat` field 22). */
  proc_start?: string;
}

/** A held lock; `release()` removes it (idempotent). */
export interface RunDirLock {
  path: string;
  release(): void;
}

export const lockPath = (runDir: string) => join(runDir, "eval.lock");

/** The start time of `pid` from /proc, when there is one. */
function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** True when the process that wrote `holder` still runs. */
function isAlive(holder: LockHolder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (holder.proc_start === undefined) return true;
  const now = procStart(holder.pid);
  return now === undefined || now === holder.proc_start;
}

function readHolder(path: string): LockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as LockHolder;
    return typeof value?.pid === "number" ? value : { pid: -1 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    // Unreadable or half-written (a crash between create and write): nobody we could wait for.
    return { pid: -1 };
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    const me: LockHolder = { pid: process.pid, started_at: new Date().toISOString(), ...(procStart(process.pid) ? { proc_start: procStart(process.pid) } : {}) };
    writeSync(fd, `${JSON.stringify(me)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** How old a takeover directory may be before it counts as left by a crash. */
const TAKEOVER_STALE_MS = 10_000;

/** Removes a stale lock under the takeover mutex; false when another process is taking it over right now. */
function takeOver(path: string, stale: LockHolder): boolean {
  const mutex = `${path}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    try {
      if (Date.now() - statSync(mutex).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(mutex);
    } catch {
      // gone meanwhile
    }
    return false;
  }
  try {
    const now = readHolder(path);
    // Still the same stale holder: remove it. Another process may have replaced it meanwhile: then leave it.
    if (now && now.pid === stale.pid && now.started_at === stale.started_at) unlinkSync(path);
    return tryCreate(path);
  } finally {
    rmdirSync(mutex);
  }
}

/**
 * Takes the run directory's lock (creating the directory), or throws
 * RunDirLockedError naming the live holder. The lock is removed on
 * `release()` and, as a last resort, when the process exits; a run
 * directory created for the lock is removed with it when it is still empty.
 */
export async function lockRunDir(runDir: string, options: { created?: boolean } = {}): Promise<RunDirLock> {
  // A directory made only for the lock (or just claimed for this run: `created`) goes with it when the run never started (a refused --out, say).
  const created = mkdirSync(runDir, { recursive: true }) !== undefined || options.created === true;
  const path = lockPath(runDir);
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path)) break;
    const holder = readHolder(path);
    if (holder === undefined) continue; // released between our create and read: try again
    if (isAlive(holder)) throw new RunDirLockedError(runDir, holder);
    if (takeOver(path, holder)) break;
    if (attempt >= 50) throw new RunDirLockedError(runDir, holder);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      if (readHolder(path)?.pid === process.pid) unlinkSync(path);
      if (created) rmdirSync(runDir);
    } catch {
      // already gone, or the run wrote its files: the directory stays
    }
  };
  process.on("exit", release);
  return { path, release };
}
