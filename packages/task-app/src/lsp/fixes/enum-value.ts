/** A mistyped allowed value with a did-you-mean (a schema enum, or the RL algorithm the trainer runs): write the allowed one (`"gsop"` → `"gspo"`). */
import { findStatement, replaceValue } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const fixEnumValue = defineFix({
  codes: ["invalid_value", "rl_algorithm"],
  fixes({ text, doc, message, path }) {
    const hint = /; did you mean "([^"]+)"\?$/.exec(message)?.[1];
    const at = findStatement(text, path, doc);
    if (!hint || !at || at.form !== "value") return [];
    return [{ title: `Change to "${hint}"`, edits: [replaceValue(at, hint)], preferred: true }];
  },
});
