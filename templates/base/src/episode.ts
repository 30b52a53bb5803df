/**
 * Turns a finished episode into a RolloutResponse: judge scores for every
 * rubric, metrics, the trajectory and, when the request asks for one, a trace.
 */
import { readFile } from "node:fs/promises";
import {
  buildCompactTrace,
  buildRolloutMetrics,
  buildRolloutResponse,
  buildSessionTrace,
  buildTraceEnvelope,
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

/** A judged event: which criterion of the events rubric, and its score in [0, 1]. */
export interface JudgedEvent {
  criterion_id: string;
  score: number;
  turn: number;
}

/** Everything an executor knows at the end of an episode. */
export interface Episode {
  request: RolloutRequest;
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

/** Builds the RolloutResponse of an episode. */
export function finishEpisode(episode: Episode): RolloutResponse {
  const { request, steps, rewards } = episode;
  const judges = judge(episode);
  const metrics = buildRolloutMetrics({
    episodeReturns: [rewards.total()],
    numSteps: steps.length,
    outcomeScore: judges.outcome ?? null,
    eventsScore: judges.events ?? null,
    details: { ...episode.details, judges },
  });
  const policyId = request.policy.policy_id ?? request.policy.policy_name ?? "policy";
  const trajectory = buildTrajectory({
    envId: request.env.env_id ?? `${request.env.env_name ?? "env"}-${request.env.seed ?? 0}`,
    policyId,
    steps,
    final: episode.final ?? null,
    inferenceUrl: episode.inferenceUrl ?? "",
  });
  const metadata = { run_id: request.run_id, env_name: request.env.env_name, seed: request.env.seed, ...episode.details };
  let trace = null;
  if (request.record.return_trace) {
    trace =
      request.record.trace_format === "compact"
        ? buildCompactTrace({ steps, rewards, metadata })
        : buildTraceEnvelope({ runId: request.run_id, policyId, metrics, sessionTrace: buildSessionTrace({ steps, rewards, metadata }) });
  }
  return buildRolloutResponse({ request, trajectories: [trajectory], metrics, trace });
}
