/**
 * Each config kind's schema, built when it is first asked for: checking a
 * file loads the schema of the kind detected in it and no other, so
 * `task-app validate` of an RL config builds one schema of five (building
 * them all was about a third of its start-up). ./registry.ts holds every
 * schema built, for what walks them all (generators, the editor catalog) and
 * for the synchronous checkers (`checkConfigText`, `checkSourceText`).
 */
import type { z } from "zod";
import type { ConfigKind } from "./registry.js";

const loaders: { readonly [K in ConfigKind]: () => Promise<z.ZodType> } = {
  rl: async () => (await import("./rl-config.js")).RLConfig,
  sft: async () => (await import("./sft-config.js")).SFTConfig,
  eval: async () => (await import("./eval-config.js")).EvalConfig,
  filter: async () => (await import("./filter-config.js")).FilterConfig,
  deploy: async () => (await import("./deploy-config.js")).DeployConfig,
};

/** The schema of a config kind, the same object as `getConfigSchema(kind).schema`, loading only its own modules. */
export function loadConfigSchema(kind: ConfigKind): Promise<z.ZodType> {
  if (!Object.hasOwn(loaders, kind)) return Promise.reject(new Error(`unknown config kind: ${kind}`));
  return loaders[kind]();
}
