/**
 * `deploy status` against a cluster: the rollout, the autoscaler's view and
 * the task URL. Apart from apply so that a status loads neither the object
 * renderer nor the check probes.
 */
import type { KubernetesObject } from "./kube-api.js";
import { describeClusterError, statusOf, type Cluster } from "./cluster.js";
import { SERVICE_PORT } from "./kubernetes.js";
import { readRollout, type RolloutState } from "./rollout.js";
import type { DeploySettings } from "./settings.js";

/** The label selector of the app's pods. */
export const selectorOf = (settings: Pick<DeploySettings, "name">) => `app.kubernetes.io/name=${settings.name}`;

/** Where a trainer reaches the app: the Ingress host, else the Service's in-cluster name. */
export function taskUrlOf(settings: DeploySettings): { url: string; public: boolean } {
  if (settings.ingress) return { url: `${settings.ingress.tlsSecret ? "https" : "http"}://${settings.ingress.host}`, public: true };
  return { url: `http://${settings.name}.${settings.namespace}.svc.cluster.local${SERVICE_PORT === 80 ? "" : `:${SERVICE_PORT}`}`, public: false };
}

/** The rollout's state and the HPA's view; throws DeployClusterError (404 when nothing is deployed). */
export async function deployStatus(cluster: Cluster, settings: DeploySettings): Promise<{ rollout: RolloutState; autoscaler?: { current?: number; desired?: number; min?: number; max?: number }; taskUrl: { url: string; public: boolean } }> {
  const rollout = await readRollout(cluster, settings.namespace, settings.name, selectorOf(settings));
  let autoscaler: { current?: number; desired?: number; min?: number; max?: number } | undefined;
  try {
    const hpa = (await cluster.objects.read({ apiVersion: "autoscaling/v2", kind: "HorizontalPodAutoscaler", metadata: { name: settings.name, namespace: settings.namespace } })) as KubernetesObject & {
      spec?: { minReplicas?: number; maxReplicas?: number };
      status?: { currentReplicas?: number; desiredReplicas?: number };
    };
    autoscaler = { current: hpa.status?.currentReplicas, desired: hpa.status?.desiredReplicas, min: hpa.spec?.minReplicas, max: hpa.spec?.maxReplicas };
  } catch (error) {
    if (statusOf(error) !== 404) throw describeClusterError(error, `read HorizontalPodAutoscaler ${settings.name}`, cluster);
  }
  return { rollout, ...(autoscaler ? { autoscaler } : {}), taskUrl: taskUrlOf(settings) };
}
