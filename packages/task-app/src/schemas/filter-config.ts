/**
 * FilterConfig: selects traces from a trace store into an SFT JSONL file
 * (CONTRACT.md §14, `[filter]` table).
 */
import { z } from "../zod.js";
import { typeTag, whenTable } from "./train-common.js";

const score = (description: string, examples: number[]) => z.number().optional().meta({ description, examples });
const list = (description: string, examples: string[][]) => z.array(z.string().min(1)).optional().meta({ description, examples });

export const FilterTable = z
  .strictObject({
    db: z.string().min(1).meta({ description: "Trace store (SQLite path or URL).", examples: ["traces/v3/synth_ai.db"] }),
    output: z
      .string()
      .regex(/\.[jJ][sS][oO][nN][lL]?$/, "output must end in .jsonl or .json (in any case, as synth-ai compares it)")
      .meta({ description: "Output file (.jsonl or .json).", examples: ["ft_data/train.jsonl"] }),
    splits: list("Dataset splits to keep.", [["train"]]),
    task_ids: list("Task ids to keep.", [["crafter"]]),
    models: list("Models to keep.", [["Qwen/Qwen3-4B", "qwen/qwen3-32b"]]),
    min_official_score: score("Keep traces whose official score is at least this.", [0.01]),
    max_official_score: score("Keep traces whose official score is at most this.", [1]),
    min_judge_scores: z.record(z.string(), z.number()).optional().meta({ description: "Minimum score per judge.", examples: [{ Backend: 0.5 }] }),
    max_judge_scores: z.record(z.string(), z.number()).optional().meta({ description: "Maximum score per judge.", examples: [{ Backend: 1 }] }),
    limit: z.number().int().min(1).optional().meta({ description: "Keep at most this many traces.", examples: [10] }),
    offset: z.number().int().min(0).optional().meta({ description: "Skip this many traces first.", examples: [0] }),
    shuffle: z.boolean().optional().meta({ description: "Shuffle before limit/offset." }),
    shuffle_seed: z.number().int().optional().meta({ description: "Seed for shuffle (needs shuffle = true).", examples: [42] }),
  })
  .superRefine((f, ctx) => {
    if (f.min_official_score !== undefined && f.max_official_score !== undefined && f.min_official_score > f.max_official_score)
      ctx.addIssue({ code: "custom", path: ["min_official_score"], message: "min_official_score must be <= max_official_score", params: { rule: "filter_score_range" } });
    if (f.shuffle_seed !== undefined && f.shuffle !== true)
      ctx.addIssue({ code: "custom", path: ["shuffle_seed"], message: "shuffle_seed needs shuffle = true", params: { rule: "filter_shuffle_seed" } });
  }, whenTable)
  .meta({ description: "Which traces to export." });

export const FilterConfig = z
  .strictObject({ type: typeTag("filter"), filter: FilterTable })
  .meta({ id: "FilterConfig", title: "task-app filter config", description: "Export traces from a trace store into an SFT dataset." });

export type FilterConfig = z.infer<typeof FilterConfig>;
