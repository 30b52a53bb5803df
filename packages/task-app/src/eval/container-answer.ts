/**
 * A container-era answer read for eval (checked with the client's Zod
 * schema): the return is `reward_info.outcome_reward`, judge scores and
 * steps come from its details, a failure status is a failed rollout with
 * its detail and error id. Loaded only by a run that speaks that wire.
 */
import { pyStrip } from "../text/python-str.js";
import { ContainerAnswer } from "../client/index.js";

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
  if (pyStrip(answer.trace_correlation_id) !== runId)
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
