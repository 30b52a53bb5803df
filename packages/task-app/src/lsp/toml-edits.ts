/**
 * Surgical edits of TOML text on the positions the checks already have
 * (`TomlDocument.locate`): a key's name, its value, the whole statement, a
 * sibling beside it, a key added to a table. Everything else in the file
 * (comments, order, spacing) is left as written. Used by the quick fixes and
 * by `task-app migrate`.
 */
import { valueAt } from "../config/issues.js";
import { lineStarts, skipString } from "../config/locate.js";
import { parseTomlDocument, type TomlDocument } from "../config/toml.js";

export type KeyPath = readonly (string | number)[];

/** A replacement of text[start, end) by `text`. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/** Where a `key = value` statement (or a table header) sits. */
export interface Statement {
  /** "value" for `key = value`, "header" for `[table]` / `[[table]]`. */
  form: "value" | "header";
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  lineStart: number;
  /** The start of the line after the statement (text.length at the end). */
  nextLineStart: number;
  /** Inside an inline table or after other text on its line. */
  inline: boolean;
  /** Whitespace before the statement. */
  indent: string;
  /** Dotted-key segments before the key (`training.` in `training.batch_size = 4`). */
  prefix: string;
}

const KEY_SEGMENT = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`;
const LEADING_DOTTED = new RegExp(String.raw`^([ \t]*)((?:${KEY_SEGMENT}[ \t]*\.[ \t]*)*)$`);

/** A parsed document, or undefined when the text is not valid TOML. */
export function parseOrUndefined(text: string): TomlDocument | undefined {
  try {
    return parseTomlDocument(text);
  } catch {
    return undefined;
  }
}

/** End (exclusive) of the key segment starting at `start`. */
function keySegmentEnd(text: string, start: number): number {
  const c = text[start];
  if (c === '"' || c === "'") return skipString(text, start) + 1;
  let i = start;
  while (i < text.length && /[A-Za-z0-9_-]/.test(text[i]!)) i++;
  return i;
}

/** End (exclusive) of the TOML value starting at `start`. */
export function valueEnd(text: string, start: number): number {
  const c = text[start];
  if (c === '"' || c === "'") return skipString(text, start) + 1;
  if (c === "[" || c === "{") {
    let depth = 0;
    for (let i = start; i < text.length; i++) {
      const d = text[i];
      if (d === '"' || d === "'") i = skipString(text, i);
      else if (d === "#") i = text.indexOf("\n", i) < 0 ? text.length : text.indexOf("\n", i) - 1;
      else if (d === "[" || d === "{") depth++;
      else if ((d === "]" || d === "}") && --depth === 0) return i + 1;
    }
    return text.length;
  }
  let i = start;
  while (i < text.length && !",]}#\n\r".includes(text[i]!)) i++;
  while (i > start && /[ \t]/.test(text[i - 1]!)) i--;
  return i;
}

/** Where the key at `path` is written, or undefined when the document has no such key. */
export function findStatement(text: string, path: KeyPath, doc = parseOrUndefined(text)): Statement | undefined {
  if (!doc || !path.length || valueAt(doc.value, path) === undefined || typeof path.at(-1) === "number") return undefined;
  const starts = lineStarts(text);
  const { line, column } = doc.locate(path);
  const keyStart = starts[line - 1]! + column - 1;
  const keyEnd = keySegmentEnd(text, keyStart);
  const lineStart = starts[line - 1]!;
  let i = keyEnd;
  while (text[i] === " " || text[i] === "\t") i++;
  const before = text.slice(lineStart, keyStart);
  const leading = LEADING_DOTTED.exec(before);
  if (text[i] === "]" || (text[i] === "." && /^\s*\[/.test(before))) {
    const close = text.indexOf("]", keyStart);
    const end = text.indexOf("\n", close);
    return { form: "header", keyStart, keyEnd, valueStart: keyEnd, valueEnd: keyEnd, lineStart, nextLineStart: end < 0 ? text.length : end + 1, inline: false, indent: /^\s*/.exec(before)![0], prefix: "" };
  }
  if (text[i] !== "=") return undefined;
  i++;
  while (text[i] === " " || text[i] === "\t") i++;
  const vEnd = valueEnd(text, i);
  const newline = text.indexOf("\n", vEnd);
  const rest = text.slice(vEnd, newline < 0 ? text.length : newline);
  const inline = !leading || !/^\s*(#.*)?\r?$/.test(rest);
  return {
    form: "value",
    keyStart,
    keyEnd,
    valueStart: i,
    valueEnd: vEnd,
    lineStart,
    nextLineStart: newline < 0 ? text.length : newline + 1,
    inline,
    indent: leading?.[1] ?? "",
    prefix: leading?.[2] ?? "",
  };
}

/** A key as TOML writes it: bare when it can be. */
export function formatKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

/** A value as TOML writes it (inline forms). */
export function formatTomlValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map(formatTomlValue).join(", ")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${formatKey(k)} = ${formatTomlValue(v)}`);
    return entries.length ? `{ ${entries.join(", ")} }` : "{}";
  }
  return '""';
}

