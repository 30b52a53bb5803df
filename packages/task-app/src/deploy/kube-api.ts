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

/** One request of the object client (client-node's RequestContext), as its HTTP library reads it. */
export interface RequestContext {
  getUrl(): string;
  getHttpMethod(): string;
  getHeaders(): { [key: string]: string };
  getBody(): unknown;
  getSignal(): AbortSignal | undefined;
  getAgent(): import("node:http").Agent | import("node:https").Agent | undefined;
}

/** An answer's body as the object client reads it. */
export interface ResponseBody {
  text(): Promise<string>;
  binary(): Promise<Buffer>;
}

/** An answer handed back to the object client (client-node's ResponseContext; deploy only makes them). */
export declare class ResponseContext {
  constructor(httpStatusCode: number, headers: { [key: string]: string }, body: ResponseBody);
  httpStatusCode: number;
  headers: { [key: string]: string };
  body: ResponseBody;
  getParsedHeader(headerName: string): { [key: string]: string };
  getBodyAsFile(): Promise<{ data: Buffer; name: string }>;
  getBodyAsAny(): Promise<string | Buffer | undefined>;
}

/** The object client's HTTP library, promise-shaped (client-node's PromiseHttpLibrary). */
export interface PromiseHttpLibrary {
  send(request: RequestContext): Promise<ResponseContext>;
}

/** The module as deploy uses it (`import("@kubernetes/client-node")`). */
export interface ClientNode {
  KubeConfig: new () => KubeConfig;
  /**
   * Made from what createConfiguration returned. The parameter is `any`: the library's
   * Configuration has fields deploy never reads (middleware and auth types), which a parameter
   * would have to restate exactly. Its default namespace (the context's, set by the library's
   * makeApiClient) is never used: every call deploy makes names its namespace.
   */
  KubernetesObjectApi: new (configuration: any) => KubernetesObjectApi;
  // The server, HTTP library, kubeconfig-as-authentication and configuration deploy only hands
  // from one of the library's functions to another: `any` / `unknown` here, what each is being
  // the library's business (a parameter would have to restate the library's types exactly).
  createConfiguration(options: { baseServer: any; authMethods: { default: any }; httpApi: any }): unknown;
  ServerConfiguration: new (url: string, variables: Record<string, never>) => unknown;
  wrapHttpLibrary(library: PromiseHttpLibrary): unknown;
  ResponseContext: typeof ResponseContext;
  PatchStrategy: { readonly ServerSideApply: "application/apply-patch+yaml" };
}
