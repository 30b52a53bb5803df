/**
 * DeployConfig: where and how a task app runs on Kubernetes (`[deploy]`,
 * usually in `deploy.toml`). `task-app deploy render` turns it into a
 * Dockerfile and a kustomize base; `deploy apply` applies them. Secrets are
 * only ever named here (a Secret and a key), never held.
 */
import { z } from "../zod.js";
import { typeTag, whenTable } from "./train-common.js";

/** Kubernetes object names that are also Service names: RFC 1035 labels (DNS-1123 labels starting with a letter). */
export const DNS_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
/** DNS-1123 labels (namespaces, Secret names may be subdomains but labels are what we ask). */
export const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** DNS-1123 subdomains (Secret names, host names). */
export const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** Environment variable names Kubernetes accepts for `env[].name` (C identifiers, as shells read them). */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A Kubernetes CPU quantity: whole or decimal cores, or millicores. */
export const CPU_QUANTITY = /^(\d+(\.\d+)?|\d+m)$/;
/** A Kubernetes memory quantity with a binary or decimal suffix. */
export const MEMORY_QUANTITY = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|k|M|G|T)?$/;
/** An image reference with a tag or a digest: `registry/repo:tag` or `repo@sha256:...`. */
export const IMAGE_REF = /^[a-z0-9]+([._-][a-z0-9]+)*(:\d+)?(\/[a-z0-9]+([._-]*[a-z0-9]+)*)*(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}|@sha256:[a-f0-9]{64})$/;

const label = (what: string) =>
  z
    .string()
    .max(63, { error: (issue) => `${what} ${JSON.stringify(issue.input)} is longer than 63 characters (Kubernetes DNS-1123 label)` })
    .regex(DNS_LABEL, {
      error: (issue) => `${what} ${JSON.stringify(issue.input)} is not a Kubernetes DNS-1123 label: lowercase letters, digits and "-", starting with a letter and ending with a letter or digit`,
    });
const secretName = (what: string) =>
  z
    .string()
    .max(253, `${what} is longer than 253 characters`)
    .regex(DNS1123_SUBDOMAIN, { error: (issue) => `${what} ${JSON.stringify(issue.input)} is not a Kubernetes object name (DNS-1123 subdomain): lowercase letters, digits, "-" and "."` });
const secretKey = z
  .string()
  .max(253)
  .regex(/^[-._a-zA-Z0-9]+$/, 'a Secret key holds only letters, digits, "-", "_" and "."')
  .refine((key) => key !== "." && key !== "..", { error: (issue) => `a Secret key cannot be ${JSON.stringify(issue.input)} (Kubernetes refuses "." and "..")` });
/** Most server processes a pod runs: the bound of `workers`, and of the default the CPU limit gives. */
export const MAX_WORKERS = 64;
/** An IPv4 address: Kubernetes refuses one as an Ingress host (it must be a DNS name). */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
/** A module path inside the project: relative, no `..` segment. */
export const isInsideProject = (path: string) => !path.startsWith("/") && !path.split("/").includes("..");

export const SecretKeyRef = z
  .strictObject({
    secret: secretName("secret").meta({ description: "Name of the Secret (in the deploy namespace).", examples: ["math-task-app-traces"] }),
    key: secretKey.meta({ description: "Key inside the Secret.", examples: ["TASKAPP_TRACE_DB"] }),
  })
  .meta({ description: "A value held in a Kubernetes Secret: the pod reads it through a secretKeyRef, it never appears in a rendered file." });

export const DeployReplicas = z
  .strictObject({
    min: z.number().int().min(1).default(2).meta({ description: "Fewest pods (the HorizontalPodAutoscaler's minReplicas; also the PodDisruptionBudget's floor less one).", default: 2, examples: [2] }),
    max: z.number().int().min(1).default(10).meta({ description: "Most pods the HorizontalPodAutoscaler may run (at least min).", default: 10, examples: [10] }),
    target_in_flight: z.number().int().min(1).max(10_000).optional().meta({
      description:
        "Rollouts in flight per pod the autoscaler aims for (the task_app_rollouts_in_flight gauge, through a custom metrics adapter such as prometheus-adapter). Default: 4 per worker.",
      examples: [8],
    }),
    target_cpu_percent: z.number().int().min(1).max(100).default(70).meta({
      description: "Average CPU use, in percent of the request, the autoscaler aims for (its fallback metric: a task app waiting on a model uses little CPU).",
      default: 70,
      examples: [70],
    }),
  })
  .meta({ description: "How many pods serve the app; the HorizontalPodAutoscaler moves between min and max." });

