/**
 * The template catalog: every folder under `templates/` that holds a
 * `template.json`. A template is the shared `base/` layer, the feature layers
 * it lists (`templates/_features/<name>/`) and its own folder, applied in
 * that order.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { ScaffoldError } from "./errors.js";
import { templatesRoot } from "./paths.js";
import { compareCodeUnits } from "../text/compare.js";

/** `template.json`, checked by hand: this runs on every scaffold, so it stays free of heavy imports. */
interface TemplateManifest {
  description: string;
  /** Sort key for menus; lower first. */
  order: number;
  /** Feature layers under `templates/_features/`, applied after `base/`. */
  features: string[];
  /** Extra `{{placeholders}}` this template's files use (string values only). */
  variables: Record<string, string>;
}

const LAYER_NAME = /^[a-z][a-z0-9-]*$/;
const VARIABLE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Validates a parsed template.json; returns the manifest or the first problem. */
export function parseManifest(raw: unknown): TemplateManifest | string {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return "must be a JSON object";
  const m = raw as Record<string, unknown>;
  const unknown = Object.keys(m).filter((k) => !["description", "order", "features", "variables"].includes(k));
  if (unknown.length > 0) return `unknown key ${unknown[0]}`;
  if (typeof m.description !== "string" || m.description === "") return "description must be a non-empty string";
  const order = m.order ?? 100;
  if (typeof order !== "number" || !Number.isInteger(order)) return "order must be an integer";
  const features = m.features ?? [];
  if (!Array.isArray(features) || !features.every((f) => typeof f === "string" && LAYER_NAME.test(f))) {
    return "features must be a list of lowercase layer names";
  }
  const variables = m.variables ?? {};
  if (typeof variables !== "object" || variables === null || Array.isArray(variables)) return "variables must be an object";
  for (const [k, v] of Object.entries(variables)) {
    if (!VARIABLE_NAME.test(k) || typeof v !== "string") return `variables.${k} must be a string with an identifier name`;
  }
  return { description: m.description, order, features: features as string[], variables: variables as Record<string, string> };
}

/** One entry of the catalog, as read from `templates/<name>/template.json`. */
export interface TemplateInfo {
  name: string;
  description: string;
  order: number;
  features: string[];
  variables: Record<string, string>;
  /** Absolute layer folders in the order they are applied. */
  layers: string[];
}

async function isDirectory(p: string): Promise<boolean> {
  return stat(p).then((s) => s.isDirectory(), () => false);
}

/** Reads one template's manifest and resolves its layers; throws `unknown_template` or `bad_template`. */
export async function loadTemplate(name: string, root: string = templatesRoot()): Promise<TemplateInfo> {
  if (!LAYER_NAME.test(name) || name === "base") {
    throw new ScaffoldError("unknown_template", `unknown template ${JSON.stringify(name)}`);
  }
  const dir = path.join(root, name);
  let raw: string;
  try {
    raw = await readFile(path.join(dir, "template.json"), "utf8");
  } catch {
    const known = (await listTemplates(root)).map((t) => t.name).join(", ");
    throw new ScaffoldError("unknown_template", `unknown template ${JSON.stringify(name)} (choose one of: ${known})`);
  }
  let manifest: TemplateManifest | string;
  try {
    manifest = parseManifest(JSON.parse(raw));
  } catch (error) {
    manifest = (error as Error).message;
  }
  if (typeof manifest === "string") throw new ScaffoldError("bad_template", `templates/${name}/template.json: ${manifest}`);
  const layers = [path.join(root, "base"), ...manifest.features.map((f) => path.join(root, "_features", f)), dir];
  for (const layer of layers) {
    if (!(await isDirectory(layer))) {
      throw new ScaffoldError("bad_template", `template ${name} needs missing layer ${path.relative(root, layer)}`);
    }
  }
  return { name, ...manifest, layers };
}

/** Every template in `root`, sorted by `order` then name (code-unit order). */
export async function listTemplates(root: string = templatesRoot()): Promise<TemplateInfo[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory() && e.name !== "base" && !e.name.startsWith("_"))
    .map((e) => e.name);
  const found: TemplateInfo[] = [];
  for (const name of names) {
    const hasManifest = await stat(path.join(root, name, "template.json")).then(() => true, () => false);
    if (hasManifest) found.push(await loadTemplate(name, root));
  }
  return found.sort((a, b) => a.order - b.order || compareCodeUnits(a.name, b.name));
}
