/**
 * What a rollout executor returns: one shape for both wires. It is the 0.2.x
 * `RolloutResponse` plus optional fields only the container era sends
 * (objectives, artifacts, an explicit reward, a success status, the results
 * of applying context overrides). The server maps it to the era of the
 * request (`src/server/wire/`): a 0.2.x answer drops the extra fields, a
 * container-era answer is built from it.
 */
import { z } from "../zod.js";
import { Artifact, ContextOverrideStatus, SuccessStatus } from "./container-rollout.js";
import { RolloutResponse } from "./rollout.js";

const numberRecord = z.record(z.string(), z.number());

/** The container-era fields an executor may add; none is sent on the 0.2.x wire. */
export const rolloutResultExtras = {
  outcome_reward: z.number().nullable().optional().meta({ description: "Container era: reward_info.outcome_reward (default: metrics.mean_return)." }),
  event_rewards: z.array(z.number()).nullable().optional().meta({ description: "Container era: per-event rewards (default: the steps' rewards)." }),
  outcome_objectives: numberRecord.nullable().optional().meta({ description: 'Container era: objectives of the outcome (default {"reward": outcome_reward}).' }),
  event_objectives: z.array(numberRecord).nullable().optional().meta({ description: "Container era: objectives per trace event." }),
  instance_objectives: z.array(numberRecord).nullable().optional().meta({ description: "Container era: objectives per seed." }),
  artifact: z.array(Artifact).nullable().optional().meta({ description: "Container era: artifacts the rollout produced." }),
  success_status: SuccessStatus.nullable().optional().meta({ description: "Container era: infrastructure status (absent: success)." }),
  status_detail: z.string().nullable().optional().meta({ description: "Container era: detail of success_status." }),
  override_application_results: z.array(ContextOverrideStatus).nullable().optional().meta({
    description: "Container era: one result per context override handed over in ctx.contextOverrides (default: each reported skipped).",
  }),
};

/** The executor's result. */
export const RolloutResult = RolloutResponse.extend(rolloutResultExtras).meta({
  id: "RolloutResult",
  description: "What a rollout executor returns: a 0.2.x RolloutResponse plus optional container-era fields.",
});
export type RolloutResult = z.infer<typeof RolloutResult>;
export type RolloutResultInput = z.input<typeof RolloutResult>;
