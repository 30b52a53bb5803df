/**
 * The SFT half of `train` (CONTRACT.md §13.2): upload the training file (and
 * the validation file), wait until the backend has them, create the job with
 * `training_file_id` set, then start it.
 */
import type { SFTJobPayload } from "../payload/index.js";
import type { PreparedDataset } from "./dataset.js";
import type { TrainReporter } from "./events.js";
import { uploadFile, waitForFile } from "./files.js";
import { TrainError } from "./errors.js";
import type { BackendClient } from "./http.js";
import { createJob, JOB_PATHS, type Idempotency } from "./jobs.js";

export interface SubmitSftOptions {
  train: PreparedDataset;
  validation?: PreparedDataset;
  idempotency: Idempotency;
  fileIntervalMs: number;
  fileTimeoutMs: number;
  report: TrainReporter;
}

/** The payload with the uploaded file ids filled in (validation files under metadata.effective_config.data). */
export function withFileIds(payload: SFTJobPayload, trainingFileId: string, validationFileId?: string): Omit<SFTJobPayload, "training_file_id"> & { training_file_id: string } {
  const filled = structuredClone(payload) as unknown as Omit<SFTJobPayload, "training_file_id"> & { training_file_id: string };
  filled.training_file_id = trainingFileId;
  if (validationFileId) {
    const data = filled.metadata.effective_config.data as Record<string, unknown>;
    data.validation_files = [validationFileId];
  }
  return filled;
}

async function uploadOne(client: BackendClient, file: PreparedDataset, options: SubmitSftOptions): Promise<string> {
  options.report({ type: "step", step: "upload", message: `uploading ${file.name} (${file.examples} example${file.examples === 1 ? "" : "s"})` });
  const id = await uploadFile(client, file.path, file.name);
  await waitForFile(client, id, { intervalMs: options.fileIntervalMs, timeoutMs: options.fileTimeoutMs });
  options.report({ type: "step", step: "upload", message: `${file.name} stored as ${id}` });
  return id;
}

/** Uploads, creates and starts the SFT job; returns the job id. */
export async function submitSftJob(client: BackendClient, payload: SFTJobPayload, options: SubmitSftOptions): Promise<string> {
  const trainId = await uploadOne(client, options.train, options);
  const validationId = options.validation ? await uploadOne(client, options.validation, options) : undefined;
  options.report({ type: "step", step: "submit", message: `creating the SFT job at ${client.baseUrl}${JOB_PATHS.sft}` });
  options.report({ type: "idempotency_key", ...options.idempotency });
  const jobId = await createJob(client, "sft", withFileIds(payload, trainId, validationId), options.idempotency.key);
  options.report({ type: "step", step: "start", message: `starting job ${jobId}` });
  try {
    await client.send({ operation: `start job ${jobId}`, method: "POST", path: `${JOB_PATHS.sft}/${encodeURIComponent(jobId)}/start`, json: {}, retry: true });
  } catch (error) {
    // A retried start whose first answer was lost finds the job already started.
    if (!(error instanceof TrainError && error.status === 409)) throw error;
  }
  return jobId;
}
