/**
 * `task-app train` as a library: validate the config, resolve the backend
 * and the keys, build the same payload `task-app payload` prints, check the
 * task app (RL) or the training file (SFT), submit, and follow the job.
 * Everything it has to say goes through `report`; failures are TrainErrors.
 */
import { checkProjectFile } from "../config/check-file.js";
import { ProjectSettingsError } from "../config/project-settings.js";
import { isExperimentalModel } from "../config/model-catalog.js";
import { rlModelOf } from "../config/models.js";
import { formatFinding } from "../config/findings.js";
import { buildRLPayload, buildSFTPayload } from "../payload/index.js";
import type { RLConfig } from "../schemas/rl-config.js";
import type { SFTConfig } from "../schemas/sft-config.js";
import { resolveEnvironmentApiKeys } from "../server/auth.js";
import { collectSecrets } from "../server/secrets.js";
import { fromPayloadError, resolveTrainBackend } from "./backend.js";
import { prepareDataset, type PreparedDataset } from "./dataset.js";
import { loadTrainEnv, requireSecret, type TrainEnv } from "./env.js";
import { TrainError } from "./errors.js";
import type { TrainReporter } from "./events.js";
import { createBackendClient, type BackendClient, type BackendClientOptions } from "./http.js";
import { createIdempotencyKey, type Idempotency, type JobKind } from "./jobs.js";
import { checkModelFlag } from "./model-flag.js";
import { lookupHint, pollJob, type PollOutcome } from "./poll.js";
import { probeTaskApp, submitRlJob } from "./rl.js";
import { submitSftJob } from "./sft.js";

export interface TrainOptions {
  config: string;
  /** `--type`; detected from the config when not given. */
  kind?: JobKind;
  backend?: string;
  taskUrl?: string;
  model?: string;
  dataset?: string;
  /** Upload only the first N examples. */
  examples?: number;
  envFiles?: readonly string[];
  idempotencyKey?: string;
  /** Train a model outside the trainer's supported list (also SDK_EXPERIMENTAL=1). */
  allowExperimental?: boolean;
  /** Submit a model outside synth-ai's catalog (for a backend with a larger catalog). */
  allowUnknownModels?: boolean;
  /** Stop after the job is created. */
  noPoll?: boolean;
  pollTimeoutMs?: number;
  pollIntervalMs?: number;
  dryRun?: boolean;
  /** On --dry-run: go on when the task app health check fails. */
  skipHealth?: boolean;
  /** Base environment (default process.env) and working directory. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Backend client settings (retries, backoff, fetch) for tests and embedding. */
  client?: Partial<BackendClientOptions>;
}

export interface TrainResult {
  kind: JobKind;
  payload: unknown;
  jobId?: string;
  outcome?: PollOutcome;
}

/** Every secret a run knows: the keys in its environment, split and trimmed. */
export function secretsOf(env: NodeJS.ProcessEnv): string[] {
  return collectSecrets(env);
}

