/**
 * The two packages only `task-app deploy` needs, loaded here and nowhere
 * else: `kubernetes-models` (the typed objects and their schema check) and
 * `@kubernetes/client-node` (kubeconfig, API calls, the field maps of the
 * unknown-field check). They are optional peer dependencies of task-app, so
 * a project that never deploys (and every production image) goes without
 * them; a deploy command run without them fails with a
 * DeployDependencyError naming what to install, never a module-not-found
 * stack.
 */
import type { Deployment } from "kubernetes-models/apps/v1/Deployment";
import type { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler";
import type { Ingress } from "kubernetes-models/networking.k8s.io/v1/Ingress";
import type { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import type { Secret } from "kubernetes-models/v1/Secret";
import type { Service } from "kubernetes-models/v1/Service";
import type { ClientNode } from "./kube-api.js";

/** Each package with the major version task-app's peerDependencies range accepts (newer majors need Node 22). */
export const DEPLOY_PACKAGES = [
  { name: "kubernetes-models", major: 4 },
  { name: "@kubernetes/client-node", major: 1 },
] as const;
export type DeployPackage = (typeof DEPLOY_PACKAGES)[number]["name"];

/** A deploy command run where a package it needs is not installed; `code` is the exit code (as for a missing ts-morph). */
export class DeployDependencyError extends Error {
  override name = "DeployDependencyError";
  readonly code = 1;
  constructor(readonly missing: readonly DeployPackage[]) {
    super(describeMissingPackages(missing));
  }
}

/** The words for `missing`: what is needed and the one command that installs it (npm's, unless `command` names the project's own). */
export function describeMissingPackages(missing: readonly DeployPackage[], command?: string): string {
  const specs = DEPLOY_PACKAGES.filter((p) => missing.includes(p.name)).map((p) => `${p.name}@${p.major}`);
  return `task-app deploy needs ${describePackages(missing)}; add ${missing.length === 1 ? "it" : "them"} with: ${command ?? `npm install --save-dev ${specs.join(" ")}`}`;
}

/** `the "a" package`, `the "a" and "b" packages`. */
export function describePackages(missing: readonly DeployPackage[]): string {
  const names = missing.map((m) => `"${m}"`);
  return names.length === 1 ? `the ${names[0]} package` : `the ${names.slice(0, -1).join(", ")} and ${names.at(-1)} packages`;
}

/** The deploy packages that do not resolve from task-app's own folder (resolving loads nothing). */
export function findMissingDeployPackages(): DeployPackage[] {
  return DEPLOY_PACKAGES.filter(({ name }) => {
    try {
      import.meta.resolve(name === "kubernetes-models" ? "kubernetes-models/v1/Service" : name);
      return false;
    } catch {
      return true;
    }
  }).map((p) => p.name);
}

/**
 * `import()` of one of the deploy packages; a module that is not found
 * because a deploy package is missing becomes a DeployDependencyError naming
 * every missing one, any other failure (a broken install) is thrown as it is.
 */
export async function importDeployPackage<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    const missing = findMissingDeployPackages();
    if (missing.length) throw new DeployDependencyError(missing);
    throw error;
  }
}

/** The `kubernetes-models` classes the deploy objects are built from. */
export interface KubernetesModels {
  Deployment: typeof Deployment;
  Service: typeof Service;
  HorizontalPodAutoscaler: typeof HorizontalPodAutoscaler;
  PodDisruptionBudget: typeof PodDisruptionBudget;
  Ingress: typeof Ingress;
  Secret: typeof Secret;
}

/** Loads the six `kubernetes-models` modules (one per kind, never the package's index); throws DeployDependencyError when it is missing. */
export function loadKubernetesModels(): Promise<KubernetesModels> {
  return importDeployPackage(async () => {
    const [apps, hpa, ingress, pdb, service, secret] = await Promise.all([
      import("kubernetes-models/apps/v1/Deployment"),
      import("kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler"),
      import("kubernetes-models/networking.k8s.io/v1/Ingress"),
      import("kubernetes-models/policy/v1/PodDisruptionBudget"),
      import("kubernetes-models/v1/Service"),
      import("kubernetes-models/v1/Secret"),
    ]);
    return {
      Deployment: apps.Deployment,
      HorizontalPodAutoscaler: hpa.HorizontalPodAutoscaler,
      Ingress: ingress.Ingress,
      PodDisruptionBudget: pdb.PodDisruptionBudget,
      Service: service.Service,
      Secret: secret.Secret,
    };
  });
}

/**
 * The specifier in a variable: TypeScript then types the import with the
 * local declarations (kube-api.ts) and never reads the library's.
 */
const CLIENT_NODE: string = "@kubernetes/client-node";

/** Loads `@kubernetes/client-node` (its index: kubeconfig, the object API, watches); throws DeployDependencyError when it is missing. */
export function loadClientNode(): Promise<ClientNode> {
  return importDeployPackage(() => import(CLIENT_NODE) as Promise<ClientNode>);
}
