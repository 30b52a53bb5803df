/**
 * Replaces the output of each vendored module (tsc's: a re-export of a
 * package's values) with one file holding those values and the package code
 * they need, so loading it reads one file instead of the package's many:
 *
 * - dist/traces/kysely.js: Kysely's values for the trace store layer (~260
 *   files; src/traces/kysely.ts says why);
 * - dist/zod.js: Zod's `z` for every schema of the package (~95 files;
 *   src/zod.ts says why);
 * - dist/hono.js: Hono and its Node adapter for the server and the viewer
 *   (~30 files; src/hono.ts says why);
 * - dist/ws.js: ws's WebSocket server for OpenEnv's socket (CommonJS behind
 *   an ES module wrapper; src/ws.ts says why);
 * - dist/pino.js: pino for the server's logger (CommonJS, ~20 files with its
 *   dependencies; src/pino.ts says why).
 *
 * Built from each source's export list, not from tsc's output, so a second
 * run (tsc leaving the file as it was) gives the same bytes. Runs after
 * `tsc -b`, before the CLI bundles (whose fast paths copy Zod in from the
 * package itself: scripts/bundle-cli.mjs).
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { BUNDLE_OPTIONS } from "./esbuild-options.mjs";

const root = resolve(import.meta.dirname, "..");

/** A `require` for a CommonJS package's code in an ES module bundle. */
const REQUIRE = 'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);';

/** Each vendored module: its source under src/, its output under dist/. */
const VENDORED = [
  { source: "traces/kysely.ts", output: "traces/kysely.js" },
  { source: "zod.ts", output: "zod.js" },
  { source: "hono.ts", output: "hono.js" },
  // ws and pino are CommonJS: their require() of Node's modules (and of ws's optional native helpers) needs a require.
  { source: "ws.ts", output: "ws.js", banner: REQUIRE },
  { source: "pino.ts", output: "pino.js", banner: REQUIRE },
];

for (const { source, output, banner } of VENDORED) {
  const path = join(root, "src", source);
  await build({
    stdin: { contents: readFileSync(path, "utf8"), loader: "ts", resolveDir: dirname(path), sourcefile: `src/${source}` },
    outfile: join(root, "dist", output),
    ...BUNDLE_OPTIONS,
    allowOverwrite: true,
    ...(banner ? { banner: { js: banner } } : {}),
  });
}
