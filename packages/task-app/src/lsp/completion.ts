/**
 * Completion: the keys of the current table that are not set yet, table
 * names after `[`, allowed values of an enum or boolean, the algorithm the
 * trainer runs (from the list its rule checks), the schema's examples of a
 * free string or number, and model ids from the trainer's catalog for the
 * keys that name a model.
 */
import type { CompletionItem } from "vscode-languageserver";
import { catalogModels } from "../config/model-catalog.js";
import { cursorContext, keysSetIn } from "./cursor.js";
import { describeModel, MODEL_KEYS } from "./hover.js";
import { factsOf, isTableNode, keysOfTable, loadSchema } from "./schema-info.js";
import { formatTomlValue } from "./toml-edits.js";
import type { JsonSchema } from "../codegen/schema-tree.js";
import { supportedAlgorithmValues } from "../schemas/train-common.js";

const KIND = { property: 10, value: 12, module: 9, enumMember: 20 } as const;

/** Every table path of a schema, depth-first (`training`, `training.weight_sync`, ...). */
function tablePaths(schema: JsonSchema, path: string[] = [], depth = 0): string[][] {
  if (depth > 6) return [];
  return keysOfTable(schema, path).flatMap(([key, node]) => (isTableNode(node) ? [[...path, key], ...tablePaths(schema, [...path, key], depth + 1)] : []));
}

/** Completion items at a 0-based position of a TOML document of `kind`. */
export function completeAt(text: string, kind: string | undefined, line: number, character: number): CompletionItem[] {
  const schema = kind ? loadSchema(kind) : undefined;
  if (!schema) return [];
  const context = cursorContext(text, line, character);
  if (context.header) {
    const done = new Set(text.split("\n").map((l) => /^\s*\[\[?\s*([^\]]+?)\s*\]/.exec(l)?.[1]).filter(Boolean));
    return tablePaths(schema)
      .map((p) => p.join("."))
      .filter((p) => !done.has(p))
      .map((label) => ({ label, kind: KIND.module, filterText: label }));
  }
  if (context.part === "key") {
    const table = context.path.slice(0, -1);
    const set = keysSetIn(text, context.table);
    // Keys typed on this line as dotted prefixes (`training.`) narrow the table further.
    const dottedPrefix = table.slice(context.table.length);
    return keysOfTable(schema, table)
      .filter(([key]) => dottedPrefix.length > 0 || !set.has(key))
      .map(([key, node]): CompletionItem => {
        const facts = factsOf(node);
        const table = isTableNode(node);
        return {
          label: key,
          kind: KIND.property,
          detail: facts.type,
          documentation: facts.description ? { kind: "markdown", value: facts.description } : undefined,
          insertText: table ? key : `${key} = `,
        };
      });
  }
  const dotted = context.path.join(".");
  if (MODEL_KEYS.has(dotted)) {
    return catalogModels()
      .filter((m) => kind !== "rl" || m.modes.includes("rl"))
      .map((m, n) => ({
        label: m.id,
        kind: KIND.value,
        detail: `${m.modes.map((x) => x.toUpperCase()).join(", ")}${m.experimental ? " · experimental" : ""}`,
        documentation: { kind: "markdown", value: describeModel(m.id) },
        insertText: JSON.stringify(m.id),
        filterText: `"${m.id}`,
        sortText: String(n).padStart(3, "0"),
      }));
  }
  const node = keysOfTable(schema, context.path.slice(0, -1)).find(([key]) => key === context.path.at(-1))?.[1];
  if (!node) return [];
  const facts = factsOf(node);
  const known = knownValuesOf(kind!, context.path);
  if (known) return known.map((value, n) => ({ label: formatTomlValue(value), kind: KIND.enumMember, sortText: String(n).padStart(3, "0") }));
  const values = facts.allowed ?? (facts.type === "boolean" ? [true, false] : []);
  if (values.length)
    return values.map((value) => ({ label: formatTomlValue(value), kind: KIND.enumMember, detail: facts.default && facts.default.value === value ? "default" : undefined }));
  // A free string or number: the schema's examples, as JSON editors offer them (trainer_mode: "full", "lora"; gpu_type: "H100", ...).
  return facts.examples
    .filter((value) => ["string", "number"].includes(typeof value))
    .map((value, n) => ({ label: formatTomlValue(value), kind: KIND.value, detail: "example", sortText: String(n).padStart(3, "0") }));
}

/** The values the trainer runs for an `[algorithm]` key of an RL or SFT config: the list its rule checks against, never a second one. */
function knownValuesOf(kind: string, path: readonly string[]): string[] | undefined {
  const key = path.length === 2 && path[0] === "algorithm" ? path[1] : undefined;
  if ((kind !== "rl" && kind !== "sft") || (key !== "type" && key !== "method" && key !== "variety")) return undefined;
  return supportedAlgorithmValues(kind, key);
}
