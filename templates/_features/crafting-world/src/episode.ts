/**
 * Turns a finished episode into a RolloutResponse: judge scores for every
 * rubric, metrics and the trajectory. The judge's verdicts go into the
 * rollout's trace too: each judged event as an event reward on the decision
 * it judges, the outcome score as the outcome reward. The server returns the
 * trace (`record.return_trace`) and stores it (`task-app serve --trace`).
 */
import { readFile } from "node:fs/promises";
import {
  buildRolloutMetrics,
  buildRolloutResponse,
  buildTrajectory,
  loadRubric,
  scoreEvents,
  scoreOutcome,
  type RewardLog,
  type RolloutRequest,
  type RolloutResponse,
  type RolloutStep,
  type Rubric,
  type RubricScore,
  type SessionTracer,
} from "task-app";

/** A loaded rubric and what it scores: the episode's outcome facts or its per-turn events. */
export interface JudgeRubric {
  kind: "outcome" | "events";
  rubric: Rubric | null;
}

/**
 * Loads `rubrics/<name>.json`: part of a rubric bundle (the shipped
 * rubric.schema.json validates it), holding an `outcome` or an `events` rubric.
 */
export async function loadRubricFile(name: string): Promise<JudgeRubric> {
  const text = await readFile(new URL(`../rubrics/${name}.json`, import.meta.url), "utf8");
  const bundle = JSON.parse(text) as { outcome?: unknown; events?: unknown };
  const kind = bundle.events !== undefined && bundle.outcome === undefined ? "events" : "outcome";
  return { kind, rubric: await loadRubric(bundle[kind] as Parameters<typeof loadRubric>[0]) };
}

/** A judged event: which criterion of the events rubric, its score in [0, 1], and the traced event it judges. */
export interface JudgedEvent {
  criterion_id: string;
  score: number;
  turn: number;
  /** Id of the recorded event (usually the turn's LM call) the score is credited to. */
  eventId?: string;
}

/** Everything an executor knows at the end of an episode. */
export interface Episode {
  request: RolloutRequest;
  /** The rollout's tracer (`ctx.tracer`); the judge's verdicts are recorded with it. */
  tracer: SessionTracer;
  steps: RolloutStep[];
  rewards: RewardLog;
  /** Outcome facts by criterion id (0..1); every rubric except `events` is scored on them. */
  outcome: Record<string, number>;
  /** Per-turn judged events, scored by the `events` rubric. */
  events: JudgedEvent[];
  rubrics: Record<string, JudgeRubric>;
  /** Final observation or summary. */
  final?: Record<string, unknown>;
  /** The inference URL the policy used, if any. */
  inferenceUrl?: string;
  details?: Record<string, unknown>;
  /** Achievements unlocked, counted by the outcome reward. */
  achievements?: readonly string[];
}

/** Mean score per criterion over all turns' events. */
function meanByCriterion(events: readonly JudgedEvent[]): JudgedEvent[] {
  const sums = new Map<string, { total: number; count: number }>();
  for (const e of events) {
    const s = sums.get(e.criterion_id) ?? { total: 0, count: 0 };
    sums.set(e.criterion_id, { total: s.total + e.score, count: s.count + 1 });
  }
  return [...sums].map(([criterion_id, s]) => ({ criterion_id, score: s.total / s.count, turn: 0 }));
}

/**
 * Scores every rubric by name: events rubrics on the judged events (each
 * criterion averaged over the turns), outcome rubrics on the outcome facts.
 */
export function judge(episode: Pick<Episode, "outcome" | "events" | "rubrics">): Record<string, RubricScore> {
  const scores: Record<string, RubricScore> = {};
  for (const [name, { kind, rubric }] of Object.entries(episode.rubrics)) {
    scores[name] = kind === "events" ? scoreEvents(rubric, meanByCriterion(episode.events)) : scoreOutcome(rubric, episode.outcome);
  }
  return scores;
}

/**
 * Records the judge's verdicts in the trace: every judged event as an
 * `evaluator` event reward on its decision, and the outcome score (else the
 * episode return) as the outcome reward.
 */
function recordJudgement(episode: Episode, judges: Record<string, RubricScore>): void {
  const { tracer } = episode;
  for (const event of episode.events) {
    if (!event.eventId) continue;
    tracer.recordEventReward({
      eventId: event.eventId,
      turnNumber: event.turn,
      rewardValue: event.score,
      rewardType: "evaluator",
      source: "evaluator",
      key: event.criterion_id,
      annotation: { rubric: "events" },
    });
  }
  tracer.recordOutcomeReward({
    totalReward: judges.outcome?.score ?? episode.rewards.total(),
    achievementsCount: episode.achievements?.length ?? 0,
    totalSteps: episode.steps.length,
    rewardMetadata: { ...episode.details, judges, episode_return: episode.rewards.total() },
  });
}

/** Builds the RolloutResponse of an episode; the server adds the trace when the request asks for one. */
export function finishEpisode(episode: Episode): RolloutResponse {
  const { request, steps, rewards } = episode;
  const judges = judge(episode);
  recordJudgement(episode, judges);
  const metrics = buildRolloutMetrics({
    episodeReturns: [rewards.total()],
    numSteps: steps.length,
    outcomeScore: judges.outcome ?? null,
    eventsScore: judges.events ?? null,
    details: { ...episode.details, judges },
  });
  const trajectory = buildTrajectory({
    envId: request.env.env_id ?? `${request.env.env_name ?? "env"}-${request.env.seed ?? 0}`,
    policyId: request.policy.policy_id ?? request.policy.policy_name ?? "policy",
    steps,
    final: episode.final ?? null,
    inferenceUrl: episode.inferenceUrl ?? "",
  });
  return buildRolloutResponse({ request, trajectories: [trajectory], metrics });
}
