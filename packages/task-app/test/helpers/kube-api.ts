/**
 * A loopback Kubernetes API endpoint for `deploy apply / status / delete`
 * tests: it speaks the real protocol for the calls task-app makes
 * (discovery, server-side apply PATCH, get, list, create, delete, the
 * Service proxy, and a watch of a Deployment: `?watch=true` streaming JSON
 * lines of {type, object}) and refuses what a real API server refuses: a missing
 * bearer token (401), a wrong patch content type (415), an apply without a
 * field manager (422), an object whose namespace or name differs from the
 * URL's (400), an unknown namespace (404), RBAC denials (403), field
 * conflicts with another manager unless forced (409). A scripted
 * controller moves Deployments to ready (or never, or an image that cannot
 * be pulled). Every request is recorded.
 */
import type { ServerResponse } from "node:http";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { startLoopback, type LoopbackServer, type SeenRequest } from "./loopback.js";

interface Resource {
  name: string;
  kind: string;
  namespaced: boolean;
}
const RESOURCES: Record<string, Resource[]> = {
  v1: [
    { name: "services", kind: "Service", namespaced: true },
    { name: "secrets", kind: "Secret", namespaced: true },
    { name: "pods", kind: "Pod", namespaced: true },
    { name: "events", kind: "Event", namespaced: true },
    { name: "namespaces", kind: "Namespace", namespaced: false },
  ],
  "apps/v1": [{ name: "deployments", kind: "Deployment", namespaced: true }],
  "autoscaling/v2": [{ name: "horizontalpodautoscalers", kind: "HorizontalPodAutoscaler", namespaced: true }],
  "policy/v1": [{ name: "poddisruptionbudgets", kind: "PodDisruptionBudget", namespaced: true }],
  "networking.k8s.io/v1": [{ name: "ingresses", kind: "Ingress", namespaced: true }],
};

/** How the scripted controller treats Deployments. */
export type Rollout = { mode: "ready"; afterReads?: number } | { mode: "never" } | { mode: "bad-image" };

export interface KubeApiOptions {
  token?: string;
  namespaces?: string[];
  /** `verb resource` pairs RBAC denies, e.g. `patch deployments`. */
  forbidden?: string[];
  /** `resource/name` → the field manager that owns a field task-app also sets. */
  conflicts?: Record<string, string>;
  rollout?: Rollout;
  /** Where the Service proxy forwards (a running task app). */
  backend?: string;
  /**
   * How Deployment watches behave: stream every change (default); end the stream after its first
   * event (as an API server does at its watch timeout); answer the first watch with a 410 ERROR
   * event (a resourceVersion too old); or send lines that are not events before the real ones.
   */
  watch?: "stream" | "drop" | "expire" | "garbage";
  /** The message of the pods' waiting state when the rollout never gets ready (default: a crash loop's back-off). */
  podMessage?: string;
  /** Requests this endpoint answers with a redirect to `location` (status 307 unless given) instead of serving them. */
  redirect?: { when: (method: string, path: string) => boolean; location: string; status?: number };
}

