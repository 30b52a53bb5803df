/**
 * What an eval run does, resolved from the command line and an optional
 * `[eval]` TOML: flags override the file, and the file's errors are reported
 * as `path:line:col` findings before anything runs.
 */
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import type { EvalConfig } from "../schemas/eval-config.js";
import { DEFAULT_MAX_ANSWER_BYTES } from "./http.js";
import { failuresPathOf } from "./results.js";
import { parseSeeds, SeedSpecError } from "./seeds.js";

/** Thrown for a plan that cannot run (a usage error: exit 2). The message is ready to print. */
export class EvalPlanError extends Error {
  override name = "EvalPlanError";
}

/** What the command line says; every field optional, flags win over the config file. */
export interface EvalFlags {
  app?: string;
  url?: string[];
  model?: string;
  seeds?: string;
  /** env.env_name of each rollout (else [eval] env_name; else none). */
  envName?: string;
  config?: string;
  split?: string;
  concurrency?: number;
  rolloutsPerSeed?: number;
  inferenceUrl?: string;
  /** `key=value` pairs; values are JSON when they parse as JSON, else strings. */
  policyConfig?: string[];
  /** A trace store path or URL, or false for `--no-trace`. */
  traceDb?: string | false;
  out?: string;
  runDir?: string;
  resume?: boolean;
  timeout?: number;
  retries?: number;
  /** Largest answer body read from the app, in bytes. */
  maxResponseBytes?: number;
}

export type EvalTarget = { kind: "app"; module: string } | { kind: "urls"; urls: string[] };

/** A resolved run. */
export interface EvalPlan {
  target: EvalTarget;
  model: string;
  seeds: number[];
  split: string;
  rolloutsPerSeed: number;
  concurrency: number;
  envName?: string;
  policyName: string;
  envConfig: Record<string, unknown>;
  policyConfig: Record<string, unknown>;
  ops: string[];
  /** Trace store path or URL; undefined with --no-trace. */
  traceDb?: string;
  runDir: string;
  /** The run directory is the default, `runs/eval-<time>`: claimDefaultRunDir makes it this run's own (`-2`, `-3`, … when taken). */
  runDirDefaulted?: boolean;
  out: string;
  failuresOut: string;
  timeoutS: number;
  retries: number;
  /** Largest answer body read (rollouts and health), in bytes; past it the rollout fails with response_too_large. */
  maxResponseBytes: number;
  resume: boolean;
  /** Digest of every setting that changes what a rollout does: a resumed run must match it. */
  digest: string;
}

export const DEFAULT_TRACE_DB = "traces/v3/synth_ai.db";

function parsePolicyPairs(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new EvalPlanError(`--policy-config ${JSON.stringify(pair)}: write key=value (the value is read as JSON when it parses, e.g. temperature=0.2)`);
    const raw = pair.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // a plain string
    }
    out[pair.slice(0, eq).trim()] = value;
  }
  return out;
}

