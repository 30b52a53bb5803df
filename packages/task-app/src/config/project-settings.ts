/**
 * Project settings for the checks: the `[rules]` table of a `task-app.toml`
 * found in the config's directory or above it. Each key is a finding code
 * (./finding-codes.ts), each value `"error"`, `"warning"` or `"off"`:
 *
 *     [rules]
 *     loopback_task_url = "off"          # we train on this machine
 *     instruct_async_semaphore = "error"
 *
 * `task-app validate` and `task-app lsp` read it through the same function
 * and apply it through `CheckOptions.severities`, so both report the same.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { findUp } from "../fs/find-up.js";
import type { Severity } from "./findings.js";
import { findingCodes } from "./finding-codes.js";
import { suggestKey } from "./suggest.js";
import { parseTomlDocument, TomlSyntaxError } from "./toml.js";

export type RuleSeverity = Severity | "off";
export type SeverityOverrides = Readonly<Record<string, RuleSeverity>>;

export const PROJECT_SETTINGS_FILE = "task-app.toml";
const LEVELS: readonly RuleSeverity[] = ["error", "warning", "off"];

export interface ProjectSettings {
  /** The task-app.toml read, or undefined when there is none. */
  file?: string;
  severities: SeverityOverrides;
}

/** A task-app.toml that cannot be used: its place and what is wrong. */
export class ProjectSettingsError extends Error {
  override name = "ProjectSettingsError";
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}:${column}: ${reason}`);
  }
}

/**
 * Reads the `[rules]` severities of settings text. Throws ProjectSettingsError
 * for invalid TOML, a value that is not a level, or a code no check reports.
 */
export function parseProjectSettings(text: string, file: string): SeverityOverrides {
  let doc;
  try {
    doc = parseTomlDocument(text);
  } catch (error) {
    if (error instanceof TomlSyntaxError) throw new ProjectSettingsError(file, error.line, error.column, `invalid TOML: ${error.reason}`);
    throw error;
  }
  const rules = doc.value.rules;
  if (rules === undefined) return {};
  if (!rules || typeof rules !== "object" || Array.isArray(rules)) {
    const at = doc.locate(["rules"]);
    throw new ProjectSettingsError(file, at.line, at.column, "[rules] must be a table of finding code = \"error\" | \"warning\" | \"off\"");
  }
  const known = findingCodes().map((c) => c.code);
  const out: Record<string, RuleSeverity> = {};
  for (const [code, level] of Object.entries(rules)) {
    const at = doc.locate(["rules", code]);
    if (!known.includes(code)) {
      const hint = suggestKey(code, known);
      throw new ProjectSettingsError(file, at.line, at.column, `unknown rule "${code}" in [rules]${hint ? `; did you mean "${hint}"?` : ""}`);
    }
    if (typeof level !== "string" || !LEVELS.includes(level as RuleSeverity))
      throw new ProjectSettingsError(file, at.line, at.column, `rules.${code} must be "error", "warning" or "off", got ${JSON.stringify(level)}`);
    out[code] = level as RuleSeverity;
  }
  return out;
}

const cache = new Map<string, { mtimeMs: number; size: number; severities: SeverityOverrides }>();

/** The nearest task-app.toml at or above `dir`, or undefined. */
export function findProjectSettingsFile(dir: string): string | undefined {
  return findUp(PROJECT_SETTINGS_FILE, dir);
}

/**
 * The settings that apply to a config file: the nearest task-app.toml at or
 * above its directory (read again only when it changed). Throws
 * ProjectSettingsError for a task-app.toml that cannot be used.
 */
export function loadProjectSettings(configPath: string): ProjectSettings {
  const file = findProjectSettingsFile(dirname(resolve(configPath)));
  if (!file) return { severities: {} };
  const stats = statSync(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return { file, severities: hit.severities };
  const severities = parseProjectSettings(readFileSync(file, "utf8"), file);
  cache.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, severities });
  return { file, severities };
}

/** Findings with the project's severities applied: "off" drops a finding, a level replaces its own. */
export function applySeverities<T extends { code: string; severity: Severity }>(findings: readonly T[], overrides: SeverityOverrides | undefined): T[] {
  if (!overrides || !Object.keys(overrides).length) return [...findings];
  const out: T[] = [];
  for (const f of findings) {
    const level = Object.hasOwn(overrides, f.code) ? overrides[f.code] : undefined;
    if (level === "off") continue;
    out.push(level ? { ...f, severity: level } : f);
  }
  return out;
}
