/**
 * The one entry `task-app validate`, `task-app lsp` and every command that
 * checks a config file share (`checkProjectFile` adds the project's rule
 * severities): a rubric
 * `.json` file goes to the rubric checker, anything else to the TOML config
 * checker, after the same text checks a file read gets (empty, NUL bytes).
 */
import { checkConfigText, type CheckOptions, type ConfigCheck } from "./check.js";
import { applySeverities, loadProjectSettings } from "./project-settings.js";
import { ConfigInputError, decodeConfigText, DEFAULT_MAX_CONFIG_BYTES, readConfigText, tooLarge } from "./read.js";
import { checkRubricText } from "./rubric-check.js";

/** True for a file validated as a rubric (by its `.json` extension). */
export const isRubricFile = (file: string | undefined): boolean => /\.json$/i.test(file ?? "");

function inputFailure(error: ConfigInputError, options: CheckOptions): ConfigCheck {
  const { file } = options;
  const findings = applySeverities([{ severity: "error" as const, code: error.code, path: "", message: error.message, file, line: error.line, column: error.column }], options.severities);
  return { file, ok: !findings.some((f) => f.severity === "error"), findings, injected: [] };
}

function checkDecoded(text: string, options: CheckOptions): ConfigCheck {
  return isRubricFile(options.file) ? checkRubricText(text, options) : checkConfigText(text, options);
}

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
  return checkDecoded(decoded, options);
}

/** Reads and checks a file; unreadable, binary or oversized files become findings. */
export async function checkSourceFile(path: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const withFile = { ...options, file: options.file ?? path };
  let text: string;
  try {
    text = await readConfigText(path, { keepBom: !isRubricFile(withFile.file) });
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    return inputFailure(error, withFile);
  }
  return checkDecoded(text, withFile);
}

/**
 * Reads and checks a file as its project says: the severities of the nearest
 * `task-app.toml` at or above it (`[rules]`, ./project-settings.ts) over
 * `options.severities`. Every command that checks a config on disk (validate,
 * payload, train, eval's --config, deploy's deploy.toml) comes through here,
 * and the language server applies the same settings, so a finding has one
 * level everywhere. Throws ProjectSettingsError (file:line:col) for a
 * task-app.toml that cannot be used: a usage error, exit 2.
 */
export async function checkProjectFile(path: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const project = loadProjectSettings(path).severities;
  return checkSourceFile(path, { ...options, severities: { ...options.severities, ...project } });
}
