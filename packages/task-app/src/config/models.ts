/**
 * What task-app knows about model ids: which model a config trains, and
 * whether it is a vision, thinking or instruct variant (Qwen3 naming).
 */

import { pyStrip } from "../text/python-str.js";

const FINE_TUNED_PREFIX = /^(ft|fft|qft|rl):/i;

/** True for a fine-tuned model id (`ft:`, `fft:`, `qft:`, `rl:` prefixes). */
export function isFineTunedId(id: string): boolean {
  return FINE_TUNED_PREFIX.test(pyStrip(id));
}

/** The base model id inside a fine-tuned id (`ft:Qwen/Qwen3-4B:job-1` → `Qwen/Qwen3-4B`), or the id itself. */
export function baseModelOf(id: string): string {
  const trimmed = pyStrip(id);
  if (!isFineTunedId(trimmed)) return trimmed;
  const rest = trimmed.replace(FINE_TUNED_PREFIX, "");
  const match = /[\w.-]+\/[\w.-]+/.exec(rest);
  return match ? match[0] : rest.split(":")[0] ?? rest;
}

/** True when the id names a model task-app can classify (an org/name id, directly or inside a fine-tuned id). */
export function isKnownModel(id: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(baseModelOf(id));
}

/** Qwen3-VL models take images. */
export function isQwen3VL(id: string): boolean {
  return /(^|\/)qwen3-vl-/i.test(baseModelOf(id));
}

/** Models known to take image inputs (by name). */
export function isVisionModel(id: string): boolean {
  return /(-vl-|-vl$|vl-|vision|llava|pixtral|internvl|cogvlm|gpt-4o|gpt-4-turbo|gpt-5|claude-3|gemini)/i.test(baseModelOf(id));
}

/** `-Thinking` SKUs reason by default. */
export function isThinkingModel(id: string): boolean {
  return /-thinking(\b|-|$)/i.test(baseModelOf(id));
}

/** `-Instruct` SKUs: no <think> mode, and they collapse with a large async semaphore. */
export function isInstructModel(id: string): boolean {
  return /-instruct(\b|-|$)/i.test(baseModelOf(id));
}

/** Hybrid Qwen3 checkpoints (e.g. `Qwen/Qwen3-4B`) support both think and no_think. */
export function supportsThinking(id: string): boolean {
  const base = baseModelOf(id);
  if (isThinkingModel(base)) return true;
  if (isInstructModel(base)) return false;
  return /(^|\/)qwen3-[\d.]+b(-a[\d.]+b)?(-fp8|-awq)?$/i.test(base);
}

type Table = Record<string, unknown>;
const asTable = (v: unknown): Table | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Table) : undefined);
const asString = (v: unknown): string | undefined => (typeof v === "string" && pyStrip(v) !== "" ? pyStrip(v) : undefined);

/** Where an RL config names its model: `[model]` (0.2.13) or `[policy]` (later). */
export interface ModelRef {
  id: string;
  section: "model" | "policy";
  key: string;
}

/** The model an RL config trains, if it names one. */
export function rlModelOf(doc: Table): ModelRef | undefined {
  const model = asTable(doc.model);
  if (model) {
    for (const key of ["base", "source"]) {
      const id = asString(model[key]);
      if (id) return { id, section: "model", key };
    }
  }
  const policy = asTable(doc.policy);
  if (policy) {
    for (const key of ["model_name", "source"]) {
      const id = asString(policy[key]);
      if (id) return { id, section: "policy", key };
    }
  }
  return undefined;
}
