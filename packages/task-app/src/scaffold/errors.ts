/** Why scaffolding refused or failed; the bin maps each code to a message and exit status. */
export type ScaffoldErrorCode =
  | "invalid_name"
  | "unknown_template"
  | "target_not_empty"
  | "target_not_directory"
  | "conflict"
  | "path_escape"
  | "bad_template"
  | "aborted";

/** An error raised by the scaffolder before or while writing; nothing is left half-written. */
export class ScaffoldError extends Error {
  readonly code: ScaffoldErrorCode;
  /** Paths (relative to the target) involved, e.g. the files that would be overwritten. */
  readonly paths: string[];

  constructor(code: ScaffoldErrorCode, message: string, paths: string[] = []) {
    super(message);
    this.name = "ScaffoldError";
    this.code = code;
    this.paths = paths;
  }
}

/** Thrown when the user cancels a prompt (Ctrl-C or Escape) or an interrupt stops the run. */
export class PromptCancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "PromptCancelled";
  }
}
