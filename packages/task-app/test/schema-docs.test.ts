/**
 * Every public schema documents every field: the descriptions are what
 * editors show on hover and what generated/CONFIG.md lists.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { configSchemas } from "../src/schemas/registry.js";
import { RolloutRequest, RolloutResponse } from "../src/schemas/rollout.js";
import { TaskInfo } from "../src/schemas/task-info.js";
import { RubricBundle } from "../src/schemas/rubric.js";
import { SFTExample } from "../src/schemas/sft-jsonl.js";

type Node = { description?: string; properties?: Record<string, Node>; items?: Node | Node[]; anyOf?: Node[]; oneOf?: Node[]; allOf?: Node[]; additionalProperties?: Node | boolean; $ref?: string; definitions?: Record<string, Node>; $defs?: Record<string, Node> };

/** Dotted paths of properties that have no description (directly or through a $ref'd definition). */
function undocumented(root: Node): string[] {
  const defs = { ...(root.definitions ?? {}), ...(root.$defs ?? {}) };
  const resolve = (n: Node): Node => {
    const ref = n.$ref ?? (n.allOf?.length === 1 ? n.allOf[0]?.$ref : undefined);
    return ref ? (defs[ref.split("/").pop() ?? ""] ?? n) : n;
  };
  const missing: string[] = [];
  const seen = new Set<Node>();
  const walk = (node: Node, path: string) => {
    const n = resolve(node);
    if (seen.has(n)) return;
    seen.add(n);
    for (const [key, child] of Object.entries(n.properties ?? {})) {
      const where = path ? `${path}.${key}` : key;
      if (!child.description && !resolve(child).description) missing.push(where);
      walk(child, where);
    }
    for (const child of [n.items, n.anyOf, n.oneOf, n.allOf].flat()) if (child && typeof child === "object") walk(child as Node, path);
    if (n.additionalProperties && typeof n.additionalProperties === "object") walk(n.additionalProperties, `${path}.*`);
  };
  walk(root, "");
  return missing;
}

const schemas: [string, z.ZodType][] = [
  ...configSchemas.map((e): [string, z.ZodType] => [e.id, e.schema]),
  ["RolloutRequest", RolloutRequest],
  ["RolloutResponse", RolloutResponse],
  ["TaskInfo", TaskInfo],
  ["RubricBundle", RubricBundle],
  ["SFTExample", SFTExample],
];

for (const [name, schema] of schemas) {
  test(`${name}: every field has a description`, () => {
    const json = z.toJSONSchema(schema, { target: "draft-7", io: "input", unrepresentable: "any" }) as Node;
    assert.deepEqual(undocumented(json), [], `${name} has fields without a description`);
  });
}
