/**
 * The trace sink `serve --trace` hands to the server: it stores each
 * rollout's session and never fails the rollout. A store error is logged
 * (secrets and URL passwords redacted) and counted; `close()` waits for
 * writes in flight, then closes the store.
 */
import type { Logger } from "pino";
import type { SessionTraceV3 } from "../schemas/session-trace.js";
import { createSecretRedactor } from "../server/secrets.js";
import type { OpenTraceStoreOptions, TraceStore } from "./store.js";
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

/** Wraps a store as a sink that logs and counts failures instead of throwing. */
export function createTraceSink(store: TraceStore, logger?: Pick<Logger, "warn" | "error" | "debug">, env: NodeJS.ProcessEnv = process.env): TraceSink {
  const redact = createSecretRedactor(env);
  const stats: TraceSinkStats = { stored: 0, duplicates: 0, failed: 0 };
  const pending = new Set<Promise<void>>();
  const sink = (session: SessionTraceV3, context?: { checked?: false }): Promise<void> => {
    const work = (async () => {
      try {
        // A session the server validated (toSessionTrace()) is not checked again: that would double the store's CPU cost.
        const result = await (context?.checked === false ? store.insertSession(session) : store.insertParsedSession(session));
        if (result.inserted) stats.stored++;
        else stats.duplicates++;
        logger?.debug({ session_id: result.sessionId, inserted: result.inserted }, "trace stored");
      } catch (error) {
        stats.failed++;
        const message = redact(redactTraceUrl((error as Error).message ?? String(error)));
        logger?.error({ session_id: redact(String((session as { session_id?: unknown })?.session_id ?? "")), error: message, failed: stats.failed }, "trace store write failed; the rollout is unaffected");
      }
    })();
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  };
  return {
    sink: Object.assign(sink, { checksSessions: true as const }),
    stats,
    store,
    async close() {
      await Promise.all(pending);
      await store.close();
    },
  };
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
