/**
 * The session tracer (synth-ai's `SessionTracer`, tracing v3): one per
 * rollout. Turns group events (LM calls, environment steps, runtime actions)
 * and messages; event rewards point at recorded events by id; the outcome
 * reward closes the episode. `toSessionTrace()` gives a `SessionTraceV3`,
 * what `record.return_trace` returns and what a trace store writes.
 * Creating one allocates a few empty arrays, so an unused tracer costs nothing.
 */
import { createSessionId } from "./session-id.js";
import { validateSessionTrace } from "../../generated/rollout-validate.js";
import {
  SessionTraceV3,
  type LMCallEvent,
  type LMMessage,
  type TracedEvent,
  type TracedEventReward,
  type TracedMessage,
  type TracedOutcomeReward,
  type TracedTimeStep,
} from "../schemas/session-trace.js";
import { textOf, toLMMessage, toLMToolCall, type ChatMessageLike } from "./messages.js";
import type {
  EnvironmentEventInput,
  EventRewardInput,
  LMCallInput,
  MessageInput,
  OutcomeRewardInput,
  RuntimeEventInput,
  SessionTracerOptions,
  StartTurnOptions,
  UsageLike,
} from "./types.js";

/** Records one rollout's session. Every `record*` of an event returns its id, which `recordEventReward` takes. */
export interface SessionTracer {
  readonly sessionId: string;
  /** Session metadata; add to it freely (it is stored with the session). */
  readonly metadata: Record<string, unknown>;
  /** Turn number of the open turn, or null. */
  readonly currentTurn: number | null;
  /** True until something is recorded. */
  readonly isEmpty: boolean;
  /** Opens a turn (finishing the open one) and returns its step id. */
  startTurn(options?: StartTurnOptions): string;
  /** Finishes the open turn; does nothing when none is open. */
  finishTurn(): void;
  /** Records a model call (an LM event); returns its event id. */
  recordLMCall(call: LMCallInput): string;
  /** Records an environment step; returns its event id. */
  recordEnvironmentEvent(event: EnvironmentEventInput): string;
  /** Records runtime actions; returns its event id. */
  recordRuntimeEvent(event: RuntimeEventInput): string;
  /** Records a message of the open turn (or of the session); returns its message id. */
  recordMessage(message: MessageInput): string;
  /** Credits a reward to a recorded event. Throws on an unknown event id or a non-finite value. */
  recordEventReward(reward: EventRewardInput): TracedEventReward;
  /** Records the outcome of the episode for an objective (default `reward`). */
  recordOutcomeReward(outcome: OutcomeRewardInput): TracedOutcomeReward;
  /** The session recorded so far, validated. */
  toSessionTrace(): SessionTraceV3;
  /**
   * The same snapshot, not yet validated: for a consumer that validates it
   * itself (a SQLite trace store checks it on its writer thread, off the
   * serving thread). Typed as what it becomes once checked.
   */
  toUncheckedSessionTrace?(): SessionTraceV3;
}

/** Creates the tracer of one session. */
export function createSessionTracer(options: SessionTracerOptions = {}): SessionTracer {
  return new Tracer(options);
}

function finite(value: number, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`${what} must be a finite number, got ${String(value)}`);
  return value;
}

function count(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null;
}

function readUsage(usage: UsageLike | null | undefined) {
  if (!usage) return { input_tokens: null, output_tokens: null, total_tokens: null };
  const u = usage as Record<string, number | null | undefined>;
  const input = count(u.inputTokens ?? u.prompt_tokens);
  const output = count(u.outputTokens ?? u.completion_tokens);
  const total = count(u.totalTokens ?? u.total_tokens) ?? (input !== null && output !== null ? input + output : null);
  return { input_tokens: input, output_tokens: output, total_tokens: total };
}

/** The session messages an LM call records (null: not recorded), placed when the call is. */
interface LMCallMessages {
  user: TracedMessage | null;
  toolUse: TracedMessage | null;
  assistant: TracedMessage | null;
}

/** An LM call recorded, its call record still to be made from what it was given. */
interface PendingLMCall {
  event: LMCallEvent;
  call: LMCallInput;
  output: ChatMessageLike | null;
  usage: ReturnType<typeof readUsage>;
  latency: number | null;
  messages: LMCallMessages;
}

/** A call's messages, answer and tool calls in the trace's shapes. */
interface ConvertedLMCall {
  input: LMMessage[];
  outputMessage: LMMessage | null;
  toolCalls: ReturnType<typeof toLMToolCall>[];
  outputText: string | null;
}

const isUserMessage = (m: ChatMessageLike) => typeof m === "object" && m !== null && m.role === "user";

