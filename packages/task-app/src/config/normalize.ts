/**
 * Fills in what a model implies (CONTRACT.md §11.4 and the Qwen3-VL / -Thinking
 * docs): Qwen3-VL models get supports_vision, max_images_per_message and
 * vision_processor_id; -Thinking SKUs default to thinking_mode = "think".
 * Nothing the user set is changed. `task-app validate --explain` lists what was injected.
 */
import type { RLConfig } from "../schemas/rl-config.js";
import { baseModelOf, isQwen3VL, isThinkingModel, rlModelOf } from "./models.js";

export interface Injection {
  /** Dotted key path that was filled in. */
  path: string;
  value: unknown;
  reason: string;
}

type Table = Record<string, unknown>;

/** Returns a copy of the config with model-implied settings filled in, and the list of what was filled. */
export function normalizeRLConfig(config: RLConfig): { config: RLConfig; injected: Injection[] } {
  const out = structuredClone(config) as RLConfig & Table;
  const injected: Injection[] = [];
  const model = rlModelOf(out);
  if (!model) return { config: out, injected };
  const section = out[model.section] as Table;
  const training = (out.training ?? {}) as Table;
  const isSetAnywhere = (key: string) => section[key] !== undefined || training[key] !== undefined;
  const inject = (key: string, value: unknown, reason: string) => {
    if (isSetAnywhere(key)) return;
    section[key] = value;
    injected.push({ path: `${model.section}.${key}`, value, reason });
  };

  // supports_vision = false on a vision model is reported by the vision_off_on_vision_model rule; nothing is filled in.
  const visionOff = section.supports_vision === false || training.supports_vision === false;
  if (isQwen3VL(model.id) && !visionOff) {
    const why = `${model.id} is a Qwen3-VL vision model`;
    inject("supports_vision", true, why);
    inject("max_images_per_message", 1, why);
    inject("vision_processor_id", baseModelOf(model.id), `${why}; its processor is the model's own`);
  }
  if (isThinkingModel(model.id)) {
    const policyConfig = (out.rollout?.policy_config ?? {}) as Table;
    if (policyConfig.thinking_mode === undefined && out.rollout?.thinking_mode === undefined)
      inject("thinking_mode", "think", `${model.id} is a -Thinking model`);
  }
  return { config: out, injected };
}
