/**
 * The connection to a Kubernetes API server (the current context of the
 * kubeconfig, as kubectl reads it) and the words for what it answers:
 * every failure becomes a DeployClusterError saying what was refused and
 * what to do, never a stack trace or a request body.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { ClientNode, KubeConfig, KubernetesObjectApi, RequestContext } from "./kube-api.js";
import { BodyTooLarge, DEFAULT_KUBE_LIMITS, KubeTimeout, RedirectRefused, sendKubeRequest, type KubeLimits } from "./kube-http.js";
import { loadClientNode } from "./packages.js";

/** A cluster call that failed, in words; `code` is the process exit code to use. */
export class DeployClusterError extends Error {
  override name = "DeployClusterError";
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** An open connection: the kubeconfig and the generic object client. */
export interface Cluster {
  kc: KubeConfig;
  objects: KubernetesObjectApi;
  /** The API server URL of the current context. */
  server: string;
  context: string;
  /** The bounds of every call to it (kube-http.ts). */
  limits: KubeLimits;
}

/**
 * Loads the kubeconfig (KUBECONFIG, else ~/.kube/config, else the in-cluster
 * service account). Every call made through the returned cluster goes
 * through kube-http.ts under `limits`. Throws DeployClusterError, or
 * DeployDependencyError without `@kubernetes/client-node`.
 */
export async function connectCluster(env: NodeJS.ProcessEnv = process.env, limits: Partial<KubeLimits> = {}): Promise<Cluster> {
  const paths = (env.KUBECONFIG ?? "").split(":").filter(Boolean);
  const inCluster = Boolean(env.KUBERNETES_SERVICE_HOST);
  if (!paths.some((p) => existsSync(p)) && !existsSync(join(homedir(), ".kube", "config")) && !inCluster)
    throw new DeployClusterError("no kubeconfig: set KUBECONFIG or create ~/.kube/config (kind, minikube and cloud CLIs write one); --dry-run needs none", 2);
  // Loaded once there is a cluster to talk to (it is most of a cluster command's start-up);
  // a DeployDependencyError when the package is not installed.
  const k8s = await loadClientNode();
  const kc = new k8s.KubeConfig();
  try {
    // `env`'s KUBECONFIG (merged as kubectl merges it), not process.env's: the caller's environment decides.
    const [first, ...rest] = paths;
    if (first === undefined) kc.loadFromDefault();
    else {
      kc.loadFromFile(first);
      for (const more of rest) {
        const next = new k8s.KubeConfig();
        next.loadFromFile(more);
        kc.mergeConfig(next);
      }
    }
  } catch (error) {
    throw new DeployClusterError(`cannot read the kubeconfig: ${(error as Error).message}`, 2);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new DeployClusterError(`the kubeconfig's current context ${JSON.stringify(kc.getCurrentContext())} names no cluster`, 2);
  const bounds = { ...DEFAULT_KUBE_LIMITS, ...limits };
  return { kc, objects: makeObjectApi(k8s, kc, cluster.server, bounds), server: cluster.server, context: kc.getCurrentContext(), limits: bounds };
}

/** The generic object client, its every request sent by deploy's transport instead of the library's own fetch (which follows redirects with the token and the body). */
function makeObjectApi(k8s: ClientNode, kc: KubeConfig, server: string, limits: KubeLimits): KubernetesObjectApi {
  const send = async (request: RequestContext) => {
    const body = request.getBody();
    const answer = await sendKubeRequest(
      {
        url: request.getUrl(),
        method: request.getHttpMethod(),
        headers: request.getHeaders(),
        body: typeof body === "string" || Buffer.isBuffer(body) ? body : body === undefined ? undefined : String(body),
        agent: request.getAgent(),
        signal: request.getSignal(),
      },
      limits,
    );
    return new k8s.ResponseContext(answer.status, answer.headers, { text: async () => answer.body.toString("utf8"), binary: async () => answer.body });
  };
  const configuration = k8s.createConfiguration({ baseServer: new k8s.ServerConfiguration(server, {}), authMethods: { default: kc }, httpApi: k8s.wrapHttpLibrary({ send }) });
  return new k8s.KubernetesObjectApi(configuration);
}

interface StatusBody {
  message?: string;
  reason?: string;
  details?: { causes?: { field?: string; message?: string }[] };
}

/** The HTTP status of a client-node error (ApiException), if it is one. */
export function statusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "number" ? code : undefined;
}

function statusBody(error: unknown): StatusBody {
  const body = (error as { body?: unknown })?.body;
  if (typeof body === "string") {
    try {
      return JSON.parse(body) as StatusBody;
    } catch {
      return { message: body.slice(0, 300) };
    }
  }
  return (body ?? {}) as StatusBody;
}

/** Words for a failed call on `what` (e.g. `apply Deployment math in namespace rl`). */
export function describeClusterError(error: unknown, what: string, cluster?: Pick<Cluster, "server" | "context">): DeployClusterError {
  const status = statusOf(error);
  const body = statusBody(error);
  const said = body.message ? `: ${body.message}` : "";
  switch (status) {
    case 401:
      return new DeployClusterError(`${what}: the cluster did not accept the kubeconfig's credentials (401)${said}; log in again (context ${cluster?.context ?? "?"})`);
    case 403:
      return new DeployClusterError(`${what}: forbidden (403)${said}; the kubeconfig's user needs RBAC rights for it (ask the cluster's admin, or use another context)`);
    case 404:
      return new DeployClusterError(`${what}: not found (404)${said}; does the namespace exist? (kubectl create namespace …)`);
    case 409: {
      const causes = (body.details?.causes ?? []).map((c) => `${c.field ?? ""} ${c.message ?? ""}`.trim()).filter(Boolean);
      return new DeployClusterError(
        `${what}: conflict (409)${said}${causes.length ? ` [${causes.join("; ")}]` : ""}; another field manager owns these fields: pass --force to take them over`,
      );
    }
    case 422:
      return new DeployClusterError(`${what}: the cluster refused the object (422)${said}`);
    case undefined: {
      if (error instanceof RedirectRefused)
        return new DeployClusterError(
          `${what}: the Kubernetes API at ${cluster?.server ?? "?"} answered a ${error.status} redirect to ${error.target}; deploy follows none (the kubeconfig's credentials and the request go only to the server it names): check the cluster's server URL in the kubeconfig`,
        );
      if (error instanceof KubeTimeout) return new DeployClusterError(`${what}: the Kubernetes API at ${cluster?.server ?? "?"} gave ${error.words}; is it up? (--timeout sets how long to wait)`);
      if (error instanceof BodyTooLarge) return new DeployClusterError(`${what}: the Kubernetes API at ${cluster?.server ?? "?"} answered more than ${error.limitBytes} bytes; reading stopped`);
      const message = (error as Error)?.message ?? String(error);
      return new DeployClusterError(`${what}: cannot reach the Kubernetes API at ${cluster?.server ?? "?"}: ${message}`);
    }
    default:
      return new DeployClusterError(`${what}: the cluster answered ${status}${said}`);
  }
}
