/**
 * The Kubernetes objects of a deployed task app, built as typed
 * `kubernetes-models` objects (never YAML text): Deployment, Service,
 * HorizontalPodAutoscaler, PodDisruptionBudget and, when asked, an Ingress.
 * Keys and the trace store URL reach the pod only as secretKeyRefs.
 * The classes come from loadKubernetesModels (an optional peer package);
 * this file's imports of the package are types only.
 */
import type { Deployment } from "kubernetes-models/apps/v1/Deployment";
import type { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import type { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import type { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import type { Service } from "kubernetes-models/v1/Service";
import type { IEnvVar } from "kubernetes-models/v1/EnvVar";
import { APP_UID, METRICS_PORT, PROBE_PATH, serveCommand } from "./dockerfile.js";
import { IN_FLIGHT_METRIC, METRICS_PATH } from "../server/metrics.js";
import { loadKubernetesModels, type KubernetesModels } from "./packages.js";
import { PRESTOP_SECONDS, type DeploySettings } from "./settings.js";

/** The port the Service listens on inside the cluster. */
export const SERVICE_PORT = 80;
/** The field manager of every server-side apply. */
export const FIELD_MANAGER = "task-app";

/** One rendered object with the file it goes in. */
export interface KubeObject {
  file: string;
  object: { apiVersion: string; kind: string; metadata?: { name?: string; namespace?: string }; validate(): void; toJSON(): unknown };
}

/** Labels every object carries; the selector uses the first. */
export function appLabels(settings: Pick<DeploySettings, "name">): Record<string, string> {
  return { "app.kubernetes.io/name": settings.name, "app.kubernetes.io/managed-by": FIELD_MANAGER };
}
const selectorOf = (settings: Pick<DeploySettings, "name">) => ({ "app.kubernetes.io/name": settings.name });

const secretEnv = (name: string, ref: { secret: string; key: string }): IEnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: ref.secret, key: ref.key } },
});

function deployment(m: KubernetesModels, s: DeploySettings): Deployment {
  const metadata = { name: s.name, namespace: s.namespace, labels: appLabels(s) };
  const env: IEnvVar[] = [secretEnv("ENVIRONMENT_API_KEY", s.apiKey)];
  if (s.trace !== "off") env.push(secretEnv("TASKAPP_TRACE_DB", s.trace));
  for (const [name, ref] of s.env) env.push(secretEnv(name, ref));
  const probe = { httpGet: { path: PROBE_PATH, port: "http" }, timeoutSeconds: 3 };
  return new m.Deployment({
    metadata,
    spec: {
      // No `replicas`: the HorizontalPodAutoscaler owns it (an applied count would fight it on every apply).
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorOf(s) },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: {
          labels: appLabels(s),
          // The in-flight gauge, for a Prometheus that discovers targets by these annotations.
          annotations: { "prometheus.io/scrape": "true", "prometheus.io/port": String(METRICS_PORT), "prometheus.io/path": METRICS_PATH },
        },
        spec: {
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: s.terminationGraceSeconds,
          securityContext: { runAsNonRoot: true, runAsUser: APP_UID, runAsGroup: APP_UID, fsGroup: APP_UID, seccompProfile: { type: "RuntimeDefault" } },
          containers: [
            {
              name: "task-app",
              image: s.image,
              imagePullPolicy: "IfNotPresent",
              // The image's CMD, spelled out so the pod runs the same command whatever the image says.
              command: serveCommand(s),
              ports: [
                { name: "http", containerPort: s.port, protocol: "TCP" },
                { name: "metrics", containerPort: METRICS_PORT, protocol: "TCP" },
              ],
              // Scale-in and rolling updates: wait until the endpoints drop the pod, then SIGTERM drains what is in flight.
              lifecycle: { preStop: { exec: { command: ["sleep", String(PRESTOP_SECONDS)] } } },
              env,
              resources: {
                requests: { cpu: s.resources.cpuRequest, memory: s.resources.memoryRequest },
                limits: { cpu: s.resources.cpuLimit, memory: s.resources.memoryLimit },
              },
              startupProbe: { ...probe, periodSeconds: 2, failureThreshold: 30 },
              readinessProbe: { ...probe, periodSeconds: 5, failureThreshold: 2 },
              livenessProbe: { ...probe, periodSeconds: 10, failureThreshold: 3 },
              securityContext: {
                runAsNonRoot: true,
                allowPrivilegeEscalation: false,
                privileged: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ["ALL"] },
              },
              volumeMounts: [{ name: "tmp", mountPath: "/tmp" }],
            },
          ],
          volumes: [{ name: "tmp", emptyDir: { sizeLimit: "256Mi" } }],
        },
      },
    },
  });
}

function service(m: KubernetesModels, s: DeploySettings): Service {
  return new m.Service({
    metadata: { name: s.name, namespace: s.namespace, labels: appLabels(s) },
    spec: { type: "ClusterIP", selector: selectorOf(s), ports: [{ name: "http", port: SERVICE_PORT, targetPort: "http", protocol: "TCP" }] },
  });
}

function autoscaler(m: KubernetesModels, s: DeploySettings): HorizontalPodAutoscaler {
  return new m.HorizontalPodAutoscaler({
    metadata: { name: s.name, namespace: s.namespace, labels: appLabels(s) },
    spec: {
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: s.name },
      minReplicas: s.replicas.min,
      maxReplicas: s.replicas.max,
      // The rollouts in flight per pod first (a Pods metric, served by a custom metrics adapter); CPU as the fallback.
      metrics: [
        { type: "Pods", pods: { metric: { name: IN_FLIGHT_METRIC }, target: { type: "AverageValue", averageValue: String(s.replicas.targetInFlight) } } },
        { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: s.replicas.targetCpuPercent } } },
      ],
    },
  });
}

function disruptionBudget(m: KubernetesModels, s: DeploySettings): PodDisruptionBudget {
  return new m.PodDisruptionBudget({
    metadata: { name: s.name, namespace: s.namespace, labels: appLabels(s) },
    // One pod at a time may be evicted: a drained node never takes the app down.
    spec: { maxUnavailable: 1, selector: { matchLabels: selectorOf(s) } },
  });
}

function ingress(m: KubernetesModels, s: DeploySettings): Ingress | undefined {
  if (!s.ingress) return undefined;
  const { host, tlsSecret, className } = s.ingress;
  return new m.Ingress({
    metadata: { name: s.name, namespace: s.namespace, labels: appLabels(s) },
    spec: {
      ...(className ? { ingressClassName: className } : {}),
      ...(tlsSecret ? { tls: [{ hosts: [host], secretName: tlsSecret }] } : {}),
      rules: [{ host, http: { paths: [{ path: "/", pathType: "Prefix", backend: { service: { name: s.name, port: { number: SERVICE_PORT } } } }] } }],
    },
  });
}

/** Every object of the kustomize base, in apply order, with its file name. Throws DeployDependencyError without `kubernetes-models`. */
export async function buildKubeObjects(settings: DeploySettings): Promise<KubeObject[]> {
  const m = await loadKubernetesModels();
  const objects: KubeObject[] = [
    { file: "deployment.yaml", object: deployment(m, settings) },
    { file: "service.yaml", object: service(m, settings) },
    { file: "hpa.yaml", object: autoscaler(m, settings) },
    { file: "pdb.yaml", object: disruptionBudget(m, settings) },
  ];
  const ing = ingress(m, settings);
  if (ing) objects.push({ file: "ingress.yaml", object: ing });
  return objects;
}
