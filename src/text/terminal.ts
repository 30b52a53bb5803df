/**
 * Text that came from outside (a model name in a trace, an app's error
 * message, a backend's event) printed on a terminal: its control characters
 * are shown escaped, so it cannot clear the screen (`\x1b[2J`), set the
 * window title (OSC), move the cursor, or forge a line of our own output
 * with a carriage return or a line feed.
 */

/** C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators and bidirectional overrides. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u001b": "\\x1b" };

/** `text` with every control character written as an escape (`\x1b`, `\r`, `\n`, `\u202e`); printable text unchanged. */
export function escapeTerminal(text: string): string {
  return text.replace(CONTROL, (c) => NAMED[c] ?? (c.charCodeAt(0) <= 0xff ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : `\\u${c.charCodeAt(0).toString(16)}`));
}
