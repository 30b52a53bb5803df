/**
 * `runEval`: runs a plan's rollouts against task apps (spread over replicas,
 * `concurrency` at a time), appends each result as it finishes, stores the
 * traces that come back (the eval process is the single writer), and returns
 * the summary. A resumed run re-runs only what is missing or failed, and
 * refuses a run directory whose manifest differs. Each of the `concurrency`
 * workers sends its next rollout before it records the last one, so the app
 * is never idle while this process reads, stores and reports an answer, and
 * goes on while that record waits for the trace store (up to a bound of
 * records at once, which the store commits together). A result is appended
 * only once its trace is stored, and result lines are written in batches (at
 * most ten writes a second): a crash loses at most the records waiting and
 * the last tenth of a second's lines, and `--resume` runs those rollouts again.
 */
import { BodyTooLarge, createRolloutClient, HttpTimeoutError, RedirectRefused, type RolloutClient } from "./http.js";
import type { EvalPlan } from "./plan.js";
import { createBatch } from "./batched.js";
import type { EvalCounters, EvalEvent, EvalReporter } from "./progress.js";
import { lockRunDir, type RunDirLock } from "./lock.js";
import { ReplicaPool, type Replica } from "./replicas.js";
import { JsonlAppender, repairJsonl, resultKey, type EvalManifest, type EvalResult } from "./results.js";
import type { SkippedLine } from "./results-read.js";
import { claimDefaultRunDir, openRunDir } from "./run-dir.js";
import type { Wire } from "../client/index.js";
import { resolveEvalWire } from "./wire.js";
import { createEvalBodies, describePolicyMismatch, failedResult, readEvalAnswerNow, type EvalOutcome } from "./rollout.js";
import { createEvalSummarizer, summarizeEval, type EvalSummary } from "./summary.js";
import { redactSecrets, redactUrlCredentials } from "../server/secrets.js";
import { rolloutSessionId, withSessionId } from "../tracing/session-id.js";

/** Result lines are written together at most once per this many milliseconds. */
const RESULT_BATCH_MS = 100;

export interface RunEvalOptions {
  /** Base URLs of the task apps (replicas). */
  urls: string[];
  /** What the manifest calls the app (the module path, or the URLs). */
  app: string;
  apiKey?: string;
  reporter: EvalReporter;
  /**
   * Stores a returned session (validating it), already given the identity the
   * run gives it (`rolloutSessionId` of its request), and says whether it was written (false: the
   * store already held that session; nothing said counts as written); errors
   * are counted, never fail the rollout.
   */
  sink?: (session: unknown, identity: { sessionId: string }) => Promise<boolean | void>;
  /** Aborted: start no new rollouts (the first Ctrl-C). */
  stop?: AbortSignal;
  /** Aborted: abort the running ones too (the second Ctrl-C). */
  abort?: AbortSignal;
  /** The run directory's lock, when the caller took it already (`lockRunDir`); else runEval takes and releases it. */
  lock?: RunDirLock;
  /** The rollout wire (default: what the first healthy replica's `/info` advertises, else "0.2"). */
  wire?: Wire;
  /**
   * Keep every final result in memory for the report's `results` (default true). The CLI passes
   * false: the summary is built as results come, in memory that does not grow with the run, and
   * the results stay on disk.
   */
  keepResults?: boolean;
}

export interface EvalRunReport {
  summary: EvalSummary;
  /** The final result of every rollout of the plan that ran (this run or an earlier one); empty when `keepResults` was false. */
  results: EvalResult[];
  /** Rollouts not run because the run was stopped. */
  notRun: number;
  /** Why rollouts were left: a stop signal (Ctrl-C), or no replica left answering. */
  stopped?: "interrupted" | "no_replica";
  /** Sessions written; already held (a rerun of a stored rollout, or an answer repeating a session); failed; rollouts that returned none. */
  traces: { stored: number; duplicates: number; failed: number; missing: number };
}

/**
 * The session under its rollout's id, its metadata naming the rollout's
 * run_id and seed when the app's own trace left them out (as the server's
 * tracer records them), so `traces ls --run` finds it and both stores say alike.
 */
