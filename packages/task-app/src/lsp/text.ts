/**
 * Positions in a document's text: LSP positions (0-based line, UTF-16
 * character) to offsets and back, and the extent of the token a finding
 * points at, which becomes the diagnostic's range.
 */
import type { Position, Range } from "vscode-languageserver";
import { lineStarts, positionOf, skipString } from "../config/locate.js";

/** A document's text with its line starts computed once. */
export class TextIndex {
  readonly starts: number[];
  constructor(readonly text: string) {
    this.starts = lineStarts(text);
  }

  offsetAt(position: Position): number {
    const start = this.starts[Math.min(position.line, this.starts.length - 1)] ?? 0;
    if (position.line >= this.starts.length) return this.text.length;
    return Math.min(start + position.character, this.lineEnd(position.line));
  }

  positionAt(offset: number): Position {
    const { line, column } = positionOf(this.starts, Math.max(0, Math.min(offset, this.text.length)));
    return { line: line - 1, character: column - 1 };
  }

  /** Offset of the end of a 0-based line (before its \r\n or \n). */
  lineEnd(line: number): number {
    const next = this.starts[line + 1];
    let end = next === undefined ? this.text.length : next - 1;
    if (end > (this.starts[line] ?? 0) && this.text[end - 1] === "\r") end--;
    return end;
  }

  lineText(line: number): string {
    return this.text.slice(this.starts[line] ?? this.text.length, this.lineEnd(line));
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(end) };
  }
}

/**
 * A position a client sent, inside the document: a line past the last is the
 * last line, a character past a line's end is its end (as LSP reads them), and
 * anything not a non-negative integer is 0. Every request that carries a
 * position goes through here first, so no reader walks from line 2^31 - 1.
 */
export function clampPosition(text: string, position: { line: unknown; character: unknown }): Position {
  const index = new TextIndex(text);
  const whole = (n: unknown) => (typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  const line = Math.min(whole(position.line), index.starts.length - 1);
  const length = index.lineEnd(line) - (index.starts[line] ?? 0);
  return { line, character: Math.min(whole(position.character), length) };
}

const KEY_CHAR = /[A-Za-z0-9_-]/;

/**
 * End offset of the token at `offset`: a quoted string, a bare key, a bare
 * value (number, boolean, date), or for anything else (a table header, the
 * start of a file) the rest of the line without its comment.
 */
export function tokenEnd(index: TextIndex, offset: number): number {
  const { text } = index;
  const c = text[offset];
  const line = index.positionAt(offset).line;
  const lineEnd = index.lineEnd(line);
  if (c === '"' || c === "'") return Math.min(skipString(text, offset) + 1, text.length);
  if (c !== undefined && KEY_CHAR.test(c)) {
    let end = offset;
    while (end < lineEnd && KEY_CHAR.test(text[end]!)) end++;
    const after = text.slice(end, lineEnd).trimStart()[0];
    if (after === "=" || after === "." || after === "]" || after === ":") return end;
    while (end < lineEnd && !",]}#".includes(text[end]!)) end++;
    return trimEnd(text, offset, end);
  }
  const hash = text.indexOf("#", offset);
  return trimEnd(text, offset, hash >= 0 && hash < lineEnd && c !== "#" ? hash : lineEnd);
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/** The range a finding at a 1-based line and column covers: the token there. */
export function findingRange(index: TextIndex, line: number, column: number): Range {
  const start = index.offsetAt({ line: line - 1, character: column - 1 });
  return index.rangeOf(start, Math.max(start, tokenEnd(index, start)));
}
