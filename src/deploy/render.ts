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
import { checkDeployDir, renderBuildTsconfig, renderDockerfile, renderDockerignore, needsCompile } from "./dockerfile.js";
import { findUnknownObjectFields } from "./fields.js";
import { buildKubeObjects, type KubeObject } from "./kubernetes.js";
import type { DeploySettings } from "./settings.js";
import { compareCodeUnits } from "../text/compare.js";

/** An object that Kubernetes would refuse; nothing is written. */
export class DeployRenderError extends Error {
  override name = "DeployRenderError";
  constructor(readonly problems: string[]) {
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

/** Every file of the deploy folder, by path relative to it, sorted. */
export async function renderDeployFolder(settings: DeploySettings, options: { dir?: string } = {}): Promise<Map<string, string>> {
  const dir = options.dir ?? "deploy";
  checkDeployDir(dir);
  const objects = await buildKubeObjects(settings);
  await validateKubeObjects(objects);
  const files: [string, string][] = [
    ["Dockerfile", renderDockerfile(settings, dir)],
    ["Dockerfile.dockerignore", renderDockerignore(dir)],
    ...(needsCompile(settings) ? ([["tsconfig.build.json", renderBuildTsconfig(settings, dir)]] as [string, string][]) : []),
    ["base/kustomization.yaml", kustomization(objects.map((o) => o.file), { namespace: settings.namespace })],
    ...objects.map(({ file, object }): [string, string] => [`base/${file}`, toYaml(object.toJSON())]),
    ...overlayFiles(settings),
  ];
  return new Map(files.sort(([a], [b]) => compareCodeUnits(a, b)));
}
