/**
 * `task-app deploy render`: the deploy folder as a map of relative path →
 * contents (deterministic bytes), after every object passed
 * `kubernetes-models`' schema validation and the unknown-field check.
 * Writes nothing: only the CLI writes (./write.ts), and only when this
 * returned. `dir` is the folder's path in the project (the Docker build
 * context), default deploy; one that cannot be pasted into the Dockerfile is
 * a DeploySettingsError.
 */
import { stringify } from "yaml";
import { IN_FLIGHT_METRIC } from "../server/metrics.js";
import { checkDeployDir, METRICS_PORT, renderBuildTsconfig, renderDockerfile, renderDockerignore, needsCompile } from "./dockerfile.js";
import { findUnknownObjectFields } from "./fields.js";
import { buildKubeObjects, type KubeObject } from "./kubernetes.js";
import { readProjectFacts } from "./project.js";
import { buildExampleSecrets, createSecretCommand, listNeededSecrets, renderSecretsExample } from "./secrets.js";
import { memoryMib, memoryNeededMib, type DeploySettings } from "./settings.js";
import { compareCodeUnits } from "../text/compare.js";

/** An object that Kubernetes would refuse; nothing is written. */
export class DeployRenderError extends Error {
  override name = "DeployRenderError";
  constructor(
    readonly problems: string[],
    /** Why nothing was written, in words after the problems. */
    readonly reason = "Kubernetes would refuse these objects",
  ) {
    super(problems.join("\n"));
  }
}

/** One YAML document, the same bytes for the same object. */
export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0, indent: 2, aliasDuplicateObjects: false });
}

/** Validates every object: Kubernetes' OpenAPI schema, then unknown fields. Throws DeployRenderError listing all problems. */
export async function validateKubeObjects(objects: readonly KubeObject[]): Promise<void> {
  const problems: string[] = [];
  for (const { file, object } of objects) {
    const label = `${object.kind} ${object.metadata?.name ?? ""} (${file})`;
    try {
      object.validate();
    } catch (error) {
      problems.push(`${label}: ${(error as Error).message}`);
    }
    for (const path of await findUnknownObjectFields(object.toJSON() as { apiVersion: string; kind: string })) problems.push(`${label}: unknown field ${path}`);
  }
  if (problems.length) throw new DeployRenderError(problems);
}

/** The objects as plain JSON values in apply order (what `apply` sends, what `--dry-run` prints). */
export async function renderKubeObjects(settings: DeploySettings): Promise<Record<string, unknown>[]> {
  const objects = await buildKubeObjects(settings);
  await validateKubeObjects(objects);
  return objects.map(({ object }) => object.toJSON() as Record<string, unknown>);
}

function kustomization(resources: string[], extra: Record<string, unknown> = {}): string {
  return toYaml({ apiVersion: "kustomize.config.k8s.io/v1beta1", kind: "Kustomization", ...extra, resources });
}

function overlayFiles(settings: DeploySettings): [string, string][] {
  return settings.overlays.map(([name, o]) => {
    const patches: Record<string, unknown>[] = [];
    if (o.minReplicas !== undefined || o.maxReplicas !== undefined) {
      const ops = [
        ...(o.minReplicas !== undefined ? [{ op: "replace", path: "/spec/minReplicas", value: o.minReplicas }] : []),
        ...(o.maxReplicas !== undefined ? [{ op: "replace", path: "/spec/maxReplicas", value: o.maxReplicas }] : []),
      ];
      patches.push({ target: { group: "autoscaling", version: "v2", kind: "HorizontalPodAutoscaler", name: settings.name }, patch: toYaml(ops) });
    }
    const extra: Record<string, unknown> = {};
    if (o.namespace) extra.namespace = o.namespace;
    if (o.image) {
      const at = o.image.includes("@") ? o.image.indexOf("@") : o.image.lastIndexOf(":");
      const [newName, rest] = [o.image.slice(0, at), o.image.slice(at)];
      const base = settings.image.slice(0, settings.image.includes("@") ? settings.image.indexOf("@") : settings.image.lastIndexOf(":"));
      extra.images = [{ name: base, newName, ...(rest.startsWith("@") ? { digest: rest.slice(1) } : { newTag: rest.slice(1) }) }];
    }
    if (patches.length) extra.patches = patches;
    return [`overlays/${name}/kustomization.yaml`, kustomization(["../../base"], extra)];
  });
}

