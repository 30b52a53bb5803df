/**
 * Bundles the `task-app validate` fast path into one file
 * (dist/cli/fast.bundle.js). Loading one module instead of ~150 roughly
 * halves start-up, which matters for a command run on every save.
 */
import { build } from "esbuild";

await build({
  entryPoints: ["dist/cli/fast-path.js"],
  outfile: "dist/cli/fast.bundle.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // Loaded lazily and only when a finding needs a source position.
  external: ["toml-eslint-parser"],
  logLevel: "warning",
  legalComments: "none",
  minifySyntax: true,
  minifyWhitespace: true,
});
