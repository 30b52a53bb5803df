/**
 * `deploy apply` and `deploy delete` against a cluster (`status` is status.ts):
 * the Secrets created when missing (never overwritten, never printed), the
 * rendered objects applied server-side (`application/apply-patch+yaml`,
 * field manager task-app), the rollout waited for, the app checked through
 * the cluster with the probes `task-app check` runs.
 */
import type { KubernetesObject } from "./kube-api.js";
import { checkTaskApp, type CheckReport } from "../check/index.js";
import { describeClusterError, DeployClusterError, statusOf, type Cluster } from "./cluster.js";
import { appLabels, FIELD_MANAGER } from "./kubernetes.js";
import { loadClientNode } from "./packages.js";
import { renderKubeObjects } from "./render.js";
import type { RolloutState } from "./rollout.js";
import { waitForRollout } from "./rollout-watch.js";
import { openServiceProxy } from "./service-proxy.js";
import { selectorOf, taskUrlOf } from "./status.js";
import type { DeploySettings } from "./settings.js";

/** What `applyDeploy` reports along the way. */
export type ApplyEvent =
  | { type: "secret"; name: string; created: boolean }
  | { type: "applied"; kind: string; name: string }
  | { type: "rollout"; state: RolloutState }
  /** The rollout could not be watched: it is polled instead. */
  | { type: "polling"; reason: string }
  | { type: "verifying"; via: string };

export interface ApplyOptions {
  settings: DeploySettings;
  /** ENVIRONMENT_API_KEY, for the Secret when it is missing and for the check. */
  apiKey?: string;
  /** The trace store URL a --trace flag gave, for its Secret when missing. */
  traceUrl?: string;
  force?: boolean;
  wait?: boolean;
  verify?: boolean;
  timeoutMs?: number;
  pollMs?: number;
  onEvent?: (event: ApplyEvent) => void;
}

export interface ApplyResult {
  rollout?: RolloutState;
  check?: CheckReport;
  taskUrl: { url: string; public: boolean };
}

async function ensureSecret(cluster: Cluster, settings: DeploySettings, name: string, key: string, value: string | undefined, what: string): Promise<boolean> {
  const ref = { apiVersion: "v1", kind: "Secret", metadata: { name, namespace: settings.namespace } };
  try {
    await cluster.objects.read(ref);
    return false;
  } catch (error) {
    if (statusOf(error) !== 404) throw describeClusterError(error, `read Secret ${name} in namespace ${settings.namespace}`, cluster);
  }
  if (value === undefined) throw new DeployClusterError(`Secret ${name} is not in namespace ${settings.namespace} and there is ${what}`);
  const secret = { ...ref, metadata: { ...ref.metadata, labels: appLabels(settings) }, type: "Opaque", stringData: { [key]: value } };
  try {
    await cluster.objects.create(secret as KubernetesObject);
  } catch (error) {
    if (statusOf(error) === 409) return false; // created meanwhile: theirs stands
    throw describeClusterError(error, `create Secret ${name} in namespace ${settings.namespace}`, cluster);
  }
  return true;
}

/** Creates missing Secrets, applies the objects, waits for the rollout, checks the app. Throws DeployClusterError. */
export async function applyDeploy(cluster: Cluster, options: ApplyOptions): Promise<ApplyResult> {
  const { settings, onEvent } = options;
  const objects = await renderKubeObjects(settings);
  const apiKeyMissing = "no ENVIRONMENT_API_KEY to create it from: set it, pass --env-file .env, or create the Secret yourself (kubectl create secret generic …)";
  onEvent?.({ type: "secret", name: settings.apiKey.secret, created: await ensureSecret(cluster, settings, settings.apiKey.secret, settings.apiKey.key, options.apiKey, apiKeyMissing) });
  if (settings.trace !== "off") {
    const missing = "no trace store URL to create it from: pass --trace postgres://… once, or create the Secret yourself";
    onEvent?.({ type: "secret", name: settings.trace.secret, created: await ensureSecret(cluster, settings, settings.trace.secret, settings.trace.key, options.traceUrl, missing) });
  }
  const { PatchStrategy } = await loadClientNode();
  for (const object of objects) {
    const meta = object.metadata as { name: string };
    try {
      await cluster.objects.patch(object as KubernetesObject, undefined, undefined, FIELD_MANAGER, options.force ? true : undefined, PatchStrategy.ServerSideApply);
    } catch (error) {
      throw describeClusterError(error, `apply ${String(object.kind)} ${meta.name} in namespace ${settings.namespace}`, cluster);
    }
    onEvent?.({ type: "applied", kind: String(object.kind), name: meta.name });
  }
  const result: ApplyResult = { taskUrl: taskUrlOf(settings) };
  if (options.wait === false) return result;
  result.rollout = await waitForRollout(cluster, settings.namespace, settings.name, selectorOf(settings), {
    timeoutMs: options.timeoutMs ?? 300_000,
    pollMs: options.pollMs,
    onProgress: (state) => onEvent?.({ type: "rollout", state }),
    onFallback: (reason) => onEvent?.({ type: "polling", reason }),
  });
  if (options.verify === false || !options.apiKey) return result;
  const proxy = await openServiceProxy(cluster, settings.namespace, settings.name);
  try {
    onEvent?.({ type: "verifying", via: `${cluster.server}/api/v1/namespaces/${settings.namespace}/services/${settings.name}:http/proxy` });
    result.check = await checkTaskApp({ url: proxy.url, apiKey: options.apiKey });
    result.check.url = result.taskUrl.url;
  } finally {
    await proxy.close();
  }
  return result;
}

/** Deletes the rendered objects (Secrets stay); returns what was deleted and what was already gone. */
export async function deleteDeploy(cluster: Cluster, settings: DeploySettings): Promise<{ deleted: string[]; absent: string[] }> {
  const objects = await renderKubeObjects(settings);
  const deleted: string[] = [];
  const absent: string[] = [];
  for (const object of objects.reverse()) {
    const label = `${String(object.kind)} ${(object.metadata as { name: string }).name}`;
    try {
      await cluster.objects.delete(object as KubernetesObject, undefined, undefined, undefined, undefined, "Foreground");
      deleted.push(label);
    } catch (error) {
      if (statusOf(error) === 404) absent.push(label);
      else throw describeClusterError(error, `delete ${label} in namespace ${settings.namespace}`, cluster);
    }
  }
  return { deleted, absent };
}
