/**
 * How tests spawn the task-app CLI: the build (`bin/task-app.js`) when it is
 * newer than every source file (the build's record, dist/.tsbuildinfo, which
 * `tsc -b` rewrites, or re-stamps when the contents are the same, whenever a
 * source is newer, even when it leaves dist/cli/main.js as it was), which is
 * always the case under `npm test`
 * (it builds first), so a full run does not pay tsx's compile of the CLI in
 * every child process; otherwise the sources through tsx, so a test file run
 * on its own without a build still tests the code as it is.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("../../", import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

let fresh: boolean | undefined;
let cached: string[] | undefined;

/** Whether the build (dist/, the CLI bundle) is newer than every source file, as `npm test` leaves it. */
export function isBuildFresh(): boolean {
  if (fresh !== undefined) return fresh;
  let built = 0;
  try {
    const record = [join(root, "dist", ".tsbuildinfo"), join(root, "dist", "cli", "main.js")].find((file) => existsSync(file))!;
    built = Math.min(statSync(record).mtimeMs, ...["fast.bundle.cjs", "main.bundle.js", "fast-eval.bundle.cjs"].map((name) => statSync(join(root, "dist", "cli", name)).mtimeMs));
  } catch {
    // no build
  }
  fresh = built > newestMtime(join(root, "src"));
  return fresh;
}

/** The arguments after `process.execPath` that start the CLI (append the command's own). */
export function cliArgv(): string[] {
  cached ??= isBuildFresh()
    ? [join(root, "bin", "task-app.js")]
    : ["--import", pathToFileURL(require.resolve("tsx/esm")).href, join(root, "test", "fixtures", "apps", "run-cli.ts")];
  return cached;
}
