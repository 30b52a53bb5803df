/**
 * Vision settings the model implies: image_only_mode needs use_vision = true;
 * vLLM's per-prompt image limit must cover max_images_per_message; on a
 * Qwen3-VL model, `supports_vision = false` is dropped so the vision
 * settings the model implies are filled in.
 */
import { valueAt } from "../../config/issues.js";
import { findStatement, removeStatement, replaceValue } from "../toml-edits.js";
import { defineFix, type QuickFix } from "./types.js";

export const setVisionFields = defineFix({
  codes: ["image_only_needs_vision", "rl_vllm_images", "vision_off_on_vision_model"],
  fixes({ text, doc, code, path }): QuickFix[] {
    if (code === "image_only_needs_vision") {
      const at = findStatement(text, [...path.slice(0, -1), "use_vision"], doc);
      return at?.form === "value" ? [{ title: "Set use_vision = true", edits: [replaceValue(at, true)], preferred: true }] : [];
    }
    if (code === "rl_vllm_images") {
      const at = findStatement(text, path, doc);
      const wanted = ["training", "model", "policy"].map((s) => valueAt(doc.value, [s, "max_images_per_message"])).find((v) => typeof v === "number");
      return at?.form === "value" && typeof wanted === "number" ? [{ title: `Set vllm.limit_mm_per_prompt.image = ${wanted}`, edits: [replaceValue(at, wanted)], preferred: true }] : [];
    }
    const at = findStatement(text, path, doc);
    return at?.form === "value" ? [{ title: "Remove supports_vision = false (the model's vision settings are filled in)", edits: [removeStatement(text, at)] }] : [];
  },
});
