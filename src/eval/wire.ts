/**
 * An eval's rollout wire: `--wire`, else what the first healthy replica's
 * `/info` advertises (`rollout_wire.preferred`), else 0.2.x. A container-era
 * answer read into the same result line as a 0.2.x one: the return is
 * `reward_info.outcome_reward`, judge scores and steps come from its
 * details, a failure status is a failed rollout with its detail and error id.
 */
import { ContainerAnswer, type Wire } from "../client/index.js";
import { wireOf } from "../check/wire.js";
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

/** The numbers of a container-era answer, or why it is a failure. */
export type ContainerReading =
  | { ok: true; return: number; outcomeScore: number | null; eventsScore: number | null; steps: number | null; details: Record<string, unknown>; trace: unknown }
  | { ok: false; cause: string; error: string; errorId?: string };

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Reads a parsed container-era answer for the rollout `runId`. */
export function readContainerAnswer(json: unknown, runId: string): ContainerReading {
  const parsed = ContainerAnswer.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, cause: "invalid_response", error: `not a ContainerRolloutResponse: ${first?.path.join(".") || "(root)"}: ${first?.message ?? "invalid"}` };
  }
  const answer = parsed.data;
  if (answer.trace_correlation_id.trim() !== runId)
    return { ok: false, cause: "run_id_mismatch", error: `the app answered for trace_correlation_id ${JSON.stringify(answer.trace_correlation_id.slice(0, 120))}, not this rollout's ${JSON.stringify(runId)}` };
  const status = answer.success_status;
  if (status && status !== "success") {
    const detail = answer.status_detail ?? "";
    const errorId = /error id ([\w-]{1,100})/.exec(detail)?.[1];
    return { ok: false, cause: `status_${status}`, error: `success_status ${status}${detail ? `: ${detail}` : ""}`, ...(errorId ? { errorId } : {}) };
  }
  const { details } = answer.reward_info;
  return {
    ok: true,
    return: answer.reward_info.outcome_reward,
    outcomeScore: num(details.outcome_score),
    eventsScore: num(details.events_score),
    steps: num(details.num_steps),
    details,
    trace: answer.trace ?? undefined,
  };
}

/** The body of a container-era eval rollout with the same environment and policy as the 0.2.x one. */
export function containerEvalRequest(request: { run_id: string; env: unknown; policy: unknown }): Record<string, unknown> {
  return { trace_correlation_id: request.run_id, env: request.env, policy: request.policy };
}

