/**
 * Judge and rubric settings of an RL config (`[judge]`, `[rubric]`) and the
 * CLI-only `[smoke]` table (CONTRACT.md §11.2).
 */
import { z } from "zod";

const blend = z
  .strictObject({
    env: z.number().min(0).optional().meta({ description: "Weight of environment rewards." }),
    event: z.number().min(0).optional().meta({ description: "Weight of per-event judge rewards." }),
    outcome: z.number().min(0).optional().meta({ description: "Weight of the outcome judge reward." }),
  })
  .meta({ description: "How environment, event and outcome rewards are blended." });

const OverrideCriterion = z
  .strictObject({
    id: z.string().min(1).meta({ description: "Criterion id." }),
    description: z.string().min(1).optional().meta({ description: "What the judge scores." }),
    weight: z.number().gt(0).optional().meta({ description: "Criterion weight (> 0)." }),
    scale: z.enum(["binary", "bounded"]).optional().meta({ description: "Score scale." }),
    required: z.boolean().optional().meta({ description: "The criterion must pass." }),
  })
  .meta({ description: "One judged criterion." });

const RubricOverride = z
  .strictObject({
    goal_text: z.string().optional().meta({ description: "What the agent is trying to achieve." }),
    aggregation: z.enum(["sum", "weighted_sum", "custom", "inherit"]).optional().meta({ description: "How criterion scores combine." }),
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
    tracks: z.array(z.string().min(1)).optional().meta({ description: "Score tracks to compute." }),
    weights: z.record(z.string(), z.number().min(0)).optional().meta({
      description: "Weights of the judge's score tracks (process, reasoning, progress, outcome).",
    }),
    max_concurrency: z.number().int().positive().optional().meta({ description: "Judge calls in flight at once." }),
    timeout_s: z.number().positive().optional().meta({ description: "Seconds per judge call." }),
  })
  .meta({ description: "What the judge scores and with which model." });

export const JudgeConfig = z
  .strictObject({
    type: z.string().min(1).optional().meta({ description: 'Judge kind, e.g. "env".' }),
    enabled: z.boolean().optional().meta({ description: "Turn judge scoring on." }),
    timeout_s: z.number().positive().optional().meta({ description: "Seconds per judge request." }),
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

const str = (description: string) => z.string().min(1).optional().meta({ description });
const port = (description: string) => z.number().int().min(1).max(65535).optional().meta({ description });

export const SmokeConfig = z
  .strictObject({
    task_url: str("Task app URL for the smoke run."),
    env_name: str("Environment name."),
    policy_name: str("Policy name."),
    max_steps: z.number().int().positive().optional().meta({ description: "Steps to run." }),
    policy: str("Policy kind (e.g. mock)."),
    model: str("Model id for the smoke policy."),
    mock_backend: str("Mock backend kind."),
    mock_port: port("Port of the mock backend."),
    return_trace: z.boolean().optional().meta({ description: "Ask the task app for a trace." }),
    use_mock: z.boolean().optional().meta({ description: "Use the mock policy." }),
    task_app_name: str("Task app to start for the smoke run."),
    task_app_port: port("Port for the started task app."),
    task_app_env_file: str("Env file for the started task app."),
    task_app_force: z.boolean().optional().meta({ description: "Restart a task app already on the port." }),
    sqld_auto_start: z.boolean().optional().meta({ description: "Start a sqld trace store." }),
    sqld_db_path: str("sqld database path."),
    sqld_hrana_port: port("sqld Hrana port."),
    sqld_http_port: port("sqld HTTP port."),
  })
  .meta({ description: "Settings for a local smoke run (read by the CLI only, never sent to the trainer)." });
