/**
 * Waiting for a Deployment's rollout with a Kubernetes watch: one GET for
 * the state and its resourceVersion, then a watch of that Deployment
 * (`?watch=true&fieldSelector=metadata.name=…` from that version), each
 * change judged as it arrives. The pods' troubles do not change the
 * Deployment, so while the watch is quiet the pods are listed every
 * `pollMs` (the Deployment as last seen is judged with them). A stream the server ends (its watch timeout) is watched again
 * from the last version seen; a watch the server refuses or breaks (no
 * watch right, a proxy that cuts streams, a version too old to resume
 * from twice) falls back to polling for the time that is left.
 */
import { DeployClusterError, type Cluster } from "./cluster.js";
import { watchObjects } from "./kube-watch.js";
import { fatalError, pollRollout, progressReporter, readDeployment, rolloutOf, timeoutError, type DeploymentLike, type RolloutState, type WaitOptions } from "./rollout.js";

/** A watch that cannot be used (the wait polls instead). */
class WatchUnusable extends Error {}

/** Streams in a row that end without any change before the watch is given up. */
const EMPTY_STREAMS = 3;

/** Waits until the rollout is done; throws DeployClusterError on a fatal pod problem, a deleted Deployment or the timeout. */
export async function waitForRollout(cluster: Cluster, namespace: string, name: string, selector: string, options: WaitOptions): Promise<RolloutState> {
  const deadline = Date.now() + options.timeoutMs;
  const report = progressReporter(options.onProgress);
  const deployment = await readDeployment(cluster, namespace, name);
  const first = await rolloutOf(cluster, deployment, namespace, name, selector);
  report(first);
  if (first.done) return first;
  if (first.fatal) throw fatalError(name, first.fatal);
  try {
    return await watchRollout(cluster, namespace, name, selector, { ...options, deadline, report, state: first, deployment });
  } catch (error) {
    if (!(error instanceof WatchUnusable)) throw error;
    options.onFallback?.(error.message);
    return pollRollout(cluster, namespace, name, selector, { ...options, deadline, report });
  }
}

interface WatchContext extends WaitOptions {
  deadline: number;
  report: (state: RolloutState) => void;
  state: RolloutState;
  /** The Deployment as last seen (read, then from the watch). */
  deployment: DeploymentLike;
}

async function watchRollout(cluster: Cluster, namespace: string, name: string, selector: string, context: WatchContext): Promise<RolloutState> {
  let state: RolloutState = context.state;
  let seen = context.deployment;
  let version = seen.metadata?.resourceVersion;
  return new Promise<RolloutState>((resolve, reject) => {
    let settled = false;
    let controller: AbortController | undefined;
    let empty = 0;
    let expired = 0;
    // Judging a change lists pods (async): changes are judged one at a time, in order.
    let queue: Promise<void> = Promise.resolve();
    const timers: NodeJS.Timeout[] = [];
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearInterval(t);
      controller?.abort();
      outcome();
    };
    const fail = (error: unknown) => settle(() => reject(error));
    const judge = (deployment: DeploymentLike) => {
      queue = queue
        .then(async () => {
          if (settled) return;
          const next = await rolloutOf(cluster, deployment, namespace, name, selector);
          if (settled) return;
          state = next;
          context.report(next);
          if (next.done) settle(() => resolve(next));
          else if (next.fatal) fail(fatalError(name, next.fatal));
        })
        .catch(fail);
    };
    let changed = Date.now();
    timers.push(setTimeout(() => fail(timeoutError(name, context.timeoutMs, state)), Math.max(0, context.deadline - Date.now())));
    // The pods' troubles (an image that cannot be pulled, a crash loop) while the Deployment itself is quiet.
    timers.push(setInterval(() => Date.now() - changed >= (context.pollMs ?? 1000) && judge(seen), context.pollMs ?? 1000));
    const start = () => {
      let received = false;
      controller = watchObjects(
        cluster,
        `/apis/apps/v1/namespaces/${encodeURIComponent(namespace)}/deployments`,
        { fieldSelector: `metadata.name=${name}`, allowWatchBookmarks: true, ...(version ? { resourceVersion: version } : {}) },
        (type: string, object: DeploymentLike & { code?: number; message?: string }) => {
          if (settled) return;
          received = true;
          if (type === "ERROR") {
            // 410 Gone: the version is too old to resume from; the next watch starts from the current state (an ADDED event).
            if (object.code === 410 && ++expired <= 1) version = undefined;
            else fail(new WatchUnusable(`the watch answered an error: ${object.message ?? object.code ?? "?"}`));
            return;
          }
          version = object.metadata?.resourceVersion ?? version;
          if (type === "BOOKMARK") return;
          if (type === "DELETED") return fail(new DeployClusterError(`rollout of ${name}: the Deployment was deleted while waiting for it`));
          changed = Date.now();
          seen = object;
          judge(object);
        },
        (error: unknown) => {
          if (settled) return;
          if (error) return fail(new WatchUnusable(`the watch failed: ${error instanceof Error ? error.message : String(error)}`));
          // The server ended the stream (its watch timeout): watch again from the last version seen.
          empty = received ? 0 : empty + 1;
          if (empty >= EMPTY_STREAMS) return fail(new WatchUnusable("the watch streams ended without any change"));
          start();
        },
      );
    };
    start();
  });
}
