/** SFT rules: the algorithm allow-list and keys the 0.2.13 payload builder drops. */
import { algorithmCombo, SUPPORTED_ALGORITHMS } from "../../schemas/train-common.js";
import { defineRule, tableAt, type RuleHit } from "./types.js";

const ALLOWED: readonly string[] = SUPPORTED_ALGORITHMS.sft;

export const sftAlgorithm = defineRule({
  code: "sft_algorithm",
  kinds: ["sft"],
  severity: "error",
  summary: `SFT accepts the algorithm combinations ${ALLOWED.join(", ")}.`,
  check(doc) {
    const algo = tableAt(doc, "algorithm");
    if (!algo || ![algo.type, algo.method, algo.variety].every((v) => typeof v === "string")) return [];
    const combo = algorithmCombo(algo);
    return ALLOWED.includes(combo) ? [] : [{ path: ["algorithm"], message: `unsupported SFT algorithm ${combo}; use one of ${ALLOWED.join(", ")}` }];
  },
});

export const sftDataset = defineRule({
  code: "sft_dataset",
  kinds: ["sft"],
  severity: "warning",
  summary: "An SFT job needs a dataset: job.data, job.data_path or --dataset.",
  check(doc) {
    const job = tableAt(doc, "job");
    if (!job || job.data !== undefined || job.data_path !== undefined) return [];
    return [{ path: ["job"], message: "no dataset in job.data or job.data_path: pass --dataset when submitting" }];
  },
});

const EVAL_KEYS = ["evaluation_strategy", "eval_steps", "save_best_model_at_end", "load_best_model_at_end", "metric_for_best_model", "greater_is_better"];

export const sftDroppedKeys = defineRule({
  code: "sft_dropped_keys",
  kinds: ["sft"],
  severity: "warning",
  summary: "Keys synth-ai 0.2.13 does not forward to the trainer.",
  check(doc) {
    const hp = tableAt(doc, "hyperparameters");
    if (!hp) return [];
    const hits: RuleHit[] = ["lora_rank", "lora_alpha", "lora_dropout", "lora_target_modules", "weight_decay", "world_size"]
      .filter((k) => k in hp)
      .map((k) => ({ path: ["hyperparameters", k], message: `hyperparameters.${k} is not forwarded to the trainer by synth-ai 0.2.13${k.startsWith("lora_") ? "; use the [lora] table" : ""}` }));
    const par = tableAt(doc, "hyperparameters", "parallelism");
    for (const k of EVAL_KEYS.filter((key) => par && key in par))
      hits.push({ path: ["hyperparameters", "parallelism", k], message: `${k} belongs in [training.validation], not [hyperparameters.parallelism]; it is ignored here` });
    return hits;
  },
});
