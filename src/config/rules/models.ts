/**
 * The trainer's model catalog (CONTRACT.md §11.3 step 7, synth-ai `supported.py`):
 * a model the catalog knows but that does not train for the workload is an
 * error; a model it does not know is a warning (the backend's list grows);
 * experimental models get a warning that synth-ai gates them.
 */
import { isVendorChatModel, lookupModel, type TrainingMode } from "../model-catalog.js";
import { rlModelOf } from "../models.js";
import { defineRule, tableAt, type RuleHit } from "./types.js";

function checkModel(id: string, mode: TrainingMode, path: string[]): RuleHit[] {
  const workload = mode === "rl" ? "RL" : "SFT";
  if (isVendorChatModel(id))
    return [{ path, severity: "error", message: `${id} is a hosted vendor chat model: the ${workload} trainer trains open-weight models of its catalog (Qwen3 families)` }];
  const model = lookupModel(id);
  if (!model)
    return [{ path, message: `${id} is not in synth-ai's model catalog (Qwen3, Qwen3-Coder, Qwen3-VL); the backend may refuse it unless its list has grown` }];
  if (!model.modes.includes(mode))
    return [{ path, severity: "error", message: `${model.id} does not support ${workload} training (synth-ai's catalog lists it for ${model.modes.join(", ")} only)` }];
  if (model.experimental)
    return [{ path, message: `${model.id} is experimental: synth-ai refuses it unless SDK_EXPERIMENTAL=1 is set or --allow-experimental is passed` }];
  return [];
}

export const rlSupportedModel = defineRule({
  code: "rl_supported_model",
  kinds: ["rl"],
  severity: "warning",
  summary: "The RL model is in the trainer's catalog with the rl training mode (vendor chat models and sft-only bases are errors; unknown ids and experimental models warn).",
  check(doc) {
    const model = rlModelOf(doc);
    return model ? checkModel(model.id, "rl", [model.section, model.key]) : [];
  },
});

export const sftSupportedModel = defineRule({
  code: "sft_supported_model",
  kinds: ["sft"],
  severity: "warning",
  summary: "The SFT model is in the trainer's catalog (vendor chat models are errors; unknown ids and experimental models warn).",
  check(doc) {
    const id = tableAt(doc, "job")?.model;
    return typeof id === "string" && id.trim() ? checkModel(id.trim(), "sft", ["job", "model"]) : [];
  },
});
