/**
 * Reads deploy settings: the deploy.toml named (or `deploy.toml` in the
 * project folder when there is one) through the config pipeline, so a bad
 * value is reported at its file:line:col, then the flags laid over it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { checkProjectFile } from "../config/check-file.js";
import { ProjectSettingsError } from "../config/project-settings.js";
import { readConfigText } from "../config/read.js";
import { parseTomlDocument } from "../config/toml.js";
import { ConfigError } from "../config/load.js";
import type { DeployConfig } from "../schemas/deploy-config.js";
import { DeploySettingsError, resolveDeploySettings, type DeployInputs, type DeployOverrides } from "./settings.js";

/** The default file name of a deploy config. */
export const DEPLOY_FILE = "deploy.toml";

export interface LoadDeployOptions {
  /** The config file; default deploy.toml in `cwd` when it exists (flags alone otherwise). */
  config?: string;
  cwd?: string;
  flags?: DeployOverrides;
  /** Set by `status` and `delete`, which find what is deployed by name. */
  imageOptional?: boolean;
}

/** The settings of one deploy; throws ConfigError (positioned findings) or DeploySettingsError (a flag, or a task-app.toml that cannot be used). */
export async function loadDeployInputs(options: LoadDeployOptions = {}): Promise<DeployInputs & { file?: string }> {
  const cwd = options.cwd ?? process.cwd();
  const implicit = join(cwd, DEPLOY_FILE);
  const file = options.config ?? (existsSync(implicit) ? implicit : undefined);
  let table: Record<string, unknown> | undefined;
  if (file) {
    let check;
    try {
      check = await checkProjectFile(file, { kind: "deploy", file: options.config ?? DEPLOY_FILE }); // the project's task-app.toml [rules] apply
    } catch (error) {
      if (error instanceof ProjectSettingsError) throw new DeploySettingsError(error.message);
      throw error;
    }
    // A key a flag overrides is not read from the file: its errors there do not count.
    const overridden = Object.entries(options.flags ?? {}).filter(([, v]) => v !== undefined).map(([k]) => `deploy.${k}`);
    if (options.imageOptional) overridden.push("deploy.image");
    const errors = check.findings.filter((f) => f.severity === "error" && !overridden.some((p) => f.path === p || f.path.startsWith(`${p}.`)));
    if (errors.length) throw new ConfigError(check.findings);
    table = check.ok ? ((check.config as DeployConfig).deploy as unknown as Record<string, unknown>) : rawDeployTable(await readConfigText(file));
  }
  return { ...resolveDeploySettings(table, options.flags, { imageOptional: options.imageOptional }), ...(file ? { file } : {}) };
}

/** The `[deploy]` table as written (flags then replace the keys the file got wrong). */
function rawDeployTable(text: string): Record<string, unknown> {
  const deploy = parseTomlDocument(text).value.deploy;
  return deploy && typeof deploy === "object" ? { ...(deploy as Record<string, unknown>) } : {};
}
