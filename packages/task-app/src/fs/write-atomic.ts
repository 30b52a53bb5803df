/**
 * The one way the CLI writes an output file: whole or not at all (a
 * temporary sibling, then a rename), and only over a regular file. A target
 * that is a directory, a device, a FIFO, a socket, or a symlink to one of
 * them (`/proc/self/fd/1`, `/dev/stdout`) is refused before anything is
 * opened, so a device is never replaced and a FIFO never blocks the writer.
 * A symlink to a regular file is followed: the file it names is replaced and
 * the link stays.
 */
import { once } from "node:events";
import { createWriteStream, lstatSync, mkdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync, type Stats, type WriteStream } from "node:fs";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { kindOf, OutputTargetError } from "./output-target.js";

export { OutputTargetError };

/**
 * The path to write for `path`: itself when absent or a regular file, the
 * file a symlink resolves to when that is regular. Throws OutputTargetError
 * for anything else (a dangling symlink included).
 */
export function resolveOutputTarget(path: string): string {
  let link: Stats;
  try {
    link = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return path;
    throw error;
  }
  if (link.isFile()) return path;
  if (!link.isSymbolicLink()) throw new OutputTargetError(path, kindOf(link));
  let target: Stats;
  try {
    target = statSync(path);
  } catch {
    throw new OutputTargetError(path, "a symlink to nothing");
  }
  if (!target.isFile()) throw new OutputTargetError(path, `a symlink to ${kindOf(target)}`);
  return realpathSync(path);
}

const tempOf = (target: string) => `${target}.${process.pid}.${Date.now().toString(36)}.tmp`;

export interface AtomicWriteOptions {
  /** Permission bits of the written file (e.g. 0o600). Default: the umask's. */
  mode?: number;
}

/** Writes `contents` to `path` atomically (see the module comment). */
export async function writeFileAtomic(path: string, contents: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const target = resolveOutputTarget(path);
  await mkdir(dirname(target), { recursive: true });
  const temp = tempOf(target);
  try {
    await writeFile(temp, contents, { flag: "wx", ...(options.mode !== undefined ? { mode: options.mode } : {}) });
    if (options.mode !== undefined) await chmod(temp, options.mode);
    resolveOutputTarget(target); // checked again: the target may have changed while the file was written
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Writes several files as one change: every file goes to its temporary
 * sibling first, and only when all of them are written are they renamed
 * into place, so a failure (a target refused, a full disk) leaves none of
 * them changed.
 */
export async function writeFilesAtomic(files: Iterable<readonly [path: string, contents: string | Uint8Array]>): Promise<void> {
  const staged: { temp: string; target: string }[] = [];
  try {
    for (const [path, contents] of files) {
      const target = resolveOutputTarget(path);
      await mkdir(dirname(target), { recursive: true });
      const temp = tempOf(target);
      staged.push({ temp, target });
      await writeFile(temp, contents, { flag: "wx" });
    }
    for (const { target } of staged) resolveOutputTarget(target); // checked again: a target may have changed while the files were written
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    throw error;
  }
  for (const { temp, target } of staged) await rename(temp, target);
}

/** The same, synchronously (for writers that run outside an event loop turn). */
export function writeFileAtomicSync(path: string, contents: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const target = resolveOutputTarget(path);
  mkdirSync(dirname(target), { recursive: true });
  const temp = tempOf(target);
  try {
    writeFileSync(temp, contents, { flag: "wx", ...(options.mode !== undefined ? { mode: options.mode } : {}) });
    resolveOutputTarget(target);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** A file written as a stream and put in place by `commit()`, or dropped by `abort()`. */
export interface AtomicStream {
  readonly stream: WriteStream;
  /** Where the file goes (a symlink's regular target, else the path given). */
  readonly target: string;
  /** Writes `text`, waiting when the stream asks to. */
  write(text: string): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** Opens an atomic stream for `path` (refusing a non-regular target before anything is created). */
export async function openAtomicStream(path: string, options: AtomicWriteOptions = {}): Promise<AtomicStream> {
  const target = resolveOutputTarget(path);
  await mkdir(dirname(target), { recursive: true });
  const temp = tempOf(target);
  const stream = createWriteStream(temp, { encoding: "utf8", flags: "wx", ...(options.mode !== undefined ? { mode: options.mode } : {}) });
  await once(stream, "open");
  return {
    stream,
    target,
    async write(text) {
      if (!stream.write(text)) await once(stream, "drain");
    },
    async commit() {
      try {
        stream.end();
        await once(stream, "finish");
        resolveOutputTarget(target);
        await rename(temp, target);
      } catch (error) {
        stream.destroy();
        await rm(temp, { force: true });
        throw error;
      }
    },
    async abort() {
      stream.destroy();
      await rm(temp, { force: true });
    },
  };
}
