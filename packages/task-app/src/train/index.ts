/** `task-app train` and `task-app jobs` as a library: submit RL and SFT jobs to a synth-ai compatible backend and follow them. */
export { DEFAULT_BACKEND_URL, resolveTrainBackend } from "./backend.js";
export { prepareDataset, type PreparedDataset } from "./dataset.js";
export { loadTrainEnv, requireSecret, type TrainEnv } from "./env.js";
export { TrainError, TRAIN_EXIT_CODES, type TrainErrorCode } from "./errors.js";
export type { TrainEvent, TrainReporter } from "./events.js";
export { uploadFile, waitForFile } from "./files.js";
export { checkTaskAppHealth, type HealthOptions, type TaskAppHealth } from "./health.js";
export { createBackendClient, type BackendClient, type BackendClientOptions, type BackendRequest, type BackendResponse } from "./http.js";
export {
  createIdempotencyKey,
  createJob,
  getJobEvents,
  getJobStatus,
  cancelJob,
  listJobs,
  JOB_PATHS,
  readFineTunedModel,
  TERMINAL_STATUSES,
  type Idempotency,
  type JobEvent,
  type JobKind,
  type JobStatus,
  type JobSummary,
} from "./jobs.js";
export { formatMetrics, readMetrics, type Metrics } from "./metrics.js";
export { formatSeconds, lookupHint, pollJob, type PollOptions, type PollOutcome, type PollUpdate } from "./poll.js";
export { submitRlJob, verifyTaskApp } from "./rl.js";
export { runTrain, secretsOf, type TrainOptions, type TrainResult } from "./run.js";
export { submitSftJob, withFileIds } from "./sft.js";
export { formatTrainEvent, createTrainPrinter, type TrainPrinterOptions } from "./print.js";
export { lookupCancelJob, lookupJobEvents, lookupJobs, lookupJobStatus, openBackend, type JobLookupOptions } from "./lookup.js";
