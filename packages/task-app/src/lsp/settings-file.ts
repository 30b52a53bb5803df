/**
 * Hover and completion in a task-app.toml: the finding codes of `[rules]`
 * with their summaries (./../config/finding-codes.ts) and the three levels.
 */
import type { CompletionItem, Hover } from "vscode-languageserver";
import { codeAnchorOf, findingCodes } from "../config/finding-codes.js";
import { cursorContext, keysSetIn } from "./cursor.js";
import { REFERENCE_URL } from "./diagnostics.js";

const LEVELS = ["error", "warning", "off"];

export function completeSettingsAt(text: string, line: number, character: number): CompletionItem[] {
  const context = cursorContext(text, line, character);
  if (context.header) return [{ label: "rules", kind: 9 }];
  if (context.table.join(".") !== "rules") return [];
  if (context.part === "value") return LEVELS.map((level) => ({ label: JSON.stringify(level), kind: 20 }));
  const set = keysSetIn(text, ["rules"]);
  return findingCodes()
    .filter((c) => !set.has(c.code))
    .map((c) => ({ label: c.code, kind: 10, detail: `${c.severity} by default`, documentation: c.summary, insertText: `${c.code} = ` }));
}

export function hoverSettingsAt(text: string, line: number, character: number): Hover | null {
  const context = cursorContext(text, line, character);
  if (context.table.join(".") !== "rules" || context.path.length !== 2) return null;
  const code = findingCodes().find((c) => c.code === context.path[1]);
  if (!code) return null;
  const kinds = code.kinds.length ? code.kinds.join(", ") : "every kind";
  return { contents: { kind: "markdown", value: `**\`${code.code}\`** · ${code.severity} by default · ${kinds}\n\n${code.summary}\n\n[Reference](${REFERENCE_URL}#${codeAnchorOf(code.code)})` } };
}
