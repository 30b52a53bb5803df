/**
 * Diagnostics of a document: the findings of `checkSourceText`, the very
 * function `task-app validate` runs on a file, as LSP diagnostics (same
 * start, severity, message; the finding code as `code`, linked to its entry
 * in generated/CONFIG.md).
 */
import type { Diagnostic } from "vscode-languageserver";
import type { CheckOptions, ConfigCheck } from "../config/check.js";
import { checkSourceText } from "../config/check-source.js";
import { codeAnchorOf, findingCodes } from "../config/finding-codes.js";
import type { Finding } from "../config/findings.js";
import { findingRange, TextIndex } from "./text.js";

/** Where the reference is published; the same base the JSON Schemas' doc links use. */
export const REFERENCE_URL = "https://unpkg.com/task-app/generated/CONFIG.md";

const documented = new Set(findingCodes().map((c) => c.code));

/** The reference entry of a finding code (the "Rules and finding codes" part when it has none). */
export function codeHref(code: string): string {
  return `${REFERENCE_URL}#${documented.has(code) ? codeAnchorOf(code) : "rules"}`;
}

/** What a diagnostic carries for the quick fixes: the finding's key path. */
export interface DiagnosticData {
  path: string;
}

/** One finding as a diagnostic. */
export function toDiagnostic(index: TextIndex, finding: Finding): Diagnostic {
  return {
    range: findingRange(index, finding.line, finding.column),
    severity: finding.severity === "error" ? 1 : 2,
    code: finding.code,
    codeDescription: { href: codeHref(finding.code) },
    source: "task-app",
    message: finding.message,
    data: { path: finding.path } satisfies DiagnosticData,
  };
}

export interface DocumentCheck {
  check: ConfigCheck;
  diagnostics: Diagnostic[];
}

/** Checks a document's text and returns the check with its diagnostics. */
export function diagnoseText(text: string, options: CheckOptions = {}): DocumentCheck {
  const check = checkSourceText(text, options);
  const index = new TextIndex(text);
  const diagnostics = check.findings.map((f) => toDiagnostic(index, f));
  if (check.omitted) {
    const n = check.omitted.errors + check.omitted.warnings;
    diagnostics.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: 3,
      source: "task-app",
      message: `${n} more finding${n === 1 ? "" : "s"} not shown (only the first ${check.findings.length} are)`,
    });
  }
  return { check, diagnostics };
}
