/** The table headers of TOML text as the parser sees them (not lines of a multi-line string that look like one). */
import { headerPathOf } from "../lsp/cursor.js";
import { findStatement, type Statement } from "../lsp/toml-edits.js";
import type { TomlDocument } from "../config/toml.js";

export interface Header {
  path: string[];
  lineStart: number;
  nextLineStart: number;
  /** The dotted key inside the brackets. */
  keyStart: number;
  keyEnd: number;
  /** `[[x]]`. */
  array: boolean;
}

const ARRAY_HEADER = /^[ \t]*\[\[[ \t]*[A-Za-z0-9_"'. \t-]+\]\][ \t]*(#.*)?\r?$/;

/** Every header, in text order. */
export function listHeaders(text: string, doc: TomlDocument): Header[] {
  const out: Header[] = [];
  const re = /^[ \t]*\[/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lineStart = m.index;
    const end = text.indexOf("\n", lineStart);
    const nextLineStart = end < 0 ? text.length : end + 1;
    const line = text.slice(lineStart, end < 0 ? text.length : end);
    const path = headerPathOf(line);
    if (!path?.length) continue;
    const open = line.indexOf("[") + (line.includes("[[") ? 2 : 1);
    const close = line.indexOf("]", open);
    const inner = line.slice(open, close);
    const keyStart = lineStart + open + (inner.length - inner.trimStart().length);
    const keyEnd = lineStart + open + inner.trimEnd().length;
    const array = line.trimStart().startsWith("[[");
    if (array ? ARRAY_HEADER.test(line) : findStatement(text, path, doc)?.lineStart === lineStart) out.push({ path, lineStart, nextLineStart, keyStart, keyEnd, array });
  }
  return out;
}

/** Where the section of a header ends: the next header's line, or the end of the text. */
export function sectionEnd(headers: readonly Header[], header: Header, text: string): number {
  return headers.find((h) => h.lineStart > header.lineStart)?.lineStart ?? text.length;
}

export const samePath = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

export type { Statement };
