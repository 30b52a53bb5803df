/**
 * The typed entry points: `parseConfig(text)` and `loadConfig(path)` return a
 * validated, normalized config of the detected (or requested) kind, or throw a
 * ConfigError listing every finding.
 */
import type { ConfigKind } from "../schemas/registry.js";
import type { DeployConfig } from "../schemas/deploy-config.js";
import type { EvalConfig } from "../schemas/eval-config.js";
import type { FilterConfig } from "../schemas/filter-config.js";
import type { RLConfig } from "../schemas/rl-config.js";
import type { SFTConfig } from "../schemas/sft-config.js";
import { checkConfigFile, checkConfigText, type CheckOptions, type ConfigCheck } from "./check.js";
import { formatFinding, type Finding } from "./findings.js";
import type { Injection } from "./normalize.js";

/** The config type of each kind. */
export interface ConfigOfKind {
  rl: RLConfig;
  sft: SFTConfig;
  eval: EvalConfig;
  filter: FilterConfig;
  deploy: DeployConfig;
}

/** A validated config, discriminated by kind. */
export type LoadedConfig<K extends ConfigKind = ConfigKind> = {
  [P in K]: { kind: P; config: ConfigOfKind[P]; warnings: Finding[]; injected: Injection[] };
}[K];

/** Thrown by parseConfig/loadConfig when a config has errors; `findings` has all of them. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly findings: Finding[]) {
    super(findings.filter((f) => f.severity === "error").map(formatFinding).join("\n"));
  }
}

function unwrap<K extends ConfigKind>(check: ConfigCheck): LoadedConfig<K> {
  if (!check.ok || !check.kind) throw new ConfigError(check.findings);
  return {
    kind: check.kind,
    config: check.config,
    warnings: check.findings.filter((f) => f.severity === "warning"),
    injected: check.injected,
  } as LoadedConfig<K>;
}

/** Parses and validates TOML text; throws ConfigError on any error. */
export function parseConfig<K extends ConfigKind = ConfigKind>(text: string, options: CheckOptions & { kind?: K } = {}): LoadedConfig<K> {
  return unwrap<K>(checkConfigText(text, options));
}

/** Reads, parses and validates a TOML config file; throws ConfigError on any error. */
export async function loadConfig<K extends ConfigKind = ConfigKind>(path: string, options: CheckOptions & { kind?: K } = {}): Promise<LoadedConfig<K>> {
  return unwrap<K>(await checkConfigFile(path, options));
}
