/**
 * Checking config text synchronously: with every kind's schema built
 * (../schemas/registry.ts), for the library's callers and the editor server.
 * The checker itself is ./check-core.ts; a file read (`checkConfigFile`)
 * builds the schema of its own kind only.
 */
import { getConfigSchema } from "../schemas/registry.js";
import { finishConfigCheck, isFinished, startConfigCheck, type CheckOptions, type ConfigCheck } from "./check-core.js";

export { checkConfigFile, DEFAULT_MAX_FINDINGS, type CheckOptions, type ConfigCheck } from "./check-core.js";

/** Validates config text. */
export function checkConfigText(text: string, options: CheckOptions = {}): ConfigCheck {
  const started = startConfigCheck(text, options);
  return isFinished(started) ? started : finishConfigCheck(started, getConfigSchema(started.kind).schema, options);
}
