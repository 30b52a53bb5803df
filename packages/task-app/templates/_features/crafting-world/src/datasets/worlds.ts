/** The crafting-world dataset, registered in src/app.ts: each seed of a split names one map. */
import type { TaskDatasetSpec } from "task-app/env";

/** Seed ranges per split; the map of index i in a split is `createWorld(offset + i)`. */
export const SPLITS = { train: { offset: 0, size: 10_000 }, test: { offset: 10_000, size: 1_000 } } as const;

/** How the dataset is advertised on /info and /task_info. */
export const spec = {
  id: "worlds",
  name: "Crafting worlds",
  version: "1.0.0",
  splits: Object.keys(SPLITS),
  default_split: "train",
  cardinality: SPLITS.train.size,
  description: "Procedurally generated 8x8 crafting maps; a (split, index) pair always gives the same map.",
} satisfies TaskDatasetSpec;

/** The split table (maps are generated on demand from their seed). */
export function load(): typeof SPLITS {
  return SPLITS;
}
