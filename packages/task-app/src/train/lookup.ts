/**
 * Looking up a job submitted earlier (`task-app jobs status|events <id>`):
 * the kind when given, else `/rl/jobs/{id}` and then `/learning/jobs/{id}`.
 */
import { loadTrainEnv, requireSecret } from "./env.js";
import { resolveTrainBackend } from "./backend.js";
import { TrainError } from "./errors.js";
import { createBackendClient, type BackendClient, type BackendClientOptions } from "./http.js";
import { cancelJob, getJobEvents, getJobStatus, listJobs, type JobEvent, type JobKind, type JobStatus, type JobSummary } from "./jobs.js";
import { collectSecrets } from "../server/secrets.js";

export interface JobLookupOptions {
  backend?: string;
  envFiles?: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  client?: Partial<BackendClientOptions>;
}

/** A backend client for the looked-up job, with SYNTH_API_KEY from the environment and env files. */
export function openBackend(options: JobLookupOptions): BackendClient {
  const loaded = loadTrainEnv(options.envFiles ?? [], { base: options.env, cwd: options.cwd });
  const apiKey = requireSecret(loaded, "SYNTH_API_KEY", "the backend key");
  return createBackendClient({ baseUrl: resolveTrainBackend(options.backend, loaded.env).url, apiKey, secrets: collectSecrets(loaded.env), ...options.client });
}

/** Runs `read` for `kind`, or for rl then sft when no kind is given (a 404 moves on to the next). */
async function withKind<T>(kind: JobKind | undefined, jobId: string, read: (kind: JobKind) => Promise<T>): Promise<{ kind: JobKind; value: T }> {
  const kinds: JobKind[] = kind ? [kind] : ["rl", "sft"];
  for (const k of kinds) {
    try {
      return { kind: k, value: await read(k) };
    } catch (error) {
      if (!(error instanceof TrainError && error.status === 404 && k !== kinds.at(-1))) throw error;
    }
  }
  throw new TrainError("backend", `job ${jobId} not found`);
}

export function lookupJobStatus(client: BackendClient, jobId: string, kind?: JobKind): Promise<{ kind: JobKind; value: JobStatus }> {
  return withKind(kind, jobId, (k) => getJobStatus(client, k, jobId));
}

export function lookupJobEvents(client: BackendClient, jobId: string, kind?: JobKind, sinceSeq = 0): Promise<{ kind: JobKind; value: JobEvent[] }> {
  return withKind(kind, jobId, (k) => getJobEvents(client, k, jobId, sinceSeq));
}

export function lookupCancelJob(client: BackendClient, jobId: string, kind?: JobKind): Promise<{ kind: JobKind; value: JobStatus }> {
  return withKind(kind, jobId, (k) => cancelJob(client, k, jobId));
}

/** The jobs of `kind`, or of both kinds (RL, then SFT) when none is given. */
export async function lookupJobs(client: BackendClient, kind: JobKind | undefined, options: { limit?: number; status?: string } = {}): Promise<JobSummary[]> {
  const out: JobSummary[] = [];
  for (const k of kind ? [kind] : (["rl", "sft"] as const)) out.push(...(await listJobs(client, k, options)));
  return out;
}