export const DeployResources = z
  .strictObject({
    cpu_request: z.string().regex(CPU_QUANTITY, 'a CPU quantity: cores ("1", "0.5") or millicores ("500m")').default("500m").meta({
      description: "CPU the scheduler reserves per pod.",
      default: "500m",
      examples: ["500m", "1"],
    }),
    cpu_limit: z.string().regex(CPU_QUANTITY, 'a CPU quantity: cores ("2", "1.5") or millicores ("1500m")').default("2").meta({
      description: "Most CPU a pod may use. workers defaults to it, rounded up to whole cores.",
      default: "2",
      examples: ["2", "1500m"],
    }),
    memory_request: z.string().regex(MEMORY_QUANTITY, 'a memory quantity such as "512Mi" or "1Gi"').default("512Mi").meta({
      description: "Memory the scheduler reserves per pod.",
      default: "512Mi",
      examples: ["512Mi"],
    }),
    memory_limit: z.string().regex(MEMORY_QUANTITY, 'a memory quantity such as "1Gi"').optional().meta({
      description:
        "Most memory a pod may use before it is killed. Default: what its workers may hold, workers × 256 MiB of request bodies (serve's --body-budget-mb) plus 256 MiB, at least 1Gi; render warns when a value given is below that.",
      examples: ["1Gi", "2Gi"],
    }),
  })
  .meta({ description: "CPU and memory requests and limits of each pod." });

export const DeployIngress = z
  .strictObject({
    host: secretName("ingress.host")
      .refine((host) => !IPV4.test(host), { error: (issue) => `ingress.host ${JSON.stringify(issue.input)} is an IP address; Kubernetes takes only a DNS name as an Ingress host` })
      .meta({ description: "Public host name of the app.", examples: ["math.example.com"] }),
    tls_secret: secretName("ingress.tls_secret").optional().meta({ description: "Secret of type kubernetes.io/tls holding the host's certificate (else plain HTTP).", examples: ["math-example-com-tls"] }),
    class_name: secretName("ingress.class_name").optional().meta({ description: "IngressClass to use (else the cluster's default).", examples: ["nginx"] }),
  })
  .meta({ description: "Expose the app on a host name through an Ingress (optional; without it the Service is reached inside the cluster or through port-forward)." });

