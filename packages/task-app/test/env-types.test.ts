/**
 * Types guard a declared environment's author: test/fixtures/env/types-check.ts
 * uses defineEnvironment correctly and, on lines marked `@ts-expect-error`,
 * wrongly (a wrong key on the arguments or the state, a wrong return shape,
 * a scripted call to a tool that does not exist or with the wrong
 * arguments, an observation that is neither text nor content parts). It must
 * type-check: a mistake that compiles leaves its directive unused, which is
 * itself an error. A copy with the directives removed must fail on each.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { projectOptions, typecheck } from "./helpers/typecheck.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, "fixtures", "env", "types-check.ts");
const text = await readFile(fixture, "utf8");
/** The lines (1-based) under a directive: each holds a mistake. */
const marked = text.split("\n").flatMap((line, i) => (/^\s*\/\/ @ts-expect-error/.test(line) ? [i + 2] : []));
const scratch = await mkdtemp(join(here, "fixtures", "env", ".unmarked-"));
after(() => rm(scratch, { recursive: true, force: true }));
const copy = join(scratch, "types-check.ts");
// Each directive becomes an empty comment, so line numbers stay; the import climbs one more folder.
await writeFile(copy, text.replaceAll("// @ts-expect-error", "//").replace('from "../../../src/index.js"', `from ${JSON.stringify(relative(scratch, join(here, "..", "src", "index.js")))}`));
// Both files in one program: the library's types they use are checked once for the two.
const diagnostics = typecheck([fixture, copy], { ...projectOptions(), rootDir: undefined });

test("correct uses compile and every marked mistake is an error", () => {
  assert.deepEqual(diagnostics.filter((d) => !d.startsWith(`${copy}:`)), []);
});

test("without the directives, each marked line fails to compile", () => {
  assert.ok(marked.length >= 8, `${marked.length} marked mistakes`);
  const failing = new Set(diagnostics.filter((d) => d.startsWith(`${copy}:`)).map((e) => Number(/:(\d+): /.exec(e)?.[1])));
  for (const line of marked) assert.ok(failing.has(line), `line ${line} compiles without its directive`);
});
