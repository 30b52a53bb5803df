/**
 * Streaming validation of SFT JSON Lines files, with the rules of synth-ai's
 * `collect_sft_jsonl_errors` (CONTRACT.md §13.3). Memory stays constant: the
 * file is read in chunks and only the current line is ever held.
 */
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { SFTExample } from "../schemas/sft-jsonl.js";
import { formatPath } from "./findings.js";
import { checkSftExample } from "./jsonl-checks.js";
import { isPyBlank, pyStrip } from "../text/python-str.js";

/** One problem inside a line. `path` is the key path (`messages[0].role`), "" for the line itself. */
export interface SftLineIssue {
  /** 1-based column (UTF-16 code units) when known. */
  column?: number;
  path: string;
  message: string;
}

/** A problem in a file: a line issue plus its 1-based line number. */
export interface SftJsonlError extends SftLineIssue {
  line: number;
}

export type SftLineResult = { ok: true; example: SFTExample; nonFinite?: boolean } | { ok: false; errors: SftLineIssue[] };

export interface SftJsonlReport {
  /** Valid examples among the lines checked. */
  examples: number;
  /** Physical lines read, blank ones included. */
  lines: number;
  errors: SftJsonlError[];
  /** Valid lines that are probably not what was meant (an example without an assistant turn); at most maxErrors. */
  warnings: SftJsonlError[];
  /** Warnings past maxErrors: counted, not kept (memory stays bounded). */
  omittedWarnings: number;
  /** True when validation stopped early (error limit or binary data); later lines were not checked. */
  truncated: boolean;
}

export interface ValidateSftJsonlOptions {
  /** Stop after this many errors (default 20, like the synth-ai CLI). */
  maxErrors?: number;
  /**
   * Longest line read, in bytes (default 16 MiB): a longer line is an error
   * and is skipped without being held, so memory stays bounded whatever the input.
   */
  maxLineBytes?: number;
  /** Called as reading advances, at most once per chunk read. */
  onProgress?: (progress: { lines: number; bytes: number }) => void;
}

export const DEFAULT_MAX_ERRORS = 20;
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/** A line over the limit of splitLines: only its length was counted. */
export interface OverlongLine {
  overlong: true;
  /** Bytes seen before the line was given up (at least the limit + 1). */
  bytes: number;
}

/** Turns a `JSON.parse` error into an issue, moving V8's position into `column`. */
function describeJsonError(error: unknown, text: string): SftLineIssue {
  let message = error instanceof Error ? error.message : String(error);
  let column: number | undefined;
  const at = / in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(message);
  if (at) {
    column = Number(at[1]) + 1;
    message = message.slice(0, at.index);
  }
  const token = /^(Unexpected token .+?), (?:\.\.\.)?".*" is not valid JSON$/s.exec(message);
  if (token?.[1]) message = token[1];
  if (message === "Unexpected end of JSON input") column = text.length + 1;
  const issue: SftLineIssue = { path: "", message: `invalid JSON (${message})` };
  return column === undefined ? issue : { column, ...issue };
}

const NON_FINITE = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, "-Infinity": Number.NEGATIVE_INFINITY } as const;
const SENTINEL = "\u0000task-app-non-finite:";

/**
 * JSON as Python's `json.loads` reads it: standard JSON plus the bare tokens
 * NaN, Infinity and -Infinity (read as those numbers). `nonFinite` is true when
 * one was used.
 */
export function parsePythonJson(text: string): { value: unknown; nonFinite: boolean } {
  try {
    return { value: JSON.parse(text), nonFinite: false };
  } catch (error) {
    if (!/NaN|Infinity/.test(text)) throw error;
    // Outside strings, turn each token into a marked string, then back into the number.
    let out = "";
    let replaced = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') {
        let end = i + 1;
        while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
        out += text.slice(i, end + 1);
        i = end;
        continue;
      }
      const token = (["-Infinity", "Infinity", "NaN"] as const).find((t) => text.startsWith(t, i));
      if (token) {
        out += JSON.stringify(SENTINEL + token);
        i += token.length - 1;
        replaced = true;
      } else out += c;
    }
    if (!replaced) throw error;
    let value: unknown;
    try {
      value = JSON.parse(out, (_key, v: unknown) => (typeof v === "string" && v.startsWith(SENTINEL) ? NON_FINITE[v.slice(SENTINEL.length) as keyof typeof NON_FINITE] : v));
    } catch {
      throw error;
    }
    return { value, nonFinite: true };
  }
}

