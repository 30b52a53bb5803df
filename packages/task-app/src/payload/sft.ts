/**
 * buildSFTPayload: the SFT job body synth-ai 0.2.13 posts to
 * `{backend}/learning/jobs` (CONTRACT.md §13.2), built from a validated
 * SFTConfig. It checks that the training file exists; uploading it (and
 * filling in training_file_id) is the submitter's job.
 */
import { normalizeModelId } from "../config/model-catalog.js";
import { isFineTunedId } from "../config/models.js";
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { SFTConfig } from "../schemas/sft-config.js";
import { checkAlgorithm, isTable, resolveBackend, type Table } from "./common.js";
import { PayloadError } from "./errors.js";

export interface SFTPayloadOptions {
  /** `--dataset`: beats job.data and job.data_path. */
  dataset?: string;
  /** `--backend`: beats BACKEND_BASE_URL; `/api` is appended when missing. Not part of the payload. */
  backend?: string;
  /** Directory relative dataset paths resolve against (not the config's directory); defaults to process.cwd(). */
  cwd?: string;
  /** Where BACKEND_BASE_URL is read; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
}

/** The hyperparameters sent: n_epochs plus only the forwarded keys. */
export interface SFTPayloadHyperparameters {
  n_epochs: number;
  [key: string]: unknown;
}

/** `metadata.effective_config`: what the backend records about hardware, topology and mode. */
export interface SFTEffectiveConfig {
  compute: { gpu_type?: string; gpu_count?: number; nodes?: number };
  data: { topology: Table };
  training: { mode?: string; use_qlora?: boolean; validation?: { enabled: boolean } };
}

/** The SFT job body. */
export interface SFTJobPayload {
  model: string;
  hyperparameters: SFTPayloadHyperparameters;
  training_type: "sft_offline";
  metadata: { effective_config: SFTEffectiveConfig };
  /** Filled in after the training file is uploaded. */
  training_file_id: null;
}

/** What buildSFTPayload returns besides the payload. */
export interface SFTPayloadBuild {
  payload: SFTJobPayload;
  /** Absolute path of the training JSONL (it exists). */
  trainFile: string;
  /** Absolute path of the validation JSONL, when data.validation_path names a file that exists. */
  validationFile?: string;
  /** The backend with `/api`, when `--backend` or BACKEND_BASE_URL is set. */
  backendBaseUrl?: string;
  /** Problems that do not stop the job (a missing validation file). */
  warnings: string[];
}

/** Keys of [hyperparameters] forwarded besides n_epochs and parallelism, in synth-ai's order. */
export const FORWARDED_HYPERPARAMETERS = [
  "batch_size",
  "global_batch",
  "per_device_batch",
  "gradient_accumulation_steps",
  "sequence_length",
  "learning_rate",
  "warmup_ratio",
  "train_kind",
] as const;

const STEP_KEYS = ["n_epochs", "total_steps", "train_steps", "steps"];
const POSITIVE_INT_KEYS = [...STEP_KEYS, "batch_size", "global_batch", "per_device_batch", "gradient_accumulation_steps", "sequence_length"];

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The rules of synth-ai's prepare step (`learning/sft/config.py`), as PayloadErrors. */
export function checkSFTHyperparameters(hp: Table): void {
  const fail = (key: string, what: string) => {
    throw new PayloadError("hyperparameters", `hyperparameters.${key} ${what}, got ${JSON.stringify(hp[key])}`);
  };
  for (const key of POSITIVE_INT_KEYS)
    if (key in hp && !(Number.isInteger(hp[key]) && (hp[key] as number) > 0)) fail(key, "must be an integer greater than zero");
  if (!STEP_KEYS.some((k) => hp[k] !== undefined))
    throw new PayloadError("hyperparameters", `hyperparameters must include at least one of: ${STEP_KEYS.join(", ")}`);
  if ("learning_rate" in hp && !(isNumber(hp.learning_rate) && hp.learning_rate > 0)) fail("learning_rate", "must be a number greater than zero");
  if ("warmup_ratio" in hp && !(isNumber(hp.warmup_ratio) && hp.warmup_ratio >= 0 && hp.warmup_ratio <= 1))
    fail("warmup_ratio", "must be a number between 0 and 1 inclusive");
  if ("train_kind" in hp && typeof hp.train_kind !== "string") fail("train_kind", "must be a string");
}

/** The existing training file: `--dataset`, else job.data, else job.data_path, resolved against `cwd`. */
function resolveDataset(config: SFTConfig, flag: string | undefined, cwd: string): string {
  const [source, raw] = flag ? ["--dataset", flag] : config.job.data ? ["job.data", config.job.data] : config.job.data_path ? ["job.data_path", config.job.data_path] : [];
  if (!raw) throw new PayloadError("dataset_missing", "no training dataset: pass --dataset or set job.data (or job.data_path)");
  const path = resolve(cwd, raw);
  const info = statSync(path, { throwIfNoEntry: false });
  const from = `from ${source} "${raw}"; relative paths resolve against the working directory ${cwd}`;
  if (!info) throw new PayloadError("dataset_not_found", `dataset not found: ${path} (${from})`);
  if (!info.isFile()) throw new PayloadError("dataset_not_found", `dataset is not a file: ${path} (${from})`);
  return path;
}

/** Copies the keys of `source` that are present, in `keys` order. */
const pick = (source: Table | undefined, keys: readonly string[]): Table =>
  Object.fromEntries(keys.filter((k) => source?.[k] !== undefined).map((k) => [k, source?.[k]]));

/** Builds the SFT job payload; throws PayloadError when the config and options cannot make a job. */
export function buildSFTPayload(config: SFTConfig, options: SFTPayloadOptions = {}): SFTPayloadBuild {
  const cwd = options.cwd ?? process.cwd();
  const warnings: string[] = [];
  checkAlgorithm("sft", config.algorithm);
  const trainFile = resolveDataset(config, options.dataset, cwd);

  let validationFile: string | undefined;
  const validationPath = config.data?.validation_path;
  if (validationPath) {
    const path = resolve(cwd, validationPath);
    if (statSync(path, { throwIfNoEntry: false })?.isFile()) validationFile = path;
    else warnings.push(`validation dataset ${path} not found (data.validation_path); continuing without validation`);
  }

  const hpConfig: Table = isTable(config.hyperparameters) ? config.hyperparameters : {};
  const hyperparameters: SFTPayloadHyperparameters = { n_epochs: (hpConfig.n_epochs as number | undefined) ?? 1, ...pick(hpConfig, FORWARDED_HYPERPARAMETERS) };
  if (isTable(hpConfig.parallelism)) hyperparameters.parallelism = structuredClone(hpConfig.parallelism);

  const training: Table = isTable(config.training) ? config.training : {};
  const effective: SFTEffectiveConfig = {
    compute: pick(config.compute, ["gpu_type", "gpu_count", "nodes"]),
    data: { topology: isTable(config.data?.topology) ? structuredClone(config.data.topology) : {} },
    training: pick(training, ["mode", "use_qlora"]),
  };
  const validation = training.validation;
  if (isTable(validation)) {
    Object.assign(hyperparameters, {
      evaluation_strategy: validation.evaluation_strategy ?? "steps",
      eval_steps: Math.trunc(Number(validation.eval_steps ?? 0) || 0),
      save_best_model_at_end: Boolean(validation.save_best_model_at_end ?? true),
      metric_for_best_model: validation.metric_for_best_model ?? "val.loss",
      greater_is_better: Boolean(validation.greater_is_better ?? false),
    });
    effective.training.validation = { enabled: Boolean(validation.enabled ?? true) };
  }
  checkSFTHyperparameters(hyperparameters);

  const model = normalizeModelId(config.job.model);
  if (!model) throw new PayloadError("model_missing", "job.model is blank: name the base model to fine-tune");
  if (isFineTunedId(model)) throw new PayloadError("model_finetuned", `job.model "${model}" is a fine-tuned id: synth-ai's SFT builder takes base model ids only`);
  const payload: SFTJobPayload = { model, hyperparameters, training_type: "sft_offline", metadata: { effective_config: effective }, training_file_id: null };
  const backendBaseUrl = resolveBackend(options.backend, options.env ?? process.env);
  return { payload, trainFile, ...(validationFile ? { validationFile } : {}), ...(backendBaseUrl ? { backendBaseUrl } : {}), warnings };
}