function withRolloutIdentity(session: unknown, sessionId: string, runId: string, seed: number): unknown {
  const named = withSessionId(session, sessionId);
  if (typeof named !== "object" || named === null || Array.isArray(named)) return named;
  const record = named as { metadata?: unknown };
  const metadata = typeof record.metadata === "object" && record.metadata !== null && !Array.isArray(record.metadata) ? (record.metadata as Record<string, unknown>) : {};
  if (metadata.run_id !== undefined && metadata.seed !== undefined) return named;
  return { ...record, metadata: { ...metadata, run_id: metadata.run_id ?? runId, seed: metadata.seed ?? seed } };
}

/** Thrown when a run cannot start (no replica answers): exit 1 with the message. */
export class EvalRunError extends Error {
  override name = "EvalRunError";
}

/** A failure of the connection (refused, reset, a malformed answer), which another replica may not have. */
const connectionErrorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : error instanceof TypeError ? String(error) : undefined;
};

/**
 * Records (trace stored, result appended) that may wait at once, at least: enough for a trace store to commit them
 * together, within its batch window (eval's: EVAL_TRACE_BATCH_MS, trace-store.ts), as many as one commit takes (the
 * store's MAX_BATCH, src/traces/group-commit.ts: not imported here, which would load the store layer with eval).
 */
const RECORDS_IN_FLIGHT = 64;

/** The body (and run_id) of each rollout of the run. */
type EvalBodies = ReturnType<typeof createEvalBodies>;

/**
 * A rollout's exchange: a failure, a 200 answer still to be read (parsed and
 * checked) by `outcomeOf`, or an error no rollout outcome stands for, which
 * fails the run (`runOne` resolves to it rather than rejecting: a worker
 * awaits its rollout only after recording the last one).
 */
type Exchange = EvalOutcome | { answered: Parameters<typeof readEvalAnswerNow>[0]; body: Buffer } | { thrown: unknown };

/** The outcome of an exchange: at once when the answer can be read at once (see `readEvalAnswerNow`), else a promise of it. */
const outcomeOf = (exchange: EvalOutcome | { answered: Parameters<typeof readEvalAnswerNow>[0]; body: Buffer }, wire: Wire): EvalOutcome | Promise<EvalOutcome> =>
  "answered" in exchange ? readEvalAnswerNow(exchange.answered, exchange.body, wire) : exchange;

/** The code, message and `error_id` of an error answer in synth-ai's shape (`detail.error`), else the start of its body. */
export function describeErrorAnswer(text: string): { detail: string; errorId?: string } {
  try {
    const err = (JSON.parse(text) as { detail?: { error?: { code?: unknown; message?: unknown; error_id?: unknown } } }).detail?.error;
    if (err && typeof err === "object") {
      const errorId = typeof err.error_id === "string" || typeof err.error_id === "number" ? String(err.error_id).slice(0, 100) : undefined;
      const detail = `${String(err.code ?? "")}: ${String(err.message ?? "")}${errorId ? ` (error_id ${errorId})` : ""}`;
      return { detail, ...(errorId ? { errorId } : {}) };
    }
  } catch {
    // not JSON: keep the start of the body
  }
  return { detail: text.slice(0, 300) };
}

/** Runs one rollout with failover: a replica that drops the connection is checked and the rollout moves to another. Never rejects (an unexpected error comes back as `thrown`). */
async function runOne(plan: EvalPlan, seed: number, rollout: number, pool: ReplicaPool, client: RolloutClient, options: RunEvalOptions, bodies: EvalBodies, headers: Record<string, string>, counters: EvalCounters): Promise<Exchange> {
  counters.running++;
  try {
    return await exchangeOne(plan, seed, rollout, pool, client, options, bodies, headers);
  } catch (thrown) {
    return { thrown };
  } finally {
    counters.running--;
  }
}

