/**
 * What the cursor is on in TOML text: the table it is in, the key path under
 * it, and whether it is on the key or in the value. A line-level reading
 * that works on text that does not parse yet (an edit in progress).
 */
const SEGMENT = /\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]*)\s*/y;

/** Splits a dotted key into segments with their start columns. */
function readDotted(line: string, start: number): { segments: { name: string; start: number; end: number }[]; end: number } {
  const segments: { name: string; start: number; end: number }[] = [];
  let i = start;
  for (;;) {
    SEGMENT.lastIndex = i;
    const m = SEGMENT.exec(line);
    if (!m) break;
    const raw = m[1]!;
    const segStart = i + m[0].indexOf(raw);
    const name = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.startsWith("'") ? raw.slice(1, -1) : raw;
    segments.push({ name, start: segStart, end: segStart + raw.length });
    i = SEGMENT.lastIndex;
    if (line[i] !== ".") break;
    i++;
  }
  return { segments, end: i };
}

export interface CursorContext {
  /** The table the line belongs to (from the last header above). */
  table: string[];
  /** On a table header. */
  header: boolean;
  /** The key path under the cursor (table + dotted segments up to the one under it). */
  path: string[];
  /** "key": on a key (or where one is typed); "value": after `=`. */
  part: "key" | "value";
  /** For a key: the text typed so far of the segment under the cursor; for a value: the value text up to the cursor. */
  prefix: string;
  /** Start column of the token being typed (for replace ranges). */
  tokenStart: number;
  line: string;
}

const HEADER = /^\s*\[\[?/;

/** The header path of a header line, or undefined when the line is not a header. */
export function headerPathOf(line: string): string[] | undefined {
  const m = HEADER.exec(line);
  if (!m) return undefined;
  return readDotted(line, m[0].length).segments.map((s) => s.name).filter((s) => s !== "");
}

/** Reads the context at a 0-based line and character. */
export function cursorContext(text: string, line: number, character: number): CursorContext {
  const lines = text.split("\n");
  const current = (lines[line] ?? "").replace(/\r$/, "");
  let table: string[] = [];
  for (let n = line - 1; n >= 0; n--) {
    const path = headerPathOf(lines[n]!);
    if (path) {
      table = path;
      break;
    }
  }
  const header = HEADER.exec(current);
  if (header) {
    const { segments } = readDotted(current, header[0].length);
    const upTo = segments.filter((s) => s.start <= character);
    const under = upTo.at(-1);
    return { table: [], header: true, path: upTo.map((s) => s.name), part: "key", prefix: under ? current.slice(under.start, Math.min(character, under.end)) : "", tokenStart: under?.start ?? character, line: current };
  }
  const indent = /^\s*/.exec(current)![0].length;
  const { segments, end } = readDotted(current, indent);
  const eq = current.indexOf("=", end);
  if (eq >= 0 && character > eq && current.slice(end, eq).trim() === "") {
    const valueStart = eq + 1 + /^\s*/.exec(current.slice(eq + 1))![0].length;
    return { table, header: false, path: [...table, ...segments.map((s) => s.name)], part: "value", prefix: current.slice(valueStart, character), tokenStart: valueStart, line: current };
  }
  const upTo = segments.filter((s) => s.start <= character);
  const under = upTo.at(-1);
  return {
    table,
    header: false,
    path: [...table, ...upTo.map((s) => s.name)],
    part: "key",
    prefix: under ? current.slice(under.start, Math.min(character, under.end)) : "",
    tokenStart: under?.start ?? character,
    line: current,
  };
}

/** First segments of the keys set directly in the section of `table` (from its header to the next header), and its header-defined subtables. */
export function keysSetIn(text: string, table: readonly string[]): Set<string> {
  const set = new Set<string>();
  const lines = text.split("\n");
  let inside = table.length === 0;
  const same = (p: readonly string[]) => p.length === table.length && p.every((s, i) => s === table[i]);
  for (const l of lines) {
    const path = headerPathOf(l);
    if (path) {
      inside = same(path);
      if (path.length === table.length + 1 && same(path.slice(0, -1))) set.add(path.at(-1)!);
      continue;
    }
    if (!inside) continue;
    const m = /^\s*("(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)\s*[.=]/.exec(l);
    if (m) set.add(m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : m[1]!.replace(/^'|'$/g, ""));
  }
  return set;
}
