/**
 * Replaces dist/traces/kysely.js (tsc's output: a re-export of Kysely's values) with one file
 * holding those values and the Kysely code they need, so loading the trace store layer reads one
 * file instead of Kysely's ~260 (src/traces/kysely.ts says why). Built from the source's export
 * list, not from tsc's output, so a second run (tsc leaving the file as it was) gives the same
 * bytes. Runs after `tsc -b`, before the CLI bundles.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { BUNDLE_OPTIONS } from "./esbuild-options.mjs";

const root = resolve(import.meta.dirname, "..");
const source = join(root, "src", "traces", "kysely.ts");

await build({
  stdin: { contents: readFileSync(source, "utf8"), loader: "ts", resolveDir: dirname(source), sourcefile: "src/traces/kysely.ts" },
  outfile: join(root, "dist", "traces", "kysely.js"),
  ...BUNDLE_OPTIONS,
  allowOverwrite: true,
});
