/**
 * `openTraceStore` for tests that write fixture sessions as setup, to be read
 * by what they test (the CLI's readers, a copy made hostile): the build's
 * store when the build is fresh (always so under `npm test`, as
 * ./cli-command.ts picks the CLI), else the sources'. From the sources, the
 * store's writer thread registers tsx and compiles its modules again (about
 * 0.6 s of CPU per store); tests whose subject is the store itself open it
 * from the sources.
 */
import type { openTraceStore as OpenTraceStore } from "../../src/traces/store.js";
import { isBuildFresh } from "./cli-command.js";

/** Opens (creating) a trace store at `url` for writing fixture sessions. */
export async function openSetupStore(...args: Parameters<typeof OpenTraceStore>): ReturnType<typeof OpenTraceStore> {
  const { openTraceStore } = (await import(isBuildFresh() ? "../../dist/traces/store.js" : "../../src/traces/store.js")) as { openTraceStore: typeof OpenTraceStore };
  return openTraceStore(...args);
}
