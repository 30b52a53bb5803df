/**
 * SessionTraceV3 fixtures for trace store tests, built the way a tracer
 * records a Crafter-like rollout: per turn an LM call (system + user prompt,
 * an optional image, a tool call answer), an environment step, a user and an
 * assistant message, achievement rewards on the environment event; an
 * outcome reward with achievements and judge scores at the end.
 * The builder is plain JavaScript (./session-trace-data.mjs) so writer
 * processes load it without tsx; its types are declared in ./session-trace-data.d.mts.
 */
export { expectedRowCounts, makeSessionTrace, PNG_DATA_URL, type FixtureOptions } from "./session-trace-data.mjs";
