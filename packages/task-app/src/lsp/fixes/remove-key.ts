/**
 * A key that does nothing for this model or this trainer (image settings on a
 * text model, thinking settings on an Instruct model, SFT keys 0.2.13 does not
 * forward, a thinking budget under "no_think"): remove it.
 */
import { findStatement, removeStatement } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const removeIneffectiveKey = defineFix({
  codes: ["image_settings_on_text_model", "thinking_on_non_thinking_model", "sft_dropped_keys", "thinking_budget_mode"],
  fixes({ text, doc, code, message, path }) {
    if (code === "thinking_budget_mode" && !/no_think/.test(message)) return [];
    const at = findStatement(text, path, doc);
    if (!at || at.form !== "value") return [];
    const name = path.filter((p) => typeof p === "string").join(".");
    return [{ title: `Remove ${name} (it has no effect here)`, edits: [removeStatement(text, at)], preferred: code !== "thinking_budget_mode" && code !== "sft_dropped_keys" }];
  },
});
