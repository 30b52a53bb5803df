/**
 * The unknown-field check `kubernetes-models`' `.validate()` does not do (it
 * accepts `readinesProbe`): every key of an object is looked up in the field
 * map of `@kubernetes/client-node`'s models, which are generated from the
 * same Kubernetes OpenAPI document. A key no model knows is reported with
 * its path, as the API server's strict field validation would. Only the
 * models an object actually uses are loaded (one small file each), never
 * the package's index or its 2,500-model barrel.
 */
import { importDeployPackage } from "./packages.js";

interface AttributeType {
  name: string;
  baseName: string;
  type: string;
}
type ModelClass = { getAttributeTypeMap?: () => AttributeType[]; attributeTypeMap?: AttributeType[] };
type Models = Record<string, unknown>;

const SCALARS = new Set(["string", "number", "boolean", "Date", "IntOrString", "object", "any"]);

/** findUnknownFields met a type `models` does not hold. */
export class MissingModelError extends Error {
  override name = "MissingModelError";
  constructor(readonly type: string) {
    super(`no Kubernetes model named ${type}`);
  }
}

/** The model class name of a top-level object: `apps/v1` Deployment → V1Deployment. */
export function modelNameOf(apiVersion: string, kind: string): string {
  const version = apiVersion.split("/").pop() ?? "";
  return `${version.charAt(0).toUpperCase()}${version.slice(1)}${kind}`;
}

function attributesOf(models: Models, type: string): AttributeType[] | undefined {
  const model = models[type] as ModelClass | undefined;
  if (!model) return undefined;
  return model.getAttributeTypeMap?.() ?? model.attributeTypeMap;
}

/** Paths (`spec.template.spec.containers[0].readinesProbe`) of the keys that are not fields of `type`. */
export function findUnknownFields(models: Models, type: string, value: unknown, path = ""): string[] {
  if (value === null || value === undefined || SCALARS.has(type)) return [];
  const array = /^Array<(.+)>$/.exec(type);
  if (array) return Array.isArray(value) ? value.flatMap((item, i) => findUnknownFields(models, array[1]!, item, `${path}[${i}]`)) : [];
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) return typeof value === "object" ? Object.entries(value as object).flatMap(([k, v]) => findUnknownFields(models, map[1]!, v, `${path}.${k}`)) : [];
  const attributes = attributesOf(models, type);
  if (!attributes) throw new MissingModelError(type);
  if (typeof value !== "object" || Array.isArray(value)) return [];
  const unknown: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path ? `${path}.${key}` : key;
    const field = attributes.find((a) => a.baseName === key);
    if (!field) unknown.push(childPath);
    else unknown.push(...findUnknownFields(models, field.type, child, childPath));
  }
  return unknown;
}

/**
 * One generated model class by name (each is a file of its own with no imports), or undefined
 * when there is none; a DeployDependencyError when `@kubernetes/client-node` is not installed.
 */
async function loadModel(type: string): Promise<ModelClass | undefined> {
  if (!/^[A-Za-z0-9]+$/.test(type)) return undefined;
  try {
    const module = await importDeployPackage(() => import(`@kubernetes/client-node/dist/gen/models/${type}.js`) as Promise<Record<string, ModelClass>>);
    return module[type];
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

/** Unknown fields of a top-level Kubernetes object (apiVersion and kind pick its model). */
export async function findUnknownObjectFields(object: { apiVersion: string; kind: string }): Promise<string[]> {
  // The package's index also loads the HTTP, auth, exec and watch machinery (openid-client, ws,
  // tar-fs, …) and its models barrel ~2,500 files; a check of one object's field names needs a
  // few dozen models, loaded here as the walk meets them.
  const models: Models = {};
  for (;;) {
    try {
      return findUnknownFields(models, modelNameOf(object.apiVersion, object.kind), object);
    } catch (error) {
      if (!(error instanceof MissingModelError) || error.type in models) throw error;
      const model = await loadModel(error.type);
      if (!model) throw error;
      models[error.type] = model;
    }
  }
}
