/**
 * Zod refinements that JSON Schema can express, restated for the emitted
 * schemas (`z.toJSONSchema` drops refinements). Each entry names the Zod rule
 * it mirrors; the differential test (test/differential-config.test.ts) proves
 * that Zod and the emitted schema agree on them.
 */
import type { KeyRule } from "./json-schema.js";

/** A key rule and the `params.rule` of the Zod refinement it restates. */
export interface MirroredRule extends KeyRule {
  zodRule: string;
}

/** Key rules per config schema id. */
export const KEY_RULES: Readonly<Record<string, readonly MirroredRule[]>> = {
  "rl-config": [
    { zodRule: "model_source_xor_base", path: ["model"], exactlyOneOf: ["source", "base"], blankIsUnset: true },
    { zodRule: "policy_model_xor_source", path: ["policy"], exactlyOneOf: ["model_name", "source"], blankIsUnset: true },
  ],
};

/** The key rules of one schema id (none when it has no entry). */
export function keyRulesOf(id: string): readonly MirroredRule[] {
  return KEY_RULES[id] ?? [];
}
