/**
 * Reading a Deployment's rollout the way `kubectl rollout status` judges it
 * (observed generation, updated, available replicas), with what is wrong
 * with its pods: containers waiting on an image that cannot be pulled fail
 * the wait at once; crash loops and warning events are shown. The wait
 * itself watches the Deployment (`rollout-watch.ts`); `pollRollout` is its
 * fallback.
 */
import type { KubernetesObject } from "./kube-api.js";
import { describeClusterError, DeployClusterError, type Cluster } from "./cluster.js";

export interface DeploymentLike extends KubernetesObject {
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
  return rolloutOf(cluster, await readDeployment(cluster, namespace, name), namespace, name, selector);
}

/** The Deployment as the cluster holds it now. */
export async function readDeployment(cluster: Cluster, namespace: string, name: string): Promise<DeploymentLike> {
  try {
    return (await cluster.objects.read({ apiVersion: "apps/v1", kind: "Deployment", metadata: { name, namespace } })) as DeploymentLike;
  } catch (error) {
    throw describeClusterError(error, `read Deployment ${name} in namespace ${namespace}`, cluster);
  }
}

/** The rollout a Deployment object shows, judged as `kubectl rollout status` does, with its pods' troubles while it is not done. */
export async function rolloutOf(cluster: Cluster, deployment: DeploymentLike, namespace: string, name: string, selector: string): Promise<RolloutState & { fatal?: string }> {
  const s = deployment.status ?? {};
  const wanted = deployment.spec?.replicas ?? 1;
  const ready = s.readyReplicas ?? 0;
  const observed = (s.observedGeneration ?? 0) >= (deployment.metadata?.generation ?? 0);
  const stalled = s.conditions?.find((c) => c.type === "Progressing" && c.reason === "ProgressDeadlineExceeded");
  const done = observed && (s.updatedReplicas ?? 0) >= wanted && (s.replicas ?? 0) <= (s.updatedReplicas ?? 0) && (s.availableReplicas ?? 0) >= (s.updatedReplicas ?? 0) && ready >= wanted;
  const { problems, fatal: podFatal } = done ? { problems: [], fatal: undefined } : await podProblems(cluster, namespace, name, selector);
  let fatal = podFatal;
  if (stalled) fatal ??= `the rollout stalled: ${stalled.message ?? "progress deadline exceeded"}`;
  return { ready, wanted, done, problems, ...(fatal ? { fatal } : {}) };
}

/** What is wrong with the pods of a rollout: containers waiting for a reason (fatal ones named), and their warning events. */
async function podProblems(cluster: Cluster, namespace: string, name: string, selector: string): Promise<{ problems: string[]; fatal?: string | undefined }> {
  const problems: string[] = [];
  let fatal: string | undefined;
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
  return { problems, fatal };
}

/** Options of waitForRollout. */
export interface WaitOptions {
  timeoutMs: number;
  /** Between reads when polling, and between looks at the pods while the watch is quiet; default 1 s. */
  pollMs?: number;
  /** Called with each state that differs from the last. */
  onProgress?: (state: RolloutState) => void;
  /** Called once if the watch cannot be used and the wait falls back to polling, with why. */
  onFallback?: (reason: string) => void;
}

/** What a wait needs to say: the timeout's and the fatal problem's words. */
export function timeoutError(name: string, timeoutMs: number, state: RolloutState): DeployClusterError {
  const why = state.problems.length ? `; ${state.problems.join("; ")}` : "";
  return new DeployClusterError(`rollout of ${name} did not finish within ${Math.round(timeoutMs / 1000)} s: ${state.ready}/${state.wanted} ready${why}`);
}
export function fatalError(name: string, fatal: string): DeployClusterError {
  return new DeployClusterError(`rollout of ${name} failed: ${fatal}${/Image|image/.test(fatal) ? " (was the image pushed, and can the cluster pull it?)" : ""}`);
}

/** Reports a state when it differs from the last one reported. */
export function progressReporter(onProgress?: (state: RolloutState) => void) {
  let last = "";
  return (state: RolloutState) => {
    const key = JSON.stringify([state.ready, state.wanted, state.done, state.problems]);
    if (key !== last) onProgress?.({ ready: state.ready, wanted: state.wanted, done: state.done, problems: state.problems });
    last = key;
  };
}

/** Polls until the rollout is done (the fallback when the watch cannot be used); throws DeployClusterError on a fatal pod problem or the timeout. */
export async function pollRollout(cluster: Cluster, namespace: string, name: string, selector: string, options: WaitOptions & { deadline?: number; report?: (state: RolloutState) => void }): Promise<RolloutState> {
  const deadline = options.deadline ?? Date.now() + options.timeoutMs;
  const report = options.report ?? progressReporter(options.onProgress);
  for (;;) {
    const state = await readRollout(cluster, namespace, name, selector);
    report(state);
    if (state.done) return state;
    if (state.fatal) throw fatalError(name, state.fatal);
    if (Date.now() >= deadline) throw timeoutError(name, options.timeoutMs, state);
    await new Promise((resolve) => setTimeout(resolve, Math.min(options.pollMs ?? 1000, Math.max(0, deadline - Date.now()))));
  }
}
