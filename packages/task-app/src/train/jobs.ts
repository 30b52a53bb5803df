/**
 * Job calls shared by RL and SFT: the paths of each kind, creating a job
 * with an idempotency key (so it is safe to retry), reading its status and
 * its events.
 */
import { randomUUID } from "node:crypto";
import type { BackendClient } from "./http.js";
import { TrainError } from "./errors.js";

export type JobKind = "rl" | "sft";

/** Where jobs of each kind live below the backend base: `/rl/jobs` and `/learning/jobs`. */
export const JOB_PATHS: Record<JobKind, string> = { rl: "/rl/jobs", sft: "/learning/jobs" };

/** Statuses after which a job never changes again, and whether each means success. */
export const TERMINAL_STATUSES: Record<string, boolean> = { succeeded: true, completed: true, failed: false, cancelled: false, canceled: false, error: false };

/** The Idempotency-Key of a job creation, and whether it was generated (and so must be printed for a safe resubmit). */
export interface Idempotency {
  key: string;
  generated: boolean;
}

/** A fresh idempotency key for a job creation. */
export const createIdempotencyKey = (): string => `task-app-${randomUUID()}`;

/** The job id of a creation answer: `job_id`, else `id`. */
export function readJobId(body: unknown, operation: string): string {
  const b = body as { job_id?: unknown; id?: unknown } | undefined;
  const id = b?.job_id ?? b?.id;
  if (typeof id === "string" && id) return id;
  if (typeof id === "number") return String(id);
  throw new TrainError("backend", `cannot ${operation}: the backend answered without a job id (job_id or id)`);
}

/**
 * POSTs a job creation with `Idempotency-Key`. Retried on 5xx and connection
 * errors: the key lets the backend answer a repeat with the job it already made.
 */
export async function createJob(client: BackendClient, kind: JobKind, payload: unknown, idempotencyKey: string): Promise<string> {
  const operation = `create the ${kind.toUpperCase()} job`;
  const { body } = await client.send({ operation, method: "POST", path: JOB_PATHS[kind], json: payload, headers: { "Idempotency-Key": idempotencyKey }, retry: true });
  return readJobId(body, operation);
}

/** The status body of a job: `{status, ...}`. */
export interface JobStatus {
  status: string;
  body: Record<string, unknown>;
}

/** GETs a job and reads its status (`status`, else `state`), lower-cased. */
export async function getJobStatus(client: BackendClient, kind: JobKind, jobId: string, signal?: AbortSignal): Promise<JobStatus> {
  const { body } = await client.send({ operation: `read job ${jobId}`, path: `${JOB_PATHS[kind]}/${encodeURIComponent(jobId)}`, retry: true, ...(signal ? { signal } : {}) });
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const status = String(b.status ?? b.state ?? "unknown").toLowerCase();
  return { status, body: b };
}

/** One entry of a job's event log. */
export interface JobEvent {
  seq: number;
  type: string;
  message: string;
  data: Record<string, unknown>;
}

/** GETs the events after `sinceSeq` (`{events: [...]}` or a bare array), in seq order. */
export async function getJobEvents(client: BackendClient, kind: JobKind, jobId: string, sinceSeq = 0, signal?: AbortSignal): Promise<JobEvent[]> {
  const { body } = await client.send({
    operation: `read the events of job ${jobId}`,
    path: `${JOB_PATHS[kind]}/${encodeURIComponent(jobId)}/events?since_seq=${sinceSeq}`,
    retry: true,
    ...(signal ? { signal } : {}),
  });
  const list = Array.isArray(body) ? body : (body as { events?: unknown } | undefined)?.events;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is Record<string, unknown> => typeof e === "object" && e !== null)
    .map((e, i) => ({
      seq: typeof e.seq === "number" ? e.seq : sinceSeq + i + 1,
      type: String(e.type ?? e.event_type ?? "event"),
      message: typeof e.message === "string" ? e.message : "",
      data: (typeof e.data === "object" && e.data !== null ? e.data : {}) as Record<string, unknown>,
    }))
    .filter((e) => e.seq > sinceSeq)
    .sort((a, b) => a.seq - b.seq);
}

/** The fine-tuned model id a finished job reports, if any. */
export function readFineTunedModel(body: Record<string, unknown>): string | undefined {
  const result = (typeof body.result === "object" && body.result !== null ? body.result : {}) as Record<string, unknown>;
  for (const value of [body.fine_tuned_model, body.model_id, result.fine_tuned_model, result.model_id]) if (typeof value === "string" && value) return value;
  return undefined;
}

/** One job of a list: what the backend says of it, read leniently (`id` or `job_id`, `status` or `state`). */
export interface JobSummary {
  id: string;
  kind: JobKind;
  status: string;
  model?: string;
  createdAt?: string;
}

const text = (v: unknown): string | undefined => (typeof v === "string" && v ? v : typeof v === "number" ? String(v) : undefined);

/**
 * GETs the jobs of a kind (`GET {jobs}?limit=N[&status=S]`, as synth-ai's
 * jobs client lists them), newest first as the backend orders them. The
 * answer may be a bare array or `{data | jobs | items: [...]}`.
 */
export async function listJobs(client: BackendClient, kind: JobKind, options: { limit?: number; status?: string } = {}): Promise<JobSummary[]> {
  const query = new URLSearchParams({ limit: String(options.limit ?? 20), ...(options.status ? { status: options.status } : {}) });
  const { body } = await client.send({ operation: `list ${kind.toUpperCase()} jobs`, path: `${JOB_PATHS[kind]}?${query}`, retry: true });
  const b = body as Record<string, unknown> | unknown[] | undefined;
  const list = Array.isArray(b) ? b : [b?.data, b?.jobs, b?.items].find(Array.isArray);
  if (!Array.isArray(list)) throw new TrainError("backend", `cannot list ${kind.toUpperCase()} jobs: the backend answered without a list (data, jobs or items)`);
  return list
    .filter((e): e is Record<string, unknown> => typeof e === "object" && e !== null)
    .flatMap((e) => {
      const id = text(e.id) ?? text(e.job_id);
      if (!id) return [];
      const model = text(e.fine_tuned_model) ?? text(e.model) ?? text(e.base_model);
      const created = text(e.created_at);
      return [{ id, kind, status: String(e.status ?? e.state ?? "unknown").toLowerCase(), ...(model ? { model } : {}), ...(created ? { createdAt: created } : {}) }];
    });
}

/** Asks the backend to cancel a job (`POST {jobs}/{id}/cancel`, as synth-ai's jobs client does); returns the status it answers with. */
export async function cancelJob(client: BackendClient, kind: JobKind, jobId: string): Promise<JobStatus> {
  const { body } = await client.send({ operation: `cancel job ${jobId}`, method: "POST", path: `${JOB_PATHS[kind]}/${encodeURIComponent(jobId)}/cancel`, json: {}, retry: true });
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  return { status: String(b.status ?? b.state ?? "cancel_requested").toLowerCase(), body: b };
}
