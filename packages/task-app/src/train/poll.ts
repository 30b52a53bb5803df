/**
 * Following a job until it ends: its status (`GET {jobs}/{id}`) and its new
 * events (`GET {jobs}/{id}/events?since_seq=N`) every interval, each change
 * reported as it arrives. Ends on a terminal status; a job still running
 * when the time is up is a TrainError("poll_timeout") that says how to
 * follow it later. The time bounds the whole wait: a request still waiting
 * for an answer when it runs out is aborted (after a grace of 2 s).
 */
import { TrainError } from "./errors.js";
import type { BackendClient } from "./http.js";
import { getJobEvents, getJobStatus, readFineTunedModel, TERMINAL_STATUSES, type JobEvent, type JobKind } from "./jobs.js";
import { readMetrics, type Metrics } from "./metrics.js";

export type PollUpdate =
  | { type: "status"; jobId: string; status: string }
  | { type: "event"; jobId: string; event: JobEvent }
  | { type: "metrics"; jobId: string; metrics: Metrics }
  | { type: "poll_error"; jobId: string; message: string };

export interface PollOptions {
  client: BackendClient;
  kind: JobKind;
  jobId: string;
  intervalMs: number;
  timeoutMs: number;
  onUpdate: (update: PollUpdate) => void;
  /** Injected for tests; default setTimeout and Date.now. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface PollOutcome {
  jobId: string;
  status: string;
  succeeded: boolean;
  fineTunedModel?: string;
  body: Record<string, unknown>;
}

/** `0.2 s`, `90 s`. */
export const formatSeconds = (ms: number): string => `${ms < 10_000 ? Number((ms / 1000).toFixed(1)) : Math.round(ms / 1000)} s`;

/** How long past the poll timeout a status request already in flight may still answer. */
export const IN_FLIGHT_GRACE_MS = 2_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How to look a job up after this command has stopped following it. */
export const lookupHint = (jobId: string, kind: JobKind) => `follow it with \`task-app jobs status ${jobId} --type ${kind}\` and \`task-app jobs events ${jobId} --type ${kind}\``;

/** Polls until the job reaches a terminal status; throws on timeout, on a refused key and on a failed job. */
export async function pollJob(options: PollOptions): Promise<PollOutcome> {
  const { client, kind, jobId, onUpdate } = options;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const started = now();
  let lastStatus: string | undefined;
  let sinceSeq = 0;
  let eventsAvailable = true;
  // The whole wait is bounded in real time too: a backend that never answers must not hold a request
  // past it. A request in flight when the time is up gets a short grace to answer (its status counts).
  const waitOver = AbortSignal.timeout(options.timeoutMs + IN_FLIGHT_GRACE_MS);
  const timedOut = () =>
    new TrainError(
      "poll_timeout",
      `stopped waiting for job ${jobId} after ${formatSeconds(options.timeoutMs)} (last status: ${lastStatus ?? "unknown"}); the job keeps running on the backend: ${lookupHint(jobId, kind)}`,
      jobId,
    );
  for (;;) {
    let status: string | undefined;
    let body: Record<string, unknown> = {};
    try {
      ({ status, body } = await getJobStatus(client, kind, jobId, waitOver));
      if (eventsAvailable) {
        for (const event of await getJobEvents(client, kind, jobId, sinceSeq, waitOver).catch((error: unknown) => {
          // A backend without an events endpoint still has a status to follow.
          if (error instanceof TrainError && error.status === 404) eventsAvailable = false;
          else throw error;
          return [];
        })) {
          sinceSeq = Math.max(sinceSeq, event.seq);
          onUpdate({ type: "event", jobId, event });
          const metrics = readMetrics(event.data);
          if (metrics) onUpdate({ type: "metrics", jobId, metrics });
        }
      }
    } catch (error) {
      if (waitOver.aborted) throw timedOut();
      // Worth another poll: no answer (network), or a 5xx. A refused key, a 4xx, a refused redirect, a body over the cap: not.
      const transient = error instanceof TrainError && (error.code === "network" || (error.code === "backend" && error.status !== undefined && error.status >= 500));
      if (!transient) throw withJob(error, jobId);
      onUpdate({ type: "poll_error", jobId, message: error.message });
    }
    if (status !== undefined && status !== lastStatus) {
      lastStatus = status;
      onUpdate({ type: "status", jobId, status });
    }
    if (status !== undefined && status in TERMINAL_STATUSES) {
      const succeeded = TERMINAL_STATUSES[status] === true;
      const fineTunedModel = readFineTunedModel(body);
      return { jobId, status, succeeded, body, ...(fineTunedModel ? { fineTunedModel } : {}) };
    }
    const elapsed = now() - started;
    if (elapsed >= options.timeoutMs || waitOver.aborted) throw timedOut();
    await sleep(Math.min(options.intervalMs, Math.max(0, options.timeoutMs - elapsed)));
  }
}

function withJob(error: unknown, jobId: string): unknown {
  return error instanceof TrainError && !error.jobId ? new TrainError(error.code, `${error.message} (job ${jobId})`, jobId, error.status) : error;
}
