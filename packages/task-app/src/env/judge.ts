/**
 * The end of an episode: every rubric scored (outcome rubrics on the
 * environment's outcome facts, events rubrics on its per-turn criterion
 * scores, each criterion averaged over the turns), the verdicts recorded in
 * the trace (each judged turn's scores as `evaluator` event rewards on its
 * LM call, the outcome score as the outcome reward), and the rollout's
 * response built: metrics, the trajectory and its steps.
 */
import { rolloutMetricsOf, trajectoryOf } from "../runtime/results.js";
import { scoreEvents, scoreOutcome, type RubricScore } from "../runtime/rubrics.js";
import type { RolloutRequest, RolloutStep } from "../schemas/rollout.js";
import type { RolloutResultInput } from "../schemas/rollout-result.js";
import type { Rubric } from "../schemas/rubric.js";
import type { SessionTracer } from "../tracing/tracer.js";

/** A loaded rubric and what it scores. */
export interface JudgeRubric {
  kind: "outcome" | "events";
  rubric: Rubric | null;
}

/** One turn's criterion scores and the LM call they are credited to. */
export interface JudgedTurn {
  turn: number;
  /** The id of the turn's LM-call event in the trace. */
  eventId?: string;
  scores: Readonly<Record<string, number>>;
}

/** What the loop hands over once an episode ends. */
export interface FinishedEpisode {
  request: RolloutRequest;
  tracer: SessionTracer;
  steps: RolloutStep[];
  /** Step rewards summed: the episode's return. */
  episodeReturn: number;
  outcome: Readonly<Record<string, number>>;
  turns: readonly JudgedTurn[];
  rubrics: Readonly<Record<string, JudgeRubric>>;
  final: Record<string, unknown> | null;
  details: Record<string, unknown>;
  achievements?: readonly string[];
  inferenceUrl?: string;
}

/** Each criterion's mean over the turns that scored it, in first-seen order. */
function meanByCriterion(turns: readonly JudgedTurn[]): { criterion_id: string; score: number }[] {
  const sums = new Map<string, { total: number; count: number }>();
  for (const { scores } of turns)
    for (const id in scores) {
      if (!Object.hasOwn(scores, id)) continue;
      const s = sums.get(id);
      if (s) {
        s.total += scores[id]!;
        s.count++;
      } else sums.set(id, { total: scores[id]!, count: 1 });
    }
  return [...sums].map(([criterion_id, s]) => ({ criterion_id, score: s.total / s.count }));
}

/** Scores every rubric by name. */
export function judgeEpisode(episode: Pick<FinishedEpisode, "outcome" | "turns" | "rubrics">): Record<string, RubricScore> {
  const scores: Record<string, RubricScore> = {};
  const events = meanByCriterion(episode.turns);
  for (const [name, { kind, rubric }] of Object.entries(episode.rubrics)) scores[name] = kind === "events" ? scoreEvents(rubric, events) : scoreOutcome(rubric, episode.outcome);
  return scores;
}

function recordJudgement(episode: FinishedEpisode, judges: Record<string, RubricScore>): void {
  const { tracer } = episode;
  for (const turn of episode.turns) {
    if (!turn.eventId) continue;
    for (const key in turn.scores)
      if (Object.hasOwn(turn.scores, key))
        tracer.recordEventReward({ eventId: turn.eventId, turnNumber: turn.turn, rewardValue: turn.scores[key]!, rewardType: "evaluator", source: "evaluator", key, annotation: { rubric: "events" } });
  }
  tracer.recordOutcomeReward({
    totalReward: judges.outcome?.score ?? episode.episodeReturn,
    achievementsCount: episode.achievements?.length ?? 0,
    totalSteps: episode.steps.length,
    rewardMetadata: { ...episode.details, judges, episode_return: episode.episodeReturn },
  });
}

/**
 * Judges the episode, records the verdicts and builds its RolloutResponse (the server adds the trace
 * when asked). Built unvalidated: the server checks every executor's result once, with the compiled
 * validator (src/server/rollout.ts), as it checks any other executor's.
 */
export function finishEpisode(episode: FinishedEpisode): RolloutResultInput {
  const { request, steps } = episode;
  const judges = judgeEpisode(episode);
  recordJudgement(episode, judges);
  const metrics = rolloutMetricsOf({
    episodeReturns: [episode.episodeReturn],
    numSteps: steps.length,
    outcomeScore: judges.outcome ?? null,
    eventsScore: judges.events ?? null,
    details: { ...episode.details, judges },
  });
  const trajectory = trajectoryOf({
    envId: request.env.env_id ?? `${request.env.env_name ?? "env"}-${request.env.seed ?? 0}`,
    policyId: request.policy.policy_id ?? request.policy.policy_name ?? "policy",
    steps,
    final: episode.final,
    inferenceUrl: episode.inferenceUrl ?? "",
  });
  return {
    run_id: request.run_id,
    trajectories: [trajectory],
    branches: {},
    metrics,
    aborted: false,
    ops_executed: request.ops.length,
    trace: null,
    trace_correlation_id: null,
    pipeline_metadata: {},
  };
}
