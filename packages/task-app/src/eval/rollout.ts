/**
 * One eval rollout: the request an eval sends (as synth-ai's eval CLI builds
 * it, with a unique run id and the trace asked for) and what its answer means
 * (return, judge scores, criteria, the recorded session), or why it failed.
 */
import { createHash } from "node:crypto";
import type { Wire } from "../client/index.js";
import { validateParsedRolloutResponse } from "../../generated/rollout-validate.js";
import type { RolloutResponse } from "../schemas/rollout.js";
import { parseJsonBytes } from "../json/parse-bytes.js";
import type { EvalPlan } from "./plan.js";
import type { EvalResult } from "./results.js";
import { containerEvalRequest as containerRequestOf } from "./wire.js";
import { isoNow } from "../time/iso-now.js";

/**
 * The `run_id` of rollout (`seed`, `rollout`) of the run in `runDir` with
 * config digest `digest`: unique to that rollout of that run, and the same
 * whenever it is sent again (to another replica after one died, by
 * `--resume` after a crash), so every trace store keys its session alike
 * (`rolloutSessionId`) and keeps it once.
 */
export function evalRunId(runDir: string, digest: string, seed: number, rollout: number): string {
  return `${evalRunIdPrefix(runDir, digest)}${seed}-${rollout}`;
}

/** `eval-<hash of the run>-`: what every run_id of the run starts with. */
const evalRunIdPrefix = (runDir: string, digest: string) => `eval-${createHash("sha256").update(`${runDir}\0${digest}`).digest("hex").slice(0, 12)}-`;

/** The body of `POST /rollout` for one seed's `rollout`-th run. */
export function buildEvalRequest(plan: EvalPlan, seed: number, rollout: number, traced: boolean) {
  return requestOf(plan, evalRunId(plan.runDir, plan.digest, seed, rollout), seed, traced);
}

function requestOf(plan: EvalPlan, runId: string, seed: number, traced: boolean) {
  return {
    run_id: runId,
    env: { ...(plan.envName ? { env_name: plan.envName } : {}), seed, config: { ...plan.envConfig, split: plan.split, index: seed } },
    policy: { policy_name: plan.policyName, config: plan.policyConfig },
    ops: plan.ops,
    record: { return_trace: traced, trace_format: "structured" },
    mode: "eval",
  };
}

/** Stands for the run_id and the seed in a body template: a NUL-delimited string no JSON value of a plan holds by chance (and it is checked). */
const RUN_ID_SLOT = "\u0000task-app-run-id\u0000";
const SEED_SLOT = "\u0000task-app-seed\u0000";

/**
 * The bodies of a run's rollouts, in `wire`: the request is serialised once,
 * with slots where the run_id and seed go, and each rollout's body is the
 * template with its numbers put in, byte for byte what
 * `JSON.stringify(buildEvalRequest(...))` (or its container form) gives.
 * A plan whose values hold a slot's text is serialised per rollout instead.
 */
export function createEvalBodies(plan: EvalPlan, traced: boolean, wire: Wire): (seed: number, rollout: number) => { runId: string; body: string } {
  const prefix = evalRunIdPrefix(plan.runDir, plan.digest);
  const build = (runId: string, seed: number | string) => {
    const request = requestOf(plan, runId, seed as number, traced);
    return JSON.stringify(wire === "container" ? containerRequestOf(request) : request);
  };
  // Both slots are strings in the template; where they sit, the JSON has "<slot>".
  const parts = build(RUN_ID_SLOT, SEED_SLOT).split(/("\\u0000task-app-(?:run-id|seed)\\u0000")/);
  const slots = parts.filter((_, i) => i % 2 === 1);
  const expected = [JSON.stringify(RUN_ID_SLOT), JSON.stringify(SEED_SLOT), JSON.stringify(SEED_SLOT)];
  if (slots.length !== 3 || slots.some((slot, i) => slot !== expected[i]))
    return (seed, rollout) => {
      const runId = `${prefix}${seed}-${rollout}`;
      return { runId, body: build(runId, seed) };
    };
  const [a, , b, , c, , d] = parts as [string, string, string, string, string, string, string];
  return (seed, rollout) => {
    const runId = `${prefix}${seed}-${rollout}`;
    // A run_id is "eval-<hex>-<digits>-<digits>": JSON needs no escape in it.
    return { runId, body: `${a}"${runId}"${b}${seed}${c}${seed}${d}` };
  };
}

/** What an answer holds besides the result line: the returned session, for the trace store (which validates it). */
export interface EvalOutcome {
  result: EvalResult;
  session?: unknown;
}

type Base = Pick<EvalResult, "run_id" | "seed" | "rollout" | "replica" | "duration_ms">;

