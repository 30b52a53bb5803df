/**
 * Hover: what the schema says of the key under the cursor (description,
 * type, default, allowed values, example, a link to its reference entry),
 * and for a model id what the trainer's catalog says of it.
 */
import type { Hover } from "vscode-languageserver";
import { lookupModel } from "../config/model-catalog.js";
import { isInstructModel, isQwen3VL, isThinkingModel, isVisionModel, supportsThinking } from "../config/models.js";
import { anchorOf } from "../codegen/markdown.js";
import { cursorContext } from "./cursor.js";
import { REFERENCE_URL } from "./diagnostics.js";
import { factsOf, loadSchema, schemaIdOfKind, schemaNodeAt } from "./schema-info.js";

/** Keys whose value is a model id. */
export const MODEL_KEYS = new Set(["model.base", "model.source", "policy.model_name", "policy.source", "job.model", "eval.model", "model"]);

const code = (v: unknown) => `\`${JSON.stringify(v)}\``;

/** Markdown of what the catalog says of a model id. */
export function describeModel(id: string): string {
  const model = lookupModel(id);
  const lines = [`**${model?.id ?? id}**${model ? " (synth-ai's model catalog)" : ""}`, ""];
  if (!model) lines.push("Not in synth-ai's model catalog (Qwen3, Qwen3-Coder, Qwen3-VL): the backend may refuse it unless its list has grown.", "");
  else lines.push(`- training: ${model.modes.map((m) => m.toUpperCase()).join(", ")}`);
  const vision = isQwen3VL(id) ? "yes (Qwen3-VL: supports_vision, max_images_per_message = 1 and its own processor are filled in)" : isVisionModel(id) ? "yes" : "no (text only)";
  const thinking = isThinkingModel(id) ? 'yes, by default (-Thinking: thinking_mode = "think" is filled in)' : supportsThinking(id) ? 'yes ("think" or "no_think")' : isInstructModel(id) ? "no (Instruct)" : "unknown";
  lines.push(`- vision: ${vision}`, `- thinking: ${thinking}`);
  if (model) lines.push(`- experimental: ${model.experimental ? "yes (SDK_EXPERIMENTAL=1 or --allow-experimental)" : "no"}`);
  return lines.join("\n");
}

/** The hover at a 0-based position of a TOML document of `kind`, or null. */
export function hoverAt(text: string, kind: string | undefined, line: number, character: number): Hover | null {
  const schema = kind ? loadSchema(kind) : undefined;
  if (!schema) return null;
  const context = cursorContext(text, line, character);
  if (!context.path.length || context.path.some((p) => p === "")) return null;
  const dotted = context.path.join(".");
  if (context.part === "value" && MODEL_KEYS.has(dotted)) {
    const id = /^\s*(["'])(.*?)\1/.exec(context.line.slice(context.tokenStart))?.[2];
    if (id) return { contents: { kind: "markdown", value: describeModel(id) } };
  }
  const node = schemaNodeAt(schema, context.path);
  if (!node) return null;
  const facts = factsOf(node);
  const meta = [facts.type, facts.default ? `default ${code(facts.default.value)}` : "", facts.allowed ? `allowed ${facts.allowed.map(code).join(", ")}` : ""].filter(Boolean);
  const parts = [`**\`${dotted}\`** · ${meta.join(" · ")}`];
  if (facts.description) parts.push(facts.description);
  if (facts.examples.length && !facts.allowed) parts.push(`Example: ${code(facts.examples[0])}`);
  parts.push(`[Reference](${REFERENCE_URL}#${anchorOf(schemaIdOfKind(kind!), context.path)})`);
  return { contents: { kind: "markdown", value: parts.join("\n\n") } };
}
