/**
 * The language service: a plain library over the checks `task-app validate`
 * runs (./diagnostics.ts), the quick fixes (./fixes/), hover and completion
 * (./hover.ts, ./completion.ts). It holds no connection and no timers; the
 * server (./server.ts) is a thin shell that forwards requests here.
 */
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { CodeAction, CompletionItem, Diagnostic, Hover, TextEdit } from "vscode-languageserver";
import { detectConfigKind } from "../config/detect.js";
import { parseTomlDocument, TomlSyntaxError } from "../config/toml.js";
import { completeAt } from "./completion.js";
import { hoverAt } from "./hover.js";
import { completeSettingsAt, hoverSettingsAt } from "./settings-file.js";
import { isRubricFile } from "../config/check-source.js";
import type { CheckOptions } from "../config/check.js";
import {
  loadProjectSettings,
  parseProjectSettings,
  PROJECT_SETTINGS_FILE,
  ProjectSettingsError,
  type SeverityOverrides,
} from "../config/project-settings.js";
import { diagnoseText, type DiagnosticData, type DocumentCheck } from "./diagnostics.js";
import { quickFixesFor } from "./fixes/index.js";
import { clampPosition, TextIndex } from "./text.js";
import { matchLineEndings, parseFindingPath, parseOrUndefined, type OffsetEdit } from "./toml-edits.js";

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
  /** The kind each document last had, for hover and completion while an edit leaves it unparseable. */
  private readonly kinds = new Map<string, string>();

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
    const result = diagnoseText(text, options);
    if (result.check.kind) this.kinds.set(uri, result.check.kind);
    return result;
  }

  /** The config kind of a TOML document: detected from its text, else the last kind it had. */
  kindOf(uri: string, text: string, editedLine?: number): string | undefined {
    const doc = parseLeniently(text, editedLine);
    const kind = doc ? detectConfigKind(doc.value, fileOfUri(uri))?.kind : undefined;
    if (kind) this.kinds.set(uri, kind);
    return kind ?? this.kinds.get(uri);
  }

  /** The hover at a position (clamped to the document). */
  hover(uri: string, text: string, lineAsked: number, characterAsked: number): Hover | null {
    const { line, character } = clampPosition(text, { line: lineAsked, character: characterAsked });
    if (basename(fileOfUri(uri)) === PROJECT_SETTINGS_FILE) return hoverSettingsAt(text, line, character);
    return isRubricFile(fileOfUri(uri)) ? null : hoverAt(text, this.kindOf(uri, text, line), line, character);
  }

  /** Completion items at a position (clamped to the document). */
  complete(uri: string, text: string, lineAsked: number, characterAsked: number): CompletionItem[] {
    const { line, character } = clampPosition(text, { line: lineAsked, character: characterAsked });
    if (basename(fileOfUri(uri)) === PROJECT_SETTINGS_FILE) return completeSettingsAt(text, line, character);
    return isRubricFile(fileOfUri(uri)) ? [] : completeAt(text, this.kindOf(uri, text, line), line, character);
  }

  /** Forgets a closed document. */
  close(uri: string): void {
    this.kinds.delete(uri);
  }

  /** Quick fixes for the task-app diagnostics an editor sends back (each fix's edits as one WorkspaceEdit). */
  codeActions(uri: string, text: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
    const ours = diagnostics.filter((d) => d.source === "task-app" && typeof d.code === "string");
    const file = fileOfUri(uri);
    const doc = ours.length && !isRubricFile(file) ? parseOrUndefined(text) : undefined;
    if (!doc) return [];
    const kind = this.diagnose(uri, text).check?.kind;
    const index = new TextIndex(text);
    const toTextEdit = (e: OffsetEdit): TextEdit => ({ range: index.rangeOf(e.start, e.end), newText: e.text });
    return ours.flatMap((diagnostic) => {
      const path = parseFindingPath((diagnostic.data as DiagnosticData | undefined)?.path ?? "");
      return quickFixesFor({ text, doc, code: String(diagnostic.code), message: typeof diagnostic.message === "string" ? diagnostic.message : diagnostic.message.value, path, kind }).map(
        (fix): CodeAction => ({
          title: fix.title,
          kind: "quickfix",
          diagnostics: [diagnostic],
          isPreferred: fix.preferred,
          edit: { changes: { [uri]: matchLineEndings(text, fix.edits).map(toTextEdit) } },
        }),
      );
    });
  }
}

/**
 * The document as far as it parses: a line being typed (or another broken
 * line) rarely parses, so the lines TOML errors point at are left out, a few
 * at most, to read the rest.
 */
function parseLeniently(text: string, editedLine?: number) {
  let lines = text.split("\n");
  if (editedLine !== undefined && !parseOrUndefined(text)) lines = lines.map((l, n) => (n === editedLine ? "" : l));
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return parseTomlDocument(lines.join("\n"));
    } catch (error) {
      if (!(error instanceof TomlSyntaxError) || !lines[error.line - 1]) return undefined;
      lines = lines.map((l, n) => (n === error.line - 1 ? "" : l));
    }
  }
  return undefined;
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