/** A failed rollout's result line. */
export function failedResult(base: Base, cause: string, httpStatus: number | null, error: string, errorId?: string): EvalResult {
  return {
    ...base,
    status: "failed",
    cause,
    http_status: httpStatus,
    error: error.slice(0, 500),
    ...(errorId !== undefined ? { error_id: errorId } : {}),
    return: null,
    outcome_score: null,
    events_score: null,
    criteria: {},
    steps: null,
    session_id: null,
    finished_at: isoNow(),
  };
}

/** The container-era reader, loaded by the first container answer (and, once loaded, at hand). */
let containerReader: Promise<typeof import("./container-answer.js")> | undefined;
let containerLoaded: typeof import("./container-answer.js") | undefined;

/**
 * Reads a 200 answer, its body as read (bytes, parsed by parseJsonBytes: an
 * image-heavy answer's long strings are copied, not decoded and parsed) or as
 * text: invalid bodies are failures of their own cause, not reward 0.
 */
export async function readEvalAnswer(base: Base, body: Uint8Array | string, wire: Wire = "0.2"): Promise<EvalOutcome> {
  return readEvalAnswerNow(base, body, wire);
}

/**
 * {@link readEvalAnswer}, at once where it can be: an answer the compiled
 * validator accepts (the run of a healthy app: every answer) is read
 * synchronously, with no promise; one it refuses goes to
 * `checkParsedRolloutResponse` (Zod's verdict and issues, loaded then: a run
 * whose answers are valid never loads Zod), and the first container answer
 * waits for its reader to load: those come back as a promise.
 */
export function readEvalAnswerNow(base: Base, body: Uint8Array | string, wire: Wire = "0.2"): EvalOutcome | Promise<EvalOutcome> {
  let json: unknown;
  try {
    json = typeof body === "string" ? JSON.parse(body) : parseJsonBytes(body);
  } catch {
    return { result: failedResult(base, "invalid_response", 200, "the answer is not JSON") };
  }
  if (wire === "container") {
    if (containerLoaded) return readContainerEvalAnswer(base, json, containerLoaded);
    return (containerReader ??= import("./container-answer.js")).then((reader) => readContainerEvalAnswer(base, json, (containerLoaded = reader)));
  }
  // The trace is validated once, by the store that writes it; the rest of the answer here, in place,
  // by the compiled validator the server runs (Zod's verdict and issues when it refuses).
  const trace = json && typeof json === "object" ? (json as { trace?: unknown }).trace : undefined;
  if (trace !== undefined) (json as { trace: unknown }).trace = null;
  try {
    if (validateParsedRolloutResponse(json)) return validOutcome(base, json as RolloutResponse, trace);
  } catch {
    // a value the compiled code cannot complete in place: Zod decides below, as the server's check does
  }
  return import("../server/validate.js").then(({ checkParsedRolloutResponse }) => {
    const parsed = checkParsedRolloutResponse(json);
    if (!parsed.success) {
      const first = parsed.issues[0];
      return { result: failedResult(base, "invalid_response", 200, `not a RolloutResponse: ${first?.path || "(root)"}: ${first?.message ?? "invalid"}`) };
    }
    return validOutcome(base, parsed.data, trace);
  });
}

/** The outcome of a valid answer (`trace`: what its `trace` field held). */
function validOutcome(base: Base, data: RolloutResponse, trace: unknown): EvalOutcome {
  // The app must answer for this rollout: an answer for another run_id is not this rollout's result.
  const envelopeRunId = trace && typeof trace === "object" ? (trace as { run_id?: unknown }).run_id : undefined;
  for (const echoed of [data.run_id, envelopeRunId])
    if (echoed !== undefined && echoed !== null && echoed !== base.run_id)
      return { result: failedResult(base, "run_id_mismatch", 200, `the app answered for run_id ${JSON.stringify(String(echoed).slice(0, 120))}, not this rollout's ${JSON.stringify(base.run_id)}`) };
  const { metrics } = data;
  const criteria = criteriaOf(metrics.details);
  const session = trace && typeof trace === "object" ? ((trace as { session_trace?: unknown }).session_trace ?? trace) : undefined;
  return okOutcome(base, session, {
    return: metrics.episode_returns.length ? metrics.episode_returns.reduce((a, b) => a + b, 0) / metrics.episode_returns.length : metrics.mean_return,
    outcome_score: metrics.outcome_score ?? null,
    events_score: metrics.events_score ?? null,
    criteria,
    steps: metrics.num_steps,
    usage: usageOf(metrics.details),
  });
}

/** `details.usage` when it holds the three token counts as numbers. */
function usageOf(details: Record<string, unknown>): EvalResult["usage"] {
  const usage = details.usage as Record<string, unknown> | undefined;
  if (!usage || typeof usage !== "object") return undefined;
  const { prompt_tokens, completion_tokens, total_tokens } = usage;
  return typeof prompt_tokens === "number" && typeof completion_tokens === "number" && typeof total_tokens === "number" ? { prompt_tokens, completion_tokens, total_tokens } : undefined;
}