export interface KubeApi {
  url: string;
  kubeconfig: string;
  seen: SeenRequest[];
  /** Objects by `resource/namespace/name`. */
  store: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

function status(res: ServerResponse, code: number, reason: string, message: string, details?: Record<string, unknown>) {
  res.writeHead(code, { "content-type": "application/json" });
  res.end(JSON.stringify({ kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code, ...(details ? { details } : {}) }));
}
function json(res: ServerResponse, code: number, body: unknown) {
  res.writeHead(code, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Starts the endpoint and writes a kubeconfig pointing at it (token auth, namespace default). */
export async function startKubeApi(options: KubeApiOptions = {}): Promise<KubeApi> {
  const token = options.token ?? "loopback-token-0123456789";
  const namespaces = new Set(options.namespaces ?? ["default"]);
  const store = new Map<string, Record<string, unknown>>();
  const reads = new Map<string, number>();
  let resourceVersion = 1;
  const rollout = options.rollout ?? { mode: "ready", afterReads: 2 };
  const watch = options.watch ?? "stream";
  let watches = 0;

  const deploymentView = (key: string, object: Record<string, unknown>) => {
    const meta = object.metadata as { name: string; namespace: string; generation: number };
    const hpa = store.get(`horizontalpodautoscalers/${meta.namespace}/${meta.name}`) as { spec?: { minReplicas?: number } } | undefined;
    const spec = object.spec as Record<string, unknown>;
    const wanted = (spec.replicas as number | undefined) ?? hpa?.spec?.minReplicas ?? 1;
    const n = (reads.get(key) ?? 0) + 1;
    reads.set(key, n);
    const ready = rollout.mode === "ready" && n > (rollout.afterReads ?? 2) ? wanted : rollout.mode === "ready" ? Math.min(wanted, n - 1) : 0;
    return {
      ...object,
      spec: { ...spec, replicas: wanted },
      status: { observedGeneration: meta.generation, replicas: wanted, updatedReplicas: wanted, readyReplicas: ready, availableReplicas: ready },
    };
  };
  const podsOf = (namespace: string, name: string) => {
    const dep = store.get(`deployments/${namespace}/${name}`);
    if (!dep) return [];
    const wanted = (dep.spec as { replicas?: number }).replicas ?? 1;
    const waiting =
      rollout.mode === "never"
        ? { reason: "CrashLoopBackOff", message: options.podMessage ?? "back-off 40s restarting failed container=task-app" }
        : rollout.mode === "bad-image"
          ? { reason: "ImagePullBackOff", message: `Back-off pulling image "${String(((dep.spec as any).template.spec.containers[0] as { image: string }).image)}"` }
          : undefined;
    return Array.from({ length: wanted }, (_, i) => ({
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: `${name}-7d9f-${i}`, namespace, labels: { "app.kubernetes.io/name": name } },
      status: { phase: waiting ? "Pending" : "Running", containerStatuses: [{ name: "task-app", ready: !waiting, state: waiting ? { waiting } : { running: {} } }] },
    }));
  };

  let server: LoopbackServer;
  const handle = async (req: SeenRequest, res: ServerResponse) => {
    const url = new URL(req.path, "http://x");
    if (options.redirect?.when(req.method, req.path)) {
      res.writeHead(options.redirect.status ?? 307, { location: options.redirect.location });
      return res.end();
    }
    if (req.headers.authorization !== `Bearer ${token}`) return status(res, 401, "Unauthorized", "Unauthorized");
    const m = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))(?:\/namespaces\/([^/]+))?(?:\/([^/]+))?(?:\/([^/]+))?(\/proxy(\/.*)?)?$/.exec(url.pathname);
    if (!m) return status(res, 404, "NotFound", "the server could not find the requested resource");
    const groupVersion = m[1] ?? m[2]!;
    const resources = RESOURCES[groupVersion];
    if (!resources) return status(res, 404, "NotFound", "the server could not find the requested resource");
    const [ns, resourceName, name, proxy, proxyPath] = [m[3], m[4], m[5], m[6], m[7]];
    if (!resourceName) {
      if (req.method !== "GET") return status(res, 405, "MethodNotAllowed", "the server does not allow this method");
      return json(res, 200, {
        kind: "APIResourceList",
        apiVersion: "v1",
        groupVersion,
        resources: resources.map((r) => ({ name: r.name, singularName: r.kind.toLowerCase(), namespaced: r.namespaced, kind: r.kind, verbs: ["create", "delete", "get", "list", "patch", "update", "watch"] })),
      });
    }
    const resource = resources.find((r) => r.name === resourceName);
    if (!resource) return status(res, 404, "NotFound", "the server could not find the requested resource");
    const group = groupVersion.includes("/") ? groupVersion.split("/")[0]! : "";
    const qualified = group ? `${resource.name}.${group}` : resource.name;
    if (ns && !namespaces.has(ns)) return status(res, 404, "NotFound", `namespaces "${ns}" not found`, { name: ns, kind: "namespaces" });
    const watching = req.method === "GET" && !name && url.searchParams.get("watch") === "true";
    const verb = watching ? "watch" : ({ GET: name ? "get" : "list", PATCH: "patch", POST: "create", DELETE: "delete", PUT: "update" }[req.method] ?? "unknown");
    if (options.forbidden?.includes(`${verb} ${resource.name}`))
      return status(res, 403, "Forbidden", `${qualified}${name ? ` "${name}"` : ""} is forbidden: User "tester" cannot ${verb} resource "${resource.name}" in API group "${group}" in the namespace "${ns}"`);

    if (proxy) {
      if (resource.name !== "services" || req.method === "DELETE") return status(res, 404, "NotFound", "no proxy here");
      const [svc, port] = (name ?? "").split(":");
      if (!store.has(`services/${ns}/${svc}`)) return status(res, 404, "NotFound", `services "${svc}" not found`);
      if (port !== "http" || !options.backend) return status(res, 503, "ServiceUnavailable", `no endpoints available for service "${svc}"`);
      const target = `${options.backend}${proxyPath ?? "/"}${url.search}`;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && !["host", "authorization", "connection", "content-length", "transfer-encoding"].includes(k)) headers[k] = v;
      const answer = await fetch(target, { method: req.method, headers, ...(req.method === "GET" || req.method === "HEAD" ? {} : { body: req.body }) });
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/octet-stream" });
      return res.end(Buffer.from(await answer.arrayBuffer()));
    }

