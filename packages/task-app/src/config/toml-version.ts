/**
 * Configs are TOML 1.0, because synth-ai reads them with Python's `tomllib`,
 * a TOML 1.0 parser that fails the whole file ("Failed to parse TOML") on
 * anything newer. The TOML parser task-app uses also reads TOML 1.1, so a
 * parsed document is scanned here for the constructs only 1.1 allows: an
 * inline table over several lines or with a trailing comma, the `\e` and
 * `\xHH` escapes, a time without seconds. A UTF-8 byte-order mark is refused
 * too (tomllib does not skip it).
 */
import { skipString } from "./locate.js";

/** A construct Python's tomllib cannot read, at an offset of the text. */
export interface Toml10Violation {
  offset: number;
  /** What it is, for the message. */
  what: string;
  /** The 1.0 way to write it. */
  fix: string;
  /** True for the BOM: not TOML 1.1, just unreadable for tomllib. */
  bom?: boolean;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

/** The first escape of a basic string (`"` or `"""`, opening quote at `start`, closing at `end`) that only TOML 1.1 has. */
function findEscape(text: string, start: number, end: number): Toml10Violation | undefined {
  for (let i = start + 1; i < end; i++) {
    if (text[i] !== "\\") continue;
    const next = text[i + 1];
    if (next === "e") return { offset: i, what: 'the escape "\\e"', fix: 'write "\\u001b" instead' };
    if (next === "x") return { offset: i, what: `the escape "\\x${text.slice(i + 2, i + 4)}"`, fix: `write "\\u00${text.slice(i + 2, i + 4)}" instead` };
    i++;
  }
  return undefined;
}

/**
 * The first TOML 1.1-only construct (or a BOM) in `text`, which must already
 * parse as TOML 1.1; undefined when the text is TOML 1.0.
 */
export function findToml11Construct(text: string): Toml10Violation | undefined {
  if (text.charCodeAt(0) === 0xfeff) return { offset: 0, what: "a UTF-8 byte-order mark (BOM)", fix: "save the file as UTF-8 without BOM", bom: true };
  /** Open containers, innermost last: the offset of each `{` (inline table) or -1 for an array. */
  const open: number[] = [];
  /** Last character that was not blank or a comment, to see a comma before `}`. */
  let last = "";
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      const inline = open.at(-1);
      if (inline !== undefined && inline >= 0) return { offset: inline, what: "an inline table that spans several lines", fix: "put it on one line, or make it a [table]" };
      lineStart = true;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") continue;
    if (c === "#") {
      const end = text.indexOf("\n", i);
      i = (end < 0 ? text.length : end) - 1;
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (c === '"' || c === "'") {
      const end = skipString(text, i);
      if (c === '"') {
        const escape = findEscape(text, i, end);
        if (escape) return escape;
      }
      i = end;
      last = c;
      continue;
    }
    if (c === "[" && atLineStart && open.length === 0) {
      // A [table] or [[array of tables]] header: keys only, up to the closing bracket.
      for (i++; i < text.length && text[i] !== "\n"; i++) {
        if (text[i] === '"' || text[i] === "'") i = skipString(text, i);
        else if (text[i] === "]" && text[i + 1] !== "]") break;
      }
      last = "]";
      continue;
    }
    if (c === "{") open.push(i);
    else if (c === "[") open.push(-1);
    else if (c === "}") {
      if (last === ",") return { offset: i, what: "a trailing comma in an inline table", fix: "remove the comma before }" };
      open.pop();
    } else if (c === "]") open.pop();
    else if (c === ":" && isDigit(text[i - 1]) && isDigit(text[i - 2]) && !/[-+:\d]/.test(text[i - 3] ?? "") && text[i + 3] !== ":") {
      // The first colon of a time (an offset such as -07:00 follows a sign): 1.0 requires HH:MM:SS.
      return { offset: i - 2, what: `a time without seconds (${text.slice(i - 2, i + 3)})`, fix: `write ${text.slice(i - 2, i + 3)}:00` };
    }
    last = c;
  }
  return undefined;
}

/** The message for a violation: what it is, that synth-ai cannot read it, and the fix. */
export function describeToml11(v: Toml10Violation): string {
  const what = v.bom ? `the file starts with ${v.what}:` : `${v.what} is TOML 1.1 syntax:`;
  return `${what} synth-ai reads configs with Python's tomllib, a TOML 1.0 parser, which cannot read it ("Failed to parse TOML"); ${v.fix}`;
}
