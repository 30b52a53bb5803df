/**
 * Source positions of key paths in JSON text that already parsed: one scan,
 * keeping only the paths asked for, like ./locate.ts does for TOML. A member
 * is found at its key, an array element at its first character.
 */
import { lineStarts, positionOf } from "./locate.js";
import type { SourcePosition } from "./toml.js";

type Path = readonly (string | number)[];

/** Deeper than this, the scan stops: positions fall back to the deepest ancestor found. */
const MAX_DEPTH = 512;

const pathKey = (path: readonly PropertyKey[]) => JSON.stringify(path.map((p) => (typeof p === "number" ? p : String(p))));

/** Positions of `paths` in valid JSON `text`; the deepest existing ancestor for a missing path, 1:1 for the root. */
export function locateJsonPaths(text: string, paths: readonly (readonly PropertyKey[])[]): SourcePosition[] {
  const wanted = new Set<string>();
  for (const path of paths) for (let n = 1; n <= path.length; n++) wanted.add(pathKey(path.slice(0, n)));
  const found = new Map<string, number>();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && " \t\r\n\ufeff".includes(text[i]!)) i++;
  };
  const readString = (): string => {
    const start = i;
    for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readValue = (path: Path, depth: number): void => {
    skipSpace();
    const c = text[i];
    const interesting = path.length === 0 || wanted.has(pathKey(path));
    if (c === "{" || c === "[") {
      if (depth > MAX_DEPTH) throw new RangeError("too deep");
      const object = c === "{";
      i++;
      for (let n = 0; ; n++) {
        skipSpace();
        if (text[i] === (object ? "}" : "]")) break;
        const at = i;
        const child = [...path, object ? readString() : n];
        if (interesting && wanted.has(pathKey(child))) found.set(pathKey(child), at);
        if (object) {
          skipSpace();
          i++; // ":"
        }
        if (interesting) readValue(child, depth + 1);
        else skipValue();
        skipSpace();
        if (text[i] === ",") i++;
      }
      i++;
    } else skipValue();
  };
  const skipString = () => {
    for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    i++;
  };
  /** Skips one value without recording anything. */
  const skipValue = (): void => {
    skipSpace();
    const c = text[i];
    if (c === '"') return skipString();
    if (c === "{" || c === "[") {
      let depth = 0;
      while (i < text.length) {
        const d = text[i];
        if (d === '"') {
          skipString();
          continue;
        }
        if (d === "{" || d === "[") depth++;
        else if ((d === "}" || d === "]") && --depth === 0) {
          i++;
          return;
        }
        i++;
      }
      return;
    }
    while (i < text.length && !",]} \t\r\n".includes(text[i]!)) i++;
  };
  try {
    readValue([], 0);
  } catch {
    // Too deep: what was found so far still serves.
  }
  const starts = lineStarts(text);
  const position = (offset: number): SourcePosition => positionOf(starts, offset);
  return paths.map((path) => {
    for (let n = path.length; n > 0; n--) {
      const hit = found.get(pathKey(path.slice(0, n)));
      if (hit !== undefined) return position(hit);
    }
    return { line: 1, column: 1 };
  });
}

/** Deepest nesting of arrays and objects a JSON config file may have, as for TOML (smol-toml's limit). */
export const MAX_JSON_DEPTH = 128;

/**
 * The offset of the first `[` or `{` that opens level `max + 1` of `text`
 * (strings skipped), or -1 when the nesting stays within `max`. One pass, no
 * recursion: run before anything walks the parsed value recursively.
 */
export function findJsonTooDeep(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** Line and column of a JSON.parse error, from V8's "at position N". */
export function describeJsonError(error: unknown, text: string): { reason: string; line: number; column: number } {
  const message = error instanceof Error ? error.message : String(error);
  const at = / in JSON at position (\d+)/.exec(message);
  const offset = at ? Number(at[1]) : text.length;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - (before.lastIndexOf("\n") + 1) + 1;
  const reason = message.replace(/ in JSON at position \d+.*$/, "").replace(/, ".*" is not valid JSON$/s, "");
  return { reason, line, column };
}
