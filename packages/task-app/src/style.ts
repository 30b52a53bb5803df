/**
 * Colour for text bound for a terminal, in one place. Colour is on when the
 * stream is a terminal (and TERM is not "dumb"), or when FORCE_COLOR is set
 * (not "0"/"false"); NO_COLOR (any non-empty value) turns it off and wins over
 * both. Formatters take a Style and default to `plain`, so files, pipes and
 * `--json` never see an escape.
 */

/** The few roles text is coloured by. */
export interface Style {
  readonly enabled: boolean;
  /** Success: PASS, ok. */
  pass(text: string): string;
  /** Failure: FAIL, error. */
  fail(text: string): string;
  /** Warning. */
  warn(text: string): string;
  /** Secondary text: positions, times. */
  dim(text: string): string;
}

const identity = (text: string) => text;

/** No colour. */
export const plain: Style = { enabled: false, pass: identity, fail: identity, warn: identity, dim: identity };

const sgr = (open: number, close: number) => (text: string) => (text ? `\u001b[${open}m${text}\u001b[${close}m` : text);

const coloured: Style = { enabled: true, pass: sgr(32, 39), fail: sgr(31, 39), warn: sgr(33, 39), dim: sgr(2, 22) };

/** Whether text written to `stream` gets colour, by the rule above. */
export function colourEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  return Boolean(stream.isTTY) && env.TERM !== "dumb";
}

/** The style for `stream` (default stdout). */
export function createStyle(stream: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): Style {
  return colourEnabled(stream, env) ? coloured : plain;
}
