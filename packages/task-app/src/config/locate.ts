/**
 * Source positions of TOML key paths, found by one linear scan of text that
 * already parsed. Only the paths asked for (and their ancestors) are kept, so
 * locating ten findings in a 4 MB file costs one pass and a few objects, never
 * an AST of the whole document.
 */
import type { SourcePosition } from "./toml.js";

type Path = readonly (string | number)[];

interface Entry {
  offset: number;
  /** The key is defined here, not merely a prefix of a longer dotted key or header. */
  explicit: boolean;
}

const pathKey = (path: readonly PropertyKey[]): string => JSON.stringify(path.map((p) => (typeof p === "number" ? p : String(p))));

const ESCAPES: Record<string, string> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", e: "\x1b", '"': '"', "\\": "\\" };

/**
 * Positions of key paths (as in a Zod issue path) in valid TOML `text`: the key
 * itself, the array element for an index, the deepest existing ancestor for a
 * path that does not exist, and 1:1 for the empty path.
 */
export function locatePaths(text: string, paths: readonly (readonly PropertyKey[])[]): SourcePosition[] {
  const wanted = new Set<string>();
  for (const path of paths) for (let n = 1; n <= path.length; n++) wanted.add(pathKey(path.slice(0, n)));
  const found = wanted.size ? new Scanner(text, wanted).run() : new Map<string, Entry>();
  const lines = lineStarts(text);
  return paths.map((path) => {
    for (let n = path.length; n > 0; n--) {
      const hit = found.get(pathKey(path.slice(0, n)));
      if (hit) return positionOf(lines, hit.offset);
    }
    return { line: 1, column: 1 };
  });
}

