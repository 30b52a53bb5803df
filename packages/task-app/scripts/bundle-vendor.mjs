/**
 * Replaces the output of each vendored module (scripts/vendored.mjs lists
 * them; tsc's output is a re-export of a package's values) with one file
 * holding those values and the package code they need, so loading it reads
 * one file instead of the package's many (each module's source says why).
 * Built from each source's export list, not from tsc's output, so a second
 * run (tsc leaving the file as it was) gives the same bytes. Runs after
 * `tsc -b`, before the CLI bundles (whose fast paths copy Zod in from the
 * package itself: scripts/bundle-cli.mjs).
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { BUNDLE_OPTIONS } from "./esbuild-options.mjs";
import { VENDORED } from "./vendored.mjs";

const root = resolve(import.meta.dirname, "..");

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
