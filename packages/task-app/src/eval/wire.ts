/**
 * An eval's rollout wire: `--wire`, else what the first healthy replica's
 * `/info` advertises (`rollout_wire.preferred`), else 0.2.x. A container-era
 * answer read into the same result line as a 0.2.x one: the return is
 * `reward_info.outcome_reward`, judge scores and steps come from its
 * details, a failure status is a failed rollout with its detail and error id
 * (`./container-answer.ts`, loaded only when the run speaks that wire).
 */
import type { Wire } from "../client/index.js";
import { wireOf } from "../check/wire-of.js";
import type { RolloutClient } from "./http.js";

/** The wire to speak with the app at `url`. */
export async function resolveEvalWire(client: RolloutClient, url: string, apiKey: string | undefined, requested: Wire | undefined): Promise<Wire> {
  if (requested) return requested;
  try {
    const answer = await client.get(`${url}/info`, apiKey ? { "x-api-key": apiKey } : {}, 5000);
    return answer.status === 200 ? wireOf(JSON.parse(answer.text), undefined) : "0.2";
  } catch {
    return "0.2";
  }
}

/** The body of a container-era eval rollout with the same environment and policy as the 0.2.x one. */
export function containerEvalRequest(request: { run_id: string; env: unknown; policy: unknown }): Record<string, unknown> {
  return { trace_correlation_id: request.run_id, env: request.env, policy: request.policy };
}

