/**
 * The trace store an eval writes: opened for writing (its writer thread started, so a store that
 * cannot be written fails before the first rollout), with eval's batch window. No rollout's reply
 * waits for its trace's commit (eval keeps up to 64 records in flight, run.ts), so a trace waits
 * EVAL_TRACE_BATCH_MS for others to share its commit and its hand-over to the writer thread:
 * one rollout at a time would otherwise commit, and wake the thread, once or twice per rollout
 * (at concurrency 1, about 1.7 sessions a commit; with the window about ten where rollouts take a
 * millisecond, and the writer thread's CPU per session about a third less). TASKAPP_TRACE_BATCH_MS
 * sets another window.
 */
import type { TraceStore } from "../traces/store.js";

export const EVAL_TRACE_BATCH_MS = 10;

/** Opens the store `url` names for an eval's traces (see above). */
export async function openEvalTraceStore(url: string, env: Record<string, string | undefined> = process.env): Promise<TraceStore> {
  const { openTraceStore, traceBatchMsFromEnv } = await import("../traces/index.js");
  return openTraceStore(url, { write: true, batchMs: traceBatchMsFromEnv(env) ?? EVAL_TRACE_BATCH_MS });
}
