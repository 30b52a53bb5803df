/**
 * Where this package lives, for the CLI. This file sits two levels below the
 * package root in every form it runs as: `src/cli/` (through tsx), `dist/cli/`
 * (tsc's output) and the bundled CLI, whose files are all in `dist/cli/`.
 * Code under `src/cli/commands/` asks here rather than counting levels itself.
 */
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** The package root (the folder holding package.json), without a trailing separator. */
export function packageRoot(): string {
  return dirname(dirname(dirname(fileURLToPath(import.meta.url))));
}

/** The version in this package's package.json. */
export function readPackageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
  return typeof pkg.version === "string" ? pkg.version : "unknown";
}