export const renameKey = (s: Statement, name: string): OffsetEdit => ({ start: s.keyStart, end: s.keyEnd, text: formatKey(name) });
export const replaceValue = (s: Statement, value: unknown): OffsetEdit => ({ start: s.valueStart, end: s.valueEnd, text: formatTomlValue(value) });

/** Removes a `key = value` statement: its whole line, or inside an inline table the entry and one comma. */
export function removeStatement(text: string, s: Statement): OffsetEdit {
  if (!s.inline) return { start: s.lineStart, end: s.nextLineStart, text: "" };
  const after = /^\s*,[ \t]*/.exec(text.slice(s.valueEnd));
  if (after) return { start: s.keyStart - s.prefix.length, end: s.valueEnd + after[0].length, text: "" };
  const before = /,\s*$/.exec(text.slice(0, s.keyStart));
  return { start: before ? before.index : s.keyStart, end: s.valueEnd, text: "" };
}

/** Adds `key = value` next to an existing statement of the same table (after it), in its style. */
export function insertSibling(text: string, s: Statement, key: string, value: unknown): OffsetEdit {
  const entry = `${formatKey(key)} = ${formatTomlValue(value)}`;
  if (s.inline) return { start: s.valueEnd, end: s.valueEnd, text: `, ${entry}` };
  const at = s.nextLineStart;
  const lead = at === text.length && !text.endsWith("\n") ? "\n" : "";
  return { start: at, end: at, text: `${lead}${s.indent}${s.prefix}${entry}\n` };
}

/** Adds `key = value` before an existing statement (same style). */
export function insertSiblingBefore(s: Statement, key: string, value: unknown): OffsetEdit {
  const entry = `${formatKey(key)} = ${formatTomlValue(value)}`;
  if (s.inline) return { start: s.keyStart - s.prefix.length, end: s.keyStart - s.prefix.length, text: `${entry}, ` };
  return { start: s.lineStart, end: s.lineStart, text: `${s.indent}${s.prefix}${entry}\n` };
}

const isTable = (v: unknown) => !!v && typeof v === "object" && !Array.isArray(v);

/** Adds `key = value` (or several) to the table at `table`, creating the table at the end of the file when it is absent. */
export function addToTable(text: string, table: readonly string[], entries: readonly [string, unknown][], doc = parseOrUndefined(text)): OffsetEdit | undefined {
  if (!doc || !entries.length) return undefined;
  const target = table.length ? valueAt(doc.value, table) : doc.value;
  const lines = entries.map(([k, v]) => `${formatKey(k)} = ${formatTomlValue(v)}`);
  if (target === undefined) {
    const lead = text.endsWith("\n\n") || text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n";
    return { start: text.length, end: text.length, text: `${lead}[${table.map(formatKey).join(".")}]\n${lines.join("\n")}\n` };
  }
  if (!isTable(target)) return undefined;
  // Beside the last plain key of the table, in its style.
  const leaves = Object.keys(target as object).filter((k) => !isTable((target as Record<string, unknown>)[k]));
  const placed = leaves.map((k) => findStatement(text, [...table, k], doc)).filter((s): s is Statement => s?.form === "value");
  const last = placed.sort((a, b) => b.keyStart - a.keyStart)[0];
  if (last) {
    const edits = entries.map(([k, v]) => insertSibling(text, last, k, v));
    return { start: edits[0]!.start, end: edits[0]!.end, text: edits.map((e, n) => (n ? e.text.replace(/^\n/, "") : e.text)).join("") };
  }
  if (!table.length) {
    const header = /^[ \t]*\[/m.exec(text);
    const at = header ? header.index : text.length;
    const lead = at === text.length && text && !text.endsWith("\n") ? "\n" : "";
    return { start: at, end: at, text: `${lead}${lines.join("\n")}\n${header ? "\n" : ""}` };
  }
  const header = findStatement(text, table, doc);
  if (header?.form === "header") return { start: header.nextLineStart, end: header.nextLineStart, text: `${lines.join("\n")}\n` };
  return undefined;
}

/** Applies non-overlapping edits to text. */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** Parses a dotted finding path (`a.b[0].c`) back into segments. */
export function parseFindingPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.match(/[^.[\]]+|\[\d+\]/g) ?? []) out.push(part.startsWith("[") ? Number(part.slice(1, -1)) : part);
  return out;
}

/** The edits with their line breaks written as the text writes them (CRLF files stay CRLF). */
export function matchLineEndings(text: string, edits: readonly OffsetEdit[]): OffsetEdit[] {
  if (!text.includes("\r\n")) return [...edits];
  return edits.map((e) => ({ ...e, text: e.text.replace(/\r?\n/g, "\r\n") }));
}
