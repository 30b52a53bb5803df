/**
 * buildRLPayload: the body synth-ai 0.2.13 posts to `{backend}/rl/jobs`
 * (CONTRACT.md §12), built from a validated RLConfig and the command-line
 * overrides. Pure apart from reading the environment.
 */
import type { RLConfig } from "../schemas/rl-config.js";
import { normalizeModelId } from "../config/model-catalog.js";
import { checkAlgorithm, dropUndefined, isHttpUrl, isTable, resolveBackend, type Table } from "./common.js";
import { PayloadError } from "./errors.js";
import { pyStrip } from "../text/python-str.js";

export interface RLPayloadOptions {
  /** `--task-url`: beats TASK_APP_URL and services.task_url. */
  taskUrl?: string;
  /** `--model`: replaces the fine-tuned source model and clears the base model. */
  model?: string;
  /** `--backend`: beats BACKEND_BASE_URL; `/api` is appended when missing. */
  backend?: string;
  /** Where TASK_APP_URL and BACKEND_BASE_URL are read; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

/** The RL job envelope. */
export interface RLJobPayload {
  job_type: "rl";
  /** A copy of config.compute, or {}. */
  compute: Table;
  data: {
    /** The effective task URL without trailing "/". */
    endpoint_base_url: string;
    /** The whole config: undefined dropped, [reference] injected, services.task_url set to the effective URL. */
    config: RLConfig;
    /** The source (fine-tuned) model, when one is used. */
    model?: string;
    /** The base model, when no source model is used. */
    base_model?: string;
  };
  /** Always `{source: "train-cli"}`; the config's own [tags] stay in data.config.tags. */
  tags: { source: "train-cli" };
  /** Present only when a backend was given (`--backend` or BACKEND_BASE_URL). */
  metadata?: { backend_base_url: string };
}

/** What buildRLPayload returns: the payload and the effective task URL (trimmed, trailing "/" kept). */
export interface RLPayloadBuild {
  payload: RLJobPayload;
  taskUrl: string;
}

/**
 * The effective task URL: `--task-url`, then TASK_APP_URL, then
 * services.task_url. As in synth-ai, an empty string counts as not given but a
 * blank one is taken and then rejected.
 */
function resolveTaskUrl(config: RLConfig, options: RLPayloadOptions, env: NodeJS.ProcessEnv): string {
  const candidates: [string, unknown][] = [
    ["--task-url", options.taskUrl],
    ["TASK_APP_URL", env.TASK_APP_URL],
    ["services.task_url", config.services?.task_url],
  ];
  const hit = candidates.find(([, v]) => typeof v === "string" && v !== "");
  if (!hit) throw new PayloadError("task_url_missing", "task app URL required: pass --task-url, set TASK_APP_URL or set services.task_url");
  const [source, raw] = hit as [string, string];
  const url = pyStrip(raw);
  if (!url) throw new PayloadError("task_url_missing", `task app URL from ${source} is blank`);
  if (!isHttpUrl(url)) throw new PayloadError("task_url_invalid", `task app URL from ${source} must be an http:// or https:// URL, got "${url}"`);
  return url;
}

/**
 * The model fields of the envelope. 0.2.13 `[model]`: source, else base.
 * Later `[policy]`: policy.source, else policy.model_name; with both tables
 * [model] is used, as synth-ai's builder does. Catalog ids are normalised
 * (`qwen/qwen3-4b` becomes `Qwen/Qwen3-4B`). `--model` takes the
 * place of the source and clears the base in both eras. As in synth-ai, the
 * override only changes the envelope's model/base_model: data.config keeps the
 * file's [model] or [policy] table as written.
 */
function resolveModel(config: RLConfig, override: string | undefined): { model: string } | { base_model: string } {
  const era = config.model
    ? { section: "model", sourceKey: "source", baseKey: "base", source: config.model.source, base: config.model.base }
    : config.policy
      ? { section: "policy", sourceKey: "source", baseKey: "model_name", source: config.policy.source, base: config.policy.model_name }
      : undefined;
  if (!era) throw new PayloadError("model_missing", "missing [model] (or [policy]): name the model to train with model.base or model.source");
  let source = pyStrip(era.source ?? "");
  let base = pyStrip(era.base ?? "");
  const replacement = pyStrip(override ?? "");
  if (replacement) [source, base] = [replacement, ""];
  if (Boolean(source) === Boolean(base))
    throw new PayloadError(
      source ? "model_ambiguous" : "model_missing",
      `set exactly one of ${era.section}.${era.sourceKey} (a fine-tuned id) or ${era.section}.${era.baseKey} (a base model id); ${source ? "both are set" : "neither is set"}`,
    );
  return source ? { model: normalizeModelId(source) } : { base_model: normalizeModelId(base) };
}

/**
 * What synth-ai's later CLI does to a `[policy]`-era config before submitting
 * it: `compute.topology.reference_placement = "none"` unless given, the
 * `training.weight_sync` block injected (mode forced to "direct", interval
 * from training.weight_sync_interval), and the CLI-only `[smoke]` removed.
 */
function applyLaterCliDefaults(data: Table): void {
  delete data.smoke;
  const compute = isTable(data.compute) ? data.compute : {};
  const topology = isTable(compute.topology) ? compute.topology : {};
  data.compute = { ...compute, topology: { ...topology, reference_placement: topology.reference_placement ?? "none" } };
  if (!isTable(data.training)) return;
  const interval = data.training.weight_sync_interval ?? 1;
  const sync = isTable(data.training.weight_sync) ? data.training.weight_sync : { enable: true, targets: ["policy"] };
  data.training = { ...data.training, weight_sync: { ...sync, mode: "direct", interval: sync.interval ?? interval } };
}

/** Builds the RL job payload; throws PayloadError when the config and options cannot make a job. */
export function buildRLPayload(config: RLConfig, options: RLPayloadOptions = {}): RLPayloadBuild {
  const env = options.env ?? process.env;
  checkAlgorithm("rl", config.algorithm);
  const taskUrl = resolveTaskUrl(config, options, env);
  const model = resolveModel(config, options.model);
  const backend = resolveBackend(options.backend, env);

  const data = dropUndefined(config);
  data.reference = isTable(data.reference) ? { ...data.reference, placement: data.reference.placement ?? "none" } : { placement: "none" };
  data.services = { ...data.services, task_url: taskUrl };
  if (!data.model && data.policy) applyLaterCliDefaults(data as Table);
  const payload: RLJobPayload = {
    job_type: "rl",
    compute: structuredClone((data.compute ?? {}) as Table),
    data: { endpoint_base_url: taskUrl.replace(/\/+$/, ""), config: data, ...model },
    tags: { source: "train-cli" },
  };
  if (backend) payload.metadata = { backend_base_url: backend };
  return { payload, taskUrl };
}
