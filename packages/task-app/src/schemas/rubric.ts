/**
 * Rubrics that judges score rollouts against (CONTRACT.md §5.5): criteria
 * with positive weights and unique ids, and an aggregation rule.
 */
import { z } from "../zod.js";

/** One scored criterion. */
export const Criterion = z
  .object({
    id: z.string().min(1).meta({ description: "Criterion id, unique within its rubric.", examples: ["progress"] }),
    description: z.string().meta({ description: "What the judge checks.", examples: ["Unlocks new achievements"] }),
    weight: z.number().gt(0).default(1).meta({ description: "Relative weight; must be > 0.", examples: [1, 0.5] }),
    required: z.boolean().default(false).meta({ description: "Whether the criterion must be met." }),
  })
  .meta({ id: "Criterion", description: "A rubric criterion: id, description, weight (> 0) and whether it is required." });
export type Criterion = z.infer<typeof Criterion>;

/** How per-criterion scores combine into one score. */
export const RubricAggregation = z.enum(["sum", "weighted_sum", "custom", "inherit"]).meta({
  id: "RubricAggregation",
  description:
    'How criterion scores combine: "weighted_sum" divides by the total weight, "sum" adds, "custom" leaves the score to the judge (null), "inherit" takes the base rubric\'s rule when blending.',
});
export type RubricAggregation = z.infer<typeof RubricAggregation>;

/** A rubric: version, goal, criteria (unique ids) and aggregation. */
export const Rubric = z
  .object({
    version: z.string().meta({ description: "Rubric version.", examples: ["1"] }),
    goal_text: z.string().nullable().optional().meta({ description: "What a good rollout achieves, for the judge." }),
    criteria: z.array(Criterion).default([]).meta({ description: "Criteria; ids must be unique." }),
    aggregation: RubricAggregation.default("weighted_sum").meta({
      description: 'Aggregation rule; "weighted_sum" unless given.',
      examples: ["weighted_sum", "sum"],
    }),
  })
  .superRefine((rubric, ctx) => {
    const seen = new Set<string>();
    rubric.criteria.forEach((c, i) => {
      if (seen.has(c.id)) ctx.addIssue({ code: "custom", message: `duplicate criterion id "${c.id}"`, path: ["criteria", i, "id"] });
      seen.add(c.id);
    });
  })
  .meta({
    id: "Rubric",
    description: "A scoring rubric: version, optional goal text, criteria with unique ids and an aggregation rule.",
    examples: [{ version: "1", goal_text: "Solve the problem", criteria: [{ id: "correct", description: "Answer is right", weight: 1 }] }],
  });
export type Rubric = z.infer<typeof Rubric>;
export type RubricInput = z.input<typeof Rubric>;

/** The outcome and event rubrics of a task app. */
export const RubricBundle = z
  .object({
    outcome: Rubric.nullable().optional().meta({ description: "Rubric for the whole episode's outcome." }),
    events: Rubric.nullable().optional().meta({ description: "Rubric for per-turn events." }),
  })
  .meta({ id: "RubricBundle", description: "A task app's rubrics: one for outcomes, one for events; either may be absent." });
export type RubricBundle = z.infer<typeof RubricBundle>;
