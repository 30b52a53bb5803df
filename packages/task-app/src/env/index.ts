/**
 * `task-app/env`: what an environment's module imports, and nothing else.
 * The same functions and types as the main entry (the same objects: an app
 * may mix the two), without the rest of the library behind it: importing
 * this loads about 40 modules where `task-app` loads over 250 (the config
 * checker, the language service, eval, train, the scaffolder, …), and a
 * project's type-check reads its declarations without Kysely's, Hono's or
 * the language server's. Every process that loads an app (serve, each
 * `--workers` worker, eval, a test of it) and every `tsc` or editor over it
 * pays only for this.
 */

// Declaring an environment
export { defineEnvironment, type EnvironmentApp } from "./define.js";
export { observationText } from "./observation.js";
export type {
  EnvironmentDefinition,
  EnvironmentTask,
  EpisodeRecord,
  Observation,
  Schema,
  ScriptedMove,
  ToolContext,
  ToolDefinition,
  ToolOutcome,
  TurnCall,
  TurnRecord,
} from "./types.js";
/** Zod, as task-app uses it: declare an environment's config and tool arguments with the same copy. */
export { z } from "../zod.js";
export { normaliseSeed } from "../runtime/datasets.js";
export { RolloutRequestError } from "../runtime/request-error.js";

// Calling a model from a tool or a test (the client the agent loop uses)
export { chatCompletionsUrl, createChatCompletion, InferenceError, type ChatAnswer, type ChatOptions, type ChatRequest, type ToolSpec, type Usage } from "./chat.js";

// The types of what an environment declares: its dataset, task info, policy and messages
export type { TaskDatasetSpec, TaskDatasetSpecInput } from "../schemas/dataset.js";
export type { TaskInfoInput } from "../schemas/task-info.js";
export type { PolicyConfig } from "../schemas/policy-config.js";
export type { ChatMessage, ContentPart, ImageUrlPart, TextPart, ToolCall } from "../schemas/messages.js";
