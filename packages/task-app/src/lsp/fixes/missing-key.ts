/**
 * A missing required key or table: add it, with the schema's default (or
 * its example, or an empty value of its type) for the user to adjust. A
 * missing table comes with its own required keys.
 */
import { addToTable } from "../toml-edits.js";
import { isTableNode, loadSchema, placeholderOf, requiredKeysOf, schemaNodeAt } from "../schema-info.js";
import { defineFix } from "./types.js";

export const addMissingKey = defineFix({
  codes: ["missing_key"],
  fixes({ text, doc, path, kind }) {
    const schema = kind ? loadSchema(kind) : undefined;
    if (!schema || !path.length || path.some((p) => typeof p === "number")) return [];
    const keys = path as string[];
    const node = schemaNodeAt(schema, keys);
    if (!node) return [];
    if (isTableNode(node)) {
      const entries = requiredKeysOf(schema, keys).flatMap((k): [string, unknown][] => {
        const child = schemaNodeAt(schema, [...keys, k]);
        return child && !isTableNode(child) ? [[k, placeholderOf(child)]] : [];
      });
      const edit = addToTable(text, keys, entries.length ? entries : [], doc) ?? headerOnly(text, keys);
      return [{ title: `Add [${keys.join(".")}]${entries.length ? ` with ${entries.map(([k]) => k).join(", ")}` : ""}`, edits: [edit] }];
    }
    const value = placeholderOf(node);
    const edit = addToTable(text, keys.slice(0, -1), [[keys.at(-1)!, value]], doc);
    return edit ? [{ title: `Add ${keys.at(-1)} = ${JSON.stringify(value)}`, edits: [edit] }] : [];
  },
});

function headerOnly(text: string, table: readonly string[]) {
  const lead = text.endsWith("\n") ? "\n" : "\n\n";
  return { start: text.length, end: text.length, text: `${lead}[${table.join(".")}]\n` };
}
