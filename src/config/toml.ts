/**
 * TOML parsing with source positions. Values come from smol-toml; positions
 * for key paths come from toml-eslint-parser's AST, which is loaded only when
 * a position is first asked for, so validating a valid file never pays for it.
 */
import { createRequire } from "node:module";
import { parse, TomlError } from "smol-toml";
import type { AST } from "toml-eslint-parser";

/** Deepest nesting (brackets, braces and dotted-key segments) accepted on parse. */
const MAX_NESTING = 128;

export interface SourcePosition {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
}

/** A TOML syntax error at a 1-based line and column. */
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

export interface TomlDocument {
  value: Record<string, unknown>;
  /**
   * Source position of a key path (as in a Zod issue path): the key itself,
   * the array element for an index, the deepest existing ancestor for a path
   * that does not exist, and 1:1 for the empty path.
   */
  locate(path: readonly PropertyKey[]): SourcePosition;
}

/** Parses TOML text into plain objects; throws TomlSyntaxError on invalid input. */
export function parseTomlDocument(text: string): TomlDocument {
  const tooDeep = findExcessiveNesting(text);
  if (tooDeep >= 0) {
    const { line, column } = positionAt(text, tooDeep);
    throw new TomlSyntaxError(`nesting too deep (more than ${MAX_NESTING} levels)`, line, column);
  }
  let raw: Record<string, unknown>;
  try {
    raw = parse(text);
  } catch (err) {
    if (err instanceof TomlError) {
      const reason = err.message.split("\n\n")[0]!.replace(/^Invalid TOML document: /, "");
      throw new TomlSyntaxError(reason, err.line, err.column);
    }
    if (err instanceof RangeError) throw new TomlSyntaxError("nesting too deep", 1, 1);
    throw err;
  }
  let index: Map<string, IndexEntry> | undefined;
  return {
    value: toPlainValue(raw) as Record<string, unknown>,
    locate(path) {
      index ??= buildIndex(text);
      for (let n = path.length; n > 0; n--) {
        const hit = index.get(pathKey(path.slice(0, n)));
        if (hit) return { line: hit.line, column: hit.column };
      }
      return { line: 1, column: 1 };
    },
  };
}

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

/** Index of the last character of the string literal opening at `start`. */
function skipString(text: string, start: number): number {
  const q = text[start]!;
  const triple = text.startsWith(q.repeat(3), start);
  const escapes = q === '"';
  let i = start + (triple ? 3 : 1);
  while (i < text.length) {
    const c = text[i];
    if (escapes && c === "\\") i += 2;
    else if (!triple && c === "\n") return i;
    else if (triple && text.startsWith(q.repeat(3), i)) {
      let end = i + 2;
      while (end + 1 < text.length && text[end + 1] === q && end - i < 4) end++;
      return end;
    } else if (!triple && c === q) return i;
    else i++;
  }
  return text.length;
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

/** Copies smol-toml's null-prototype tables into plain objects; dates are kept. */
function toPlainValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlainValue);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlainValue(v)]));
  }
  return value;
}

interface IndexEntry extends SourcePosition {
  /** The key is defined here, not merely a prefix of a longer dotted key or header. */
  explicit: boolean;
}

type Index = Map<string, IndexEntry>;

function pathKey(path: readonly PropertyKey[]): string {
  return JSON.stringify(path.map((p) => (typeof p === "number" ? p : String(p))));
}

/** Maps every key path in the document to its position, using toml-eslint-parser. */
function buildIndex(text: string): Index {
  const index: Index = new Map();
  const require = createRequire(import.meta.url);
  const { parseTOML } = require("toml-eslint-parser") as typeof import("toml-eslint-parser");
  let ast: AST.TOMLProgram;
  try {
    ast = parseTOML(text, { tomlVersion: "1.1" });
  } catch {
    return index;
  }
  for (const node of ast.body[0].body) {
    if (node.type === "TOMLKeyValue") indexKeyValue(index, [], node);
    else indexTable(index, node);
  }
  return index;
}

function record(index: Index, path: readonly (string | number)[], node: AST.HasLocs, explicit: boolean): void {
  const key = pathKey(path);
  const old = index.get(key);
  if (old && (old.explicit || !explicit)) return;
  index.set(key, { line: node.loc.start.line, column: node.loc.start.column + 1, explicit });
}

function keyName(k: AST.TOMLBare | AST.TOMLQuoted): string {
  return k.type === "TOMLBare" ? k.name : k.value;
}

/** `[a.b]` and `[[a.b]]` headers: `resolvedKey` interleaves array-of-tables indexes. */
function indexTable(index: Index, table: AST.TOMLTable): void {
  const rk = table.resolvedKey;
  const last = table.kind === "array" ? rk.length - 2 : rk.length - 1;
  let segment: AST.HasLocs = table.key;
  let k = 0;
  for (let j = 0; j < rk.length; j++) {
    if (typeof rk[j] === "string") segment = table.key.keys[k++] ?? segment;
    record(index, rk.slice(0, j + 1), segment, j >= last);
  }
  for (const kv of table.body) indexKeyValue(index, rk, kv);
}

function indexKeyValue(index: Index, base: readonly (string | number)[], kv: AST.TOMLKeyValue): void {
  let path = base;
  kv.key.keys.forEach((k, j) => {
    path = [...path, keyName(k)];
    record(index, path, k, j === kv.key.keys.length - 1);
  });
  indexValue(index, path, kv.value);
}

function indexValue(index: Index, path: readonly (string | number)[], node: AST.TOMLContentNode): void {
  if (node.type === "TOMLArray") {
    node.elements.forEach((el, i) => {
      record(index, [...path, i], el, true);
      indexValue(index, [...path, i], el);
    });
  } else if (node.type === "TOMLInlineTable") {
    for (const kv of node.body) indexKeyValue(index, path, kv);
  }
}
