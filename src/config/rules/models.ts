/** The model allow-list of synth-ai's RL trainer (CONTRACT.md §11.3 step 7, §11.4). */
import { baseModelOf, isKnownModel, isQwen3VL, rlModelOf } from "../models.js";
import { defineRule } from "./types.js";

export const rlSupportedModel = defineRule({
  code: "rl_supported_model",
  kinds: ["rl"],
  severity: "warning",
  summary: "The RL trainer supports Qwen3 models (Qwen3-VL in 2B, 4B and 8B), directly or as fine-tunes.",
  check(doc) {
    const model = rlModelOf(doc);
    if (!model || !isKnownModel(model.id)) return [];
    const base = baseModelOf(model.id);
    const path = [model.section, model.key];
    if (!/^qwen\/qwen3-/i.test(base))
      return [{ path, message: `${base} is not a Qwen3 model; synth-ai's RL trainer supports the Qwen3 families (others need SDK_EXPERIMENTAL=1)` }];
    if (isQwen3VL(base) && !/-vl-(2b|4b|8b)-/i.test(base))
      return [{ path, message: `${base}: RL supports Qwen3-VL in 2B, 4B and 8B only` }];
    return [];
  },
});