    if (watching) {
      // The watch protocol: 200 with one JSON line {type, object} per change, the stream held open.
      if (resource.kind !== "Deployment") return status(res, 405, "MethodNotAllowed", "this endpoint watches Deployments only");
      const watched = /^metadata\.name=(.+)$/.exec(url.searchParams.get("fieldSelector") ?? "")?.[1];
      if (!watched) return status(res, 400, "BadRequest", "this endpoint needs fieldSelector=metadata.name=<name>");
      const watchKey = `deployments/${ns}/${watched}`;
      res.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
      watches++;
      if (watch === "expire" && watches === 1) {
        // The version asked for is older than the server keeps: an ERROR event with a 410 Status, then the end.
        res.write(`${JSON.stringify({ type: "ERROR", object: { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message: "too old resource version", reason: "Expired", code: 410 } })}\n`);
        return res.end();
      }
      if (watch === "garbage") res.write('not json at all\n{"type": "MODIFIED", "object": \n\n');
      const since = Number(url.searchParams.get("resourceVersion") ?? "0");
      let last = "";
      let sent = 0;
      const tick = () => {
        const object = store.get(watchKey);
        if (!object) return;
        const view = deploymentView(watchKey, object);
        const key = JSON.stringify(view.status);
        if (key === last) return;
        last = key;
        const rv = String(++resourceVersion);
        if (Number(rv) <= since) return;
        res.write(`${JSON.stringify({ type: sent++ === 0 && !since ? "ADDED" : "MODIFIED", object: { ...view, metadata: { ...((view as Record<string, unknown>).metadata as object), resourceVersion: rv } } })}\n`);
        if (watch === "drop" && sent === 1) res.end();
      };
      tick();
      const timer = setInterval(tick, 40);
      res.on("close", () => clearInterval(timer));
      return;
    }

