/**
 * The rooms at the bottom of the house import only from below themselves:
 * `src/text/` from nothing of the project, `src/schemas/` from the text
 * rules (Python's string rules among them), `src/runtime/` from neither the
 * server nor the commands that use it (the context-override rules the
 * server checks and the executor applies sit in runtime). Type-only imports
 * are left out: they vanish from the build. And Kysely's values reach the
 * trace store layer, Zod every schema, Hono the server and the viewer, ws
 * OpenEnv's socket and pino the server's logger, each through one module,
 * which the build makes one file.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { VENDORED } from "../scripts/vendored.mjs";

const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");

/** Each room, and the rooms it may import from (itself included). */
const ALLOWED: Record<string, string[]> = {
  text: ["text"],
  schemas: ["text", "schemas"],
  runtime: ["text", "schemas", "config", "fs", "http", "json", "tracing", "runtime"],
};

/** Each vendored package with the module under src/ its values come through (scripts/vendored.mjs). */
const VENDORED_PACKAGES = VENDORED.flatMap(({ source, packages }) => packages.map((name) => ({ name, module: join(...source.split("/")) })));

function roomImports(room: string): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const name of readdirSync(join(src, room), { recursive: true }) as string[]) {
    if (!name.endsWith(".ts")) continue;
    const file = join(src, room, name);
    for (const m of readFileSync(file, "utf8").matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+"(\.[^"]+)"/gms)) {
      const target = relative(src, normalize(join(dirname(file), m[1]!)));
      out.push({ file: relative(src, file), target });
    }
  }
  return out;
}

for (const [room, allowed] of Object.entries(ALLOWED))
  test(`src/${room}/ imports only from ${allowed.map((r) => `src/${r}/`).join(", ")}`, () => {
    const imports = roomImports(room);
    assert.ok(imports.length > 0 || room === "text");
    // A vendored module is its package: below every room.
    const climbing = imports.filter(({ target }) => !VENDORED.some(({ output }) => join(...output.split("/")) === target) && !allowed.includes(target.split("/")[0]!));
    assert.deepEqual(climbing, []);
  });

for (const { name: pkg, module } of VENDORED_PACKAGES) {
  test(`${pkg}'s values come only through src/${module}, the module the build makes one file of (scripts/bundle-vendor.mjs)`, () => {
    const direct: string[] = [];
    for (const name of readdirSync(src, { recursive: true }) as string[]) {
      if (!name.endsWith(".ts") || name === module) continue;
      const text = readFileSync(join(src, name), "utf8");
      // A type-only import vanishes from the build; any other import of the package loads all its files, a second copy.
      for (const m of text.matchAll(new RegExp(`^(?:import|export)(?!\\s+type\\b)[^;]*?from\\s+"${pkg}(?:/[^"]*)?"|\\bimport\\(\\s*"${pkg}(?:/[^"]*)?"\\s*\\)`, "gms"))) direct.push(`${name}: ${m[0].split("\n")[0]}`);
    }
    assert.deepEqual(direct, [], `import ${pkg}'s values from src/${module}: the package itself is many files to load, and a second copy`);
  });
}
