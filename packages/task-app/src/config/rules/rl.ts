/**
 * RL rules a user would otherwise learn from a failed job (CONTRACT.md §11.3).
 * Rules that the corpus of real configs breaks while still being accepted by
 * synth-ai are warnings.
 */
import { supportedAlgorithmValues } from "../../schemas/train-common.js";
import { isFineTunedId } from "../models.js";
import { pyStrip } from "../../text/python-str.js";
import { suggestKey } from "../suggest.js";
import { isPolicyEra } from "./rl-policy-era.js";
import { defineRule, numberAt, tableAt, type RuleHit, type Table } from "./types.js";

const norm = (v: unknown) => (typeof v === "string" ? pyStrip(v).toLowerCase() : v);

export const rlModelSection = defineRule({
  code: "rl_model_section",
  kinds: ["rl"],
  severity: "error",
  summary: "An RL config names its model in [model] (0.2.13) or [policy] (later); with both, [model] is used and [policy] is forwarded as written, unchecked (0.2.13).",
  check(doc) {
    if (!("model" in doc) && !("policy" in doc))
      return [{ path: [], message: "missing [model] table: name the model to train with model.base or model.source (or use the later [policy] table)" }];
    if ("model" in doc && "policy" in doc)
      return [{ path: ["policy"], severity: "warning", message: "[policy] is ignored next to [model]: synth-ai 0.2.13 trains the model named in [model] and sends [policy] on as written, unchecked; remove it, or move to the [policy] era by dropping [model] (where [policy] needs model_name or source, trainer_mode and label)" }];
    return [];
  },
});

export const rlAlgorithm = defineRule({
  code: "rl_algorithm",
  kinds: ["rl"],
  severity: "error",
  summary: 'The trainer runs only algorithm type = "online", method = "policy_gradient", variety = "gspo".',
  check(doc) {
    const algo = tableAt(doc, "algorithm");
    if (!algo) return [];
    for (const key of ["type", "method", "variety"] as const) {
      const want = supportedAlgorithmValues("rl", key);
      const got = norm(algo[key]);
      if (typeof got === "string" && !want.includes(got)) {
        const hint = suggestKey(got, want);
        return [{ path: ["algorithm", key], message: `unsupported RL algorithm ${key} "${String(algo[key])}": the trainer supports only type = "online", method = "policy_gradient", variety = "gspo"${hint ? `; did you mean "${hint}"?` : ""}` }];
      }
    }
    return [];
  },
});

export const rlModelSource = defineRule({
  code: "rl_model_source",
  kinds: ["rl"],
  severity: "error",
  summary: "model.base is a base model id (a fine-tuned id there is an error); model.source is usually a fine-tuned id (ft:, fft:, qft:, rl:).",
  check(doc) {
    const hits: RuleHit[] = [];
    for (const [section, sourceKey, baseKey] of [["model", "source", "base"], ["policy", "source", "model_name"]] as const) {
      const t = tableAt(doc, section);
      const source = t?.[sourceKey];
      const base = t?.[baseKey];
      if (typeof source === "string" && source.trim() && !isFineTunedId(source))
        hits.push({
          path: [section, sourceKey],
          severity: "warning",
          message: `${section}.${sourceKey} "${source}" is a base model id; synth-ai sends it as the job's model, but ${section}.${baseKey} is the usual key for a base model`,
        });
      if (typeof base === "string" && isFineTunedId(base))
        hits.push({ path: [section, baseKey], message: `${section}.${baseKey} "${base}" is a fine-tuned model id; use ${section}.${sourceKey} for it` });
    }
    return hits;
  },
});

function topologyTables(doc: Table): { path: string[]; table: Table }[] {
  return [["topology"], ["compute", "topology"]].flatMap((path) => {
    const table = tableAt(doc, ...path);
    return table ? [{ path, table }] : [];
  });
}