/**
 * Validates one JSONL line held in memory: JSON syntax (Python's: NaN and
 * Infinity are read), then the SFT example schema.
 */
export function validateSftLine(text: string): SftLineResult {
  let value: unknown;
  let nonFinite = false;
  try {
    ({ value, nonFinite } = parsePythonJson(text));
  } catch (error) {
    return { ok: false, errors: [describeJsonError(error, text)] };
  }
  const parsed = SFTExample.safeParse(value);
  if (parsed.success) return nonFinite ? { ok: true, example: parsed.data, nonFinite } : { ok: true, example: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
  };
}

/**
 * Splits a byte stream on `\n`. Lines inside a chunk are zero-copy views; a
 * line spanning chunks is joined once. With `maxLineBytes`, a longer line is
 * dropped as it is read and comes out as an OverlongLine.
 */
export function splitLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer>;
export function splitLines(chunks: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<Buffer | OverlongLine>;
export async function* splitLines(chunks: AsyncIterable<Buffer>, maxLineBytes = Infinity): AsyncGenerator<Buffer | OverlongLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Bytes of the current line when it is over the limit (its bytes are not kept), else -1. */
  let overlong = -1;
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (overlong >= 0 || pendingBytes + piece.length > maxLineBytes) {
        yield { overlong: true, bytes: Math.max(overlong, pendingBytes) + piece.length };
        overlong = -1;
      } else if (pending.length === 0) yield piece;
      else {
        pending.push(piece);
        const line = Buffer.concat(pending);
        yield line;
      }
      pending = [];
      pendingBytes = 0;
    }
    if (start >= chunk.length) continue;
    const rest = chunk.subarray(start);
    if (overlong >= 0) overlong += rest.length;
    else if (pendingBytes + rest.length > maxLineBytes) {
      overlong = pendingBytes + rest.length;
      pending = [];
      pendingBytes = 0;
    } else {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (overlong >= 0) yield { overlong: true, bytes: overlong };
  else if (pending.length > 0) yield Buffer.concat(pending);
}

/** Byte offset of the first byte that breaks UTF-8 in `bytes` (only called on invalid input). */
function findInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i] ?? 0;
    const size = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (size === 0 || !isUtf8(bytes.subarray(i, i + size))) return i;
    i += size;
  }
  return bytes.length;
}

