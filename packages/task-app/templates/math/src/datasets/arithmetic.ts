/** The arithmetic word-problem dataset, registered in src/app.ts. */
import type { TaskDatasetSpec } from "task-app/env";
import { SPLITS, problemFor, type Problem, type Split } from "../problems.js";

/** How the dataset is advertised on /info and /task_info. */
export const spec = {
  id: "arithmetic",
  name: "Arithmetic word problems",
  version: "1.0.0",
  splits: Object.keys(SPLITS),
  default_split: "train",
  cardinality: SPLITS.train,
  description: "Generated two-operation word problems; (split, index) always gives the same problem.",
} satisfies TaskDatasetSpec;

/** Every problem of every split, generated once and cached by the registry. */
export function load(): Record<Split, Problem[]> {
  const out = {} as Record<Split, Problem[]>;
  for (const split of Object.keys(SPLITS) as Split[]) {
    out[split] = Array.from({ length: SPLITS[split] }, (_, i) => problemFor(split, i));
  }
  return out;
}
