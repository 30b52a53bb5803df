/**
 * Types guard a declared environment's author: test/fixtures/env/types-check.ts
 * uses defineEnvironment correctly and, on lines marked `@ts-expect-error`,
 * wrongly (a wrong key on the arguments or the state, a wrong return shape,
 * a scripted call to a tool that does not exist or with the wrong
 * arguments, an observation that is neither text nor content parts). It must
 * type-check: a mistake that compiles leaves its directive unused, which is
 * itself an error. A copy with the directives removed must fail on each.
 * The fixture imports `task-app/env`, the entry an environment's module
 * uses; a project importing it through the package's exports type-checks
 * against the shipped declarations without reading the rest of the
 * library's (Kysely's, Hono's, the language server's).
 */
// npm test: group typescript (the compiler's parsed lib and declaration files are shared within a process: test/helpers/typecheck.ts)
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { isBuildFresh } from "./helpers/cli-command.js";
import { NODE_MODULES } from "./helpers/roots.js";
import { createSharedProgram, projectOptions, typecheck } from "./helpers/typecheck.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixture = join(here, "fixtures", "env", "types-check.ts");
const text = await readFile(fixture, "utf8");
/** The lines (1-based) under a directive: each holds a mistake. */
const marked = text.split("\n").flatMap((line, i) => (/^\s*\/\/ @ts-expect-error/.test(line) ? [i + 2] : []));
const scratch = await mkdtemp(join(here, "fixtures", "env", ".unmarked-"));
after(() => rm(scratch, { recursive: true, force: true }));
const copy = join(scratch, "types-check.ts");
// Each directive becomes an empty comment, so line numbers stay; the import climbs one more folder.
await writeFile(copy, text.replaceAll("// @ts-expect-error", "//").replace('from "../../../src/env/index.js"', `from ${JSON.stringify(relative(scratch, join(here, "..", "src", "env", "index.js")))}`));
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

test("a project importing task-app/env type-checks against the shipped declarations without Kysely's, Hono's or the language server's", { skip: isBuildFresh() ? false : "run `npm run build` first (the shipped declarations)" }, async () => {
  const project = await mkdtemp(join(tmpdir(), "env-entry-types-"));
  try {
    await mkdir(join(project, "node_modules"));
    await symlink(join(here, ".."), join(project, "node_modules", "task-app"), "dir");
    await writeFile(join(project, "package.json"), '{ "type": "module" }\n');
    const app = join(project, "app.ts");
    await writeFile(
      app,
      `import { defineEnvironment, normaliseSeed, z, type Observation, type TaskDatasetSpec } from "task-app/env";
export const spec = { id: "d", name: "D", version: "1", splits: ["train"], default_split: "train" } satisfies TaskDatasetSpec;
export default defineEnvironment({
  appId: "a", name: "A", system: "s",
  reset: ({ seed }) => ({ n: normaliseSeed(seed, 10) }),
  observe: (s): Observation => String(s.n),
  tools: { add: { description: "d", args: z.object({ n: z.number() }), run: ({ n }, s) => ({ state: { n: s.n + n } }) } },
});
`,
    );
    const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true, skipLibCheck: true, types: ["node"], typeRoots: [join(NODE_MODULES, "@types")] };
    const program = createSharedProgram([app], options);
    assert.deepEqual(ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")), []);
    const files = program.getSourceFiles().map((f) => f.fileName);
    assert.ok(files.some((f) => f.endsWith("/dist/env/index.d.ts")), "the entry's declarations are read");
    assert.deepEqual(files.filter((f) => /\/node_modules\/(kysely|hono|vscode-languageserver[a-z-]*|vscode-jsonrpc|@libsql|pg)\/|\/dist\/(index|lsp\/|traces\/|server\/)/.test(f)), []);
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});