async function readEvalConfig(path: string): Promise<EvalConfig> {
  // The config checker (and the eval schema alone) is loaded only when a config file is given; the project's task-app.toml [rules] apply.
  const [{ checkProjectFile }, { ProjectSettingsError }, { formatFinding }] = await Promise.all([
    import("../config/check-file.js"),
    import("../config/project-settings.js"),
    import("../config/findings.js"),
  ]);
  let check;
  try {
    check = await checkProjectFile(path, { kind: "eval" });
  } catch (error) {
    if (error instanceof ProjectSettingsError) throw new EvalPlanError(error.message);
    throw error;
  }
  if (!check.ok) throw new EvalPlanError(`${check.findings.map(formatFinding).join("\n")}\n${path} is not a valid eval config`);
  return check.config as EvalConfig;
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");

/** Resolves the flags (and the `--config` file) into a plan; throws EvalPlanError for usage errors. */
export async function resolveEvalPlan(flags: EvalFlags, cwd = process.cwd()): Promise<EvalPlan> {
  const file = flags.config ? await readEvalConfig(flags.config) : undefined;
  const cfg: Partial<EvalConfig> = file ? { ...file, ...(file.eval ?? {}) } : {};
  const urls = flags.url?.length ? flags.url : cfg.task_app_url ? [cfg.task_app_url] : [];
  if (flags.app && flags.url?.length) throw new EvalPlanError("give --app (serve a module for the run) or --url (running apps), not both");
  const target: EvalTarget | undefined = flags.app ? { kind: "app", module: flags.app } : urls.length ? { kind: "urls", urls: urls.map((u) => u.replace(/\/+$/, "")) } : undefined;
  if (!target) throw new EvalPlanError("no task app: pass --app <module> to serve one for the run, or --url <task app URL> (repeat --url for replicas)");
  for (const url of target.kind === "urls" ? target.urls : [])
    if (!/^https?:\/\/[^\s/]+/.test(url)) throw new EvalPlanError(`--url ${JSON.stringify(url)} is not an http(s) URL`);

  const model = flags.model ?? cfg.model;
  if (!model) throw new EvalPlanError("no model: pass --model <id> (e.g. --model scripted, or the model your inference server serves), or set model in [eval]");
  let seeds: number[];
  try {
    const spec = flags.seeds ?? cfg.seeds ?? (cfg.num_episodes ? `${cfg.seed_start ?? 0}-${(cfg.seed_start ?? 0) + cfg.num_episodes - 1}` : undefined);
    if (spec === undefined) throw new SeedSpecError("no seeds: pass --seeds 1-5,9 or set seeds in [eval]");
    seeds = parseSeeds(spec);
  } catch (error) {
    if (error instanceof SeedSpecError) throw new EvalPlanError(error.message);
    throw error;
  }

  const positive = (name: string, value: number | undefined, fallback: number) => {
    const v = value ?? fallback;
    if (!Number.isFinite(v) || v <= 0) throw new EvalPlanError(`${name} must be a positive number, got ${value}`);
    return v;
  };
  const concurrency = Math.floor(positive("--concurrency", flags.concurrency ?? cfg.concurrency, 4));
  const rolloutsPerSeed = Math.floor(positive("--rollouts-per-seed", flags.rolloutsPerSeed ?? cfg.rollouts_per_seed, 1));
  const timeoutS = positive("--timeout", flags.timeout ?? cfg.timeout_s, 600);
  const retries = flags.retries ?? 2;
  if (!Number.isInteger(retries) || retries < 0) throw new EvalPlanError(`--retries must be 0 or more, got ${flags.retries}`);
  const maxResponseBytes = flags.maxResponseBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  if (!Number.isInteger(maxResponseBytes) || maxResponseBytes <= 0) throw new EvalPlanError(`--max-response-bytes must be a positive number of bytes, got ${flags.maxResponseBytes}`);

  const samplingKeys = { temperature: cfg.temperature, max_tokens: cfg.max_tokens, reasoning_effort: cfg.reasoning_effort, system_hint: cfg.system_hint, tool_choice: cfg.tool_choice, use_tools: cfg.use_tools, use_vision: cfg.use_vision, image_only_mode: cfg.image_only_mode };
  const inferenceUrl = flags.inferenceUrl ?? cfg.inference_url;
  const policyConfig: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(samplingKeys).filter(([, v]) => v !== undefined)),
    ...(cfg.policy_config ?? {}),
    model,
    ...(inferenceUrl ? { inference_url: inferenceUrl } : {}),
    ...parsePolicyPairs(flags.policyConfig ?? []),
  };
  const envConfig = { ...(cfg.env_config ?? {}) } as Record<string, unknown>;
  const split = flags.split ?? cfg.split ?? "train";
  const policyName = cfg.policy_name ?? model;
  const ops = cfg.ops ?? [];

  if (flags.resume && !flags.runDir) throw new EvalPlanError("--resume needs --run-dir <dir>: the run directory of the run to continue");
  const runDir = resolve(cwd, flags.runDir ?? join("runs", `eval-${stamp()}`));
  const out = flags.out ? resolve(cwd, flags.out) : join(runDir, "results.jsonl");
  const failuresOut = failuresPathOf(out);
  const traceDb = flags.traceDb === false ? undefined : (flags.traceDb ?? DEFAULT_TRACE_DB);

  const envName = flags.envName ?? cfg.env_name;
  const identity = { model, seeds, split, rolloutsPerSeed, envName: envName ?? null, policyName, envConfig, policyConfig, ops };
  const digest = createHash("sha256").update(JSON.stringify(identity)).digest("hex").slice(0, 16);
  return {
    target,
    model,
    seeds,
    split,
    rolloutsPerSeed,
    concurrency,
    ...(envName ? { envName } : {}),
    policyName,
    envConfig,
    policyConfig,
    ops,
    ...(traceDb ? { traceDb } : {}),
    runDir,
    ...(flags.runDir ? {} : { runDirDefaulted: true }),
    out,
    failuresOut,
    timeoutS,
    retries,
    maxResponseBytes,
    resume: Boolean(flags.resume),
    digest,
  };
}
