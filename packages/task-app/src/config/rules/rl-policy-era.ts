/**
 * `[policy]`-era RL configs are submitted through synth-ai's later CLI, whose
 * validator (`synth_ai/cli/commands/train/validation.py` and
 * `judge_validation.py`, CONTRACT.md §11.3 ◆) adds rules the 0.2.13 builder
 * did not have. They apply when the config names its model in [policy] only.
 * Where synth-ai's own examples break a rule yet are marked valid in
 * SOURCES.md, the rule is a warning that says so.
 */
import { defineRule, tableAt, type RuleHit, type Table } from "./types.js";

/** True for a config the later CLI submits: [policy] without [model]. */
export const isPolicyEra = (doc: Table): boolean => tableAt(doc, "policy") !== undefined && !("model" in doc);

export const rlPolicyAlgorithmType = defineRule({
  code: "rl_policy_algorithm_type",
  kinds: ["rl"],
  severity: "error",
  summary: 'In [policy]-era configs algorithm.type is exactly "online": the later CLI compares it case-sensitively.',
  check(doc) {
    const type = tableAt(doc, "algorithm")?.type;
    if (!isPolicyEra(doc) || typeof type !== "string" || type === "online" || type.trim().toLowerCase() !== "online") return [];
    return [{ path: ["algorithm", "type"], message: `algorithm.type = "${type}": synth-ai's later CLI accepts exactly "online" (case-sensitive) for [policy]-era configs` }];
  },
});

export const rlPolicyTraining = defineRule({
  code: "rl_policy_training",
  kinds: ["rl"],
  severity: "error",
  summary: "In [policy]-era configs [training] needs log_interval and weight_sync_interval, as the later CLI requires.",
  check(doc) {
    const training = tableAt(doc, "training");
    if (!isPolicyEra(doc) || !training) return [];
    return ["log_interval", "weight_sync_interval"].flatMap((key): RuleHit[] =>
      key in training ? [] : [{ path: ["training"], message: `[training] needs ${key}: synth-ai's later CLI refuses [policy]-era configs without it` }],
    );
  },
});

const JUDGE_PROVIDERS = ["openai", "groq", "gemini"];

export const rlPolicyJudge = defineRule({
  code: "rl_policy_judge",
  kinds: ["rl"],
  severity: "error",
  summary: "In [policy]-era configs a [judge] has [judge.options] with a provider (openai, groq or gemini) and a model, and judges events or outcomes.",
  check(doc) {
    const judge = tableAt(doc, "judge");
    if (!isPolicyEra(doc) || !judge || Object.keys(judge).length === 0) return [];
    const options = tableAt(judge, "options");
    if (!options) {
      if (judge.enabled === true) return [{ path: ["judge"], message: "judge.enabled = true needs [judge.options] with provider and model: synth-ai's later CLI refuses a [judge] without them" }];
      return [
        {
          path: ["judge"],
          severity: "warning",
          message: "synth-ai's later CLI refuses a [judge] table without [judge.options] (provider, model); a warning here because synth-ai's own [policy]-era example ships a disabled [judge] this way",
        },
      ];
    }
    const hits: RuleHit[] = [];
    const provider = options.provider;
    if (typeof provider !== "string" || !JUDGE_PROVIDERS.includes(provider))
      hits.push({
        path: provider === undefined ? ["judge", "options"] : ["judge", "options", "provider"],
        message: `judge.options.provider ${provider === undefined ? "is missing" : `"${String(provider)}" is not accepted`}: synth-ai's later CLI accepts ${JUDGE_PROVIDERS.join(", ")}`,
      });
    if (typeof options.model !== "string" || options.model.trim() === "")
      hits.push({ path: options.model === undefined ? ["judge", "options"] : ["judge", "options", "model"], message: "judge.options.model is required (the judge's model id, e.g. \"gpt-5\")" });
    if (options.event === false && options.outcome === false)
      hits.push({ path: ["judge", "options", "event"], message: "judge.options.event and judge.options.outcome are both false: enable at least one, as synth-ai's later CLI requires" });
    return hits;
  },
});
