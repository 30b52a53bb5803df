/**
 * TOML parsing with source positions. Values come from smol-toml; positions
 * for key paths come from a scan of the text (./locate.ts) made only when a
 * position is asked for, and keeping only the positions asked for.
 */
import { parse, TomlError } from "smol-toml";
import { findFirstDefinition, locatePaths, skipString } from "./locate.js";
import { findInvalidDate } from "./toml-dates.js";
import { describeToml11, findToml11Construct } from "./toml-version.js";

/** Deepest nesting (brackets, braces and dotted-key segments) accepted on parse. */
const MAX_NESTING = 128;
/**
 * Most key lines and table headers a config may have. The largest real
 * configs have a few hundred; the TOML parser needs seconds and hundreds of
 * megabytes for a few hundred thousand, so a file past this bound is refused
 * before parsing, at the line where it is crossed.
 */
export const MAX_CONFIG_KEYS = 20_000;

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
}

/** A TOML syntax error at a 1-based line and column. */
/** A file refused before parsing because it is far larger than any config: not a syntax error, but reported the same way. */
export class TomlLimitError extends Error {
  override name = "TomlLimitError";
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} (line ${line})`);
  }
}

export class TomlSyntaxError extends Error {
  override name = "TomlSyntaxError";
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`invalid TOML at line ${line}, column ${column}: ${reason}`);
  }
}

export interface InexactInteger {
  path: (string | number)[];
  /** The integer as written (in decimal). */
  literal: string;
}

export interface TomlDocument {
  value: Record<string, unknown>;
  /**
   * Source position of a key path (as in a Zod issue path): the key itself,
   * the array element for an index, the deepest existing ancestor for a path
   * that does not exist, and 1:1 for the empty path.
   */
  locate(path: readonly PropertyKey[]): SourcePosition;
  /**
   * Integers beyond ±2^53 (valid TOML, but not exact as JavaScript numbers):
   * read as the nearest number; their paths, for a warning.
   */
  inexactIntegers: InexactInteger[];
  /** Positions of many paths in one scan of the text: use it for a batch of findings. */
  locateAll(paths: readonly (readonly PropertyKey[])[]): SourcePosition[];
}

/**
 * Parses TOML 1.0 text into plain objects; throws TomlSyntaxError on invalid
 * input, and on TOML 1.1-only syntax or a BOM, which synth-ai cannot read
 * (./toml-version.ts).
 */
export function parseTomlDocument(text: string): TomlDocument {
  const tooDeep = findExcessiveNesting(text);
  if (tooDeep >= 0) {
    const { line, column } = positionAt(text, tooDeep);
    throw new TomlSyntaxError(`nesting too deep (more than ${MAX_NESTING} levels)`, line, column);
  }
  const tooMany = findExcessiveKeys(text);
  if (tooMany > 0)
    throw new TomlLimitError(`more than ${MAX_CONFIG_KEYS.toLocaleString("en-US")} keys and tables: this is far larger than any config, so it is not parsed`, tooMany, 1);
  let raw: Record<string, unknown>;
  try {
    raw = parse(text, { integersAsBigInt: "asNeeded" });
  } catch (err) {
    if (err instanceof TomlError) {
      const reason = err.message.split("\n\n")[0]!.replace(/^Invalid TOML document: /, "");
      throw describeSyntaxError(text, reason, err.line, err.column);
    }
    if (err instanceof RangeError) throw new TomlSyntaxError("nesting too deep", 1, 1);
    throw err;
  }
  const newer = findToml11Construct(text);
  if (newer) {
    const { line, column } = positionAt(text, newer.offset);
    throw new TomlSyntaxError(describeToml11(newer), line, column);
  }
  const badDate = findInvalidDate(text);
  if (badDate) {
    const { line, column } = positionAt(text, badDate.offset);
    throw new TomlSyntaxError(badDate.reason, line, column);
  }
  const inexactIntegers: InexactInteger[] = [];
  return {
    value: toPlainValue(raw, [], inexactIntegers) as Record<string, unknown>,
    inexactIntegers,
    locate: (path) => locatePaths(text, [path])[0]!,
    locateAll: (paths) => locatePaths(text, paths),
  };
}

/** Offset of a 1-based line and column. */
function offsetOf(text: string, line: number, column: number): number {
  let start = 0;
  for (let n = 1; n < line; n++) start = text.indexOf("\n", start) + 1;
  return start + column - 1;
}

/** The opening quote of the single-line string left open at the end of the line holding `offset`, or -1. */
function findOpenString(text: string, offset: number): number {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  for (let i = lineStart; i < offset; i++) {
    const c = text[i];
    if (c === "#") return -1;
    if (c !== '"' && c !== "'") continue;
    const end = skipString(text, i);
    if (end >= offset || text[end] === "\n") return i;
    i = end;
  }
  return -1;
}

/** smol-toml's error in plainer words where it is vague: unterminated strings and redefined keys. */
function describeSyntaxError(text: string, reason: string, line: number, column: number): TomlSyntaxError {
  const offset = offsetOf(text, line, column);
  if (reason === "unfinished string" || (reason === "control characters are not allowed in strings" && /[\r\n]/.test(text[offset] ?? "\n"))) {
    const open = reason === "unfinished string" ? offset : findOpenString(text, offset);
    if (open >= 0) {
      const at = positionAt(text, open);
      const multi = text.startsWith(text[open]!.repeat(3), open);
      const why = multi ? "is never closed" : "is not closed before the end of the line (use triple quotes for a multi-line string)";
      return new TomlSyntaxError(`unterminated string: the quote at line ${at.line}, column ${at.column} ${why}`, at.line, at.column);
    }
  }
  if (/redefine an already defined/.test(reason)) {
    const twice = findFirstDefinition(text, offset);
    if (twice) {
      const first = twice.first ? `; first defined at line ${twice.first.line}, column ${twice.first.column}` : "";
      const name = formatTablePath(twice.path);
      if (twice.table) return new TomlSyntaxError(`table [${name}] is defined twice${first}`, line, column);
      const key = twice.path.at(-1);
      const where = twice.path.length > 1 ? ` in [${formatTablePath(twice.path.slice(0, -1))}]` : "";
      return new TomlSyntaxError(`duplicate key "${String(key)}"${where}${first}`, line, column);
    }
    return new TomlSyntaxError(`duplicate key: ${reason}`, line, column);
  }
  return new TomlSyntaxError(reason, line, column);
}

const formatTablePath = (path: readonly (string | number)[]) => path.map((p) => (typeof p === "number" ? `[${p}]` : p)).join(".").replaceAll(".[", "[");

/** Index of the first character that nests deeper than MAX_NESTING, or -1. */
function findExcessiveNesting(text: string): number {
  let depth = 0;
  let dots = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i = skipString(text, i);
      continue;
    }
    if (c === "#") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end - 1;
      continue;
    }
    if (c === ".") dots++;
    else if (c === "=" || c === "," || c === "\n") dots = 0;
    else if (c === "[" || c === "{") {
      depth++;
      dots = 0;
    } else if (c === "]" || c === "}") {
      depth = Math.max(0, depth - 1);
      dots = 0;
    }
    if (depth + dots > MAX_NESTING) return i;
  }
  return -1;
}

/** 1-based line and column of a string index. */
function positionAt(text: string, index: number): SourcePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < index; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/**
 * Gives smol-toml's null-prototype tables the ordinary prototype, in place
 * (copying them cost more than the parse on files of many small tables).
 * A `__proto__` key stays an own data property; dates are kept. Integers
 * too large for a number (bigint) become the nearest number, and their paths
 * go to `inexact`.
 */
function toPlainValue(value: unknown, path: (string | number)[], inexact: InexactInteger[]): unknown {
  if (typeof value === "bigint") {
    inexact.push({ path: [...path], literal: value.toString() });
    return Number(value);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      value[i] = toPlainValue(value[i], path, inexact);
      path.pop();
    }
  } else if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === null) {
    const table = value as Record<string, unknown>;
    for (const key of Object.keys(table)) {
      path.push(key);
      const plain = toPlainValue(table[key], path, inexact);
      if (plain !== table[key]) table[key] = plain;
      path.pop();
    }
    Object.setPrototypeOf(value, Object.prototype);
  }
  return value;
}

/**
 * The 1-based line where the key lines and table headers pass MAX_CONFIG_KEYS,
 * or 0. A cheap line scan: it may count a line of a multi-line string that
 * looks like a key, which only matters for files near the bound.
 */
export function findExcessiveKeys(text: string): number {
  let count = 0;
  let line = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    line++;
    const trimmed = text.slice(start, end).trimStart();
    if (trimmed.startsWith("[") || (trimmed !== "" && !trimmed.startsWith("#") && trimmed.includes("="))) {
      if (++count > MAX_CONFIG_KEYS) return line;
    }
    start = end + 1;
  }
  return 0;
}
