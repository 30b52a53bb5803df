/**
 * Dataset descriptions a task app advertises (CONTRACT.md §5.4). The spec is
 * what `/task_info` and `/info` show under `dataset`; loaders and caching
 * live in the runtime registry.
 */
import { z } from "../zod.js";

/** `TaskDatasetSpec`: id, name and the splits a dataset offers. */
export const TaskDatasetSpec = z
  .object({
    id: z.string().min(1).meta({ description: "Stable dataset id, the registry key.", examples: ["crafter_classic", "math"] }),
    name: z.string().min(1).meta({ description: "Human-readable dataset name.", examples: ["Crafter Classic"] }),
    version: z.string().nullable().optional().meta({ description: "Dataset version.", examples: ["1.0.0"] }),
    splits: z.array(z.string().min(1)).default([]).meta({
      description: "Split names the dataset offers; empty means a single unnamed split.",
      examples: [["train", "test"]],
    }),
    default_split: z.string().nullable().optional().meta({
      description: "Split used when a request names none. Must be one of `splits` when both are given.",
      examples: ["train"],
    }),
    cardinality: z.number().int().nonnegative().nullable().optional().meta({
      description: "Number of distinct instances (seeds are taken modulo this when it is > 0).",
      examples: [1000],
    }),
    description: z.string().nullable().optional().meta({ description: "What the dataset contains." }),
  })
  .refine((s) => !s.default_split || s.splits.length === 0 || s.splits.includes(s.default_split), {
    message: "default_split must be one of splits",
    path: ["default_split"],
  })
  .meta({
    id: "TaskDatasetSpec",
    description: "A dataset a task app draws its task instances from. default_split must be one of splits.",
    examples: [{ id: "math", name: "Math", splits: ["train", "test"], default_split: "train", cardinality: 500 }],
  });
export type TaskDatasetSpec = z.infer<typeof TaskDatasetSpec>;
export type TaskDatasetSpecInput = z.input<typeof TaskDatasetSpec>;
