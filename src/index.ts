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
} from "./schemas/rollout.js";
export { TaskInfo, AnyTaskInfo, InfoResponse, type TaskInfoInput } from "./schemas/task-info.js";
export { TaskDatasetSpec } from "./schemas/dataset.js";
export { Criterion, Rubric, RubricBundle } from "./schemas/rubric.js";
export { Trace, CompactTrace, FullTrace, TraceEnvelopeV3 } from "./schemas/trace.js";
export { ErrorBody } from "./schemas/errors.js";
export { TaskAppConfig, type TaskApp, type TaskAppConfigInput } from "./schemas/task-app.js";

// Loading and validating configs
export { loadConfig, parseConfig, ConfigError, type ConfigOfKind, type LoadedConfig } from "./config/load.js";
export { checkConfigFile, checkConfigText, type CheckOptions, type ConfigCheck } from "./config/check.js";
export { normalizeRLConfig, type Injection } from "./config/normalize.js";
export { detectConfigKind } from "./config/detect.js";
export { formatFinding, type Finding, type Severity } from "./config/findings.js";
export { rules, type Rule } from "./config/rules/index.js";
export { validateSftJsonl, validateSftLine } from "./config/jsonl.js";