/** Whether a message's content has a text part (what makes `textOf` of its parts not null). */
function hasText(content: ChatMessageLike["content"]): boolean {
  if (content === null || content === undefined) return false;
  if (typeof content === "string") return true;
  return (Array.isArray(content) ? content : [content]).some((p) => p?.type === "text");
}

class Tracer implements SessionTracer {
  readonly sessionId: string;
  readonly metadata: Record<string, unknown>;
  readonly #now: () => Date;
  /** The clock in ms: Date.now() unless a clock was given (no Date made for a time kept as a number). */
  readonly #nowMs: () => number;
  readonly #createdAt: string;
  readonly #steps: TracedTimeStep[] = [];
  readonly #stepIds = new Set<string>();
  readonly #events: TracedEvent[] = [];
  readonly #messages: TracedMessage[] = [];
  readonly #eventTurns = new Map<string, number | null>();
  readonly #eventRewards: TracedEventReward[] = [];
  readonly #outcomes: TracedOutcomeReward[] = [];
  #open: TracedTimeStep | null = null;
  #counter = 0;
  /** LM calls recorded as unchanging whose call records are still to be made (see LMCallInput.unchanging). */
  readonly #pending: PendingLMCall[] = [];
  /**
   * Input messages already converted, by the object given (an agent loop
   * sends its growing conversation with every call: each message is
   * converted once per session), with the fields the conversion read, so an
   * object whose role, content, name or tool_call_id was replaced since is
   * converted again.
   */
  readonly #converted = new WeakMap<object, { role: unknown; content: unknown; name: unknown; id: unknown; message: LMMessage }>();
  /** Tool definitions already copied, by the object given: the same tools go with every call of a session, and each is copied the first time the session sees it (a change to that object after is not recorded). */
  readonly #tools = new WeakMap<object, Record<string, unknown>>();

  constructor(options: SessionTracerOptions) {
    this.#now = options.now ?? (() => new Date());
    const now = options.now;
    this.#nowMs = now ? () => now().getTime() : Date.now;
    this.sessionId = options.sessionId ?? createSessionId(this.#now().getTime());
    this.metadata = { ...options.metadata };
    this.#createdAt = this.#now().toISOString();
  }

  get currentTurn(): number | null {
    return this.#open?.turn_number ?? null;
  }
  get isEmpty(): boolean {
    return this.#steps.length + this.#events.length + this.#messages.length + this.#eventRewards.length + this.#outcomes.length === 0;
  }

  startTurn(options: StartTurnOptions = {}): string {
    const turn = options.turnNumber ?? this.#steps.length;
    if (!Number.isInteger(turn) || turn < 0) throw new Error(`turn number must be a non-negative integer, got ${turn}`);
    const stepId = options.stepId ?? `turn_${turn}`;
    if (this.#stepIds.has(stepId)) throw new Error(`step id "${stepId}" is already used in this session`);
    this.finishTurn();
    const step: TracedTimeStep = {
      step_id: stepId,
      step_index: this.#steps.length,
      turn_number: turn,
      timestamp: this.#now().toISOString(),
      completed_at: null,
      events: [],
      markov_blanket_messages: [],
      step_metadata: options.metadata === undefined ? {} : { ...options.metadata },
    };
    this.#steps.push(step);
    this.#stepIds.add(stepId);
    this.#open = step;
    return stepId;
  }

  finishTurn(): void {
    if (!this.#open) return;
    this.#open.completed_at = this.#now().toISOString();
    this.#open = null;
  }

  #nextId(): string {
    return `${this.sessionId}:${++this.#counter}`;
  }
  #time(at?: Date) {
    return { event_time: (at ? at.getTime() : this.#nowMs()) / 1000, message_time: this.currentTurn };
  }
  #base(systemId: string, metadata: Record<string, unknown> | undefined, at?: Date) {
    const event_id = this.#nextId();
    const turn = this.currentTurn;
    const stepId = this.#open?.step_id ?? null;
    return { event_id, system_instance_id: systemId, time_record: this.#time(at), metadata: metadata === undefined ? { turn, step_id: stepId } : { ...metadata, turn, step_id: stepId }, event_metadata: null };
  }
  #addEvent(event: TracedEvent): string {
    this.#events.push(event);
    this.#open?.events.push(event);
    this.#eventTurns.set(event.event_id, this.currentTurn);
    return event.event_id;
  }

  #toLMMessage(message: ChatMessageLike): LMMessage {
    if (typeof message !== "object" || message === null) return toLMMessage(message);
    const seen = this.#converted.get(message);
    if (seen && seen.role === message.role && seen.content === message.content && seen.name === message.name && seen.id === message.tool_call_id) return seen.message;
    const converted = toLMMessage(message);
    this.#converted.set(message, { role: message.role, content: message.content, name: message.name, id: message.tool_call_id, message: converted });
    return converted;
  }

  #copyTool(tool: object): Record<string, unknown> {
    let copy = this.#tools.get(tool);
    if (!copy) this.#tools.set(tool, (copy = structuredClone(tool) as Record<string, unknown>));
    return copy;
  }

