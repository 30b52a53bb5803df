/**
 * How tests start ./trace-writer.mjs: `node <traceWriterArgv(args)>` with
 * the writer's own arguments (`<url> <run-id> <count|forever> [concurrency]
 * [--no-close]`). The store it writes with is the build's when the build is
 * fresh (always so under `npm test`, as ./cli-command.ts picks the CLI), else
 * the sources' through tsx, so a file run alone tests the code as it is.
 * `{ from: "source" }` always runs the sources (the writer thread's own
 * from-source start, which the build never takes).
 */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isBuildFresh } from "./cli-command.js";

const require = createRequire(import.meta.url);
const writer = fileURLToPath(new URL("./trace-writer.mjs", import.meta.url));

/** The arguments after `process.execPath` that start the writer with `args`. */
export function traceWriterArgv(args: string[], { from }: { from?: "source" } = {}): string[] {
  if (from !== "source" && isBuildFresh()) return [writer, new URL("../../dist/traces/store.js", import.meta.url).href, ...args];
  return ["--import", pathToFileURL(require.resolve("tsx/esm")).href, writer, new URL("../../src/traces/store.ts", import.meta.url).href, ...args];
}