/** Offsets where each line of `text` starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line and column of `offset`, given the line starts of its text. */
export function positionOf(starts: readonly number[], offset: number): SourcePosition {
  let [lo, hi] = [0, starts.length - 1];
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/**
 * For a "redefined" error at `offset` (the start of a key or of a table
 * header's key, in text valid up to that line): the path defined twice, and
 * where it was first defined. Undefined when the statement cannot be read.
 */
export function findFirstDefinition(text: string, offset: number): { path: Path; table: boolean; first?: SourcePosition } | undefined {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  // Only statements that start their line: a key inside an inline table has no path from here.
  if (!/^\s*\[?\s*$/.test(text.slice(lineStart, offset))) return undefined;
  try {
    const scanner = new Scanner(text, undefined, lineStart);
    const found = scanner.run();
    const statement = scanner.readStatementPath();
    if (!statement) return undefined;
    const hit = found.get(pathKey(statement.path));
    return { ...statement, ...(hit ? { first: positionOf(lineStarts(text), hit.offset) } : {}) };
  } catch {
    return undefined;
  }
}

/** A cursor over valid TOML that records the offsets of wanted paths (all of them when `wanted` is undefined). */
class Scanner {
  private i = 0;
  private readonly found = new Map<string, Entry>();
  /** Element counts of arrays of tables, by resolved path. */
  private readonly tableArrays = new Map<string, number>();
  /** The table the statements being read belong to. */
  private base: Path = [];

  constructor(
    private readonly text: string,
    private readonly wanted: ReadonlySet<string> | undefined,
    /** Stop before the first statement at or after this offset. */
    private readonly stopAt = Infinity,
  ) {}

  run(): Map<string, Entry> {
    for (;;) {
      this.skipSpace(true);
      if (this.i >= this.text.length || this.i >= this.stopAt) return this.found;
      if (this.text[this.i] === "[") this.base = this.readHeader();
      else this.readKeyValue(this.base, this.isWanted(this.base));
    }
  }

  /** The full path of the statement at the cursor (a header or a key), without reading on. */
  readStatementPath(): { path: Path; table: boolean } | undefined {
    this.skipSpace(true);
    if (this.i >= this.text.length) return undefined;
    if (this.text[this.i] === "[") {
      if (this.text.startsWith("[[", this.i)) return undefined;
      this.i++;
      const path: (string | number)[] = [];
      for (const { name } of this.readKey()) {
        path.push(name);
        const count = this.tableArrays.get(pathKey(path));
        if (count !== undefined) path.push(count - 1);
      }
      return { path, table: true };
    }
    return { path: [...this.base, ...this.readKey().map((s) => s.name)], table: false };
  }

  private isWanted(path: Path): boolean {
    return path.length === 0 || !this.wanted || this.wanted.has(pathKey(path));
  }

  private record(path: Path, offset: number, explicit: boolean): void {
    const key = pathKey(path);
    if (this.wanted && !this.wanted.has(key)) return;
    const old = this.found.get(key);
    if (old && (old.explicit || !explicit)) return;
    this.found.set(key, { offset, explicit });
  }

  /** Skips blanks and comments; newlines too when `newlines`. */
  private skipSpace(newlines: boolean): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t[this.i];
      if (c === " " || c === "\t" || (newlines && (c === "\n" || c === "\r"))) this.i++;
      else if (c === "#") {
        const end = t.indexOf("\n", this.i);
        this.i = end < 0 ? t.length : end;
      } else return;
    }
  }

  /** `[a.b]` or `[[a.b]]`: returns the resolved path, array-of-tables indexes included. */
  private readHeader(): Path {
    const array = this.text.startsWith("[[", this.i);
    this.i += array ? 2 : 1;
    this.skipSpace(false);
    const segments = this.readKey();
    this.i = this.text.indexOf(array ? "]]" : "]", this.i) + (array ? 2 : 1);
    const path: (string | number)[] = [];
    segments.forEach(({ name, offset }, j) => {
      const last = j === segments.length - 1;
      path.push(name);
      const key = pathKey(path);
      const count = this.tableArrays.get(key);
      if (array && last) {
        this.record(path, offset, true);
        this.tableArrays.set(key, (count ?? 0) + 1);
        path.push(count ?? 0);
        this.record(path, offset, true);
      } else {
        this.record(path, offset, last);
        if (count !== undefined) {
          path.push(count - 1);
          this.record(path, offset, false);
        }
      }
    });
    return path;
  }

  /** `a.b = value` relative to `base`; positions are kept only when `wanted`. */
  private readKeyValue(base: Path, wanted: boolean): void {
    const segments = this.readKey();
    let path = base;
    for (const [j, { name, offset }] of segments.entries()) {
      path = [...path, name];
      if (wanted) this.record(path, offset, j === segments.length - 1);
    }
    this.skipSpace(false);
    this.i++; // "="
    this.skipSpace(false);
    this.readValue(path, wanted && this.isWanted(path));
  }

  /** A dotted key: its segments' names and offsets. */
  private readKey(): { name: string; offset: number }[] {
    const segments: { name: string; offset: number }[] = [];
    for (;;) {
      this.skipSpace(false);
      const offset = this.i;
      segments.push({ name: this.readKeySegment(), offset });
      this.skipSpace(false);
      if (this.text[this.i] !== ".") return segments;
      this.i++;
    }
  }

  private readKeySegment(): string {
    const t = this.text;
    const q = t[this.i];
    if (q === "'") {
      const end = t.indexOf("'", this.i + 1);
      const name = t.slice(this.i + 1, end);
      this.i = end + 1;
      return name;
    }
    if (q === '"') {
      let name = "";
      let j = this.i + 1;
      while (t[j] !== '"') {
        if (t[j] === "\\") {
          const [value, next] = readEscape(t, j);
          name += value;
          j = next;
        } else name += t[j++];
      }
      this.i = j + 1;
      return name;
    }
    const start = this.i;
    while (this.i < t.length && /[A-Za-z0-9_-]/.test(t[this.i]!)) this.i++;
    return t.slice(start, this.i);
  }

  private readValue(path: Path, wanted: boolean): void {
    const t = this.text;
    const c = t[this.i];
    if (c === '"' || c === "'") {
      this.i = skipString(t, this.i) + 1;
    } else if (c === "[") {
      this.i++;
      for (let n = 0; ; n++) {
        this.skipSpace(true);
        if (t[this.i] === "]") break;
        const element = [...path, n];
        if (wanted) this.record(element, this.i, true);
        this.readValue(element, wanted && this.isWanted(element));
        this.skipSpace(true);
        if (t[this.i] === ",") this.i++;
      }
      this.i++;
    } else if (c === "{") {
      this.i++;
      for (;;) {
        this.skipSpace(true);
        if (t[this.i] === "}") break;
        this.readKeyValue(path, wanted);
        this.skipSpace(true);
        if (t[this.i] === ",") this.i++;
      }
      this.i++;
    } else {
      // Numbers, booleans, dates (which may hold a space): up to the next delimiter.
      while (this.i < t.length && !",]}#\n\r".includes(t[this.i]!)) this.i++;
    }
  }
}

/** Decodes the escape at `t[j] === "\\"`: its text and the index after it. */
function readEscape(t: string, j: number): [string, number] {
  const kind = t[j + 1]!;
  const hex = kind === "u" ? 4 : kind === "U" ? 8 : kind === "x" ? 2 : 0;
  if (hex) return [String.fromCodePoint(Number.parseInt(t.slice(j + 2, j + 2 + hex), 16)), j + 2 + hex];
  return [ESCAPES[kind] ?? kind, j + 2];
}

/** Index of the last character of the string literal opening at `start`. */
export function skipString(text: string, start: number): number {
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
