/**
 * Zod refinements restated for the emitted JSON Schemas (`z.toJSONSchema`
 * drops refinements), and the ones JSON Schema cannot state. Each entry names
 * the Zod rule it mirrors. The differential test
 * (test/differential-config.test.ts) proves that Zod and the emitted schemas
 * agree on generated documents except where {@link UNEXPRESSED_RULES} says why.
 */
import { EvalConfig, JudgeSpec } from "../schemas/eval-config.js";
import { FilterTable } from "../schemas/filter-config.js";
import { ModelConfig, PolicySection } from "../schemas/rl-model.js";
import type { JsonSchema, KeyRule } from "./json-schema.js";

/** A key rule and the Zod refinement it restates (its `params.rule`, or its message). */
export interface MirroredRule extends KeyRule {
  zodRule: string;
}

/** Top-level keys an eval file may have beside `[eval]`: only its kind tag. */
const EVAL_KEYS_BESIDE_TABLE = ["type", "eval"];

/** Key rules per config schema id. */
export const KEY_RULES: Readonly<Record<string, readonly MirroredRule[]>> = {
  "rl-config": [
    { zodRule: "model_source_xor_base", target: ModelConfig, exactlyOneOf: ["source", "base"], emptyIsUnset: true },
    { zodRule: "policy_model_xor_source", target: PolicySection, exactlyOneOf: ["model_name", "source"], emptyIsUnset: true },
  ],
  "eval-config": [
    { zodRule: "judge_module_xor_path", target: JudgeSpec, exactlyOneOf: ["module", "path"] },
    {
      zodRule: "eval_top_level_ignored",
      target: EvalConfig,
      schema: {
        description: "When the file has an [eval] table, every other key goes inside it (the eval CLI reads only [eval]).",
        if: { required: ["eval"] },
        then: { propertyNames: { enum: EVAL_KEYS_BESIDE_TABLE } },
      } satisfies JsonSchema,
    },
  ],
  "filter-config": [
    {
      zodRule: "shuffle_seed needs shuffle = true",
      target: FilterTable,
      schema: {
        description: "shuffle_seed needs shuffle = true.",
        dependencies: { shuffle_seed: { required: ["shuffle"], properties: { shuffle: { const: true } } } },
      },
    },
  ],
};

/** A Zod refinement JSON Schema cannot state; `task-app validate` enforces it and the description says it. */
export interface UnexpressedRule {
  /** Config schema id. */
  schemaId: string;
  /** Dotted path of the issue Zod reports. */
  path: string;
  /** The message (or `params.rule`), matched exactly. */
  zodRule: string;
  /** Why JSON Schema cannot say it. */
  reason: string;
}

/** The documented exceptions to "Zod and the emitted JSON Schema agree". */
export const UNEXPRESSED_RULES: readonly UnexpressedRule[] = [
  {
    schemaId: "filter-config",
    path: "filter.min_official_score",
    zodRule: "min_official_score must be <= max_official_score",
    reason: "compares two values of the document; JSON Schema keywords compare a value with constants only",
  },
  {
    schemaId: "deploy-config",
    path: "deploy.replicas.max",
    zodRule: "deploy_replicas_range",
    reason: "compares two values of the document (max with min, either of them defaulted); JSON Schema keywords compare a value with constants only",
  },
];

/** The key rules of one schema id (none when it has no entry). */
export function keyRulesOf(id: string): readonly MirroredRule[] {
  return KEY_RULES[id] ?? [];
}