/** An answered rollout's result line (either wire), with the session it returned for the store. */
function okOutcome(base: Base, session: unknown, scores: Pick<EvalResult, "return" | "outcome_score" | "events_score" | "criteria" | "steps" | "usage">): EvalOutcome {
  const sessionId = session && typeof session === "object" ? (session as { session_id?: unknown }).session_id : undefined;
  const models = policyModelsOf(session);
  // Written out field by field (a literal of spreads takes V8's slow path, several µs per rollout); the key order is the results line's.
  const result: EvalResult = {
    run_id: base.run_id,
    seed: base.seed,
    rollout: base.rollout,
    replica: base.replica,
    duration_ms: base.duration_ms,
    status: "ok",
    cause: "ok",
    http_status: 200,
    return: scores.return,
    outcome_score: scores.outcome_score,
    events_score: scores.events_score,
    criteria: scores.criteria,
    steps: scores.steps,
    session_id: typeof sessionId === "string" ? sessionId : null,
    ...(models ? { policy_models: models } : {}),
    ...(scores.usage ? { usage: scores.usage } : {}),
    finished_at: isoNow(),
  };
  return session !== undefined ? { result, session } : { result };
}

/** Per-criterion judge scores in an answer's details (`judges.<judge>.per_criterion.<id>.score`). */
function criteriaOf(details: Record<string, unknown>): Record<string, number> {
  const criteria: Record<string, number> = {};
  const judges = (details as { judges?: Record<string, { per_criterion?: Record<string, { score?: unknown }> }> }).judges ?? {};
  for (const judge of Object.keys(judges)) {
    const per = judges[judge]?.per_criterion ?? {};
    for (const id of Object.keys(per)) {
      const score = per[id]?.score;
      if (typeof score === "number") criteria[criterionKey(judge, id)] = score;
    }
  }
  return criteria;
}

/** `judge.criterion`, one string per pair for the run (every result of a run names the same few). */
const criterionKeys = new Map<string, Map<string, string>>();
function criterionKey(judge: string, id: string): string {
  let ids = criterionKeys.get(judge);
  if (!ids) {
    if (criterionKeys.size >= 256) criterionKeys.clear();
    criterionKeys.set(judge, (ids = new Map()));
  }
  let key = ids.get(id);
  if (key === undefined) {
    if (ids.size >= 1024) ids.clear();
    ids.set(id, (key = `${judge}.${id}`));
  }
  return key;
}

/** A container-era answer read into the same result line (see `./wire.ts`). */
function readContainerEvalAnswer(base: Base, json: unknown, reader: typeof import("./container-answer.js")): EvalOutcome {
  const read = reader.readContainerAnswer(json, base.run_id);
  if (!read.ok) return { result: failedResult(base, read.cause, 200, read.error, read.errorId) };
  return okOutcome(base, read.trace, { return: read.return, outcome_score: read.outcomeScore, events_score: read.eventsScore, criteria: criteriaOf(read.details), steps: read.steps, usage: usageOf(read.details) });
}

/** The models of the LM calls a returned session records (what policy the app really ran), sorted; undefined when it records none. */
function policyModelsOf(session: unknown): string[] | undefined {
  const events = session && typeof session === "object" ? (session as { event_history?: unknown }).event_history : undefined;
  if (!Array.isArray(events)) return undefined;
  const models = new Set<string>();
  for (const event of events) {
    const e = event as { event_type?: unknown; model_name?: unknown } | null;
    if (e?.event_type === "cais" && typeof e.model_name === "string") models.add(e.model_name);
  }
  return models.size ? [...models].sort() : undefined;
}

/** Whether a traced model id is the `--model` asked for (case aside, with or without its organisation prefix). */
export function sameModel(asked: string, ran: string): boolean {
  const a = asked.toLowerCase();
  const r = ran.toLowerCase();
  return a === r || a.endsWith(`/${r}`) || r.endsWith(`/${a}`);
}

/**
 * The warning when the traces show another policy than `--model`: without an
 * inference URL an app runs its own (scripted) policy, and the run's manifest
 * would name a model that never ran.
 */
export function describePolicyMismatch(asked: string, ran: readonly string[], inferenceUrl: unknown): string | undefined {
  const others = ran.filter((m) => !sameModel(asked, m));
  if (!others.length) return undefined;
  const hint = inferenceUrl ? "" : " (no --inference-url was given, so the app used its own policy; pass the server that serves the model with --inference-url)";
  return `warning: --model is ${asked}, but the app's traces record LM calls by ${others.join(", ")}${hint}: these scores are not ${asked}'s`;
}