async function exchangeOne(plan: EvalPlan, seed: number, rollout: number, pool: ReplicaPool, client: RolloutClient, options: RunEvalOptions, bodies: EvalBodies, headers: Record<string, string>): Promise<Exchange> {
  const { runId, body } = bodies(seed, rollout);
  const started = Date.now();
  let last: EvalOutcome | undefined;
  let avoid: Replica | undefined;
  for (let attempt = 0; attempt <= plan.retries; attempt++) {
    const replica = pool.pick(avoid);
    const base = () => ({ run_id: runId, seed, rollout, replica: replica?.name ?? null, duration_ms: Date.now() - started });
    if (!replica) return last ?? { result: failedResult(base(), "no_replica", null, "no task app replica is left answering /health") };
    replica.inFlight++;
    try {
      const res = await client.postJson(replica.rolloutUrl, body, headers, plan.timeoutS * 1000);
      if (res.status === 200) return { answered: base(), body: res.bytes };
      const { detail, errorId } = describeErrorAnswer(res.text);
      const redact = (text: string) => (options.apiKey ? redactSecrets(text, [options.apiKey]) : text);
      last = { result: failedResult(base(), `http_${res.status}`, res.status, redact(detail), errorId === undefined ? undefined : redact(errorId)) };
      if (res.status !== 503 && res.status !== 502) return last;
      avoid = replica;
    } catch (error) {
      if (options.abort?.aborted) return { result: failedResult(base(), "aborted", null, "aborted by a second interrupt") };
      if (error instanceof HttpTimeoutError) {
        // Not sent again (it may have reached the app), but the replica is checked: a host cut off answers nothing, health included.
        await pool.suspect(replica);
        return { result: failedResult(base(), "timeout", null, `no answer within ${plan.timeoutS}s`) };
      }
      if (error instanceof BodyTooLarge)
        return { result: failedResult(base(), "response_too_large", null, `the answer is larger than ${error.limitBytes} bytes (--max-response-bytes); reading stopped`) };
      if (error instanceof RedirectRefused) return { result: failedResult(base(), "redirect_refused", error.status, error.message) };
      const code = connectionErrorCode(error);
      if (code === undefined) throw error;
      last = { result: failedResult(base(), "connection", null, code) };
      avoid = replica;
      await pool.suspect(replica);
    } finally {
      replica.inFlight--;
      replica.done++;
    }
  }
  return last!;
}

/** Runs the plan; see the module comment. */
export async function runEval(plan: EvalPlan, options: RunEvalOptions): Promise<EvalRunReport> {
  // One eval per run directory at a time: a second one would run the same rollouts again.
  if (options.lock) return runLocked(plan, options);
  const claimed = claimDefaultRunDir(plan);
  plan = claimed.plan;
  const lock = await lockRunDir(plan.runDir, { created: claimed.created });
  try {
    return await runLocked(plan, options);
  } finally {
    lock.release();
  }
}

