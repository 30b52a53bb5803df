/**
 * Which kind of config a TOML document is (CONTRACT.md §15), plus the explicit
 * top-level `type` key and the `[eval]` / `[filter]` tables that synth-ai's own
 * detector predates.
 */
import type { ConfigKind } from "../schemas/registry.js";

export interface DetectedKind {
  kind: ConfigKind;
  /** Why: shown by `task-app validate --explain`. */
  reason: string;
}

const KINDS: readonly ConfigKind[] = ["rl", "sft", "eval", "filter", "deploy"];
const lower = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : undefined);
const table = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Detects the kind of a parsed config, or undefined when nothing says. */
export function detectConfigKind(doc: Record<string, unknown>, fileName?: string): DetectedKind | undefined {
  const type = doc.type;
  if (typeof type === "string" && (KINDS as readonly string[]).includes(type)) return { kind: type as ConfigKind, reason: `type = "${type}"` };
  const jobType = lower(doc.job_type);
  if (jobType === "rl" || jobType === "sft") return { kind: jobType, reason: `job_type = "${jobType}"` };
  if ("eval" in doc) return { kind: "eval", reason: "it has an [eval] table" };
  if ("filter" in doc) return { kind: "filter", reason: "it has a [filter] table" };
  if ("deploy" in doc) return { kind: "deploy", reason: "it has a [deploy] table" };

  const algorithm = table(doc.algorithm);
  const method = lower(algorithm.method);
  const algoType = lower(algorithm.type);
  const variety = lower(algorithm.variety);
  if (method && ["policy_gradient", "ppo", "reinforce"].includes(method)) return { kind: "rl", reason: `algorithm.method = "${method}"` };
  if (algoType === "online") return { kind: "rl", reason: 'algorithm.type = "online"' };
  if (variety && ["gspo", "grpo", "ppo"].includes(variety)) return { kind: "rl", reason: `algorithm.variety = "${variety}"` };
  const services = table(doc.services);
  for (const key of ["task_url", "environment"]) if (key in services) return { kind: "rl", reason: `it has services.${key}` };

  if (method && ["supervised_finetune", "sft"].includes(method)) return { kind: "sft", reason: `algorithm.method = "${method}"` };
  if (algoType === "offline") return { kind: "sft", reason: 'algorithm.type = "offline"' };
  if (variety === "fft") return { kind: "sft", reason: 'algorithm.variety = "fft"' };
  const mode = lower(table(doc.training).mode);
  if (mode?.startsWith("sft")) return { kind: "sft", reason: `training.mode = "${mode}"` };
  const trainKind = lower(table(doc.hyperparameters).train_kind);
  if (trainKind === "sft" || trainKind === "fft") return { kind: "sft", reason: `hyperparameters.train_kind = "${trainKind}"` };
  if ("job" in doc && "hyperparameters" in doc) return { kind: "sft", reason: "it has [job] and [hyperparameters]" };
  if ("rollout" in doc && "training" in doc) return { kind: "rl", reason: "it has [rollout] and [training]" };
  if (typeof doc.model === "string" || typeof doc.task_app_url === "string")
    return { kind: "eval", reason: "it names model / task_app_url at the top level (flat eval form)" };
  return fileName ? detectFromName(fileName) : undefined;
}

/** Last resort: a kind word in the file name (`pallet_town_rl_config.toml`). */
function detectFromName(fileName: string): DetectedKind | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const words = base.toLowerCase().replace(/\.toml$/, "").split(/[^a-z0-9]+/);
  const kind = KINDS.find((k) => words.includes(k));
  return kind ? { kind, reason: `its file name mentions "${kind}"` } : undefined;
}
