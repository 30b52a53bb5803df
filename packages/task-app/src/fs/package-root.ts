/**
 * Where this package lives. This file sits two levels below the package root
 * in every form it runs as: `src/fs/` (through tsx), `dist/fs/` (tsc's
 * output) and the bundled CLI, which inlines it into `dist/cli/`. Code asks
 * here rather than counting levels itself.
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root (the folder holding package.json), without a trailing separator. */
export function packageRoot(): string {
  return dirname(dirname(dirname(fileURLToPath(import.meta.url))));
}

/** The version in this package's package.json, or undefined when it names none. */
export function readPackageVersion(): string | undefined {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : undefined;
}
