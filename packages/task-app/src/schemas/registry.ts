/**
 * Every public config schema and the artifact it produces. Generators walk
 * this list in order; adding a schema here is how it gets a JSON Schema file,
 * a place in the editor catalog and a section in the config reference.
 */
import type { z } from "zod";
import { DeployConfig } from "./deploy-config.js";
import { EvalConfig } from "./eval-config.js";
import { FilterConfig } from "./filter-config.js";
import { RLConfig } from "./rl-config.js";
import { SFTConfig } from "./sft-config.js";

/** The kinds of TOML config task-app validates. */
export type ConfigKind = "rl" | "sft" | "eval" | "filter" | "deploy";

/** A public schema with its own JSON Schema file. */
export interface SchemaEntry {
  /** Stable id, also the file stem: `schemas/<id>.schema.json`. */
  id: string;
  title: string;
  description: string;
  schema: z.ZodType;
  /** Globs an editor uses to bind the schema to TOML files (SchemaStore `fileMatch`). */
  fileMatch: string[];
}

/** A TOML config schema: validated by `task-app validate --kind <kind>`. */
export interface ConfigSchemaEntry extends SchemaEntry {
  kind: ConfigKind;
}

export const configSchemas: readonly ConfigSchemaEntry[] = [
  {
    kind: "rl",
    id: "rl-config",
    title: "task-app RL config",
    description: "RL training job config (synth-ai compatible): algorithm, services, compute, model or policy, rollout, training, evaluation, judge.",
    schema: RLConfig,
    fileMatch: ["**/rl.toml", "**/*.rl.toml", "**/rl_*.toml", "**/configs/rl/*.toml"],
  },
  {
    kind: "sft",
    id: "sft-config",
    title: "task-app SFT config",
    description: "Supervised fine-tuning job config (synth-ai compatible): algorithm, job, compute, hyperparameters, vision settings.",
    schema: SFTConfig,
    fileMatch: ["**/sft.toml", "**/*.sft.toml", "**/sft_*.toml", "**/configs/sft/*.toml"],
  },
  {
    kind: "eval",
    id: "eval-config",
    title: "task-app eval config",
    description: "Evaluation run config: task app, model, seeds, policy and environment settings, judges.",
    schema: EvalConfig,
    fileMatch: ["**/eval.toml", "**/*.eval.toml", "**/eval_*.toml", "**/configs/eval/*.toml"],
  },
  {
    kind: "filter",
    id: "filter-config",
    title: "task-app filter config",
    description: "Trace filter config: which traces from a trace store become an SFT dataset.",
    schema: FilterConfig,
    fileMatch: ["**/filter.toml", "**/*.filter.toml", "**/filter_*.toml"],
  },
  {
    kind: "deploy",
    id: "deploy-config",
    title: "task-app deploy config",
    description: "Kubernetes deployment of a task app: image, replicas, resources, secrets, trace store, ingress (task-app deploy).",
    schema: DeployConfig,
    fileMatch: ["**/deploy.toml", "**/*.deploy.toml", "**/deploy_*.toml"],
  },
];

/** The registry entry for a config kind. */
export function getConfigSchema(kind: ConfigKind): ConfigSchemaEntry {
  const entry = configSchemas.find((e) => e.kind === kind);
  if (!entry) throw new Error(`unknown config kind: ${kind}`);
  return entry;
}
