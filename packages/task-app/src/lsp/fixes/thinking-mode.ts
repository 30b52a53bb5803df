/** A thinking budget without thinking_mode = "think": set it next to the budget (or replace "no_think"). */
import { valueAt } from "../../config/issues.js";
import { findStatement, insertSiblingBefore, replaceValue } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const setThinkingMode = defineFix({
  codes: ["thinking_budget_mode"],
  fixes({ text, doc, path }) {
    const table = path.slice(0, -1);
    const budget = findStatement(text, path, doc);
    if (!budget || budget.form !== "value") return [];
    const mode = findStatement(text, [...table, "thinking_mode"], doc);
    if (mode?.form === "value") return [{ title: 'Set thinking_mode = "think"', edits: [replaceValue(mode, "think")], preferred: true }];
    if (valueAt(doc.value, [...table, "thinking_mode"]) !== undefined) return [];
    return [{ title: 'Add thinking_mode = "think"', edits: [insertSiblingBefore(budget, "thinking_mode", "think")], preferred: true }];
  },
});
