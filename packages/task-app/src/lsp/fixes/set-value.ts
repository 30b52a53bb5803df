/** Values the check names outright: an Instruct model's semaphore (4), a task URL without its spaces. */
import { valueAt } from "../../config/issues.js";
import { findStatement, replaceValue } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const setNamedValue = defineFix({
  codes: ["instruct_async_semaphore", "rl_task_url_spaces"],
  fixes({ text, doc, code, path }) {
    const at = findStatement(text, path, doc);
    if (!at || at.form !== "value") return [];
    if (code === "instruct_async_semaphore") return [{ title: "Set async_semaphore_max = 4", edits: [replaceValue(at, 4)], preferred: true }];
    const url = valueAt(doc.value, path);
    return typeof url === "string" ? [{ title: "Remove the spaces around task_url", edits: [replaceValue(at, url.trim())], preferred: true }] : [];
  },
});
