/**
 * The task app health probe synth-ai's `train` runs before it submits
 * anything (CONTRACT.md §3.5): `GET /health` counts as OK on 200, or on
 * 401/403 whose body carries an expected key prefix (the app is up, the key
 * is for it to judge); `GET /task_info` must answer 200. The environment
 * key goes in all three headers synth-ai sends. Nothing from a body is
 * repeated, so a key prefix an app echoes never reaches the output.
 */
import { describeProbe, sendProbe, type Probe } from "../check/http.js";
import { authHeaders } from "../client/index.js";
import { TrainError } from "./errors.js";

export interface HealthOptions {
  taskUrl: string;
  apiKey: string;
  aliases?: readonly string[];
  timeoutMs?: number;
}

/** What the probe saw: one line per endpoint. */
export interface TaskAppHealth {
  health: string;
  taskInfo: string;
}

const refused = (p: Probe) => ([400, 401, 403].includes(p.status) ? " (the app refused ENVIRONMENT_API_KEY)" : "");

function healthOk(p: Probe): boolean {
  if (p.status === 200) return true;
  if (p.status !== 401 && p.status !== 403) return false;
  const body = p.json as { expected_api_key_prefix?: unknown; detail?: unknown } | undefined;
  return body?.expected_api_key_prefix !== undefined || (typeof body?.detail === "string" && /expected prefix/i.test(body.detail));
}

/** Probes `/health` and `/task_info`; throws TrainError("task_app_unhealthy") unless both pass. */
export async function checkTaskAppHealth(options: HealthOptions): Promise<TaskAppHealth> {
  const headers = authHeaders(options.apiKey, options.aliases);
  const request = { headers, timeoutMs: options.timeoutMs ?? 30_000 };
  const health = await sendProbe(options.taskUrl, "/health", request);
  if (health.status === 0)
    throw new TrainError("task_app_unhealthy", `task app at ${options.taskUrl} is unreachable (${health.error}); start it or fix --task-url / TASK_APP_URL. Nothing was submitted`);
  if (!healthOk(health))
    throw new TrainError("task_app_unhealthy", `task app health check failed: ${describeProbe(health)}${refused(health)}. Nothing was submitted`);
  const taskInfo = await sendProbe(options.taskUrl, "/task_info", request);
  if (taskInfo.status !== 200)
    throw new TrainError("task_app_unhealthy", `task app health check failed: ${describeProbe(taskInfo)}${refused(taskInfo)}. Nothing was submitted`);
  return { health: describeProbe(health), taskInfo: describeProbe(taskInfo) };
}
