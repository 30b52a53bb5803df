/** An unknown key with a did-you-mean: rename it (`batchsize` → `batch_size`). */
import { findStatement, renameKey } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const renameUnknownKey = defineFix({
  codes: ["unknown_key"],
  fixes({ text, doc, message, path }) {
    const hint = /; did you mean "([^"]+)"\?/.exec(message)?.[1];
    const at = findStatement(text, path, doc);
    if (!hint || !at) return [];
    return [{ title: `Rename to "${hint}"`, edits: [renameKey(at, hint)], preferred: true }];
  },
});
