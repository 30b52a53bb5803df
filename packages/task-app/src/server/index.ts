/**
 * The `task-app/server` entry: define a task app, build its HTTP handler,
 * serve it, and the executor helpers.
 */
export { createTaskAppServer, type TaskAppServer, type TaskAppServerOptions } from "./app.js";
export { serve, type ServeOptions, type ServingTaskApp } from "./serve.js";
export { createKeyMatcher, readPresentedKeys, resolveEnvironmentApiKeys, type KeyMatcher } from "./auth.js";
export { ERROR_CODES } from "./errors.js";
export { collectSecrets, createSecretRedactor, redactSecrets, redactUrl, redactUrlCredentials, type SecretRedactor, type UrlRedaction } from "./secrets.js";
export { PROXY_ERROR_CODES, PROXY_ROUTES, resolveVendorKey, type Vendor } from "./vendor.js";
export { injectSystemHint, INTERACT_TOOL, parseToolCallFromText, prepareForGroq, prepareForOpenai, synthesizeToolCallIfMissing } from "./proxy.js";
export { createLogger, createPrettyDestination, createRedactingLogger, formatPrettyLine, LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from "./logger.js";
export { defineTaskApp, isTaskApp, TaskAppDefinitionError } from "../runtime/define.js";
export { createDatasetRegistry, ensureSplit, normaliseSeed, TaskDatasetRegistry, type DatasetLoader } from "../runtime/datasets.js";
export { blendRubrics, loadRubric, RubricError, scoreEvents, scoreOutcome, scoreRubric, type RubricScore, type RubricSource } from "../runtime/rubrics.js";
export { createRewardLog, type EventReward, type RewardLog, type StepReward } from "../runtime/rewards.js";
export { applyContextOverrides, type AppliedOverrides, type ApplyOverridesOptions } from "../runtime/overrides.js";
export {
  buildPipelineMetadata,
  buildRolloutMetrics,
  buildRolloutResponse,
  buildTrajectory,
  withCorrelationId,
} from "../runtime/results.js";
export { buildCompactTrace, buildSessionTrace, buildTraceEnvelope } from "../runtime/traces.js";
export {
  createSessionTracer,
  renderCompactTrace,
  renderTrace,
  renderTraceEnvelope,
  toLMMessage,
  toLMToolCall,
  type SessionTracer,
  type SessionTracerOptions,
  type StartTurnOptions,
  type LMCallInput,
  type EnvironmentEventInput,
  type RuntimeEventInput,
  type MessageInput,
  type EventRewardInput,
  type OutcomeRewardInput,
  type ChatMessageLike,
  type ToolCallLike,
  type TraceRunSummary,
} from "../tracing/index.js";
export type { TraceSink, TraceSinkContext } from "./trace-hook.js";
export type { RolloutContext, TaskApp, TaskAppConfigInput } from "../schemas/task-app.js";
