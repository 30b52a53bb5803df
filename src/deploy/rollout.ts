/**
 * Waiting for a Deployment's rollout, the way `kubectl rollout status`
 * judges it (observed generation, updated, available replicas), with what
 * is wrong with its pods: containers waiting on an image that cannot be
 * pulled fail the wait at once; crash loops and warning events are shown.
 */
import type { KubernetesObject } from "@kubernetes/client-node";
import { describeClusterError, DeployClusterError, type Cluster } from "./cluster.js";

interface DeploymentLike extends KubernetesObject {
  spec?: { replicas?: number };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    updatedReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    conditions?: { type?: string; reason?: string; message?: string }[];
  };
}
interface PodLike extends KubernetesObject {
  status?: { phase?: string; containerStatuses?: { name?: string; state?: { waiting?: { reason?: string; message?: string }; terminated?: { reason?: string; exitCode?: number } } }[] };
}
interface EventLike extends KubernetesObject {
  type?: string;
  reason?: string;
  message?: string;
}

/** The rollout as last seen. */
export interface RolloutState {
  ready: number;
  wanted: number;
  done: boolean;
  /** One line per pod in trouble: `pod-x: CrashLoopBackOff: back-off 10s restarting…`. */
  problems: string[];
}

/** Waiting reasons no amount of waiting fixes. */
const FATAL = new Set(["ErrImagePull", "ImagePullBackOff", "InvalidImageName", "CreateContainerConfigError", "CreateContainerError"]);

/** Reads the rollout's state once (the Deployment, then its pods' troubles). */
export async function readRollout(cluster: Cluster, namespace: string, name: string, selector: string): Promise<RolloutState & { fatal?: string }> {
  let deployment: DeploymentLike;
  try {
    deployment = (await cluster.objects.read({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name, namespace } })) as DeploymentLike;
  } catch (error) {
    throw describeClusterError(error, `read Deployment ${name} in namespace ${namespace}`, cluster);
  }
  const s = deployment.status ?? {};
  const wanted = deployment.spec?.replicas ?? 1;
  const ready = s.readyReplicas ?? 0;
  const observed = (s.observedGeneration ?? 0) >= (deployment.metadata?.generation ?? 0);
  const stalled = s.conditions?.find((c) => c.type === "Progressing" && c.reason === "ProgressDeadlineExceeded");
  const done = observed && (s.updatedReplicas ?? 0) >= wanted && (s.replicas ?? 0) <= (s.updatedReplicas ?? 0) && (s.availableReplicas ?? 0) >= (s.updatedReplicas ?? 0) && ready >= wanted;
  const problems: string[] = [];
  let fatal: string | undefined;
  if (!done) {
    let pods: PodLike[] = [];
    try {
      pods = (await cluster.objects.list("v1", "Pod", namespace, undefined, undefined, undefined, undefined, selector)).items as PodLike[];
    } catch (error) {
      throw describeClusterError(error, `list the pods of ${name} in namespace ${namespace}`, cluster);
    }
    for (const pod of pods) {
      const podName = pod.metadata?.name ?? "?";
      for (const c of pod.status?.containerStatuses ?? []) {
        const waiting = c.state?.waiting;
        if (!waiting?.reason || waiting.reason === "ContainerCreating" || waiting.reason === "PodInitializing") continue;
        const line = `${podName}: ${waiting.reason}${waiting.message ? `: ${waiting.message}` : ""}`;
        problems.push(line);
        if (FATAL.has(waiting.reason)) fatal ??= line;
      }
      if (problems.some((p) => p.startsWith(`${podName}:`)) || pod.status?.phase === "Failed") {
        const events = await cluster.objects
          .list("v1", "Event", namespace, undefined, undefined, undefined, `involvedObject.name=${podName}`)
          .then((list) => list.items as EventLike[])
          .catch(() => [] as EventLike[]);
        for (const e of events.filter((e) => e.type === "Warning").slice(-3)) problems.push(`${podName}: event ${e.reason ?? ""}: ${e.message ?? ""}`);
      }
    }
  }
  if (stalled) fatal ??= `the rollout stalled: ${stalled.message ?? "progress deadline exceeded"}`;
  return { ready, wanted, done, problems, ...(fatal ? { fatal } : {}) };
}

/** Options of waitForRollout. */
export interface WaitOptions {
  timeoutMs: number;
  /** Between reads; default 1 s. */
  pollMs?: number;
  /** Called with each state that differs from the last. */
  onProgress?: (state: RolloutState) => void;
}

/** Polls until the rollout is done; throws DeployClusterError on a fatal pod problem or the timeout. */
export async function waitForRollout(cluster: Cluster, namespace: string, name: string, selector: string, options: WaitOptions): Promise<RolloutState> {
  const deadline = Date.now() + options.timeoutMs;
  let last = "";
  for (;;) {
    const state = await readRollout(cluster, namespace, name, selector);
    const key = JSON.stringify([state.ready, state.wanted, state.done, state.problems]);
    if (key !== last) options.onProgress?.(state);
    last = key;
    if (state.done) return state;
    if (state.fatal) throw new DeployClusterError(`rollout of ${name} failed: ${state.fatal}${/Image|image/.test(state.fatal) ? " (was the image pushed, and can the cluster pull it?)" : ""}`);
    if (Date.now() >= deadline) {
      const why = state.problems.length ? `; ${state.problems.join("; ")}` : "";
      throw new DeployClusterError(`rollout of ${name} did not finish within ${Math.round(options.timeoutMs / 1000)} s: ${state.ready}/${state.wanted} ready${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs ?? 1000, Math.max(0, deadline - Date.now()))));
  }
}
