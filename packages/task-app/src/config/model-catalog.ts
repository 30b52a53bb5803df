/**
 * The trainer's model catalog as synth-ai states it (`synth_ai/api/models/supported.py`):
 * which base models exist, which training modes (sft, rl) each supports, which
 * are experimental (gated behind SDK_EXPERIMENTAL=1 or --allow-experimental),
 * and how ids are normalised for payloads. Facts, restated; the backend's list
 * may grow, so an id that is not here is "unknown", not "unsupported".
 */

export type TrainingMode = "sft" | "rl";

export interface CatalogModel {
  /** Canonical id, as payloads carry it. */
  id: string;
  modes: readonly TrainingMode[];
  experimental: boolean;
}

import { pyStrip } from "../text/python-str.js";

const QWEN3 = ["0.6B", "1.7B", "4B", "8B", "14B", "30B-A3B", "32B", "4B-2507"].map((s) => `Qwen/Qwen3-${s}`);
const QWEN3_2507 = ["4B", "30B-A3B", "235B-A22B"].flatMap((size) =>
  ["Instruct", "Thinking"].flatMap((kind) => [`Qwen/Qwen3-${size}-${kind}-2507`, `Qwen/Qwen3-${size}-${kind}-2507-FP8`]),
);
const QWEN3_CODER = ["30B-A3B", "480B-A35B"].flatMap((size) => [`Qwen/Qwen3-Coder-${size}-Instruct`, `Qwen/Qwen3-Coder-${size}-Instruct-FP8`]);
const QWEN3_VL = ["2B", "4B", "8B", "30B-A3B", "32B", "235B-A22B"].flatMap((size) => [`Qwen/Qwen3-VL-${size}-Instruct`, `Qwen/Qwen3-VL-${size}-Thinking`]);

/** Base models the RL trainer takes: not Qwen3-32B, not the 235B / 480B SKUs, Qwen3-VL only up to 8B. */
const RL_MODELS = new Set([
  ...QWEN3.filter((id) => id !== "Qwen/Qwen3-32B"),
  ...QWEN3_2507.filter((id) => !id.includes("235B")),
  ...QWEN3_CODER.filter((id) => id.includes("30B")),
  ...QWEN3_VL.filter((id) => /-VL-(2B|4B|8B)-/.test(id)),
]);

/** Experimental by default: the largest and the -Thinking-2507 SKUs. */
const EXPERIMENTAL = new Set([
  ...QWEN3_2507.filter((id) => id.includes("235B") || id.includes("Thinking")),
  ...QWEN3_CODER.filter((id) => id.includes("480B")),
]);

const CATALOG: ReadonlyMap<string, CatalogModel> = new Map(
  [...QWEN3, ...QWEN3_2507, ...QWEN3_CODER, ...QWEN3_VL].map((id) => [
    id.toLowerCase(),
    { id, modes: RL_MODELS.has(id) ? (["sft", "rl"] as const) : (["sft"] as const), experimental: EXPERIMENTAL.has(id) },
  ]),
);

/** Prefixes of fine-tuned ids; the base id follows after a colon. */
export const FINE_TUNED_PREFIXES = ["ft:", "fft:", "qft:", "rl:"] as const;

/**
 * The catalog entry an id resolves to: the id itself (case-insensitive,
 * stripped as Python strips), or for a fine-tuned id the first colon-separated segment that is a
 * catalog id. Undefined for ids the catalog does not know.
 */
export function lookupModel(id: string): CatalogModel | undefined {
  const cleaned = pyStrip(id);
  const direct = CATALOG.get(cleaned.toLowerCase());
  if (direct) return direct;
  for (const segment of cleaned.split(":").slice(1)) {
    const hit = CATALOG.get(pyStrip(segment).toLowerCase());
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The id as synth-ai puts it in a payload: a catalog base id in its canonical
 * spelling (`qwen/qwen3-4b` becomes `Qwen/Qwen3-4B`); anything else stripped
 * with Python's `str.strip()` rules (U+001F and U+0085 go, U+FEFF stays).
 */
export function normalizeModelId(id: string): string {
  const cleaned = pyStrip(id);
  return CATALOG.get(cleaned.toLowerCase())?.id ?? cleaned;
}

/** Hosted chat models of API vendors: known, and never trainable by the Synth trainer. */
export function isVendorChatModel(id: string): boolean {
  return /^((openai|anthropic|google|groq|x-ai|xai)\/)?(gpt-|o[134](-|$)|chatgpt|claude|gemini|grok)/i.test(id.trim());
}

/** True for an id that resolves to a model synth-ai gates behind SDK_EXPERIMENTAL=1 / --allow-experimental. */
export function isExperimentalModel(id: string): boolean {
  return lookupModel(id)?.experimental === true;
}

/** Every model of the catalog, in its listing order. */
export function catalogModels(): CatalogModel[] {
  return [...CATALOG.values()];
}