/** The image the scaffold's deploy.toml names until it is changed: render warns while it is still there. */
export const PLACEHOLDER_IMAGE = /^ghcr\.io\/your-org\//;

/** The comment above base/kustomization.yaml: what the base leaves out. */
const KUSTOMIZATION_NOTE =
  "# The Secrets the pods read are not resources of this base (it never holds a secret value):\n" +
  "# create them before `kubectl apply -k` (secrets.example.yaml says how); `task-app deploy apply` creates the key's Secret itself.\n";

/** The comment above base/hpa.yaml: what its Pods metric needs. */
const AUTOSCALER_NOTE =
  `# Scales on ${IN_FLIGHT_METRIC}, the rollouts in flight per pod (serve --metrics-port ${METRICS_PORT}, GET /metrics).\n` +
  "# A Pods metric needs a custom metrics adapter serving it from Prometheus, such as prometheus-adapter\n" +
  `# (a rule with seriesQuery: '${IN_FLIGHT_METRIC}{namespace!="",pod!=""}'). Without one the autoscaler scales on CPU alone.\n`;

export interface RenderOptions {
  /** The deploy folder, relative to the project (default deploy). */
  dir?: string;
  /** The project folder, the Docker build context (default the current folder). */
  project?: string;
}

/**
 * Every file of the deploy folder, by path relative to it, sorted. Throws
 * DeployRenderError when an object would be refused or the image could not
 * be built (a `file:` dependency), DeploySettingsError for a `dir` that
 * cannot be pasted into the Dockerfile.
 */
export async function renderDeployFolder(settings: DeploySettings, options: RenderOptions = {}): Promise<Map<string, string>> {
  const dir = options.dir ?? "deploy";
  checkDeployDir(dir);
  const objects = await buildKubeObjects(settings);
  const secrets = await buildExampleSecrets(settings);
  await validateKubeObjects([...objects, ...secrets.map((object) => ({ file: "secrets.example.yaml", object }))]);
  const project = readProjectFacts(options.project ?? process.cwd());
  if (project.unreachable.length) throw new DeployRenderError(project.unreachable, "the image could not be built");
  const files: [string, string][] = [
    ["Dockerfile", renderDockerfile(settings, dir, project)],
    ["Dockerfile.dockerignore", renderDockerignore(dir)],
    ...(needsCompile(settings) ? ([["tsconfig.build.json", renderBuildTsconfig(settings, dir)]] as [string, string][]) : []),
    ["base/kustomization.yaml", KUSTOMIZATION_NOTE + kustomization(objects.map((o) => o.file), { namespace: settings.namespace })],
    ["base/secrets.example.yaml", renderSecretsExample(settings, secrets, toYaml)],
    ...objects.map(({ file, object }): [string, string] => [`base/${file}`, (file === "hpa.yaml" ? AUTOSCALER_NOTE : "") + toYaml(object.toJSON())]),
    ...overlayFiles(settings),
  ];
  return new Map(files.sort(([a], [b]) => compareCodeUnits(a, b)));
}

/** What render says after writing: warnings on the settings, then the Secrets `kubectl apply -k` needs first. */
export function describeRenderNotes(settings: DeploySettings): string[] {
  const notes: string[] = [];
  if (PLACEHOLDER_IMAGE.test(settings.image))
    notes.push(`warning: the image ${settings.image} is the scaffold's placeholder; set deploy.image in deploy.toml (or pass --image) to the registry/repo:tag you push to, and render again`);
  const needed = memoryNeededMib(settings.workers);
  if (memoryMib(settings.resources.memoryLimit) < needed)
    notes.push(
      `warning: memory_limit ${settings.resources.memoryLimit} is below what ${settings.workers} worker(s) may hold (${settings.workers} × 256 MiB of request bodies + 256 MiB = ${needed}Mi): a busy pod would be OOM-killed; raise it or lower workers`,
    );
  notes.push("Secrets: `kubectl apply -k` does not create them (deploy apply creates the key's); create them first, each value from your shell's variable of the same name:");
  for (const secret of listNeededSecrets(settings)) notes.push(`  ${createSecretCommand(settings.namespace, secret)}`);
  return notes;
}