  recordLMCall(call: LMCallInput): string {
    const output = typeof call.output === "string" ? { role: "assistant", content: call.output } : (call.output ?? null);
    // Converted first unless the call may wait: a call whose messages cannot be converted records nothing.
    const converted = call.unchanging ? null : this.#convertLMCall(call, output);
    const usage = readUsage(call.usage);
    const latency = call.latencyMs ?? (call.startedAt && call.completedAt ? call.completedAt.getTime() - call.startedAt.getTime() : null);
    const base = this.#base(call.systemId ?? "policy", call.metadata, call.startedAt);
    // Written out field by field: a literal that spreads another object takes V8's slow path (microseconds an event).
    const event: LMCallEvent = {
      event_id: base.event_id,
      system_instance_id: base.system_instance_id,
      time_record: base.time_record,
      metadata: base.metadata,
      event_metadata: null,
      event_type: "cais",
      model_name: call.model,
      provider: call.provider ?? null,
      input_tokens: usage.input_tokens,
      output_tokens: usage.output_tokens,
      total_tokens: usage.total_tokens,
      cost_usd: call.costUsd === undefined || call.costUsd === null ? null : finite(call.costUsd, "costUsd"),
      latency_ms: latency === null ? null : Math.max(0, Math.round(finite(latency, "latencyMs"))),
      span_id: null,
      trace_id: null,
      call_records: [],
    };
    const id = this.#addEvent(event);
    const messages: LMCallMessages = { user: null, toolUse: null, assistant: null };
    if (call.recordMessages !== false) {
      // The messages' places and ids are taken now; what they say is filled in with the call record.
      if (call.input.some(isUserMessage)) messages.user = this.#placeMessage("user", id);
      if ((output?.tool_calls?.length ?? 0) + (call.toolCalls?.length ?? 0) > 0) messages.toolUse = this.#placeMessage("tool_use", id);
      else if (output && hasText(output.content)) messages.assistant = this.#placeMessage("assistant", id);
    }
    const pending: PendingLMCall = { event, call, output, usage, latency, messages };
    if (converted) this.#completeLMCall(pending, converted);
    else this.#pending.push(pending);
    return id;
  }

