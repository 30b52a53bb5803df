/**
 * Text that came from outside (a model name in a trace, an app's error
 * message, a backend's event) printed on a terminal: its control characters
 * are shown escaped, so it cannot clear the screen (`\x1b[2J`), set the
 * window title (OSC), move the cursor, or forge a line of our own output
 * with a carriage return or a line feed. JSON printed there goes through
 * stringifyForTerminal, which escapes the same characters as JSON does.
 */

/** C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators and bidirectional overrides. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\x1b" };

/** `text` with every control character written as an escape (`\x1b`, `\r`, `\n`, `\u202e`); printable text unchanged. */
export function escapeTerminal(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? (c.charCodeAt(0) <= 0xff ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : `\\u${c.charCodeAt(0).toString(16)}`));
}

/**
 * `value` as JSON text for a terminal: JSON.stringify's, with what it leaves
 * raw inside strings (DEL, C1 controls, line separators, bidirectional
 * overrides) written as JSON's own `\u` escapes, so it parses back to the
 * same value. The line feeds of the layout stay (a string's own are `\n` already).
 */
export function stringifyForTerminal(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(CONTROL, (c) => (c === "\n" ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
}
