/**
 * Text as both stores keep it. PostgreSQL refuses U+0000 in text, SQLite
 * keeps it; so that a session is stored, and read back, the same way on
 * both, every string a writer binds is escaped and every string a reader
 * gets is restored: U+0000 becomes U+FFFE "0" and U+FFFE itself becomes
 * U+FFFE U+FFFE (U+FFFE is a noncharacter, valid UTF-8 that text never
 * needs, so strings without either character, nearly all of them, are
 * stored as they are).
 */
const ESCAPE = "\uFFFE";
const ESCAPABLE = /[\u0000\uFFFE]/g;
const ESCAPED = /\uFFFE([0\uFFFE])/g;

/** A string as it is stored. */
export function escapeStoredText(text: string): string {
  // indexOf, not a regular expression: about ten times faster on the long JSON text most columns hold
  return text.indexOf("\u0000") !== -1 || text.indexOf(ESCAPE) !== -1 ? text.replace(ESCAPABLE, (c) => (c === "\u0000" ? `${ESCAPE}0` : `${ESCAPE}${ESCAPE}`)) : text;
}

/** A stored string as it was written. */
export function restoreStoredText(text: string): string {
  return text.includes(ESCAPE) ? text.replace(ESCAPED, (_, c: string) => (c === "0" ? "\u0000" : ESCAPE)) : text;
}

/** A value to bind, its text escaped. */
export const escapeStoredValue = (value: unknown): unknown => (typeof value === "string" ? escapeStoredText(value) : value);

/** A row with every string value escaped (a new object only when one changes). */
export function escapeRow<T extends object>(row: T): T {
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(row)) {
    if (typeof value !== "string") continue;
    const escaped = escapeStoredText(value);
    if (escaped !== value) (out ??= { ...(row as Record<string, unknown>) })[key] = escaped;
  }
  return (out ?? row) as T;
}

/** A row read from a store, every string value restored (in place). */
export function restoreRow<T>(row: T): T {
  if (typeof row !== "object" || row === null) return row;
  const record = row as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === "string" && value.includes(ESCAPE)) record[key] = restoreStoredText(value);
  }
  return row;
}