/** Validates the config (findings become warnings, or a TrainError) and returns it with its kind. */
async function loadConfig(options: TrainOptions, env: NodeJS.ProcessEnv, report: TrainReporter): Promise<{ kind: JobKind; config: unknown }> {
  // Like `task-app payload`: what synth-ai's CLI sends, without the settings task-app derives from the model.
  // Detect the kind first, as `task-app payload` does: an RL config given with --type sft (or the reverse) is named as such,
  // not drowned in the other kind's schema errors.
  // The project's task-app.toml [rules] apply, as validate and payload apply them.
  const checkFile = async (kind?: JobKind) => {
    try {
      return await checkProjectFile(options.config, { ...(kind ? { kind } : {}), allowUnknownModels: options.allowUnknownModels, normalize: false });
    } catch (error) {
      if (error instanceof ProjectSettingsError) throw new TrainError("usage", error.message);
      throw error;
    }
  };
  let check = await checkFile();
  if (options.kind && check.kind && check.kind !== options.kind && !check.kindReason?.startsWith("its file name")) {
    const names = { rl: "an RL", sft: "an SFT", eval: "an eval", filter: "a filter", rubric: "a rubric", deploy: "a deploy" } as const;
    const fix = check.kind === "rl" || check.kind === "sft" ? `pass --type ${check.kind}, or leave --type out (the kind is detected)` : "train runs rl and sft configs only";
    throw new TrainError("usage", `${options.config} is ${names[check.kind]} config (${check.kindReason}), not ${names[options.kind]} one: ${fix}`);
  }
  if (options.kind && check.kind !== options.kind) check = await checkFile(options.kind);
  const errors = check.findings.filter((f) => f.severity === "error");
  for (const finding of check.findings) if (finding.severity === "warning") report({ type: "warning", message: formatFinding(finding), finding: true });
  if (!check.ok) throw new TrainError("config", `${errors.map(formatFinding).join("\n")}\n${options.config}: the config is not valid; nothing was submitted`);
  if (check.kind !== "rl" && check.kind !== "sft")
    throw new TrainError("usage", `${options.config} is ${check.kind ? `a ${check.kind} config` : "not a training config"}; train runs rl and sft configs (pass --type rl|sft to choose)`);
  // --model gets the checks the config's own model gets (the same rules, on the config as it will be submitted).
  if (check.kind === "rl" && options.model?.trim()) {
    const found = checkModelFlag(check.config, options.model.trim(), { allowUnknownModels: options.allowUnknownModels });
    for (const f of found.filter((x) => x.severity === "warning")) report({ type: "warning", message: `--model ${options.model.trim()}: ${f.message} [${f.code}]` });
    const refused = found.filter((x) => x.severity === "error");
    if (refused.length) throw new TrainError("config", `${refused.map((f) => `--model ${options.model!.trim()}: ${f.message} [${f.code}]`).join("\n")}\nnothing was submitted`);
  }
  const model = check.kind === "rl" ? (options.model?.trim() || rlModelOf(check.config as Record<string, unknown>)?.id) : (check.config as SFTConfig).job.model;
  if (model && isExperimentalModel(model) && !options.allowExperimental && env.SDK_EXPERIMENTAL !== "1")
    throw new TrainError("config", `${model} is experimental: synth-ai submits it only with SDK_EXPERIMENTAL=1; pass --allow-experimental (or set SDK_EXPERIMENTAL=1) to submit it anyway`);
  const wrong = check.kind === "rl" ? ["dataset", "examples"] : ["taskUrl", "model"];
  const given = wrong.filter((k) => options[k as keyof TrainOptions] !== undefined);
  if (given.length)
    throw new TrainError("usage", `${given.map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`).join(", ")} ${given.length === 1 ? "applies" : "apply"} only to ${check.kind === "rl" ? "sft" : "rl"} jobs, and ${options.config} is an ${check.kind} config`);
  report({ type: "step", step: "config", message: `${options.config}: valid ${check.kind} config${options.kind ? " (--type)" : check.kindReason ? ` (${check.kindReason})` : ""}` });
  return { kind: check.kind, config: check.config };
}

/** Throws when the payload holds a secret's value: a key pasted into the config must not leave the machine. */
function refuseSecretsIn(payload: unknown, secrets: readonly string[]): void {
  const text = JSON.stringify(payload);
  // A refusal, not a mask: a whole key or its first or last 6 characters. (Any 6 characters from inside a
  // key are masked in output, but a payload word that happens to match them must not stop a job.)
  const holds = (secret: string) => (secret.length < 6 ? text.includes(secret) : text.includes(secret.slice(0, 6)) || text.includes(secret.slice(-6)));
  if (secrets.some((secret) => secret.length >= 4 && holds(secret)))
    throw new TrainError("config", "the job payload contains an API key (or the start of one) copied from the environment; remove it from the config. Nothing was submitted");
}

export async function runTrain(options: TrainOptions, report: TrainReporter): Promise<TrainResult> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = loadTrainEnv(options.envFiles ?? [], { base: options.env, cwd });
  const { env } = loaded;
  const { kind, config } = await loadConfig(options, env, report);
  const backend = resolveTrainBackend(options.backend, env);
  const secrets = secretsOf(env);
  const synthKey = options.dryRun ? undefined : requireSecret(loaded, "SYNTH_API_KEY", "the backend key jobs are submitted with");
  const client = synthKey ? createBackendClient({ baseUrl: backend.url, apiKey: synthKey, secrets, ...options.client }) : undefined;
  const intervalMs = options.pollIntervalMs ?? 5_000;
  const timeoutMs = options.pollTimeoutMs ?? 3_600_000;
  const idempotency = { key: options.idempotencyKey?.trim() || createIdempotencyKey(), generated: !options.idempotencyKey?.trim() };

  const context: FlowContext = { options, loaded, config, client, secrets, idempotency, intervalMs, timeoutMs, cwd, report };
  const { payload, jobId } = kind === "rl" ? await trainRl(context) : await trainSft(context);
  if (jobId === undefined) return { kind, payload };
  report({ type: "job", kind, jobId });
  if (options.noPoll) return { kind, payload, jobId };

  const outcome = await pollJob({ client: client!, kind, jobId, intervalMs, timeoutMs, onUpdate: report });
  report({ type: "done", jobId, status: outcome.status, succeeded: outcome.succeeded, ...(outcome.fineTunedModel ? { fineTunedModel: outcome.fineTunedModel } : {}) });
  if (!outcome.succeeded) throw new TrainError("job_failed", `job ${jobId} ended ${outcome.status}${describeFailure(outcome.body)}; ${lookupHint(jobId, kind)}`, jobId);
  return { kind, payload, jobId, outcome };
}

/** What the RL and SFT flows share. */
interface FlowContext {
  options: TrainOptions;
  loaded: TrainEnv;
  config: unknown;
  /** Undefined on --dry-run. */
  client: BackendClient | undefined;
  secrets: string[];
  idempotency: Idempotency;
  intervalMs: number;
  timeoutMs: number;
  cwd: string;
  report: TrainReporter;
}

/** RL: payload, then (dry run) the health check and the payload printed, or verify, health check and create. */
async function trainRl({ options, loaded, config, client, secrets, idempotency, report }: FlowContext): Promise<{ payload: unknown; jobId?: string }> {
  const { env } = loaded;
  let built;
  try {
    built = buildRLPayload(config as RLConfig, { taskUrl: options.taskUrl, model: options.model, backend: options.backend, env });
  } catch (error) {
    throw fromPayloadError(error);
  }
  const { payload, taskUrl } = built;
  refuseSecretsIn(payload, secrets);
  // ENVIRONMENT_API_KEY (or its dev_ fallbacks), then ENVIRONMENT_API_KEY_ALIASES.
  const [environmentApiKey, ...aliases] = resolveEnvironmentApiKeys(env);
  const skip = options.dryRun && options.skipHealth;
  if (!environmentApiKey && !skip) requireSecret(loaded, "ENVIRONMENT_API_KEY", "the task app key the health check presents");
  if (!client) {
    try {
      if (!environmentApiKey) throw new TrainError("task_app_unhealthy", "ENVIRONMENT_API_KEY is not set");
      await probeTaskApp({ taskUrl, environmentApiKey, aliases, report });
    } catch (error) {
      if (!(error instanceof TrainError && skip)) throw error;
      report({ type: "warning", message: `health check skipped (--skip-health): ${error.message}` });
    }
    report({ type: "payload", kind: "rl", payload });
    return { payload };
  }
  return { payload, jobId: await submitRlJob(client, payload, { taskUrl, environmentApiKey: environmentApiKey!, aliases, report, idempotency }) };
}

/** SFT: payload, the JSONL validated, then (dry run) the payload printed, or upload, create and start. */
async function trainSft({ options, loaded, config, client, secrets, idempotency, intervalMs, timeoutMs, cwd, report }: FlowContext): Promise<{ payload: unknown; jobId?: string }> {
  let built;
  try {
    built = buildSFTPayload(config as SFTConfig, { dataset: options.dataset, backend: options.backend, env: loaded.env, cwd });
  } catch (error) {
    throw fromPayloadError(error);
  }
  for (const warning of built.warnings) report({ type: "warning", message: warning });
  const { payload } = built;
  refuseSecretsIn(payload, secrets);
  const files: PreparedDataset[] = [];
  try {
    report({ type: "step", step: "dataset", message: `validating ${built.trainFile}${options.examples === undefined ? "" : ` (first ${options.examples} examples)`}` });
    const train = await prepareDataset(built.trainFile, options.examples);
    files.push(train);
    const validation = built.validationFile ? await prepareDataset(built.validationFile) : undefined;
    if (validation) files.push(validation);
    if (!client) {
      report({ type: "payload", kind: "sft", payload });
      return { payload };
    }
    const jobId = await submitSftJob(client, payload, {
      train,
      validation,
      idempotency,
      fileIntervalMs: Math.min(intervalMs, 2_000),
      fileTimeoutMs: Math.min(timeoutMs, 600_000),
      report,
    });
    return { payload, jobId };
  } finally {
    await Promise.all(files.map((f) => f.dispose()));
  }
}

/** `: <error>` from a failed job's status body, when it says why. */
function describeFailure(body: Record<string, unknown>): string {
  const reason = body.error ?? body.error_message ?? body.message;
  if (reason === undefined || reason === null) return "";
  return `: ${typeof reason === "string" ? reason : JSON.stringify(reason)}`.slice(0, 400);
}
