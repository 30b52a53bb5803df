/**
 * Judge and rubric settings of an RL config (`[judge]`, `[rubric]`) and the
 * CLI-only `[smoke]` table (CONTRACT.md §11.2).
 */
import { z } from "../zod.js";
import { RubricAggregation } from "./rubric.js";

const blend = z
  .strictObject({
    env: z.number().min(0).optional().meta({ description: "Weight of environment rewards.", examples: [0.2] }),
    event: z.number().min(0).optional().meta({ description: "Weight of per-event judge rewards.", examples: [0.4] }),
    outcome: z.number().min(0).optional().meta({ description: "Weight of the outcome judge reward.", examples: [0.4] }),
  })
  .meta({ description: "How environment, event and outcome rewards are blended." });

const OverrideCriterion = z
  .strictObject({
    id: z.string().min(1).meta({ description: "Criterion id.", examples: ["progress.unique_achievements", "outcome.goal_completion"] }),
    description: z.string().min(1).optional().meta({
      description: "What the judge scores.",
      examples: ["Return 1 when this decision unlocks a brand-new Crafter achievement. Otherwise return 0."],
    }),
    weight: z.number().gt(0).optional().meta({ description: "Criterion weight (> 0).", examples: [0.9, 0.1] }),
    scale: z.enum(["binary", "bounded"]).optional().meta({ description: "Score scale." }),
    required: z.boolean().optional().meta({ description: "The criterion must pass." }),
  })
  .meta({ description: "One judged criterion." });

const RubricOverride = z
  .strictObject({
    goal_text: z.string().optional().meta({
      description: "What the agent is trying to achieve.",
      examples: ["Treat each decision as a check for new Crafter achievements."],
    }),
    aggregation: z.enum(RubricAggregation.options).optional().meta({ description: "How criterion scores combine." }),
    criteria: z.array(OverrideCriterion).optional().meta({ description: "Criteria that replace or extend the rubric's." }),
  })
  .meta({ description: "Overrides merged into the task app's rubric." });

export const JudgeOptionsConfig = z
  .strictObject({
    event: z.boolean().optional().meta({ description: "Score each decision (event rubric)." }),
    outcome: z.boolean().optional().meta({ description: "Score the whole episode (outcome rubric)." }),
    provider: z.string().min(1).optional().meta({ description: "Judge model provider.", examples: ["openai"] }),
    model: z.string().min(1).optional().meta({ description: "Judge model id.", examples: ["openai/gpt-oss-120b"] }),
    rubric_id: z.string().min(1).optional().meta({ description: "Rubric bundle id.", examples: ["crafter/bundle@v1"] }),
    rubric_overrides: z
      .strictObject({ event: RubricOverride.optional(), outcome: RubricOverride.optional() })
      .optional()
      .meta({ description: "Per-run changes to the event and outcome rubrics." }),
    tracks: z.array(z.string().min(1)).optional().meta({
      description: "Score tracks to compute.",
      examples: [["process", "reasoning", "progress", "outcome"]],
    }),
    weights: z.record(z.string(), z.number().min(0)).optional().meta({
      description: "Weights of the judge's score tracks (process, reasoning, progress, outcome).",
      examples: [{ process: 0.05, reasoning: 0.15, progress: 0.3, outcome: 0.5 }],
    }),
    max_concurrency: z.number().int().positive().optional().meta({ description: "Judge calls in flight at once.", examples: [6] }),
    timeout_s: z.number().positive().optional().meta({ description: "Seconds per judge call.", examples: [45] }),
  })
  .meta({ description: "What the judge scores and with which model." });

export const JudgeConfig = z
  .strictObject({
    type: z.string().min(1).optional().meta({ description: 'Judge kind, e.g. "env".', examples: ["env"] }),
    enabled: z.boolean().optional().meta({ description: "Turn judge scoring on." }),
    timeout_s: z.number().int().positive().optional().meta({ description: "Seconds per judge request (an integer, as synth-ai's JudgeConfig types it).", examples: [45] }),
    reward_blend: blend.optional(),
    options: JudgeOptionsConfig.optional(),
    rubric: z
      .strictObject({ enabled: z.boolean().default(false).meta({ description: "Turn rubric scoring on." }), reward_blend: blend.optional() })
      .optional()
      .meta({ description: "Deprecated: use judge.enabled and judge.reward_blend." }),
  })
  .meta({ description: "Judge (LLM-scored reward) settings." });

export const RubricSection = z
  .strictObject({
    enabled: z.boolean().optional().meta({ description: "Turn rubric rewards on." }),
    weights: blend.optional(),
  })
  .meta({ description: "Deprecated rubric switch; prefer [judge]." });

const str = (description: string, examples: string[]) => z.string().min(1).optional().meta({ description, examples });
const port = (description: string, examples: number[]) => z.number().int().min(1).max(65535).optional().meta({ description, examples });

export const SmokeConfig = z
  .strictObject({
    task_url: str("Task app URL for the smoke run.", ["http://localhost:8765"]),
    env_name: str("Environment name.", ["crafter"]),
    policy_name: str("Policy name.", ["crafter-react"]),
    max_steps: z.number().int().positive().optional().meta({ description: "Steps to run.", examples: [10] }),
    policy: str("Policy kind (e.g. mock).", ["mock", "gpt-5-nano"]),
    model: str("Model id for the smoke policy.", ["gpt-4o-mini"]),
    mock_backend: str("Mock backend kind.", ["openai"]),
    mock_port: port("Port of the mock backend.", [8020]),
    return_trace: z.boolean().optional().meta({ description: "Ask the task app for a trace." }),
    use_mock: z.boolean().optional().meta({ description: "Use the mock policy." }),
    task_app_name: str("Task app to start for the smoke run.", ["grpo-crafter"]),
    task_app_port: port("Port for the started task app.", [8765]),
    task_app_env_file: str("Env file for the started task app.", [".env"]),
    task_app_force: z.boolean().optional().meta({ description: "Restart a task app already on the port." }),
    sqld_auto_start: z.boolean().optional().meta({ description: "Start a sqld trace store." }),
    sqld_db_path: str("sqld database path.", ["./traces/local.db"]),
    sqld_hrana_port: port("sqld Hrana port.", [8080]),
    sqld_http_port: port("sqld HTTP port.", [8081]),
  })
  .meta({ description: "Settings for a local smoke run (read by the CLI only, never sent to the trainer)." });