async function runLocked(plan: EvalPlan, options: RunEvalOptions): Promise<EvalRunReport> {
  // Credentials in URLs (--url user:pass@, --trace-db postgres://u:pw@, an inference_url) never reach the run directory.
  const manifest: EvalManifest = { app: redactUrlCredentials(options.app), model: plan.model, seeds: plan.seeds, rollouts_per_seed: plan.rolloutsPerSeed, split: plan.split, config_digest: plan.digest, out: plan.out };
  openRunDir(plan, manifest);
  // Every final result goes to the summary as it comes; the results themselves stay on disk (and in `kept` when asked).
  const summarizer = createEvalSummarizer();
  const kept = options.keepResults === false ? undefined : new Map<string, EvalResult>();
  // The lines of an earlier run are checked as results (with Zod, loaded only when there are some); its answered rollouts are not run again.
  const lines = repairJsonl(plan.out);
  const previous: { results: EvalResult[]; skipped: SkippedLine[] } = lines.length ? (await import("./results-read.js")).checkResultLines(plan.out, lines) : { results: [], skipped: [] };
  const doneBefore = new Set<string>();
  for (const r of previous.results)
    if (r.status === "ok" && !doneBefore.has(resultKey(r))) {
      doneBefore.add(resultKey(r));
      summarizer.add(r);
      kept?.set(resultKey(r), r);
    }
  previous.results.length = 0;
  const jobs = createJobs(plan, doneBefore);

  const counters: EvalCounters = { total: jobs.total, done: 0, running: 0, failed: 0, returnSum: 0, returnCount: 0, startedAt: Date.now() };
  const { reporter } = options;
  const client = createRolloutClient({ maxResponseBytes: plan.maxResponseBytes });
  /** Reports an event; during the run, in order with the batched results. */
  let say = (event: EvalEvent) => reporter.emit(event, counters);
  const pool = new ReplicaPool(options.urls, client, options.apiKey, (r) => say({ event: "replica_removed", replica: r.name, reason: pool.reasons.get(r) }));
  let healthy;
  try {
    healthy = await pool.checkAll();
  } catch (error) {
    client.close();
    throw error;
  }
  if (!healthy.length) {
    client.close();
    throw new EvalRunError(pool.replicas.map((r) => pool.reasons.get(r) ?? `${r.name}: unhealthy`).join("\n"));
  }
  for (const r of pool.replicas.filter((x) => !x.healthy)) reporter.emit({ event: "replica_removed", replica: r.name, reason: pool.reasons.get(r) }, counters);
  const wire = await resolveEvalWire(client, healthy[0]!.url, options.apiKey, options.wire);
  // Lines that are not results (a hand edit, a foreign line) are skipped, not fatal: their rollouts run again.
  for (const bad of previous.skipped) reporter.emit({ event: "note", message: `${bad.path}:${bad.line}: ${bad.reason}: skipped (a rollout with no readable result runs again; remove or fix the line to silence this)` }, counters);
  reporter.emit({ event: "start", total: jobs.total, skipped: plan.seeds.length * plan.rolloutsPerSeed - jobs.total, replicas: healthy.map((r) => r.name), run_dir: plan.runDir, ...(wire === "container" ? { wire } : {}) }, counters);

  const bodies = createEvalBodies(plan, Boolean(options.sink), wire);
  const headers: Record<string, string> = options.apiKey ? { "x-api-key": options.apiKey } : {};
  const results = new JsonlAppender(plan.out);
  const failures = new JsonlAppender(plan.failuresOut);
  // Results are written and reported in batches, at most ten a second: each batch's lines are on disk
  // before any of them is reported, so what was reported survives a crash (a crash loses at most the
  // last tenth of a second's results, which --resume runs again).
  const batch = createBatch<{ result?: EvalResult; event: EvalEvent; counters: EvalCounters }>(
    (items) => {
      try {
        const ok: EvalResult[] = [];
        const failed: EvalResult[] = [];
        for (const { result } of items) if (result) (result.status === "ok" ? ok : failed).push(result);
        results.appendAll(ok);
        failures.appendAll(failed);
        for (const item of items) reporter.emit(item.event, item.counters);
      } catch (error) {
        // A results file that cannot be written, a reporter that throws: the run stops taking rollouts and fails with it.
        recordFailure ??= { error };
      }
    },
    { intervalMs: RESULT_BATCH_MS },
  );
  say = (event) => batch.push({ event, counters: { ...counters } });
  const abortAll = () => client.abortAll();
  options.abort?.addEventListener("abort", abortAll, { once: true });
  if (options.abort?.aborted) abortAll();
  const traces = { stored: 0, duplicates: 0, failed: 0, missing: 0 };
  /** Records not finished yet (a trace store commits many at once), at most `recordLimit`; who waits for one to finish; the first that threw. */
  let recording = 0;
  const recordLimit = Math.max(RECORDS_IN_FLIGHT, plan.concurrency);
  const waiting: (() => void)[] = [];
  const recordFinished = () => new Promise<void>((resolve) => waiting.push(resolve));
  let recordFailure: { error: unknown } | undefined;
  /** The policy-mismatch warning is given once, at the first rollout whose trace shows it. */
  let policyWarned = false;

  /** The next job, unless the run was stopped or a record failed. */
  // Nothing is sent once every replica is out: the rest would only fail as no_replica, one line each.
  const take = () => (options.stop?.aborted || recordFailure || !pool.anyHealthy() ? undefined : jobs.next());
  const start = (job: { seed: number; rollout: number }) => runOne(plan, job.seed, job.rollout, pool, client, options, bodies, headers, counters);
  /**
   * Reads a finished rollout's answer, stores its trace, appends its result
   * and reports it: at once (a valid answer with no trace store: no promise),
   * or a promise when it waits (for the trace store, or for a reader to load).
   */
  const record = (exchange: Exclude<Exchange, { thrown: unknown }>): Promise<void> | void => {
    const outcome = outcomeOf(exchange, wire);
    if (outcome instanceof Promise || options.sink) return recordLater(outcome);
    finish(outcome.result);
  };
  const recordLater = async (pending: EvalOutcome | Promise<EvalOutcome>) => {
    const outcome = await pending;
    const { session } = outcome;
    let { result } = outcome;
    if (result.status === "ok" && options.sink) {
      if (!session) traces.missing++;
      else
        try {
          // The id every server's trace sink gives this rollout too (its run_id is the same whenever it runs).
          const sessionId = rolloutSessionId({ run_id: result.run_id, env: { seed: result.seed } });
          if ((await options.sink(withRolloutIdentity(session, sessionId, result.run_id, result.seed), { sessionId })) !== false) traces.stored++;
          else traces.duplicates++;
          // The result names the session as the store holds it (the app's own id is in its metadata).
          result = { ...result, session_id: sessionId };
        } catch (error) {
          if (traces.failed++ === 0) say({ event: "note", message: `trace store: ${(error as Error).message.split("\n")[0]} (the rollout counts; its trace is not stored)` });
        }
    }
    finish(result);
  };
  /** Counts a recorded result, keeps it and hands it to the batch (results file and reporter). */
  const finish = (result: EvalResult) => {
    summarizer.add(result);
    kept?.set(resultKey(result), result);
    counters.done++;
    if (result.status !== "ok") counters.failed++;
    else if (result.return !== null) {
      counters.returnSum += result.return;
      counters.returnCount++;
    }
    batch.push({ result, event: { event: "rollout", result }, counters: { ...counters } });
    const mismatch = !policyWarned && result.policy_models && describePolicyMismatch(plan.model, result.policy_models, plan.policyConfig.inference_url);
    if (mismatch) {
      policyWarned = true;
      say({ event: "note", message: mismatch });
    }
  };
  const recordDone = () => {
    recording--;
    waiting.shift()?.();
  };
  const recordFailed = (error: unknown) => {
    recordFailure ??= { error };
    recordDone();
  };
  /** Records `finished`, counting the records not finished yet. */
  const recordNow = (finished: Exclude<Exchange, { thrown: unknown }>) => {
    let pending: Promise<void> | void;
    try {
      pending = record(finished);
    } catch (error) {
      return recordFailed(error);
    }
    if (pending) pending.then(recordDone, recordFailed);
    else recordDone();
  };
  try {
    // Each worker sends its next rollout before it records the one that just finished (the app works
    // on the next while this process reads, stores and reports the last one), and goes on while the
    // record waits for the trace store, up to `recordLimit` records at once.
    await Promise.all(
      Array.from({ length: Math.min(plan.concurrency, jobs.total) }, async () => {
        const first = take();
        for (let running = first && start(first); running; ) {
          const finished = await running;
          if ("thrown" in finished) throw finished.thrown;
          const next = take();
          running = next && start(next);
          recording++;
          // The next request goes out (in a tick node:http queued as it was sent) before the record's work.
          if (running) process.nextTick(recordNow, finished);
          else recordNow(finished);
          if (recording >= recordLimit) await recordFinished();
        }
      }),
    );
    while (recording > 0) await recordFinished();
    batch.flush();
    if (recordFailure) throw recordFailure.error;
  } finally {
    options.abort?.removeEventListener("abort", abortAll);
    client.close();
    try {
      batch.flush();
    } finally {
      say = (event) => reporter.emit(event, counters);
      results.close();
      failures.close();
      reporter.flush?.();
    }
  }
  const ordered: EvalResult[] = [];
  if (kept)
    for (const seed of plan.seeds)
      for (let rollout = 0; rollout < plan.rolloutsPerSeed; rollout++) {
        const result = kept.get(resultKey({ seed, rollout }));
        if (result !== undefined) ordered.push(result);
      }
  const notRun = Math.max(0, jobs.total - jobs.taken());
  const stopped = notRun ? (pool.healthy().length ? "interrupted" : "no_replica") : undefined;
  // With every result kept, the summary is theirs in plan order (the order its per-seed table and float sums have always had).
  return { summary: kept ? summarizeEval(ordered) : summarizer.summary(), results: ordered, notRun, ...(stopped ? { stopped } : {}), traces };
}

/**
 * The plan's rollouts not done before, one at a time in plan order (seed,
 * then rollout index): no list of them is made, whatever the run's size.
 */
function createJobs(plan: EvalPlan, doneBefore: ReadonlySet<string>): { total: number; next(): { seed: number; rollout: number } | undefined; taken(): number } {
  let total = 0;
  for (const seed of plan.seeds) for (let rollout = 0; rollout < plan.rolloutsPerSeed; rollout++) if (!doneBefore.size || !doneBefore.has(resultKey({ seed, rollout }))) total++;
  let index = 0;
  let taken = 0;
  const size = plan.seeds.length * plan.rolloutsPerSeed;
  return {
    total,
    next() {
      while (index < size) {
        const job = { seed: plan.seeds[Math.floor(index / plan.rolloutsPerSeed)]!, rollout: index % plan.rolloutsPerSeed };
        index++;
        if (doneBefore.size && doneBefore.has(resultKey(job))) continue;
        taken++;
        return job;
      }
      return undefined;
    },
    taken: () => taken,
  };
}
