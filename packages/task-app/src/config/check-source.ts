/**
 * Checking text held in memory (an editor's buffer) exactly as `validate`
 * checks the same bytes on disk (./check-file.ts, re-exported here): a rubric
 * `.json` file goes to the rubric checker, anything else to the TOML config
 * checker, after the same text checks a file read gets (empty, NUL bytes).
 * Synchronous, with every kind's schema built (./check.ts).
 */
import { checkConfigText, type CheckOptions, type ConfigCheck } from "./check.js";
import { inputFailure, isRubricFile } from "./check-file.js";
import { ConfigInputError, decodeConfigText, DEFAULT_MAX_CONFIG_BYTES, tooLarge } from "./read.js";
import { checkRubricText } from "./rubric-check.js";

export { checkProjectFile, checkSourceFile, isRubricFile } from "./check-file.js";

/** Checks text held in memory (an editor's buffer) exactly as `validate` checks the same bytes on disk. */
export function checkSourceText(text: string, options: CheckOptions = {}): ConfigCheck {
  let decoded: string;
  try {
    const bytes = Buffer.from(text, "utf8");
    // The same bound a file read has.
    if (bytes.length > DEFAULT_MAX_CONFIG_BYTES) throw tooLarge(bytes.length, DEFAULT_MAX_CONFIG_BYTES);
    decoded = decodeConfigText(bytes, { keepBom: !isRubricFile(options.file) });
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    return inputFailure(error, options);
  }
  return isRubricFile(options.file) ? checkRubricText(decoded, options) : checkConfigText(decoded, options);
}