export const rlTopologyRequired = defineRule({
  code: "rl_topology_required",
  kinds: ["rl"],
  severity: "error",
  summary: "An RL job needs its GPU split: [topology] or [compute.topology].",
  check(doc) {
    return topologyTables(doc).length ? [] : [{ path: ["compute"], message: "missing GPU split: add [compute.topology] (or [topology]) with gpus_for_vllm, gpus_for_training and gpus_for_ref" }];
  },
});

export const rlTopologyGpus = defineRule({
  code: "rl_topology_gpus",
  kinds: ["rl"],
  severity: "error",
  summary: "gpus_for_vllm + gpus_for_training + gpus_for_ref equals compute.gpu_count.",
  check(doc) {
    const gpuCount = numberAt(tableAt(doc, "compute"), "gpu_count");
    if (gpuCount === undefined) return [];
    return topologyTables(doc).flatMap(({ path, table }) => {
      const parts = ["gpus_for_vllm", "gpus_for_training", "gpus_for_ref"].map((k) => numberAt(table, k) ?? 0);
      if (!parts.some((p) => p > 0)) return [];
      const used = parts.reduce((a, b) => a + b, 0);
      if (used === gpuCount) return [];
      const [v, t, r] = parts;
      return [{ path: [...path, "gpus_for_vllm"], message: `${path.join(".")} uses ${used} GPU${used === 1 ? "" : "s"} (vllm ${v} + training ${t} + ref ${r}) but compute.gpu_count = ${gpuCount}` }];
    });
  },
});

export const rlTensorParallel = defineRule({
  code: "rl_tensor_parallel",
  kinds: ["rl"],
  severity: "error",
  summary: "topology.tensor_parallel and vllm.tensor_parallel_size are given together and agree.",
  check(doc) {
    const vllmTp = numberAt(tableAt(doc, "vllm"), "tensor_parallel_size");
    const given = topologyTables(doc).flatMap(({ path, table }) => {
      const tp = numberAt(table, "tensor_parallel");
      return tp === undefined ? [] : [{ path, tp }];
    });
    if (!given.length && vllmTp === undefined) return [];
    if (!given.length) return [{ path: ["vllm", "tensor_parallel_size"], message: `vllm.tensor_parallel_size = ${vllmTp} needs topology.tensor_parallel (in [compute.topology] or [topology]) with the same value` }];
    return given.flatMap(({ path, tp }): RuleHit[] => {
      const where = `${path.join(".")}.tensor_parallel = ${tp}`;
      if (vllmTp === undefined) return [{ path: [...path, "tensor_parallel"], message: `${where} needs vllm.tensor_parallel_size with the same value` }];
      return tp === vllmTp ? [] : [{ path: [...path, "tensor_parallel"], message: `${where} differs from vllm.tensor_parallel_size = ${vllmTp}` }];
    });
  },
});

export const rlVllmImages = defineRule({
  code: "rl_vllm_images",
  kinds: ["rl"],
  severity: "error",
  summary: "vllm.limit_mm_per_prompt.image is at least max_images_per_message.",
  check(doc) {
    const limit = numberAt(tableAt(doc, "vllm", "limit_mm_per_prompt"), "image");
    if (limit === undefined) return [];
    for (const section of ["training", "model", "policy"]) {
      const perMessage = numberAt(tableAt(doc, section), "max_images_per_message");
      if (perMessage !== undefined && limit < perMessage)
        return [{ path: ["vllm", "limit_mm_per_prompt", "image"], message: `vllm.limit_mm_per_prompt.image = ${limit} is below ${section}.max_images_per_message = ${perMessage}: vLLM would reject prompts with that many images` }];
    }
    return [];
  },
});

