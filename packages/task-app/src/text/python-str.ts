/**
 * Python's string rules, where synth-ai's decisions depend on them. Python's
 * `str.strip()` removes what `str.isspace()` calls whitespace: JavaScript's
 * `trim()` set minus U+FEFF (which Python keeps), plus U+001C..U+001F and
 * U+0085 (which `trim()` keeps). A model id or URL that synth-ai strips must
 * be stripped the same way here, or the two disagree on what it names.
 */

/** The characters Python's `str.isspace()` is true for (checked against Python 3.11 over all code points). */
const PY_SPACE = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
const SPACE = new Set(PY_SPACE);

/** The same set as a regex character-class body, spelled with escapes every regex engine reads (JSON Schema patterns too). */
export const PY_SPACE_CLASS = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/** `s.strip()` as Python computes it. */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && SPACE.has(s[start]!)) start++;
  while (end > start && SPACE.has(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** True when Python's `s.strip()` is empty: a "blank" value for synth-ai. */
export const isPyBlank = (s: string): boolean => pyStrip(s) === "";

/** True for a value Python's `bool()` counts as set: a non-empty string (blank ones included). */
export const isPyTruthyString = (v: unknown): v is string => typeof v === "string" && v !== "";

/**
 * Matches a string that is empty or holds something besides Python's
 * whitespace: beside a `min(1)` check (which reports the empty string),
 * it refuses a blank one as synth-ai's validators do (`not v.strip()`).
 */
export const PY_EMPTY_OR_NOT_BLANK = new RegExp(`^$|[^${PY_SPACE_CLASS}]`);
