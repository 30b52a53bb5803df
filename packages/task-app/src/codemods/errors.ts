/** Why a codemod refused to run; nothing was changed when it throws. */
export type CodemodErrorCode =
  | "invalid_name"
  | "no_app_file"
  | "parse_error"
  | "edit_breaks_file"
  | "no_registry"
  | "missing_dependency"
  | "unsafe_path"
  | "not_regular_file";

/** A codemod that refused to touch the project. */
export class CodemodError extends Error {
  readonly code: CodemodErrorCode;

  constructor(code: CodemodErrorCode, message: string) {
    super(message);
    this.name = "CodemodError";
    this.code = code;
  }
}
