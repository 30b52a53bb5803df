/**
 * Packages editors/vscode into a .vsix, offline: the extension and
 * vscode-languageclient bundled into one file by esbuild (vscode external),
 * then `@vscode/vsce`'s createVSIX with no dependency scan. Not part of
 * `npm run build` (about a second, but a .vsix is only needed to install the
 * extension): `npm run package:vscode [-- out.vsix]`.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { createVSIX } from "@vscode/vsce";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cwd = resolve(root, "editors/vscode");
const out = resolve(process.argv[2] ?? resolve(root, "dist/task-app-vscode.vsix"));

await build({
  entryPoints: [resolve(cwd, "src/extension.js")],
  outfile: resolve(cwd, "dist/extension.js"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  external: ["vscode"],
  logLevel: "warning",
  legalComments: "none",
  minify: true,
});
mkdirSync(dirname(out), { recursive: true });
await createVSIX({ cwd, packagePath: out, dependencies: false, allowMissingRepository: true, skipLicense: false });
process.stdout.write(`${out}\n`);
