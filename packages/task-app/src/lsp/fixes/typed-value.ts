/**
 * A quoted number or boolean synth-ai coerces (`batch_size = "4"`): write the
 * typed value the check says synth-ai submits. At a key synth-ai does not type
 * (it would forward the string as written), the check's `invalid_type` finding
 * names the typed value to write instead: the same edit. A forwarded 0 or 1
 * where a boolean belongs (`forwarded_flag`) becomes the boolean the task app
 * reads it as.
 */
import { valueAt } from "../../config/issues.js";
import { findStatement, replaceValue } from "../toml-edits.js";
import { defineFix } from "./types.js";

export const writeTypedValue = defineFix({
  codes: ["coerced_value", "invalid_type", "forwarded_flag"],
  fixes({ text, doc, code, message, path }) {
    const raw = valueAt(doc.value, path);
    const at = findStatement(text, path, doc);
    if (code === "forwarded_flag") return at?.form === "value" && (raw === 0 || raw === 1) ? [{ title: `Write ${String(raw === 1)}`, edits: [replaceValue(at, raw === 1)], preferred: true }] : [];
    if (typeof raw !== "string" || !at || at.form !== "value") return [];
    const submits = /synth-ai coerces it and submits (\S+?): write /.exec(message)?.[1];
    let typed: number | boolean | undefined;
    const forwarded = /synth-ai does not type this key and would send .* on as written: write .* = (\S+)$/.exec(message)?.[1];
    if (forwarded !== undefined) typed = forwarded === "true" ? true : forwarded === "false" ? false : Number.isFinite(Number(forwarded)) ? Number(forwarded) : undefined;
    else if (/is not a boolean/.test(message)) typed = submits === "true" ? true : submits === "false" ? false : undefined;
    else if (/is not a number/.test(message) && raw.trim() !== "" && Number.isFinite(Number(raw.trim()))) typed = Number(raw.trim());
    if (typed === undefined) return [];
    return [{ title: `Write ${String(typed)} without quotes`, edits: [replaceValue(at, typed)], preferred: true }];
  },
});
