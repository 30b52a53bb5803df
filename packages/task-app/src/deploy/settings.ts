/**
 * Deploy settings: the `[deploy]` table of a deploy.toml (checked by the
 * config pipeline, so its errors carry file:line:col) with the command
 * line's flags laid over it and every default resolved. The renderers take
 * only these resolved settings.
 */
import { DeployTable, MAX_WORKERS, type SecretKeyRef } from "../schemas/deploy-config.js";
import { formatPath } from "../config/findings.js";
import { compareCodeUnits } from "../text/compare.js";
import { redactUrlCredentials } from "../server/secrets.js";
import { DEFAULT_MAX_IN_FLIGHT_BODY_BYTES } from "../server/body.js";

/** Flags of `task-app deploy …` that override the file. */
export interface DeployOverrides {
  name?: string;
  namespace?: string;
  image?: string;
  /** `N` (min = max = N) or `MIN-MAX`. */
  replicas?: string;
  workers?: number;
  /** `off`, `secret:NAME[/KEY]`, or a postgres:// / libsql:// / http(s):// URL that `apply` stores in a Secret. */
  trace?: string;
  module?: string;
  port?: number;
}

/** Everything the renderers need, defaults resolved. */
export interface DeploySettings {
  name: string;
  namespace: string;
  image: string;
  module: string;
  port: number;
  workers: number;
  shutdownGraceSeconds: number;
  /**
   * Longer than the preStop wait plus the server's whole drain: rollouts' grace, the abort, the
   * shutdown hooks' grace, the exit. The grace is the longest a rollout in flight at SIGTERM may
   * still run (the server aborts it then; a rollout's own safety.max_time_s is the caller's, per request).
   */
  terminationGraceSeconds: number;
  apiKey: SecretKeyRef;
  trace: SecretKeyRef | "off";
  replicas: { min: number; max: number; targetInFlight: number; targetCpuPercent: number };
  resources: { cpuRequest: string; cpuLimit: string; memoryRequest: string; memoryLimit: string };
  ingress?: { host: string; tlsSecret?: string; className?: string };
  env: [string, SecretKeyRef][];
  overlays: [string, { namespace?: string; image?: string; minReplicas?: number; maxReplicas?: number }][];
}

/** The trace store URL a `--trace` flag gave, which `deploy apply` stores in the Secret it names (never rendered). */
export interface DeployInputs {
  settings: DeploySettings;
  traceUrl?: string;
}

/** A flag or setting that cannot be used, with the words to show. */
export class DeploySettingsError extends Error {
  override name = "DeploySettingsError";
}

/** Seconds the pod's preStop hook waits before SIGTERM, so endpoints drop the pod before the server stops taking rollouts. */
export const PRESTOP_SECONDS = 5;
/** The autoscaler's default target: rollouts in flight per pod, per worker process. */
export const IN_FLIGHT_PER_WORKER = 4;

/** Memory a pod needs beyond its workers' request bodies: the primary process and each worker's own heap and code. */
export const BASE_MEMORY_MIB = 256;

/** MiB a pod of `workers` processes may hold: each worker's body budget (serve's --body-budget-mb default) plus the base. */
export const memoryNeededMib = (workers: number) => workers * (DEFAULT_MAX_IN_FLIGHT_BODY_BYTES / 2 ** 20) + BASE_MEMORY_MIB;

const MEMORY_UNITS: Record<string, number> = { "": 2 ** -20, k: 1000 / 2 ** 20, M: 1e6 / 2 ** 20, G: 1e9 / 2 ** 20, T: 1e12 / 2 ** 20, Ki: 2 ** -10, Mi: 1, Gi: 2 ** 10, Ti: 2 ** 20 };

/** MiB of a memory quantity ("1Gi" → 1024, "512Mi" → 512, "1G" → 953.67…). */
export function memoryMib(quantity: string): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity);
  return m ? Number(m[1]) * MEMORY_UNITS[m[2] ?? ""]! : Number.NaN;
}

/** The default memory limit of a pod of `workers` processes: memoryNeededMib, at least 1Gi, in whole MiB. */
export function defaultMemoryLimit(workers: number): string {
  const mib = Math.max(1024, memoryNeededMib(workers));
  return mib % 1024 === 0 ? `${mib / 1024}Gi` : `${Math.ceil(mib)}Mi`;
}

/** Cores of a CPU quantity ("500m" → 0.5, "2" → 2). */
export function cpuCores(quantity: string): number {
  return quantity.endsWith("m") ? Number(quantity.slice(0, -1)) / 1000 : Number(quantity);
}

