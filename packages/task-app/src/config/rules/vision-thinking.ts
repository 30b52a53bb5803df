/**
 * Vision and thinking rules: settings that contradict each other, and
 * settings that do nothing for the model being trained.
 */
import { isInstructModel, isKnownModel, isVisionModel, rlModelOf, supportsThinking } from "../models.js";
import { defineRule, numberAt, tableAt, type RuleHit, type Table } from "./types.js";

/** Tables of each kind that may carry policy settings (`use_vision`, `thinking_mode`, ...). */
const POLICY_TABLES: Record<string, string[][]> = {
  rl: [["rollout", "policy_config"], ["rollout"], ["evaluation"], ["model"], ["policy"]],
  eval: [["eval", "policy_config"], ["eval"], ["policy_config"], ["policy"], []],
};

function policyTables(doc: Table): { path: string[]; table: Table }[] {
  const candidates = [...(POLICY_TABLES.rl ?? []), ...(POLICY_TABLES.eval ?? [])];
  const seen = new Set<Table>();
  return candidates.flatMap((path) => {
    const table = path.length ? tableAt(doc, ...path) : doc;
    if (!table || seen.has(table)) return [];
    seen.add(table);
    return [{ path, table }];
  });
}

export const imageOnlyNeedsVision = defineRule({
  code: "image_only_needs_vision",
  kinds: ["rl", "eval"],
  severity: "error",
  summary: "image_only_mode = true sends only images, so it needs use_vision.",
  check(doc) {
    return policyTables(doc).flatMap(({ path, table }): RuleHit[] =>
      table.image_only_mode === true && table.use_vision === false
        ? [{ path: [...path, "image_only_mode"], message: "image_only_mode = true needs vision, but use_vision = false in the same table: set use_vision = true" }]
        : [],
    );
  },
});

export const thinkingBudgetMode = defineRule({
  code: "thinking_budget_mode",
  kinds: ["rl", "eval"],
  severity: "error",
  summary: 'thinking_budget is only meaningful with thinking_mode = "think".',
  check(doc) {
    return policyTables(doc).flatMap(({ path, table }): RuleHit[] => {
      if (table.thinking_budget === undefined) return [];
      const at = [...path, "thinking_budget"];
      if (table.thinking_mode === "no_think") return [{ path: at, message: 'thinking_budget has no effect with thinking_mode = "no_think": remove it or set thinking_mode = "think"' }];
      if (table.thinking_mode === undefined) return [{ path: at, severity: "warning", message: 'thinking_budget is only used with thinking_mode = "think"; set thinking_mode next to it' }];
      return [];
    });
  },
});

const VISION_KEYS = ["use_vision", "image_only_mode", "supports_vision", "max_images_per_message", "max_images_per_step", "vision_processor_id"];

export const imageSettingsOnTextModel = defineRule({
  code: "image_settings_on_text_model",
  kinds: ["rl"],
  severity: "warning",
  summary: "Image settings on a model that does not take images.",
  check(doc) {
    const model = rlModelOf(doc);
    if (!model || !isKnownModel(model.id) || isVisionModel(model.id)) return [];
    const tables = [...policyTables(doc), ...["training"].flatMap((k) => (tableAt(doc, k) ? [{ path: [k], table: tableAt(doc, k) as Table }] : []))];
    const hits: RuleHit[] = tables.flatMap(({ path, table }) =>
      VISION_KEYS.filter((k) => table[k] !== undefined && table[k] !== false).map((k) => ({
        path: [...path, k],
        message: `${k} is set but ${model.id} is a text-only model: images would be dropped or rejected`,
      })),
    );
    if (numberAt(tableAt(doc, "vllm", "limit_mm_per_prompt"), "image"))
      hits.push({ path: ["vllm", "limit_mm_per_prompt"], message: `vllm.limit_mm_per_prompt is set but ${model.id} is a text-only model` });
    return hits;
  },
});

export const thinkingOnNonThinkingModel = defineRule({
  code: "thinking_on_non_thinking_model",
  kinds: ["rl"],
  severity: "warning",
  summary: "Thinking settings on a model with no <think> mode (Instruct SKUs).",
  check(doc) {
    const model = rlModelOf(doc);
    if (!model || supportsThinking(model.id) || !isInstructModel(model.id)) return [];
    return policyTables(doc).flatMap(({ path, table }) =>
      ["thinking_mode", "thinking_budget"]
        .filter((k) => table[k] !== undefined && !(k === "thinking_mode" && table[k] === "no_think"))
        .map((k) => ({ path: [...path, k], message: `${k} is set but ${model.id} has no thinking mode; use a -Thinking or hybrid Qwen3 model` })),
    );
  },
});

export const instructSemaphore = defineRule({
  code: "instruct_async_semaphore",
  kinds: ["rl"],
  severity: "warning",
  summary: "Instruct models collapse with training.async_semaphore_max above 4.",
  check(doc) {
    const model = rlModelOf(doc);
    const sem = numberAt(tableAt(doc, "training"), "async_semaphore_max");
    if (!model || sem === undefined || sem <= 4 || !isInstructModel(model.id)) return [];
    return [{ path: ["training", "async_semaphore_max"], message: `async_semaphore_max = ${sem} with an Instruct model (${model.id}): instruct variants collapse with a large semaphore; use 4 or less` }];
  },
});
