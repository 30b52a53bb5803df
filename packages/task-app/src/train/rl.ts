/**
 * The RL half of `train` (CONTRACT.md §12): the backend verifies the task
 * app (`POST /rl/verify_task_app`, which must answer `any_ok`), the task app
 * passes the health probe, then the job is created with its idempotency key.
 */
import { checkTaskAppHealth } from "./health.js";
import { TrainError } from "./errors.js";
import type { BackendClient } from "./http.js";
import { createJob, type Idempotency } from "./jobs.js";
import type { TrainReporter } from "./events.js";

/** Asks the backend whether it can reach the task app; throws TrainError("verify_failed") unless it can. */
export async function verifyTaskApp(client: BackendClient, taskUrl: string): Promise<void> {
  const endpoint = taskUrl.replace(/\/+$/, "");
  const { body } = await client.send({ operation: "verify the task app", method: "POST", path: "/rl/verify_task_app", json: { endpoint_base_url: endpoint }, retry: true });
  if ((body as { any_ok?: unknown } | undefined)?.any_ok !== true)
    throw new TrainError("verify_failed", `the backend could not reach the task app at ${endpoint} (verify_task_app: any_ok is not true); check that it is deployed and TASK_APP_URL / --task-url point at it. Nothing was submitted`);
}

export interface RlPreflightOptions {
  taskUrl: string;
  environmentApiKey: string;
  aliases: readonly string[];
  report: TrainReporter;
}

/** Runs the task app health probe and reports it. */
export async function probeTaskApp(options: RlPreflightOptions): Promise<void> {
  const seen = await checkTaskAppHealth({ taskUrl: options.taskUrl, apiKey: options.environmentApiKey, aliases: options.aliases });
  options.report({ type: "step", step: "health", message: `task app healthy: ${seen.health}, ${seen.taskInfo}` });
}

/** Verifies the task app through the backend, probes it, and creates the RL job; returns the job id. */
export async function submitRlJob(
  client: BackendClient,
  payload: unknown,
  options: RlPreflightOptions & { idempotency: Idempotency },
): Promise<string> {
  options.report({ type: "step", step: "verify", message: `backend verifying the task app at ${options.taskUrl}` });
  await verifyTaskApp(client, options.taskUrl);
  await probeTaskApp(options);
  options.report({ type: "step", step: "submit", message: `creating the RL job at ${client.baseUrl}/rl/jobs` });
  options.report({ type: "idempotency_key", ...options.idempotency });
  return createJob(client, "rl", payload, options.idempotency.key);
}
