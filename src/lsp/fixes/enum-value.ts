/** A mistyped allowed value with a did-you-mean: write the allowed one (`"gpso"` → `"gspo"`). */
import { findStatement, replaceValue } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const fixEnumValue = defineFix({
  codes: ["invalid_value"],
  fixes({ text, doc, message, path }) {
    const hint = /; did you mean "([^"]+)"\?$/.exec(message)?.[1];
    const at = findStatement(text, path, doc);
    if (!hint || !at || at.form !== "value") return [];
    return [{ title: `Change to "${hint}"`, edits: [replaceValue(at, hint)], preferred: true }];
  },
});
