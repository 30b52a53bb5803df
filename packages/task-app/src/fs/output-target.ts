/**
 * Is this path something the CLI may write a file to? Only a regular file,
 * or a path where nothing exists yet. A device, a FIFO, a socket or a
 * directory (symlinks followed: `/dev/stdout` is a pipe or a terminal) is
 * refused before anything is opened, and a file is opened with O_NONBLOCK and
 * checked again by its descriptor, so a FIFO swapped in meanwhile neither
 * blocks the open nor receives a byte.
 */
import { closeSync, constants, fstatSync, openSync, statSync, type Stats } from "node:fs";
import { describeFileType } from "../config/read.js";

/** A target that is not a regular file; the message names the path and what it is. */
export class OutputTargetError extends Error {
  override name = "OutputTargetError";
  constructor(
    readonly path: string,
    readonly kind: string,
    what = "output",
  ) {
    super(`${what} ${path} is ${kind}, not a regular file: write to a regular file (or a path that does not exist yet)`);
  }
}

/** What a non-regular path is, in words ("a directory", "a FIFO (named pipe)", …). */
export const kindOf = (stats: Stats) => (stats.isDirectory() ? "a directory" : describeFileType(stats));

/** What is at an output path: nothing yet, or a regular file of `size` bytes. */
export type OutputTarget = { exists: false } | { exists: true; size: number };

/** Checks `path` (following symlinks) as an output target; `what` names it in the error (`--out`). */
export function checkOutputTarget(path: string, what = "output"): OutputTarget {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { exists: false };
    throw error;
  }
  if (!stats.isFile()) throw new OutputTargetError(path, kindOf(stats), what);
  return { exists: true, size: stats.size };
}

const FLAGS = { a: constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, "r+": constants.O_RDWR, r: constants.O_RDONLY } as const;

/**
 * Opens a regular file (`a`: append, created 0600 when missing; `r+`, `r`: it
 * must exist) without ever blocking on a FIFO, and refuses the descriptor
 * when it is not a regular file.
 */
export function openRegularFile(path: string, flags: keyof typeof FLAGS, what = "output"): number {
  let fd: number;
  try {
    fd = openSync(path, FLAGS[flags] | constants.O_NONBLOCK, 0o600);
  } catch (error) {
    // A FIFO with no reader (ENXIO), a directory (EISDIR): say what it is.
    if (["ENXIO", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) checkOutputTarget(path, what);
    throw error;
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    throw new OutputTargetError(path, kindOf(stats), what);
  }
  return fd;
}
