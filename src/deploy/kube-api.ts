/**
 * The part of `@kubernetes/client-node` that src/deploy uses, as local
 * types: the library's declarations are 158,000 lines (its 2,500 generated
 * models), which every program that imported one of its types parsed and
 * bound (the build, a clean build, every type-check of the project), for
 * the few classes and methods below. The library is loaded at run time
 * only (packages.ts: `loadClientNode`, typed with ClientNode).
 *
 * test/fixtures/deploy/kube-api-check.ts holds these against the real
 * library (its module assignable to ClientNode, its objects to ours and
 * ours to its, the arguments deploy passes to its parameters), type-checked
 * by test/client-types.test.ts, so a release that changes what we call
 * fails a test.
 */

/** An object's metadata, as far as deploy reads or sends it. */
export interface ObjectMeta {
  name?: string;
  namespace?: string;
  labels?: { [key: string]: string };
  generation?: number;
  resourceVersion?: string;
}

/** Any Kubernetes object: what the generic object API reads and sends. */
export interface KubernetesObject {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
}

/** What `read` is given: the object's type and name. */
export interface ObjectHeader {
  apiVersion?: string;
  kind?: string;
  metadata: { name: string; namespace?: string };
}

/** The `cluster` entry of a kubeconfig context. */
export interface KubeCluster {
  readonly server: string;
}

/** A loaded kubeconfig (client-node's KubeConfig). */
export interface KubeConfig {
  loadFromDefault: () => void;
  loadFromFile: (file: string) => void;
  /** A method, as the library's: its parameter is a KubeConfig the library made (compared both ways round). */
  mergeConfig(config: KubeConfig): void;
  getCurrentContext: () => string;
  getCurrentCluster: () => KubeCluster | null;
  /** Adds the credentials and CA of the current user and cluster to request options. */
  applyToHTTPSOptions: (options: import("node:https").RequestOptions) => Promise<void>;
}

/** The generic object client (client-node's KubernetesObjectApi), with the arguments deploy passes. */
export interface KubernetesObjectApi {
  read: (spec: ObjectHeader) => Promise<KubernetesObject>;
  list: (
    apiVersion: string,
    kind: string,
    namespace?: string,
    pretty?: string,
    exact?: boolean,
    exportt?: boolean,
    fieldSelector?: string,
    labelSelector?: string,
  ) => Promise<{ items: KubernetesObject[] }>;
  create: (spec: KubernetesObject) => Promise<KubernetesObject>;
  patch: (spec: KubernetesObject, pretty?: string, dryRun?: string, fieldManager?: string, force?: boolean, patchStrategy?: "application/apply-patch+yaml") => Promise<KubernetesObject>;
  delete: (spec: KubernetesObject, pretty?: string, dryRun?: string, gracePeriodSeconds?: number, orphanDependents?: boolean, propagationPolicy?: string) => Promise<unknown>;
}

/**
 * A watch client (client-node's Watch): `watch` resolves with the controller
 * that ends the stream. A class, as the library declares it, so that its
 * constructor's KubeConfig is compared as the library's own (either way
 * round): deploy only ever passes one the library made.
 */
export declare class Watch {
  constructor(config: KubeConfig);
  watch(
    path: string,
    queryParams: Record<string, string | number | boolean | undefined>,
    // The object is whatever the stream carries (a watched object, or a Status on ERROR): `any`, as the library has it.
    callback: (phase: string, apiObj: any, watchObj?: any) => void,
    done: (err: unknown) => void,
  ): Promise<AbortController>;
}

/** The module as deploy uses it (`import("@kubernetes/client-node")`). */
export interface ClientNode {
  KubeConfig: new () => KubeConfig;
  KubernetesObjectApi: { makeApiClient(kc: KubeConfig): KubernetesObjectApi };
  Watch: typeof Watch;
  PatchStrategy: { readonly ServerSideApply: "application/apply-patch+yaml" };
}
