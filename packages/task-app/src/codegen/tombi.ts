/**
 * Tombi's JSON Schema extensions (`x-tombi-*`, documented at
 * https://tombi-toml.github.io/tombi/docs/json-schema) on the emitted config
 * schemas, beside `x-tombi-toml-version` (json-schema.ts):
 * - `x-tombi-table-keys-order: "schema"` on a table whose keys have a natural
 *   order: `tombi format` sorts its keys in the order the schema declares
 *   them (the RL and SFT top levels: algorithm, services or job, compute,
 *   ..., as the Zod schema lists them). Linting is unaffected: Tombi does not
 *   report keys out of order. (Tombi 1.5.5 cannot move a table that sits on
 *   the line right under a `#:schema` directive: it leaves such a file as it
 *   is and says so; a blank line after the directive avoids that.)
 * - `x-tombi-additional-key-label` on a free-form table (tags, metadata,
 *   per-achievement weights, ...): Tombi's key completion offers `$<label>`
 *   for a new key there instead of the generic `$key`.
 * Both are annotations: they change no verdict of `tombi lint`.
 */
import { isObject, type JsonSchema } from "./schema-tree.js";

/** A strategy of `x-tombi-table-keys-order` (Tombi also takes ascending, descending, version-sort). */
export type TombiTableKeysOrder = "schema";

/** Tombi extras of one config schema. */
export interface TombiExtras {
  /** `x-tombi-table-keys-order` on the top-level table. */
  rootKeysOrder?: TombiTableKeysOrder;
  /** Whether to label the free-form tables of {@link ADDITIONAL_KEY_LABELS}. */
  additionalKeyLabels?: boolean;
}

/** The Tombi extras per config schema id (schemas not listed get none). */
export const TOMBI_EXTRAS: Readonly<Record<string, TombiExtras>> = {
  "rl-config": { rootKeysOrder: "schema", additionalKeyLabels: true },
  "sft-config": { rootKeysOrder: "schema", additionalKeyLabels: true },
  "eval-config": { additionalKeyLabels: true },
  "filter-config": { additionalKeyLabels: true },
};

/** A label for the keys of the free-form tables at a key path. */
export interface AdditionalKeyLabel {
  /** Dotted keys the table's path ends with (`step_rewards.weights` matches `rollout.env_config.step_rewards.weights`). */
  path: string;
  /** What a key of the table names, in Tombi's snake_case style. */
  label: string;
}

/**
 * Labels of the free-form tables, by the keys their path ends with. Only a
 * table with `additionalProperties` gets its label, so a path that also names
 * a closed table (the RL `[judge]`) leaves that one alone.
 */
export const ADDITIONAL_KEY_LABELS: readonly AdditionalKeyLabel[] = [
  { path: "tags", label: "tag" },
  { path: "metadata", label: "metadata_key" },
  { path: "env_config", label: "env_setting" },
  { path: "step_rewards.weights", label: "achievement" },
  { path: "step_rewards.k_limits", label: "achievement" },
  { path: "step_rewards_weights", label: "achievement" },
  { path: "step_rewards_k_limits", label: "achievement" },
  { path: "options.weights", label: "score_track" },
  { path: "judge", label: "judge_name" },
  { path: "min_judge_scores", label: "judge_name" },
  { path: "max_judge_scores", label: "judge_name" },
  { path: "data.topology", label: "topology_key" },
];

/** The Tombi extras of a config schema id. */
export function tombiExtrasOf(id: string): TombiExtras {
  return TOMBI_EXTRAS[id] ?? {};
}

/** Whether a node is a table that takes keys beyond its `properties`. */
function isOpenTable(node: JsonSchema): boolean {
  return node.type === "object" && (isObject(node.additionalProperties) || node.additionalProperties === true);
}

/** The label for a table at `path`, if its path ends with a rule's keys. */
function labelAt(path: readonly string[], rules: readonly AdditionalKeyLabel[]): string | undefined {
  return rules.find((rule) => {
    const keys = rule.path.split(".");
    return keys.length <= path.length && keys.every((key, i) => path[path.length - keys.length + i] === key);
  })?.label;
}

/**
 * Adds `x-tombi-additional-key-label` to every open table whose key path
 * matches a rule, walking `properties`, `additionalProperties` (as `*`),
 * `items` and union alternatives (same path).
 */
export function addAdditionalKeyLabels(node: JsonSchema, rules: readonly AdditionalKeyLabel[], path: readonly string[] = []): JsonSchema {
  const out: JsonSchema = { ...node };
  if (isObject(out.properties)) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([key, child]) => [key, isObject(child) ? addAdditionalKeyLabels(child, rules, [...path, key]) : child]),
    );
  }
  if (isObject(out.additionalProperties)) out.additionalProperties = addAdditionalKeyLabels(out.additionalProperties, rules, [...path, "*"]);
  if (isObject(out.items)) out.items = addAdditionalKeyLabels(out.items, rules, path);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((s) => (isObject(s) ? addAdditionalKeyLabels(s, rules, path) : s));
  }
  const label = path.length > 0 && isOpenTable(out) ? labelAt(path, rules) : undefined;
  if (label) out["x-tombi-additional-key-label"] = label;
  return out;
}

/** Applies a schema's Tombi extras to its root (after the other editor extras). */
export function addTombiExtras(root: JsonSchema, extras: TombiExtras): JsonSchema {
  let out = extras.additionalKeyLabels ? addAdditionalKeyLabels(root, ADDITIONAL_KEY_LABELS) : root;
  if (extras.rootKeysOrder) {
    if (root.type !== "object" || !isObject(root.properties)) throw new Error("x-tombi-table-keys-order needs a root table with properties");
    out = { ...out, "x-tombi-table-keys-order": extras.rootKeysOrder };
  }
  return out;
}