    const key = `${resource.name}/${ns}/${name}`;
    if (req.method === "GET" && name) {
      const object = store.get(key);
      if (!object) return status(res, 404, "NotFound", `${qualified} "${name}" not found`, { name, kind: resource.name, group });
      return json(res, 200, resource.kind === "Deployment" ? deploymentView(key, object) : object);
    }
    if (req.method === "GET") {
      let items: Record<string, unknown>[] = [...store.entries()].filter(([k]) => k.startsWith(`${resource.name}/${ns}/`)).map(([, v]) => v);
      const selector = url.searchParams.get("labelSelector");
      if (resource.kind === "Pod") {
        const appName = /^app\.kubernetes\.io\/name=(.+)$/.exec(selector ?? "")?.[1];
        items = appName ? podsOf(ns!, appName) : [];
      }
      if (resource.kind === "Event") {
        const pod = /^involvedObject\.name=(.+)$/.exec(url.searchParams.get("fieldSelector") ?? "")?.[1];
        items =
          pod && rollout.mode !== "ready"
            ? [{ apiVersion: "v1", kind: "Event", metadata: { name: `${pod}.1`, namespace: ns }, type: "Warning", reason: rollout.mode === "never" ? "BackOff" : "Failed", message: rollout.mode === "never" ? "Back-off restarting failed container" : "Failed to pull image: not found" }]
            : [];
      }
      return json(res, 200, { kind: `${resource.kind}List`, apiVersion: groupVersion, metadata: { resourceVersion: String(resourceVersion) }, items });
    }
    if (req.method === "PATCH") {
      const type = req.headers["content-type"];
      if (type !== "application/apply-patch+yaml") return status(res, 415, "UnsupportedMediaType", `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml`);
      const manager = url.searchParams.get("fieldManager");
      if (!manager) return status(res, 422, "Invalid", `PATCH ${resource.name} "${name}": fieldManager: Required value: is required for apply patch`);
      let body: Record<string, unknown>;
      try {
        body = parse(req.body) as Record<string, unknown>;
      } catch (error) {
        return status(res, 400, "BadRequest", `error decoding YAML: ${(error as Error).message}`);
      }
      const meta = (body.metadata ?? {}) as { name?: string; namespace?: string };
      if (body.apiVersion !== groupVersion || body.kind !== resource.kind) return status(res, 400, "BadRequest", `the API version in the data (${String(body.apiVersion)}) does not match the expected API version (${groupVersion})`);
      if (meta.namespace !== undefined && meta.namespace !== ns) return status(res, 400, "BadRequest", "the namespace of the provided object does not match the namespace sent on the request");
      if (meta.name !== name) return status(res, 400, "BadRequest", "the name of the object does not match the name on the URL");
      const owner = options.conflicts?.[`${resource.name}/${name}`];
      if (owner && url.searchParams.get("force") !== "true")
        return status(res, 409, "Conflict", `Apply failed with 1 conflict: conflict with "${owner}" using ${groupVersion}: .spec.template.spec.containers[name="task-app"].image`, {
          causes: [{ reason: "FieldManagerConflict", message: `conflict with "${owner}" using ${groupVersion}`, field: '.spec.template.spec.containers[name="task-app"].image' }],
        });
      const previous = store.get(key) as { metadata: { generation: number; uid: string } } | undefined;
      const stored = {
        ...body,
        metadata: {
          ...meta,
          namespace: ns,
          uid: previous?.metadata.uid ?? `uid-${resourceVersion}`,
          generation: (previous?.metadata.generation ?? 0) + 1,
          resourceVersion: String(++resourceVersion),
          managedFields: [{ manager, operation: "Apply", apiVersion: groupVersion }],
        },
      };
      store.set(key, stored);
      reads.delete(key);
      return json(res, previous ? 200 : 201, stored);
    }
    if (req.method === "POST") {
      if (req.headers["content-type"] !== "application/json") return status(res, 415, "UnsupportedMediaType", "the body of the request was in an unknown format");
      const body = JSON.parse(req.body) as { metadata?: { name?: string; namespace?: string } };
      const created = body.metadata?.name;
      if (!created) return status(res, 422, "Invalid", "metadata.name: Required value");
      if (body.metadata?.namespace && body.metadata.namespace !== ns) return status(res, 400, "BadRequest", "the namespace of the provided object does not match the namespace sent on the request");
      const createdKey = `${resource.name}/${ns}/${created}`;
      if (store.has(createdKey)) return status(res, 409, "AlreadyExists", `${qualified} "${created}" already exists`);
      store.set(createdKey, { ...body, metadata: { ...body.metadata, namespace: ns, resourceVersion: String(++resourceVersion) } });
      return json(res, 201, store.get(createdKey));
    }
    if (req.method === "DELETE") {
      if (!store.has(key)) return status(res, 404, "NotFound", `${qualified} "${name}" not found`);
      store.delete(key);
      return json(res, 200, { kind: "Status", apiVersion: "v1", metadata: {}, status: "Success", details: { name, kind: resource.name } });
    }
    return status(res, 405, "MethodNotAllowed", "the server does not allow this method on the requested resource");
  };
  server = await startLoopback(async (req, res) => {
    await handle(req, res).catch((error) => status(res, 500, "InternalError", String(error)));
  });

  const dir = await mkdtemp(path.join(os.tmpdir(), "kube-api-"));
  const kubeconfig = path.join(dir, "config");
  await writeFile(
    kubeconfig,
    [
      "apiVersion: v1",
      "kind: Config",
      "clusters:",
      "  - name: loopback",
      "    cluster:",
      `      server: ${server.url}`,
      // client-node refuses plain http unless told: a real cluster speaks https.
      "      insecure-skip-tls-verify: true",
      "users:",
      "  - name: tester",
      "    user:",
      `      token: ${token}`,
      "contexts:",
      "  - name: loopback",
      "    context:",
      "      cluster: loopback",
      "      user: tester",
      "      namespace: default",
      "current-context: loopback",
      "",
    ].join("\n"),
  );
  return { url: server.url, kubeconfig, seen: server.seen, store, close: () => server.close() };
}
