/**
 * npm's package-name rules (the ones `validate-npm-package-name` applies to
 * new packages) and the names derived from a project's package name.
 */
import { builtinModules } from "node:module";

const RESERVED = new Set(["node_modules", "favicon.ico"]);
const SPECIAL = /[~'!()*]/;
const SCOPED = /^@([^/]+)\/([^/]+)$/;

/** Every rule `name` breaks as a sentence; an empty list means it is a valid new npm package name. */
export function checkPackageName(name: string): string[] {
  const problems: string[] = [];
  if (name.length === 0) return ["name must not be empty"];
  if (name.trim() !== name) problems.push("name must not start or end with spaces");
  if (name.length > 214) problems.push("name must be at most 214 characters");
  if (name.startsWith(".")) problems.push('name must not start with "."');
  if (name.startsWith("_")) problems.push('name must not start with "_"');
  if (name.toLowerCase() !== name) problems.push("name must be lowercase");
  if (SPECIAL.test(name.split("/").pop() ?? "")) problems.push("name must not contain any of ~'!()*");
  if (RESERVED.has(name.toLowerCase())) problems.push(`"${name}" is a reserved name`);
  if (builtinModules.includes(name)) problems.push(`"${name}" is a Node.js core module name`);
  const scoped = SCOPED.exec(name);
  const parts = scoped ? [scoped[1] ?? "", scoped[2] ?? ""] : [name];
  if (!scoped && name.startsWith("@")) problems.push('a scoped name must look like "@scope/name"');
  else if (parts.some((p) => encodeURIComponent(p) !== p || p.startsWith("."))) {
    problems.push("name may only contain URL-safe characters (letters, digits, - . _ ~)");
  }
  return problems;
}

/** True when `name` passes every rule of {@link checkPackageName}. */
export function isValidPackageName(name: string): boolean {
  return checkPackageName(name).length === 0;
}

/** Best-effort valid package name from any text (a folder name, a title): `My Env!` → `my-env`. */
export function toValidPackageName(input: string): string {
  const cleaned = input
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/^[._]+/, "")
    .replace(/[^a-z0-9\-._]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  const candidate = cleaned.slice(0, 214) || "task-app-project";
  return isValidPackageName(candidate) ? candidate : `${candidate}-app`;
}

/** The app id a task app reports (`/` and `/info`): the package name without its scope. */
export function toAppId(packageName: string): string {
  return packageName.replace(/^@[^/]+\//, "");
}

/** A display title from a package name: `@me/my-env` → `My Env`. */
export function toTitle(packageName: string): string {
  return toAppId(packageName)
    .split(/[-_.~]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** A Kubernetes name (DNS-1123 label starting with a letter) from a package name: `@me/My_Env` → `my-env`. */
export function toDeployName(packageName: string): string {
  const name = toAppId(packageName)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^[-0-9]+|-+$/g, "");
  const label = (name || "task-app").slice(0, 63).replace(/-+$/, "");
  return label;
}