  /** A session message recorded now, its content still to come. */
  #placeMessage(type: TracedMessage["message_type"], eventId: string): TracedMessage {
    const traced: TracedMessage = {
      message_id: this.#nextId(),
      message_type: type,
      content: { text: null, json_payload: null },
      time_record: this.#time(),
      metadata: { event_id: eventId },
    };
    this.#messages.push(traced);
    this.#open?.markov_blanket_messages.push(traced);
    return traced;
  }

  /** A call's messages, answer and tool calls in the trace's shapes. */
  #convertLMCall(call: LMCallInput, output: ChatMessageLike | null): ConvertedLMCall {
    const input = call.input.map((m) => this.#toLMMessage(m));
    const outputMessage = output ? toLMMessage(output) : null;
    const toolCalls = [...(output?.tool_calls ?? []), ...(call.toolCalls ?? [])].map(toLMToolCall);
    const outputText = outputMessage ? textOf(outputMessage.parts) : null;
    return { input, outputMessage, toolCalls, outputText };
  }

  /** Makes a recorded call's call record from its converted messages and tools, and fills its session messages. */
  #completeLMCall({ event, call, usage, latency, messages }: PendingLMCall, { input, outputMessage, toolCalls, outputText }: ConvertedLMCall): void {
    event.call_records.push({
      call_id: event.event_id,
      api_type: call.apiType ?? "chat_completions",
      provider: call.provider ?? null,
      model_name: call.model,
      input_messages: input,
      output_messages: outputMessage ? [outputMessage] : [],
      output_text: outputText,
      output_tool_calls: toolCalls,
      ...(call.tools?.length ? { tools: call.tools.map((tool) => this.#copyTool(tool)) } : {}),
      usage,
      latency_ms: latency,
      started_at: call.startedAt?.toISOString() ?? null,
      completed_at: call.completedAt?.toISOString() ?? null,
      metadata: { ...call.metadata },
    });
    if (messages.user) {
      let user: LMMessage | undefined;
      for (let i = input.length - 1; i >= 0 && !user; i--) if (input[i]!.role === "user") user = input[i];
      const images = user!.parts.filter((p) => p.type !== "text").length;
      messages.user.content.text = textOf(user!.parts);
      if (images) messages.user.metadata = { event_id: event.event_id, image_parts: images };
    }
    if (messages.toolUse) {
      messages.toolUse.content.text = outputText;
      messages.toolUse.content.json_payload = JSON.stringify(toolCalls);
    }
    if (messages.assistant) messages.assistant.content.text = outputText;
  }

  /** Every call recorded as unchanging, converted now (the session is being read). */
  #completePending(): void {
    for (const pending of this.#pending) this.#completeLMCall(pending, this.#convertLMCall(pending.call, pending.output));
    this.#pending.length = 0;
  }

  recordEnvironmentEvent(event: EnvironmentEventInput): string {
    const base = this.#base(event.systemId ?? "environment", event.metadata);
    return this.#addEvent({
      event_id: base.event_id,
      system_instance_id: base.system_instance_id,
      time_record: base.time_record,
      metadata: base.metadata,
      event_metadata: null,
      event_type: "environment",
      reward: finite(event.reward, "reward"),
      terminated: event.terminated ?? false,
      truncated: event.truncated ?? false,
      system_state_before: event.stateBefore ?? null,
      system_state_after: event.stateAfter ?? null,
    });
  }

  recordRuntimeEvent(event: RuntimeEventInput): string {
    return this.#addEvent({ ...this.#base(event.systemId ?? "runtime", event.metadata), event_type: "runtime", actions: [...event.actions] });
  }

  recordMessage(message: MessageInput): string {
    const json = message.json === undefined ? null : JSON.stringify(message.json);
    const traced: TracedMessage = {
      message_id: this.#nextId(),
      message_type: message.type,
      content: { text: message.text ?? null, json_payload: json ?? null },
      time_record: this.#time(),
      metadata: { ...message.metadata },
    };
    this.#messages.push(traced);
    this.#open?.markov_blanket_messages.push(traced);
    return traced.message_id;
  }

  recordEventReward(reward: EventRewardInput): TracedEventReward {
    if (!this.#eventTurns.has(reward.eventId)) {
      throw new Error(`unknown event id "${reward.eventId}": pass an id returned by recordLMCall, recordEnvironmentEvent or recordRuntimeEvent of this session`);
    }
    if (!reward.rewardType) throw new Error("an event reward needs a rewardType");
    const turn = reward.turnNumber === undefined ? (this.#eventTurns.get(reward.eventId) ?? null) : reward.turnNumber;
    const traced: TracedEventReward = {
      event_id: reward.eventId,
      turn_number: turn,
      reward_value: finite(reward.rewardValue, "rewardValue"),
      reward_type: reward.rewardType,
      key: reward.key ?? null,
      annotation: reward.annotation ?? null,
      source: reward.source ?? null,
      message_id: reward.messageId ?? null,
      objective_key: reward.objectiveKey ?? "reward",
      created_at: this.#now().toISOString(),
    };
    this.#eventRewards.push(traced);
    return traced;
  }

  recordOutcomeReward(outcome: OutcomeRewardInput): TracedOutcomeReward {
    const objective = outcome.objectiveKey ?? "reward";
    const traced: TracedOutcomeReward = {
      objective_key: objective,
      total_reward: finite(outcome.totalReward, "totalReward"),
      achievements_count: Math.max(0, Math.round(outcome.achievementsCount ?? 0)),
      total_steps: Math.max(0, Math.round(outcome.totalSteps ?? this.#steps.length)),
      reward_metadata: { ...outcome.rewardMetadata },
      annotation: outcome.annotation ?? null,
      created_at: this.#now().toISOString(),
    };
    const index = this.#outcomes.findIndex((o) => o.objective_key === objective);
    if (index >= 0) this.#outcomes[index] = traced;
    else this.#outcomes.push(traced);
    return traced;
  }

  toUncheckedSessionTrace(): SessionTraceV3 {
    this.#completePending();
    // A snapshot: turns still open may grow, the session handed out does not.
    const steps = this.#steps.map((s) => ({ ...s, events: [...s.events], markov_blanket_messages: [...s.markov_blanket_messages] }));
    const session = {
      session_id: this.sessionId,
      created_at: this.#createdAt,
      metadata: this.metadata,
      session_time_steps: steps,
      event_history: [...this.#events],
      markov_blanket_message_history: [...this.#messages],
      session_metadata: [],
      event_rewards: [...this.#eventRewards],
      outcome_rewards: [...this.#outcomes],
    };
    return session as SessionTraceV3;
  }

  toSessionTrace(): SessionTraceV3 {
    const session = this.toUncheckedSessionTrace();
    // Checked in place by the compiled validator (defaults filled, unknown keys dropped, as Zod's parse
    // would in a copy, at a fraction of its cost); Zod has the last word on what it refuses.
    try {
      if (validateSessionTrace(session)) return session as SessionTraceV3;
    } catch {
      // a value the compiled code cannot complete in place: Zod's copy below
    }
    return SessionTraceV3.parse(session);
  }
}
