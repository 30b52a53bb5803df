/**
 * task-app: the public API, listed by name. Schemas are Zod 4 (the single
 * source of truth); every type is `z.infer` of its schema.
 */

// Training configs (TOML)
export { RLConfig, type RLConfigInput } from "./schemas/rl-config.js";
export { SFTConfig } from "./schemas/sft-config.js";
export { EvalConfig } from "./schemas/eval-config.js";
export { FilterConfig } from "./schemas/filter-config.js";
export { PolicyConfig, ThinkingMode } from "./schemas/policy-config.js";
export { configSchemas, getConfigSchema, type ConfigKind, type ConfigSchemaEntry, type SchemaEntry } from "./schemas/registry.js";

// SFT data
export { SFTExample, SFTMessage, SFTToolCall, SFTToolDefinition } from "./schemas/sft-jsonl.js";
export { ChatMessage, ContentPart, ImageUrlPart, TextPart, ToolCall } from "./schemas/messages.js";

// Wire contracts (task-app HTTP API)
export {
  RolloutEnvSpec,
  RolloutMetrics,
  RolloutPolicySpec,
  RolloutRecordConfig,
  RolloutRequest,
  RolloutResponse,
  RolloutSafetyConfig,
  RolloutStep,
  RolloutTrajectory,
  type RolloutRequestInput,
  type RolloutResponseInput,
  type RolloutStepInput,
  type RolloutTrajectoryInput,
  type RolloutMetricsInput,
} from "./schemas/rollout.js";
export {
  Artifact,
  ContainerRolloutRequest,
  ContainerRolloutResponse,
  ContextOverride,
  ContextOverrideStatus,
  RewardInfo,
  SuccessStatus,
  type ArtifactInput,
  type ContainerRolloutRequestInput,
  type ContainerRolloutResponseInput,
  type ContextOverrideStatusInput,
} from "./schemas/container-rollout.js";
export { RolloutResult, type RolloutResultInput } from "./schemas/rollout-result.js";
export { TaskInfo, AnyTaskInfo, WindowTaskInfo, LaterTaskInfo, InfoResponse, HealthResponse, type TaskInfoInput } from "./schemas/task-info.js";
export { TaskDatasetSpec, type TaskDatasetSpecInput } from "./schemas/dataset.js";
export { Criterion, Rubric, RubricAggregation, RubricBundle, type RubricInput } from "./schemas/rubric.js";
export { Trace, CompactTrace, FullTrace, TraceEnvelopeV3 } from "./schemas/trace.js";
export {
  SessionTraceV3,
  TracedEvent,
  TracedMessage,
  TracedTimeStep,
  LMCallEvent,
  LMCallRecord,
  LMMessage,
  EnvironmentEvent,
  RuntimeEvent,
  TracedEventReward,
  TracedOutcomeReward,
  type SessionTraceV3Input,
} from "./schemas/session-trace.js";
export { ErrorBody, createErrorBody } from "./schemas/errors.js";
export {
  TaskAppConfig,
  ProxyConfig,
  type TaskApp,
  type TaskAppConfigInput,
  type RolloutContext,
  type RolloutExecutor,
  type DescribeTaskset,
  type ProvideTaskInstances,
} from "./schemas/task-app.js";

// Declaring an environment: the library runs the agent loop, judges, traces and serves it
// (`task-app/env` is this part alone, what an environment's module imports)
export * from "./env/index.js";
export { argumentsSchema, checkToolCall, renderToolSpecs, type CheckedCall, type ToolCallProblem } from "./env/tools.js";
export { judgeEpisode } from "./env/judge.js";

// Authoring and serving a task app
export { defineTaskApp, isTaskApp, TaskAppDefinitionError } from "./runtime/define.js";
export { createDatasetRegistry, ensureSplit, normaliseSeed, TaskDatasetRegistry, type DatasetLoader } from "./runtime/datasets.js";
export { blendRubrics, loadRubric, readRubricBundleFile, scoreEvents, scoreOutcome, scoreRubric, type RubricScore, type RubricSource } from "./runtime/rubrics.js";
export { applyContextOverrides, type AppliedOverrides, type ApplyOverridesOptions } from "./runtime/overrides.js";
export { createRewardLog, type EventReward, type RewardLog, type StepReward } from "./runtime/rewards.js";
export { buildPipelineMetadata, buildRolloutMetrics, buildRolloutResponse, buildTrajectory, withCorrelationId } from "./runtime/results.js";
export { buildCompactTrace, buildSessionTrace, buildTraceEnvelope } from "./runtime/traces.js";
export {
  createSessionTracer,
  renderCompactTrace,
  renderTrace,
  rolloutSessionId,
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
} from "./tracing/index.js";
export {
  DEFAULT_INFERENCE_KEY_HOSTS,
  inferenceHeaders,
  isInferenceKeyAllowed,
  resolveInferenceKey,
  resolveInferenceKeyHosts,
  type InferenceKeyOptions,
} from "./runtime/inference.js";
export { createTaskAppServer, serve, type ServeOptions, type TaskAppServer, type TraceSink, type TraceSinkContext } from "./server/index.js";
export { checkTaskApp, formatCheckReport, CHECK_NAMES, type CheckReport } from "./check/index.js";

