/** The error every step of `task-app train` throws; `message` is written for the person running the command. */

/** Stable reasons a training run stops before or while its job runs. */
export type TrainErrorCode =
  | "usage"
  | "missing_key"
  | "config"
  | "dataset"
  | "task_app_unhealthy"
  | "verify_failed"
  | "unauthorized"
  | "backend"
  | "network"
  | "upload"
  | "job_failed"
  | "poll_timeout";

/** Exit code of each reason: 2 for a mistake in how the command was called, 1 for everything else. */
export const TRAIN_EXIT_CODES: Record<TrainErrorCode, 1 | 2> = {
  usage: 2,
  missing_key: 2,
  config: 1,
  dataset: 1,
  task_app_unhealthy: 1,
  verify_failed: 1,
  unauthorized: 1,
  backend: 1,
  network: 1,
  upload: 1,
  job_failed: 1,
  poll_timeout: 1,
};

export class TrainError extends Error {
  override name = "TrainError";
  constructor(
    readonly code: TrainErrorCode,
    message: string,
    /** The job the error is about, when one was created. */
    readonly jobId?: string,
    /** The HTTP status of the backend answer, for "backend" and "unauthorized". */
    readonly status?: number,
  ) {
    super(message);
  }

  get exitCode(): 1 | 2 {
    return TRAIN_EXIT_CODES[this.code];
  }
}