export const DeployTable = z
  .strictObject({
    name: label("name").meta({ description: "Name of the Deployment, Service, autoscaler and budget, and the app label.", examples: ["math-task-app"] }),
    namespace: label("namespace").default("default").meta({ description: "Namespace everything goes in.", default: "default", examples: ["task-apps"] }),
    image: z
      .string()
      .regex(IMAGE_REF, "image must be a reference with a tag or digest, such as ghcr.io/you/math-task-app:0.1.0")
      .meta({ description: "Container image built from the rendered Dockerfile: registry/repo:tag (or @sha256:digest).", examples: ["ghcr.io/you/math-task-app:0.1.0"] }),
    module: z
      .string()
      .regex(/^[A-Za-z0-9_./-]+\.(ts|mts|js|mjs)$/, "module is a relative path to the app's .ts or .js file")
      .refine(isInsideProject, { error: (issue) => `module ${JSON.stringify(issue.input)} is outside the project: give a relative path with no ".." (the image holds the project alone)` })
      .default("src/app.ts")
      .meta({
      description: "The app module, relative to the project. A TypeScript module is compiled to JavaScript in the image's build stage.",
      default: "src/app.ts",
      examples: ["src/app.ts"],
    }),
    port: z.number().int().min(1024).max(65535).default(8001).meta({ description: "Port the container listens on (1024 or above: the app runs as a non-root user).", default: 8001, examples: [8001] }),
    workers: z.number().int().min(1).max(MAX_WORKERS).optional().meta({
      description: `Server processes per pod (serve --workers). Default: resources.cpu_limit rounded up to whole cores, at most ${MAX_WORKERS}.`,
      examples: [2],
    }),
    shutdown_grace_seconds: z.number().int().min(0).max(3600).default(10).meta({
      description: "The app's limits.shutdownGraceMs in seconds: the pod's termination grace period is set longer than the server's whole drain.",
      default: 10,
      examples: [10],
    }),
    api_key: SecretKeyRef.optional().meta({ description: "Where ENVIRONMENT_API_KEY is held. Default: Secret <name>-env, key ENVIRONMENT_API_KEY (deploy apply creates it when missing)." }),
    trace: z
      .union([z.literal("off"), SecretKeyRef])
      .default("off")
      .meta({
        description: 'The shared trace store every pod writes to (a postgres:// or libsql URL held in a Secret, read as TASKAPP_TRACE_DB), or "off".',
        default: "off",
        examples: ["off", { secret: "math-task-app-traces", key: "TASKAPP_TRACE_DB" }],
      }),
    replicas: DeployReplicas.prefault({}),
    resources: DeployResources.prefault({}),
    ingress: DeployIngress.optional(),
    env: z
      .record(
        z
          .string()
          .regex(
            /^(?!(ENVIRONMENT_API_KEY|TASKAPP_TRACE_DB|PORT)$)[A-Za-z_][A-Za-z0-9_]*$/,
            "an environment variable name (letters, digits and _, not starting with a digit) other than ENVIRONMENT_API_KEY, TASKAPP_TRACE_DB and PORT, which task-app deploy sets itself (see api_key and trace)",
          ),
        SecretKeyRef,
      )
      .optional()
      .meta({ description: "Extra environment variables read from Secrets, by name ([deploy.env.OPENAI_API_KEY] secret = ..., key = ...).", examples: [{ OPENAI_API_KEY: { secret: "vendor-keys", key: "OPENAI_API_KEY" } }] }),
    overlays: z
      .record(
        label("overlay name"),
        z
          .strictObject({
            namespace: label("namespace").optional().meta({ description: "Namespace of this environment." }),
            image: z.string().regex(IMAGE_REF, "image must be a reference with a tag or digest").optional().meta({ description: "Image of this environment." }),
            min_replicas: z.number().int().min(1).optional().meta({ description: "Fewest pods in this environment." }),
            max_replicas: z.number().int().min(1).optional().meta({ description: "Most pods in this environment." }),
          })
          .meta({ description: "One kustomize overlay (deploy/overlays/<name>/) patching the base." }),
      )
      .optional()
      .meta({ description: "Kustomize overlays, one per environment ([deploy.overlays.staging]).", examples: [{ staging: { namespace: "staging", min_replicas: 1, max_replicas: 2 } }] }),
  })
  .superRefine((d, ctx) => {
    // Runs on a table whose other keys may be invalid (replicas = null): compare only two numbers.
    const { min, max } = (d.replicas ?? {}) as { min?: unknown; max?: unknown };
    if (typeof min === "number" && typeof max === "number" && max < min)
      ctx.addIssue({ code: "custom", path: ["replicas", "max"], message: `replicas.max (${max}) is below replicas.min (${min})`, params: { rule: "deploy_replicas_range" } });
  }, whenTable)
  .meta({ description: "Where and how the task app runs on Kubernetes." });

export const DeployConfig = z
  .strictObject({ type: typeTag("deploy"), deploy: DeployTable })
  .meta({
    id: "DeployConfig",
    title: "task-app deploy config",
    description: "Deploying a task app to Kubernetes: image, replicas, resources, secrets, trace store, ingress (task-app deploy render / apply).",
  });

export type DeployConfig = z.infer<typeof DeployConfig>;
export type DeployTable = z.infer<typeof DeployTable>;
export type SecretKeyRef = z.infer<typeof SecretKeyRef>;