// Loading and validating configs
export { loadConfig, parseConfig, ConfigError, type ConfigOfKind, type LoadedConfig } from "./config/load.js";
export { checkConfigFile, checkConfigText, type CheckOptions, type ConfigCheck } from "./config/check.js";
export { checkRubricFile, checkRubricText } from "./config/rubric-check.js";
export { normalizeRLConfig, type Injection } from "./config/normalize.js";
export { detectConfigKind } from "./config/detect.js";
export { formatFinding, type Finding, type Severity } from "./config/findings.js";
export { rules, type Rule } from "./config/rules/index.js";
export { validateSftJsonl, validateSftLine } from "./config/jsonl.js";
export { checkProjectFile, checkSourceFile, checkSourceText } from "./config/check-source.js";
export { findingCodes, type FindingCodeDoc } from "./config/finding-codes.js";
export { applySeverities, loadProjectSettings, parseProjectSettings, ProjectSettingsError, type RuleSeverity, type SeverityOverrides } from "./config/project-settings.js";
export { LanguageService, type ServiceSettings } from "./lsp/service.js";
export { migrateRLConfig, MigrateError, JUDGE_PROVIDERS, type Era, type MigrateOptions, type MigrateResult, type RewardSource } from "./migrate/rl-era.js";

// Job payloads
export { buildRLPayload, buildSFTPayload, PayloadError, type RLJobPayload, type SFTJobPayload } from "./payload/index.js";

// Typed HTTP client of a task app (over the generated OpenAPI types)
export {
  createTaskAppClient,
  TaskAppContractError,
  TaskAppHttpError,
  TaskAppNetworkError,
  TaskAppRedirectError,
  TaskAppResponseTooLargeError,
  type TaskAppClient,
  type TaskAppClientOptions,
  type Wire,
  type RolloutRequestOf,
  type RolloutResultOf,
} from "./client/index.js";

// Scaffolding (create-task-app) and codemods (task-app add)
export {
  createTaskApp,
  TEMPLATE_NAMES,
  listTemplates,
  loadTemplate,
  ScaffoldError,
  checkPackageName,
  isValidPackageName,
  toValidPackageName,
  detectPackageManager,
  generateApiKey,
  installDependencies,
  initGitRepository,
  type CreateTaskAppOptions,
  type CreateTaskAppResult,
  type TemplateName,
  type TemplateInfo,
  type PackageManager,
} from "./scaffold/index.js";
export { addRubric, addDataset, CodemodError, type CodemodResult, type AddRubricOptions } from "./codemods/index.js";
export { runDemo, type DemoReport, type DemoOptions } from "./demo/run.js";
export { runTrain, pollJob, submitRlJob, submitSftJob, createBackendClient, TrainError, type TrainOptions, type TrainEvent } from "./train/index.js";

// Trace stores (tracing-v3) and their readers: the store layer loads when a store is opened
export { openTraceStore, openTraceReader, listSessions, statsByModel, loadSessionDetail } from "./traces/lazy.js";
export { createTraceSink } from "./traces/sink.js";
export { resolveTraceTarget, redactTraceUrl, DEFAULT_TRACE_DB, type TraceTarget } from "./traces/url.js";
export { formatSessionDetail } from "./traces/show-format.js";
export { exportSft, selectSessions, type ExportSftOptions, type ExportSftResult } from "./traces/export-sft.js";
export { callRecordToMessages } from "./traces/sft-example.js";
export { NotATraceStoreError } from "./traces/not-a-store.js";
export type { TraceReader, OpenTraceReaderOptions } from "./traces/reader.js";
export type { TraceStore, OpenTraceStoreOptions, InsertResult } from "./traces/store.js";
export type { SessionSummary, ModelStats } from "./traces/queries.js";
export type { SessionDetail } from "./traces/show.js";

// The local evaluation loop (task-app eval)
export {
  runEval,
  resolveEvalPlan,
  startEvalTargets,
  parseSeeds,
  summarizeEval,
  formatEvalSummary,
  createEvalReporter,
  EvalPlanError,
  EvalRunError,
  type EvalFlags,
  type EvalPlan,
  type EvalResult,
  type EvalSummary,
  type EvalRunReport,
} from "./eval/index.js";
