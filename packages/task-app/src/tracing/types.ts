/**
 * What a session tracer's `record*` methods take. Inputs are camelCase; the
 * recorded session keeps synth-ai's snake_case keys (`SessionTraceV3`).
 */
import type { TracedMessageType } from "../schemas/session-trace.js";
import type { ChatMessageLike, ToolCallLike } from "./messages.js";

type Metadata = Record<string, unknown>;

/** Options of `createSessionTracer`. */
export interface SessionTracerOptions {
  /** Session id; by default a UUIDv7 (time-ordered, see session-id.ts). Stores are idempotent on it, so keep it unique per rollout. */
  sessionId?: string;
  /** Run details stored with the session: run_id, seed, env_name, policy_name, model, ... */
  metadata?: Metadata;
  /** Clock; defaults to now. */
  now?: () => Date;
}

/** Options of `startTurn`. */
export interface StartTurnOptions {
  /** Turn number; defaults to the number of turns started before. */
  turnNumber?: number;
  /** Step id, unique in the session; defaults to `turn_<turnNumber>`. */
  stepId?: string;
  metadata?: Metadata;
}

/** Token usage, in task-app's spelling or in OpenAI's (`prompt_tokens`, `completion_tokens`). */
export type UsageLike =
  | { inputTokens?: number | null; outputTokens?: number | null; totalTokens?: number | null }
  | { prompt_tokens?: number | null; completion_tokens?: number | null; total_tokens?: number | null };

/** One model call. */
export interface LMCallInput {
  /** Model id, e.g. `Qwen/Qwen3-4B`, or `scripted` for a built-in policy. */
  model: string;
  /** Who served the call: a vendor, the inference host, or `task-app` for a built-in policy. */
  provider?: string | null;
  /** The chat-completions messages sent (string content or content parts; images as `image_url` parts). */
  input: readonly ChatMessageLike[];
  /** The answer: the assistant message as returned (its `tool_calls` in OpenAI form are kept), or its text. */
  output?: ChatMessageLike | string | null;
  /** Tool calls of the answer, when `output` is given as text. */
  toolCalls?: readonly ToolCallLike[];
  /** The tool definitions offered to the model (the request's OpenAI `tools`); exported with each SFT example. */
  tools?: readonly object[] | null;
  usage?: UsageLike | null;
  latencyMs?: number | null;
  costUsd?: number | null;
  startedAt?: Date;
  completedAt?: Date;
  /** API used; default `chat_completions`. */
  apiType?: string;
  /** Which system made the call; default `policy`. */
  systemId?: string;
  metadata?: Metadata;
  /** Also record the last user message and the answer as session messages. Default true. */
  recordMessages?: boolean;
  /**
   * The caller changes none of `input` (the array or its messages), `output`, `toolCalls` or
   * `tools` after this call, so the tracer may keep them as given and convert them when the
   * session is read (`toSessionTrace`), not now: a session nobody reads costs no conversion.
   * The agent loop of `defineEnvironment` records its calls so. Default false.
   */
  unchanging?: boolean;
}

/** One environment step. */
export interface EnvironmentEventInput {
  reward: number;
  terminated?: boolean;
  truncated?: boolean;
  stateBefore?: Metadata | null;
  stateAfter?: Metadata | null;
  /** Which environment; default `environment`. */
  systemId?: string;
  metadata?: Metadata;
  /** The caller changes nothing it gave (this object, its metadata) after this call: kept as given, not copied. Default false. */
  unchanging?: boolean;
}

/** Actions the runtime took. */
export interface RuntimeEventInput {
  actions: readonly unknown[];
  /** Default `runtime`. */
  systemId?: string;
  metadata?: Metadata;
}

/** A session message: text, a JSON payload (serialised for you, or given as text), or both. */
export interface MessageInput {
  type: TracedMessageType;
  text?: string | null;
  json?: unknown;
  /** The JSON payload already serialised (taken instead of `json`): for a caller that has the text anyway. */
  jsonText?: string;
  metadata?: Metadata;
  /** The caller changes nothing it gave (this object, its metadata) after this call: kept as given, not copied (`json` is serialised at once all the same). Default false. */
  unchanging?: boolean;
}

/** A reward credited to a recorded event. */
export interface EventRewardInput {
  /** An id returned by `recordLMCall`, `recordEnvironmentEvent` or `recordRuntimeEvent`. */
  eventId: string;
  /** Defaults to the turn the event was recorded in. */
  turnNumber?: number | null;
  rewardValue: number;
  /** e.g. `achievement_delta`, `unique_achievement_delta`, `shaped`, `sparse`, `evaluator`. */
  rewardType: string;
  /** environment, runner, evaluator or human. */
  source?: string | null;
  /** What it is for: an achievement, a rubric criterion. */
  key?: string | null;
  annotation?: Metadata | null;
  /** A message id returned by `recordMessage`, when the reward is for a message. */
  messageId?: string | null;
  /** Default `reward`. */
  objectiveKey?: string;
}

/** The episode's outcome for one objective; recording it again for the same objective replaces it. */
export interface OutcomeRewardInput {
  totalReward: number;
  achievementsCount?: number;
  /** Defaults to the number of turns. */
  totalSteps?: number;
  rewardMetadata?: Metadata;
  annotation?: Metadata | null;
  /** Default `reward`. */
  objectiveKey?: string;
}
