/**
 * The template catalog: every folder under `templates/` that holds a
 * `template.json`. A template is the shared `base/` layer, the feature layers
 * it lists (`templates/_features/<name>/`) and its own folder, applied in
 * that order.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { ScaffoldError } from "./errors.js";
import { templatesRoot } from "./paths.js";

const TemplateManifest = z.strictObject({
  description: z.string().min(1),
  /** Sort key for menus; lower first. */
  order: z.number().int().default(100),
  /** Feature layers under `templates/_features/`, applied after `base/`. */
  features: z.array(z.string().regex(/^[a-z][a-z0-9-]*$/)).default([]),
  /** Extra `{{placeholders}}` this template's files use (string values only). */
  variables: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), z.string()).default({}),
});

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
  if (!/^[a-z][a-z0-9-]*$/.test(name) || name === "base") {
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
  const parsed = TemplateManifest.safeParse(JSON.parse(raw));
  if (!parsed.success) {
    throw new ScaffoldError("bad_template", `templates/${name}/template.json: ${parsed.error.issues[0]?.message}`);
  }
  const layers = [path.join(root, "base"), ...parsed.data.features.map((f) => path.join(root, "_features", f)), dir];
  for (const layer of layers) {
    if (!(await isDirectory(layer))) {
      throw new ScaffoldError("bad_template", `template ${name} needs missing layer ${path.relative(root, layer)}`);
    }
  }
  return { name, ...parsed.data, layers };
}

/** Every template in `root`, sorted by `order` then name. */
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
  return found.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}
