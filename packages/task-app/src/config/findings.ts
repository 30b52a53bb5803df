/**
 * A finding is one thing `task-app validate` reports about a file: an error
 * (the file is invalid) or a warning (the file is valid but probably wrong).
 * Every finding points at a place in the source so editors and terminals can
 * jump to it.
 */
import { plain, type Style } from "../style.js";

export type Severity = "error" | "warning";

export interface Finding {
  severity: Severity;
  /** Stable machine-readable code, e.g. `unknown_key`, `invalid_type`, `toml_syntax`. */
  code: string;
  /** Dotted key path inside the document (`training.batch_size`), "" for the whole file. */
  path: string;
  message: string;
  /** File the finding belongs to, as given by the caller (not made absolute). */
  file?: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
}

/** `path:line:col: error: dotted.key: message`, the format compilers and editors understand. */
export function formatFinding(f: Finding): string {
  return renderFinding(f, plain);
}

/** formatFinding with the severity coloured by `style` (a terminal's). */
export function renderFinding(f: Finding, style: Style): string {
  const where = `${f.file ?? "<input>"}:${f.line}:${f.column}`;
  const key = f.path ? `${f.path}: ` : "";
  return `${where}: ${f.severity === "error" ? style.fail(f.severity) : style.warn(f.severity)}: ${key}${f.message}`;
}

/** Formats a key path the way TOML users write it: `a.b[0].c`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out;
}