export const rlRewardSource = defineRule({
  code: "rl_reward_source",
  kinds: ["rl"],
  severity: "error",
  summary: "Exactly one of rollout.rubric_rewards_only and rollout.task_app_origin_rewards_only is true; rubric rewards need [judge] or [rubric] enabled.",
  check(doc) {
    const rollout = tableAt(doc, "rollout");
    if (!rollout) return [];
    const rubric = rollout.rubric_rewards_only === true;
    const origin = rollout.task_app_origin_rewards_only === true;
    const hits: RuleHit[] = [];
    if (rubric && origin) hits.push({ path: ["rollout", "rubric_rewards_only"], message: "rubric_rewards_only and task_app_origin_rewards_only are both true; set exactly one" });
    if (!rubric && !origin)
      hits.push(
        isPolicyEra(doc)
          ? { path: ["rollout"], message: "set exactly one of rollout.rubric_rewards_only or rollout.task_app_origin_rewards_only = true: synth-ai's later CLI refuses [policy]-era configs with neither" }
          : { path: ["rollout"], severity: "warning", message: "set exactly one of rollout.rubric_rewards_only or rollout.task_app_origin_rewards_only = true; later trainers reject a config with neither" },
      );
    const judgeOn = tableAt(doc, "judge")?.enabled === true || tableAt(doc, "rubric")?.enabled === true || tableAt(doc, "judge", "rubric")?.enabled === true;
    if (rubric && !judgeOn) hits.push({ path: ["rollout", "rubric_rewards_only"], message: "rubric_rewards_only = true needs judge.enabled = true (or rubric.enabled = true): nothing would produce rewards" });
    return hits;
  },
});

export const rlWeightSync = defineRule({
  code: "rl_weight_sync",
  kinds: ["rl"],
  severity: "error",
  summary: 'training.weight_sync has enable = true, targets including "policy", and mode "direct".',
  check(doc) {
    const ws = tableAt(doc, "training", "weight_sync");
    if (!ws) return [];
    const hits: RuleHit[] = [];
    if (ws.enable === false) hits.push({ path: ["training", "weight_sync", "enable"], message: "weight_sync.enable = false: the rollout servers would never see the trained weights" });
    else if (ws.enable === undefined && isPolicyEra(doc))
      hits.push({ path: ["training", "weight_sync"], message: "[training.weight_sync] needs enable = true: synth-ai's later CLI refuses [policy]-era configs without it" });
    if (Array.isArray(ws.targets) && !ws.targets.includes("policy")) hits.push({ path: ["training", "weight_sync", "targets"], message: 'weight_sync.targets must include "policy"' });
    if (typeof ws.mode === "string" && ws.mode !== "direct")
      hits.push({ path: ["training", "weight_sync", "mode"], severity: "warning", message: `weight_sync.mode = "${ws.mode}": synth-ai's later CLI rewrites it to "direct", the only mode the trainer supports` });
    return hits;
  },
});

export const rlDuplicatePlaces = defineRule({
  code: "rl_duplicate_places",
  kinds: ["rl"],
  severity: "warning",
  summary: "A setting given in both its 0.2.13 place and its later place.",
  check(doc) {
    const hits: RuleHit[] = [];
    if (tableAt(doc, "lora") && tableAt(doc, "training", "lora")) hits.push({ path: ["lora"], message: "LoRA is set in both [lora] and [training.lora]; [training.lora] is the later place, keep one" });
    const a = tableAt(doc, "topology");
    const b = tableAt(doc, "compute", "topology");
    if (a && b && JSON.stringify(a) !== JSON.stringify(b)) hits.push({ path: ["topology"], message: "[topology] and [compute.topology] differ; trainers read one or the other, keep one" });
    return hits;
  },
});

export const rlTaskUrlSpaces = defineRule({
  code: "rl_task_url_spaces",
  kinds: ["rl"],
  severity: "warning",
  summary: "services.task_url has no surrounding spaces (synth-ai trims them before use).",
  check(doc) {
    const url = tableAt(doc, "services")?.task_url;
    if (typeof url !== "string" || url === pyStrip(url)) return [];
    return [{ path: ["services", "task_url"], message: `services.task_url has surrounding spaces; synth-ai trims them and uses "${pyStrip(url)}": write it without them` }];
  },
});
