/**
 * Turns template layers into the file map of a new project: later layers
 * replace earlier files, `package.json` files are merged, `_gitignore`
 * becomes `.gitignore`, and `{{placeholders}}` inside string values are filled.
 */
import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ScaffoldError } from "./errors.js";
import { resolveInside } from "./safe-path.js";
import { compareCodeUnits } from "../text/compare.js";

/** File names npm would drop or rename on publish, stored under another name in templates. */
const RENAMES: Record<string, string> = { _gitignore: ".gitignore", _npmrc: ".npmrc" };
/** Files that describe a layer and are never copied. */
const LAYER_FILES = new Set(["template.json"]);
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
/** Extensions whose placeholders sit inside double-quoted strings and need escaping. */
const QUOTED = new Set([".json", ".toml", ".ts", ".js", ".mjs", ".cjs"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Relative `/`-separated paths of every regular file under `dir`, each folder's names in code-unit order; a symlink is a broken template. */
export async function walkFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => compareCodeUnits(a.name, b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isSymbolicLink()) throw new ScaffoldError("bad_template", `template file is a symlink: ${rel}`, [rel]);
    if (entry.isDirectory()) out.push(...(await walkFiles(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep merge for package.json layers: objects merge key by key, anything else is replaced. */
export function mergeJson(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = k in out ? mergeJson(out[k], v) : v;
  return out;
}

function escapeFor(file: string, value: string): string {
  return QUOTED.has(path.extname(file)) ? JSON.stringify(value).slice(1, -1) : value;
}

/** Replaces every `{{name}}` in `text`; an unknown placeholder is a template bug and throws. */
export function fillPlaceholders(file: string, text: string, vars: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new ScaffoldError("bad_template", `${file}: unknown placeholder {{${key}}}`, [file]);
    return escapeFor(file, value);
  });
}

/** Output path of a template file: renames applied to the last segment, checked to stay relative. */
export function outputPath(rel: string): string {
  const parts = rel.split("/");
  const last = parts.pop() ?? "";
  const out = [...parts, RENAMES[last] ?? last].join("/");
  resolveInside("/", out);
  return out;
}

/** Renders `layers` (applied in order) with `vars` into a sorted map of relative path → bytes. */
export async function renderLayers(
  layers: readonly string[],
  vars: Readonly<Record<string, string>>,
): Promise<Map<string, Uint8Array>> {
  const sources = new Map<string, Uint8Array>();
  let pkg: unknown;
  for (const layer of layers) {
    const layerStat = await lstat(layer);
    if (!layerStat.isDirectory()) throw new ScaffoldError("bad_template", `template layer is not a folder: ${layer}`);
    for (const rel of await walkFiles(layer)) {
      if (LAYER_FILES.has(rel)) continue;
      const bytes = await readFile(path.join(layer, rel));
      const out = outputPath(rel);
      if (out === "package.json") pkg = mergeJson(pkg, JSON.parse(bytes.toString("utf8")));
      else sources.set(out, bytes);
    }
  }
  if (pkg !== undefined) sources.set("package.json", Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`));
  const rendered = new Map<string, Uint8Array>();
  for (const rel of [...sources.keys()].sort()) {
    const bytes = sources.get(rel) as Uint8Array;
    let text: string | undefined;
    try {
      text = bytes.includes(0) ? undefined : utf8.decode(bytes);
    } catch {
      text = undefined;
    }
    rendered.set(rel, text === undefined ? bytes : Buffer.from(fillPlaceholders(rel, text, vars)));
  }
  return rendered;
}
