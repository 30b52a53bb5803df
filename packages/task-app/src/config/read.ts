/**
 * Reading config files defensively: missing files, directories, binaries,
 * non-UTF-8 text and oversized files become ConfigInputError with a plain
 * message and, where a byte is to blame, its line and column.
 */
import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";

export type ConfigInputCode =
  | "not_found"
  | "is_directory"
  | "not_regular"
  | "empty"
  | "binary"
  | "invalid_utf8"
  | "too_large"
  | "unreadable";

/** Default size limit for a config file: 4 MiB. */
export const DEFAULT_MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** A config file that cannot be used as TOML text; line/column are 1-based. */
export class ConfigInputError extends Error {
  override name = "ConfigInputError";
  constructor(
    readonly code: ConfigInputCode,
    message: string,
    readonly line = 1,
    readonly column = 1,
  ) {
    super(message);
  }
}

/**
 * Reads a config file as text. The size is checked before any byte is read,
 * and reading stops past `maxBytes` (default 4 MiB) even if the file grows.
 * Only regular files are read: a FIFO, socket or device is refused at once
 * (opening is non-blocking, so a FIFO without a writer cannot hang it).
 */
export async function readConfigText(path: string, options?: { maxBytes?: number; keepBom?: boolean }): Promise<string> {
  const maxBytes = options?.maxBytes ?? DEFAULT_MAX_CONFIG_BYTES;
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    throw describeOpenError(err);
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw new ConfigInputError("is_directory", "path is a directory; expected a TOML file");
    if (!stats.isFile()) throw new ConfigInputError("not_regular", `path is ${describeFileType(stats)}, not a regular file; expected a TOML file`);
    if (stats.size > maxBytes) throw tooLarge(stats.size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const { bytesRead, buffer } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(undefined, maxBytes);
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return decodeConfigText(Buffer.concat(chunks), options);
  } catch (err) {
    if (err instanceof ConfigInputError) throw err;
    throw new ConfigInputError("unreadable", `file cannot be read (${errorCode(err)})`);
  } finally {
    await handle.close();
  }
}

/**
 * Decodes config bytes as UTF-8: strips a BOM (kept with `keepBom`, for TOML,
 * which refuses it as synth-ai's parser does), refuses NUL bytes, invalid
 * UTF-8 (at the first bad byte), UTF-16 and empty or whitespace-only text.
 */
export function decodeConfigText(bytes: Uint8Array, options?: { keepBom?: boolean }): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new ConfigInputError("invalid_utf8", "file is UTF-16 encoded; expected a UTF-8 TOML file");
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom && !options?.keepBom ? bytes.subarray(3) : bytes;
  const nul = body.indexOf(0);
  if (nul >= 0) {
    const { line, column } = locateByte(body, nul);
    throw new ConfigInputError(
      "binary",
      `file looks binary (NUL byte at line ${line}, column ${column}); expected a UTF-8 TOML file`,
      line,
      column,
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    const { line, column } = locateByte(body, findInvalidUtf8(body));
    throw new ConfigInputError(
      "invalid_utf8",
      `file is not valid UTF-8 (bad byte at line ${line}, column ${column}); save it as UTF-8`,
      line,
      column,
    );
  }
  if (text.trim() === "") throw new ConfigInputError("empty", "file is empty; expected a TOML config");
  return text;
}

/** Offset of the first byte that starts an ill-formed UTF-8 sequence (Unicode table 3-7). */
function findInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let n = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b < 0x80) n = 0;
    else if (b >= 0xc2 && b <= 0xdf) n = 1;
    else if (b >= 0xe0 && b <= 0xef) [n, lo, hi] = [2, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf];
    else if (b >= 0xf0 && b <= 0xf4) [n, lo, hi] = [3, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf];
    else return i;
    for (let k = 1; k <= n; k++) {
      const c = bytes[i + k];
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (c === undefined || c < min || c > max) return i;
    }
    i += n + 1;
  }
  return bytes.length;
}

/** 1-based line and column (in UTF-16 units, as editors count) of a byte offset. */
function locateByte(bytes: Uint8Array, offset: number): { line: number; column: number } {
  const lineStart = bytes.lastIndexOf(0x0a, offset - 1) + 1;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < lineStart; i = bytes.indexOf(0x0a, i + 1)) line++;
  const prefix = new TextDecoder("utf-8").decode(bytes.subarray(lineStart, offset));
  return { line, column: prefix.length + 1 };
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The size error; `size` is undefined when the file has no reliable size (it grows, or is a device). */
export function tooLarge(size: number | undefined, maxBytes: number): ConfigInputError {
  let [actual, limit] = [formatSize(size ?? 0), formatSize(maxBytes)];
  if (actual === limit) [actual, limit] = [`${size} bytes`, `${maxBytes} bytes`];
  return new ConfigInputError(
    "too_large",
    size === undefined
      ? `file is larger than ${limit}, the limit for config files`
      : `file is ${actual}; config files are limited to ${limit}`,
  );
}

/** What a non-regular file is, for messages: "a FIFO (named pipe)", "a socket", ... */
export function describeFileType(stats: Stats): string {
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "not a file";
}

function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException | undefined)?.code ?? String(err);
}

function describeOpenError(err: unknown): ConfigInputError {
  const code = errorCode(err);
  if (code === "ENOENT" || code === "ENOTDIR") return new ConfigInputError("not_found", "file not found");
  if (code === "EISDIR") return new ConfigInputError("is_directory", "path is a directory; expected a TOML file");
  if (code === "EACCES" || code === "EPERM") {
    return new ConfigInputError("unreadable", "permission denied; the file cannot be read");
  }
  return new ConfigInputError("unreadable", `file cannot be read (${code})`);
}
