/**
 * The package's dependencies match what its built code imports: every
 * package a module of dist/ or bin/ imports is a dependency, an optional
 * peer, or one of the few the code loads only where the user's project or a
 * source checkout brings it; and every dependency is imported by one of them
 * (a dependency nothing runs is an install every user pays for). Read from
 * the build's import specifiers, so it needs `npm run build` (npm test builds first).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "node:test";
import { VENDORED } from "../scripts/vendored.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Imported without being a dependency, on purpose. */
const BROUGHT_BY_OTHERS: Record<string, string> = {
  tsx: "serving a .ts app: the app's project has it (the templates list it); task-app says so when it is missing",
  ajv: "task-app generate, which runs in a source checkout only",
  "openapi-typescript": "task-app generate, which runs in a source checkout only",
};

/**
 * Built files holding a dependency's own code, copied in by the build (scripts/vendored.mjs lists them):
 * not scanned (minified library code reads as imports to the scan), counted as importing it. The
 * package stays a dependency: the type files import its types.
 */
const VENDORED_FILES: Record<string, readonly string[]> = Object.fromEntries(VENDORED.map(({ output, packages }) => [`dist/${output}`, packages]));

/** Package names each built module imports (static, dynamic or required), by package. */
function importedPackages(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const builtins = new Set(builtinModules);
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        // The viewer's browser bundle imports nothing at run time.
        if (path !== join(root, "dist", "viewer")) visit(path);
        continue;
      }
      if (!/\.(?:c?js|mjs)$/.test(entry.name)) continue;
      const vendored = VENDORED_FILES[relative(root, path).split("\\").join("/")];
      if (vendored) {
        for (const name of vendored) found.set(name, [...(found.get(name) ?? []), relative(root, path)]);
        continue;
      }
      const text = readFileSync(path, "utf8");
      for (const [, specifier] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s+)["']([^"'./$][^"'\s$]*)["']/gm)) {
        const spec = specifier!;
        if (spec.startsWith("node:") || builtins.has(spec.split("/")[0]!)) continue;
        const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
        // The codemods write `import ... from "task-app"` into a user's app: text, not an import of this package's.
        if (name === "task-app") continue;
        found.set(name, [...(found.get(name) ?? []), relative(root, path)]);
      }
    }
  };
  visit(join(root, "dist"));
  visit(join(root, "bin"));
  return found;
}

const built = existsSync(join(root, "dist", "index.js")) && existsSync(join(root, "dist", "cli", "main.bundle.js"));

test("every package the build imports is a dependency, an optional peer or brought by the user's project; every dependency is imported", { skip: !built && "not built (npm test builds first)" }, () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<"dependencies" | "peerDependencies", Record<string, string> | undefined>;
  const dependencies = Object.keys(pkg.dependencies ?? {});
  const peers = Object.keys(pkg.peerDependencies ?? {});
  const imported = importedPackages();
  const undeclared = [...imported].filter(([name]) => !dependencies.includes(name) && !peers.includes(name) && !(name in BROUGHT_BY_OTHERS));
  assert.deepEqual(undeclared.map(([name, files]) => `${name} (${files[0]})`), [], "imported by the build but not a dependency");
  assert.deepEqual(dependencies.filter((name) => !imported.has(name)), [], "dependencies nothing in dist/ or bin/ imports");
});