/** Applies flags to a copy of the raw `[deploy]` table. */
function overlay(table: Record<string, unknown>, flags: DeployOverrides): { table: Record<string, unknown>; traceUrl?: string; flagOf: Map<string, string> } {
  const out: Record<string, unknown> = structuredClone(table);
  const flagOf = new Map<string, string>();
  const set = (key: string, flag: string, value: unknown) => {
    if (value === undefined) return;
    out[key] = value;
    flagOf.set(key, `${flag} ${String(value)}`);
  };
  set("name", "--name", flags.name);
  set("namespace", "--namespace", flags.namespace);
  set("image", "--image", flags.image);
  set("workers", "--workers", flags.workers);
  set("module", "--module", flags.module);
  set("port", "--port", flags.port);
  if (flags.replicas !== undefined) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(flags.replicas);
    if (!m) throw new DeploySettingsError(`--replicas ${flags.replicas}: give a number of pods (3) or a range for the autoscaler (2-10)`);
    const min = Number(m[1]);
    const max = Number(m[2] ?? m[1]);
    out.replicas = { ...((out.replicas as object) ?? {}), min, max };
    flagOf.set("replicas", `--replicas ${flags.replicas}`);
  }
  let traceUrl: string | undefined;
  if (flags.trace !== undefined) {
    const value = flags.trace.trim();
    const name = String(out.name ?? "task-app");
    if (value === "off") out.trace = "off";
    else if (value.startsWith("secret:")) {
      const [secret, key = "TASKAPP_TRACE_DB"] = value.slice("secret:".length).split("/");
      out.trace = { secret, key };
    } else if (/^(postgres(ql)?|libsql|https?):\/\//i.test(value)) {
      out.trace = { secret: `${name}-traces`, key: "TASKAPP_TRACE_DB" };
      traceUrl = value;
    } else
      // A mistyped scheme (postgress://user:password@…) is still a URL with a password in it.
      throw new DeploySettingsError(
        `--trace ${redactUrlCredentials(value)}: a local path cannot be shared by pods; give the shared store's URL (postgres://… or libsql://…, kept in the Secret ${name}-traces), secret:NAME[/KEY] for a Secret that holds one, or off`,
      );
    flagOf.set("trace", "--trace");
  }
  return { table: out, traceUrl, flagOf };
}

export interface ResolveOptions {
  /** Commands that only find what is deployed by name (`status`, `delete`) need no image: it is "" then. */
  imageOptional?: boolean;
}

/**
 * Resolves a `[deploy]` table (as read, before defaults) and flags into settings.
 * Errors name the flag that caused them, or the key when the file did.
 */
export function resolveDeploySettings(table: Record<string, unknown> | undefined, flags: DeployOverrides = {}, options: ResolveOptions = {}): DeployInputs {
  const { table: raw, traceUrl, flagOf } = overlay(table ?? {}, flags);
  // Without an image the table is checked with a stand-in reference, and the settings say "".
  const noImage = options.imageOptional === true && raw.image === undefined;
  const parsed = DeployTable.safeParse(noImage ? { ...raw, image: "image.invalid/none:none" } : raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const top = String(issue.path[0] ?? "");
      const where = flagOf.get(top) ?? (issue.path.length ? `deploy.${formatPath(issue.path)}` : "[deploy]");
      const missing = issue.code === "invalid_type" && issue.input === undefined;
      return missing ? `${where}: missing; set it in deploy.toml or pass --${top}` : `${where}: ${issue.message}`;
    });
    throw new DeploySettingsError(lines.join("\n"));
  }
  const d = parsed.data;
  const grace = d.shutdown_grace_seconds;
  const workers = d.workers ?? Math.min(MAX_WORKERS, Math.max(1, Math.ceil(cpuCores(d.resources.cpu_limit))));
  return {
    traceUrl,
    settings: {
      name: d.name,
      namespace: d.namespace,
      image: noImage ? "" : d.image,
      module: d.module,
      port: d.port,
      workers,
      shutdownGraceSeconds: grace,
      terminationGraceSeconds: PRESTOP_SECONDS + 2 * grace + 10,
      apiKey: d.api_key ?? { secret: `${d.name}-env`, key: "ENVIRONMENT_API_KEY" },
      trace: d.trace,
      replicas: { min: d.replicas.min, max: d.replicas.max, targetInFlight: d.replicas.target_in_flight ?? IN_FLIGHT_PER_WORKER * workers, targetCpuPercent: d.replicas.target_cpu_percent },
      resources: { cpuRequest: d.resources.cpu_request, cpuLimit: d.resources.cpu_limit, memoryRequest: d.resources.memory_request, memoryLimit: d.resources.memory_limit ?? defaultMemoryLimit(workers) },
      ...(d.ingress ? { ingress: { host: d.ingress.host, tlsSecret: d.ingress.tls_secret, className: d.ingress.class_name } } : {}),
      env: Object.entries(d.env ?? {}).sort(([a], [b]) => compareCodeUnits(a, b)),
      overlays: Object.entries(d.overlays ?? {})
        .sort(([a], [b]) => compareCodeUnits(a, b))
        .map(([n, o]) => [n, { namespace: o.namespace, image: o.image, minReplicas: o.min_replicas, maxReplicas: o.max_replicas }]),
    },
  };
}
