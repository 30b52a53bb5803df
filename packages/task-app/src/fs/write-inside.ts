/**
 * Writing a file inside a folder so that no link can take the write outside
 * it, not even one swapped in for a folder while the write goes on. Each
 * folder of the path is opened in turn from the one opened before it,
 * without following a link (`/proc/self/fd/<fd>/<name>` names the entry of
 * the folder the descriptor holds, whatever its path has become since);
 * the file is written whole under a fresh temporary name in the last folder
 * opened, then renamed over its name there. The check and the write are one
 * step: there is no path to re-resolve between them.
 *
 * Linux only (it needs /proc): {@link canWriteInside} says whether it runs.
 */
import { randomBytes } from "node:crypto";
import { constants, existsSync } from "node:fs";
import { lstat, mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";

const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW, O_WRONLY, O_CREAT, O_EXCL } = constants;

/** A refusal: `traversal` when a link (or something that is not a folder) stood where a folder of the path should be, `not_a_file` when the target is not a regular file. */
export class WriteInsideError extends Error {
  override name = "WriteInsideError";
  constructor(
    readonly reason: "traversal" | "not_a_file",
    message: string,
  ) {
    super(message);
  }
}

/** Whether this system has what {@link writeFileInside} needs. */
export const canWriteInside = (): boolean => process.platform === "linux" && existsSync("/proc/self/fd");

const entry = (dir: FileHandle, name: string) => `/proc/self/fd/${dir.fd}/${name}`;

/**
 * Writes `contents` to `parts` (the path's names, none empty, `.` or `..`)
 * inside the folder `root` (opened as it is: the caller's own folder),
 * creating missing folders. Throws WriteInsideError for a link or a
 * non-folder on the way or a target that is not a regular file (a link
 * included), and the system's error otherwise.
 */
export async function writeFileInside(root: string, parts: readonly string[], contents: string | Uint8Array): Promise<void> {
  if (parts.length === 0 || parts.some((p) => p === "" || p === "." || p === ".." || p.includes("/") || p.includes("\0"))) throw new WriteInsideError("traversal", "the path is not a plain relative path");
  let dir = await open(root, O_RDONLY | O_DIRECTORY);
  try {
    for (const name of parts.slice(0, -1)) {
      await mkdir(entry(dir, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
      const next = await open(entry(dir, name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ELOOP" || error.code === "ENOTDIR") throw new WriteInsideError("traversal", `${name} is a link or not a folder`);
        throw error;
      });
      await dir.close();
      dir = next;
    }
    const name = parts.at(-1)!;
    const existing = await lstat(entry(dir, name)).catch(() => undefined);
    if (existing && !existing.isFile()) throw new WriteInsideError("not_a_file", existing.isSymbolicLink() ? "the file is a symbolic link" : "the path names something that is not a regular file");
    const temp = `.${name.slice(0, 64)}.${randomBytes(8).toString("hex")}.tmp`;
    const file = await open(entry(dir, temp), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644);
    try {
      await file.writeFile(contents);
      await file.close();
      await rename(entry(dir, temp), entry(dir, name));
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(entry(dir, temp), { force: true });
      throw error;
    }
  } finally {
    await dir.close();
  }
}
