/**
 * The trainer's model catalog (CONTRACT.md §11.3 step 7, synth-ai `supported.py`):
 * a model the catalog does not know, or knows but not for the workload, is an
 * error, as synth-ai refuses it before a job is created (`--allow-unknown-models`
 * makes an unknown id a warning, for a backend with a larger catalog); the SFT
 * builder takes base ids only (no `ft:` ids); experimental models get a warning
 * that synth-ai gates them.
 */
import { isVendorChatModel, lookupModel, type TrainingMode } from "../model-catalog.js";
import { isFineTunedId, rlModelOf } from "../models.js";
import { pyStrip } from "../../text/python-str.js";
import { defineRule, tableAt, type RuleContext, type RuleHit } from "./types.js";

function checkModel(id: string, mode: TrainingMode, path: string[], context: RuleContext): RuleHit[] {
  const workload = mode === "rl" ? "RL" : "SFT";
  if (isVendorChatModel(id))
    return [{ path, severity: "error", message: `${id} is a hosted vendor chat model: the ${workload} trainer trains open-weight models of its catalog (Qwen3 families)` }];
  if (mode === "sft" && isFineTunedId(id))
    return [{ path, severity: "error", message: `${id} is a fine-tuned model id: synth-ai's SFT builder takes base model ids only (it refuses ft:, fft:, qft: and rl: ids); name the base model` }];
  const model = lookupModel(id);
  if (!model)
    return context.allowUnknownModels
      ? [{ path, message: `${id} is not in synth-ai's model catalog (Qwen3, Qwen3-Coder, Qwen3-VL); kept with --allow-unknown-models, for a backend whose catalog has it` }]
      : [{ path, severity: "error", message: `${id} is not in synth-ai's model catalog (Qwen3, Qwen3-Coder, Qwen3-VL): synth-ai refuses it before a job is created; pass --allow-unknown-models for a backend with a larger catalog` }];
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
  summary: "The RL model is in the trainer's catalog with the rl training mode (unknown ids, vendor chat models and sft-only bases are errors; experimental models warn).",
  check(doc, context) {
    const model = rlModelOf(doc);
    return model ? checkModel(model.id, "rl", [model.section, model.key], context) : [];
  },
});

export const sftSupportedModel = defineRule({
  code: "sft_supported_model",
  kinds: ["sft"],
  severity: "warning",
  summary: "The SFT model is a base model in the trainer's catalog (unknown ids, fine-tuned ids and vendor chat models are errors; experimental models warn).",
  check(doc, context) {
    const id = tableAt(doc, "job")?.model;
    return typeof id === "string" && pyStrip(id) ? checkModel(pyStrip(id), "sft", ["job", "model"], context) : [];
  },
});
