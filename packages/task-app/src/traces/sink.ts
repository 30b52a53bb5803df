/**
 * The trace sink `serve --trace` hands to the server: it stores each
 * rollout's session and never fails the rollout. A store error is logged
 * (secrets and URL passwords redacted) and counted; `close()` waits for
 * writes in flight, then closes the store.
 */
import type { Logger } from "pino";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createSecretRedactor } from "../server/secrets.js";
import type { InsertResult, OpenTraceStoreOptions, TraceStore } from "./store.js";
import { DEFAULT_TRACE_DB, redactTraceUrl } from "./url.js";

/** Counters of a sink, for logs and tests. */
export interface TraceSinkStats {
  stored: number;
  duplicates: number;
  failed: number;
}

export interface TraceSink {
  /**
   * Stores a session; resolves once it is stored or the failure is logged.
   * Never rejects. With `context.checked` false (as the server hands a
   * session it does not return itself), the store checks the session: a
   * SQLite file's writer thread does, so the serving thread does not.
   */
  sink: ((session: SessionTraceV3, context?: { checked?: false }) => Promise<void>) & { checksSessions: true };
  readonly stats: TraceSinkStats;
  readonly store: TraceStore;
  /** Waits for pending writes, then closes the store. */
  close(): Promise<void>;
}

/**
 * Wraps a store as a sink that logs and counts failures instead of throwing.
 * One reaction per session (no promise of its own, no set of them): writes in
 * flight are counted, and `close()` waits for the count to reach zero. The
 * session is not held while it is written (only its id, for the failure log).
 */
export function createTraceSink(store: TraceStore, logger?: Pick<Logger, "warn" | "error" | "debug">, env: NodeJS.ProcessEnv = process.env): TraceSink {
  const redact = createSecretRedactor(env);
  const stats: TraceSinkStats = { stored: 0, duplicates: 0, failed: 0 };
  let inFlight = 0;
  let drained: (() => void)[] = [];
  const settled = () => {
    if (--inFlight > 0 || drained.length === 0) return;
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };
  const stored = (result: InsertResult) => {
    if (result.inserted) stats.stored++;
    else stats.duplicates++;
    logger?.debug({ session_id: result.sessionId, inserted: result.inserted }, "trace stored");
    settled();
  };
  const sink = (session: SessionTraceV3, context?: { checked?: false }): Promise<void> => {
    inFlight++;
    const id = sessionIdOf(session);
    const failed = (error: unknown) => {
      stats.failed++;
      const message = redact(redactTraceUrl((error as Error)?.message ?? String(error)));
      logger?.error({ session_id: redact(id), error: message, failed: stats.failed }, "trace store write failed; the rollout is unaffected");
      settled();
    };
    try {
      // A session the server validated (toSessionTrace()) is not checked again: that would double the store's CPU cost.
      return (context?.checked === false ? store.insertSession(session) : store.insertParsedSession(session)).then(stored, failed);
    } catch (error) {
      failed(error);
      return Promise.resolve();
    }
  };
  return {
    sink: Object.assign(sink, { checksSessions: true as const }),
    stats,
    store,
    async close() {
      if (inFlight > 0) await new Promise<void>((resolve) => drained.push(resolve));
      await store.close();
    },
  };
}

/** A session's id as text, for the failure log: read once, and never throwing (a session handed in may be anything). */
function sessionIdOf(session: unknown): string {
  try {
    return String((session as { session_id?: unknown })?.session_id ?? "");
  } catch {
    return "";
  }
}

/** Whether `TASKAPP_TRACING_ENABLED` turns tracing off (0, false, no, off). */
export function tracingDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(0|false|no|off)$/i.test((env.TASKAPP_TRACING_ENABLED ?? "").trim());
}

/**
 * The store `serve` should write to: `--trace <url>` (empty: the default
 * directory), else `TASKAPP_TRACE_DB`, else none; none when tracing is off.
 */
export function resolveServeTrace(trace: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (tracingDisabled(env)) return undefined;
  if (trace !== undefined) return trace.trim() === "" ? DEFAULT_TRACE_DB : trace;
  return env.TASKAPP_TRACE_DB || undefined;
}

/** Opens the store `serve` was told to use and wraps it as a sink; undefined when tracing is off. */
export async function openServeTraceSink(
  trace: string | undefined,
  logger: Pick<Logger, "info" | "warn" | "error" | "debug">,
  env: NodeJS.ProcessEnv = process.env,
  options: OpenTraceStoreOptions = {},
): Promise<TraceSink | undefined> {
  const spec = resolveServeTrace(trace, env);
  if (spec === undefined) {
    if (trace !== undefined) logger.info("tracing is off (TASKAPP_TRACING_ENABLED)");
    return undefined;
  }
  // The store layer (Kysely, the SQLite and libsql drivers) loads only when tracing is on.
  const { openTraceStore } = await import("./store.js");
  const store = await openTraceStore(spec, { env, write: true, ...options });
  logger.info({ trace_store: store.location, dialect: store.kind }, "recording every rollout's trace");
  return createTraceSink(store, logger, env);
}
