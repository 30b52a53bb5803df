/**
 * The rooms at the bottom of the house import only from below themselves:
 * `src/text/` from nothing of the project, `src/schemas/` from the text
 * rules (Python's string rules among them), `src/runtime/` from neither the
 * server nor the commands that use it (the context-override rules the
 * server checks and the executor applies sit in runtime). Type-only imports
 * are left out: they vanish from the build. And Kysely's values reach the
 * trace store layer through one module, which the build makes one file.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");

/** Each room, and the rooms it may import from (itself included). */
const ALLOWED: Record<string, string[]> = {
  text: ["text"],
  schemas: ["text", "schemas"],
  runtime: ["text", "schemas", "config", "fs", "http", "json", "tracing", "runtime"],
};

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
    const climbing = imports.filter(({ target }) => !allowed.includes(target.split("/")[0]!));
    assert.deepEqual(climbing, []);
  });

test("Kysely's values come only through src/traces/kysely.ts, the module the build makes one file of (scripts/bundle-vendor.mjs)", () => {
  const direct: string[] = [];
  for (const name of readdirSync(src, { recursive: true }) as string[]) {
    if (!name.endsWith(".ts") || name === join("traces", "kysely.ts")) continue;
    const text = readFileSync(join(src, name), "utf8");
    // A type-only import vanishes from the build; any other import of "kysely" loads its ~260 files, a second copy.
    for (const m of text.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+"kysely"/gms)) direct.push(`${name}: ${m[0].split("\n")[0]}`);
  }
  assert.deepEqual(direct, []);
});
