/**
 * The language service: a plain library over the checks `task-app validate`
 * runs (./diagnostics.ts), the quick fixes (./fixes/), hover and completion
 * (./hover.ts, ./completion.ts). It holds no connection and no timers; the
 * server (./server.ts) is a thin shell that forwards requests here.
 */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "vscode-languageserver";
import type { CheckOptions } from "../config/check.js";
import {
  loadProjectSettings,
  parseProjectSettings,
  PROJECT_SETTINGS_FILE,
  ProjectSettingsError,
  type SeverityOverrides,
} from "../config/project-settings.js";
import { diagnoseText, type DocumentCheck } from "./diagnostics.js";

export interface ServiceSettings {
  /** Severities from the client's settings; a project's task-app.toml overrides them code by code. */
  rules?: SeverityOverrides;
  /** Keep unknown keys (as `validate --allow-unknown`). */
  allowUnknown?: boolean;
  /** Findings per document (as `validate --max-findings`). */
  maxFindings?: number;
}

/** The file a document URI names (its path for file: URIs, else the URI's last segment, for kind detection). */
export function fileOfUri(uri: string): string {
  if (uri.startsWith("file:")) {
    try {
      return fileURLToPath(uri);
    } catch {
      // fall through
    }
  }
  return decodeURIComponent(uri.split(/[?#]/)[0]!.split("/").pop() ?? uri);
}

export class LanguageService {
  private settings: ServiceSettings = {};

  /** Replaces the client's settings (initializationOptions, workspace/didChangeConfiguration). */
  configure(settings: ServiceSettings | undefined): void {
    this.settings = settings ?? {};
  }

  /** The options `validate` would use for this file: the project's severities over the client's. */
  optionsFor(file: string): { options: CheckOptions; settingsError?: ProjectSettingsError } {
    const base: CheckOptions = { file, allowUnknown: this.settings.allowUnknown, maxFindings: this.settings.maxFindings };
    try {
      const project = loadProjectSettings(file).severities;
      return { options: { ...base, severities: { ...this.settings.rules, ...project } } };
    } catch (error) {
      if (!(error instanceof ProjectSettingsError)) throw error;
      return { options: { ...base, severities: this.settings.rules }, settingsError: error };
    }
  }

  /** Diagnostics of a document; a task-app.toml is checked as project settings. */
  diagnose(uri: string, text: string): DocumentCheck | { check?: undefined; diagnostics: Diagnostic[] } {
    const file = fileOfUri(uri);
    if (basename(file) === PROJECT_SETTINGS_FILE) return { diagnostics: diagnoseSettings(text, file) };
    const { options } = this.optionsFor(file);
    return diagnoseText(text, options);
  }
}

/** A task-app.toml's problems as diagnostics. */
function diagnoseSettings(text: string, file: string): Diagnostic[] {
  try {
    parseProjectSettings(text, file);
    return [];
  } catch (error) {
    if (!(error instanceof ProjectSettingsError)) throw error;
    const start = { line: error.line - 1, character: error.column - 1 };
    return [{ range: { start, end: start }, severity: 1, source: "task-app", code: "project_settings", message: error.reason }];
  }
}