/** Decodes one raw line (no `\n`) to text, or describes why it cannot be read as UTF-8 JSON text. */
function decodeLine(raw: Buffer, lineNo: number): { text: string } | { issue: SftLineIssue; fatal: boolean } {
  let bytes = raw.at(-1) === 0x0d ? raw.subarray(0, -1) : raw;
  if (lineNo === 1) {
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      return { issue: { column: 1, path: "", message: "file is UTF-16 encoded; JSON Lines files must be UTF-8" }, fatal: true };
    }
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      const message = "file starts with a UTF-8 byte-order mark (BOM), which synth-ai cannot read; save it as UTF-8 without BOM";
      return { issue: { column: 1, path: "", message }, fatal: false };
    }
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    const column = bytes.subarray(0, nul).toString("utf8").length + 1;
    return { issue: { column, path: "", message: "file looks binary (NUL byte), not JSON Lines text" }, fatal: true };
  }
  if (!isUtf8(bytes)) {
    const bad = findInvalidUtf8(bytes);
    const byte = (bytes[bad] ?? 0).toString(16).toUpperCase().padStart(2, "0");
    const column = bytes.subarray(0, bad).toString("utf8").length + 1;
    return { issue: { column, path: "", message: `line is not valid UTF-8 (byte 0x${byte}); save the file as UTF-8` }, fatal: false };
  }
  try {
    return { text: bytes.toString("utf8") };
  } catch {
    return { issue: { path: "", message: `line is too long to read (${bytes.length} bytes)` }, fatal: false };
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function describeOverlong(bytes: number, max: number): SftLineIssue {
  return { column: 1, path: "", message: `line is longer than ${formatBytes(max)} (at least ${bytes} bytes); it was skipped (raise --max-line-bytes to check it)` };
}

/**
 * Streams an SFT JSONL file and validates every non-blank line. Stops after
 * `maxErrors` errors (and sets `truncated`). Rejects only when the file cannot
 * be opened or read (missing file, directory, I/O error).
 */
export async function validateSftJsonl(path: string, options: ValidateSftJsonlOptions = {}): Promise<SftJsonlReport> {
  const maxErrors = Math.max(1, options.maxErrors ?? DEFAULT_MAX_ERRORS);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const report: SftJsonlReport = { examples: 0, lines: 0, errors: [], warnings: [], omittedWarnings: 0, truncated: false };
  const stream = createReadStream(path, { highWaterMark: 1 << 16 });
  let nonBlank = 0;
  let reportedBytes = -1;
  for await (const raw of splitLines(stream, maxLineBytes)) {
    if (options.onProgress && stream.bytesRead !== reportedBytes) {
      reportedBytes = stream.bytesRead;
      options.onProgress({ lines: report.lines + 1, bytes: reportedBytes });
    }
    const decoded = "overlong" in raw ? { issue: describeOverlong(raw.bytes, maxLineBytes), fatal: false } : decodeLine(raw, report.lines + 1);
    // Python reads the file in universal-newline mode: a lone CR ends a line too.
    const texts = "text" in decoded ? decoded.text.split("\r") : [undefined];
    for (const text of texts) {
      const line = ++report.lines;
      let issues: SftLineIssue[];
      if (text === undefined && "issue" in decoded) {
        nonBlank++;
        issues = [decoded.issue];
        if (decoded.fatal) report.truncated = true;
      } else {
        // Blank and stripped as Python's str.strip() sees it (synth-ai strips each line before json.loads).
        if (text === undefined || isPyBlank(text)) continue;
        nonBlank++;
        const stripped = pyStrip(text);
        const lead = text.indexOf(stripped);
        const parsed = validateSftLine(stripped);
        // Columns count from the line as written, not from its stripped text.
        const result: SftLineResult = parsed.ok || !lead ? parsed : { ok: false, errors: parsed.errors.map((e) => (e.column === undefined ? e : { ...e, column: e.column + lead })) };
        if (result.ok && result.nonFinite) {
          const message = "NaN or Infinity is not standard JSON: Python's json (and synth-ai) reads it, most other readers refuse it";
          if (report.warnings.length < maxErrors) report.warnings.push({ line, path: "", message });
          else report.omittedWarnings++;
        }
        const checks = result.ok ? checkSftExample(result.example) : [];
        for (const { path, message } of checks.filter((c) => c.severity === "warning")) {
          if (report.warnings.length < maxErrors) report.warnings.push({ line, path, message });
          else report.omittedWarnings++;
        }
        issues = result.ok ? checks.filter((c) => c.severity === "error").map(({ path, message }) => ({ path, message })) : result.errors;
        if (!issues.length) {
          report.examples++;
          continue;
        }
      }
      for (const issue of issues.slice(0, maxErrors - report.errors.length)) report.errors.push({ line, ...issue });
      if (report.errors.length >= maxErrors) report.truncated = true;
      if (report.truncated) break;
    }
    if (report.truncated) break;
  }
  options.onProgress?.({ lines: report.lines, bytes: stream.bytesRead });
  if (nonBlank === 0) report.errors.push({ line: 1, path: "", message: "File contains no SFT examples" });
  return report;
}
