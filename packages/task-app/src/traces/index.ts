/**
 * Trace stores (tracing-v3 tables on SQLite, libsql servers or PostgreSQL)
 * and their readers: list, show, stats and SFT export.
 */
export { openTraceStore, traceBatchMsFromEnv, type TraceStore, type OpenTraceStoreOptions, type InsertResult } from "./store.js";
export { openTraceReader, NotATraceStoreError, type TraceReader, type OpenTraceReaderOptions } from "./reader.js";
export { createTraceSink, openServeTraceSink, resolveServeTrace, tracingDisabled, type TraceSink, type TraceSinkStats } from "./sink.js";
export { resolveTraceTarget, redactTraceUrl, DEFAULT_TRACE_DB, type TraceTarget } from "./url.js";
export { SCHEMA_VERSION, migrateTraceStore, type SqlKind } from "./migrations.js";
export { listSessions, statsByModel, type SessionSummary, type ModelStats } from "./queries.js";
export { loadSessionDetail, formatSessionDetail, type SessionDetail } from "./show.js";
export { exportSft, selectSessions, explainSelection, NoExamplesError, parseEventRewardFilter, type SessionSelection, type ExportSftOptions, type ExportSftResult, type SessionFilter, type EventRewardFilter } from "./export-sft.js";
export { callRecordToMessages, type SftChatMessage } from "./sft-example.js";
export type { TraceTables } from "./tables.js";
