/**
 * Checking a config file on disk, the entry `task-app validate` and every
 * command that reads a config share (`checkProjectFile` adds the project's
 * rule severities): a rubric `.json` file goes to the rubric checker,
 * anything else to the TOML config checker, after the same text checks a
 * file read gets (empty, NUL bytes). Only what the file needs is loaded: the
 * schema of its kind (./check-core.ts), the rubric checker for a rubric.
 * ./check-source.ts checks an editor's buffer the same way.
 */
import { checkConfigTextLoading, type CheckOptions, type ConfigCheck } from "./check-core.js";
import { applySeverities, loadProjectSettings } from "./project-settings.js";
import { ConfigInputError, readConfigText } from "./read.js";

/** True for a file validated as a rubric (by its `.json` extension). */
export const isRubricFile = (file: string | undefined): boolean => /\.json$/i.test(file ?? "");

/** The check of a file that could not be read or decoded: its one finding. */
export function inputFailure(error: ConfigInputError, options: CheckOptions): ConfigCheck {
  const { file } = options;
  const findings = applySeverities([{ severity: "error" as const, code: error.code, path: "", message: error.message, file, line: error.line, column: error.column }], options.severities);
  return { file, ok: !findings.some((f) => f.severity === "error"), findings, injected: [] };
}

/** Reads and checks a file; unreadable, binary or oversized files become findings. */
export async function checkSourceFile(path: string, options: CheckOptions = {}): Promise<ConfigCheck> {
  const withFile = { ...options, file: options.file ?? path };
  const rubric = isRubricFile(withFile.file);
  let text: string;
  try {
    text = await readConfigText(path, { keepBom: !rubric });
  } catch (error) {
    if (!(error instanceof ConfigInputError)) throw error;
    return inputFailure(error, withFile);
  }
  return rubric ? (await import("./rubric-check.js")).checkRubricText(text, withFile) : checkConfigTextLoading(text, withFile);
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
