/**
 * Builds a session's tracing-v3 objects from what its tracer recorded. The
 * tracer (tracer.ts) checks each `record*` call and keeps it as a journal
 * entry. A call whose inputs may change after it (the default) is made into
 * its event or message at once (making it is the copy it needs); one marked
 * `unchanging` (the agent loop's) is kept as given and made here when the
 * session is read (`toSessionTrace`): a rollout whose trace nobody reads
 * costs the checks and the journal, not the objects.
 */
import type { LMCallEvent, LMMessage, TracedEvent, TracedMessage, TracedTimeStep } from "../schemas/session-trace.js";
import { isoOf } from "../time/iso-now.js";
import { textOf, toLMMessage, toLMToolCall, type ChatMessageLike } from "./messages.js";
import type { EnvironmentEventInput, LMCallInput, MessageInput, RuntimeEventInput } from "./types.js";

type Metadata = Record<string, unknown>;

/**
 * What a journal entry records. `LMCall`, `Environment` and `Message` are kept as given and made
 * when read; `MadeEvent` (its `input` the event, its `detail` an LM call's session messages or
 * null) and `MadeMessage` were made when recorded.
 */
export const EntryKind = { StartTurn: 0, FinishTurn: 1, LMCall: 2, Environment: 3, Message: 4, MadeEvent: 5, MadeMessage: 6 } as const;
export type EntryKind = (typeof EntryKind)[keyof typeof EntryKind];

/** Token counts as the trace keeps them. */
export type TracedUsage = {
  input_tokens: number | null;
  output_tokens: number | null;
  total_tokens: number | null;
};

/** An LM call as recorded: what it was given, read (usage, latency) and placed (its messages' ids). */
export interface LMCallRecorded {
  call: LMCallInput;
  output: ChatMessageLike | null;
  usage: TracedUsage;
  latency: number | null;
  /** Ids of the session messages the call records (null: none of that kind). */
  userId: string | null;
  toolUseId: string | null;
  assistantId: string | null;
  /** Converted when recorded (a call that may change after), else null: converted when read. */
  converted: ConvertedLMCall | null;
}

/** A call's messages, answer and tool calls in the trace's shapes. */
export interface ConvertedLMCall {
  input: LMMessage[];
  outputMessage: LMMessage | null;
  toolCalls: ReturnType<typeof toLMToolCall>[];
  outputText: string | null;
}

/**
 * One `record*` call (or a turn's start or end). One class, so every entry has one shape; by kind,
 * `input` is the call's input as given (unchanging), the event or message made, or a turn's
 * metadata copy, and `detail` a turn's number, an LM call's {@link LMCallRecorded}, a message's
 * serialised JSON or a made LM call's messages.
 */
export class Entry {
  constructor(
    readonly kind: EntryKind,
    /** The step, event or message id. */
    readonly id: string,
    /** When it was recorded, in ms. */
    readonly ms: number,
    readonly input: unknown,
    readonly detail: unknown,
  ) {}
}

/** Converts a call's messages, answer and tool calls; `toLM` converts one input message. */
export function convertLMCall(call: LMCallInput, output: ChatMessageLike | null, toLM: (m: ChatMessageLike) => LMMessage = toLMMessage): ConvertedLMCall {
  const input = call.input.map(toLM);
  const outputMessage = output ? toLMMessage(output) : null;
  const toolCalls = [...(output?.tool_calls ?? []), ...(call.toolCalls ?? [])].map(toLMToolCall);
  const outputText = outputMessage ? textOf(outputMessage.parts) : null;
  return { input, outputMessage, toolCalls, outputText };
}

/** Where an event or message was recorded: the open turn's number and step id (null: none open). */
export interface Place {
  turn: number | null;
  stepId: string | null;
}

const timeRecord = (ms: number, place: Place) => ({ event_time: ms / 1000, message_time: place.turn });

function eventBase(id: string, systemId: string, metadata: Metadata | undefined, ms: number, place: Place) {
  return {
    event_id: id,
    system_instance_id: systemId,
    time_record: timeRecord(ms, place),
    metadata: metadata === undefined ? { turn: place.turn, step_id: place.stepId } : { ...metadata, turn: place.turn, step_id: place.stepId },
    event_metadata: null,
  };
}

/** An LM call's event and its session messages (the last user message sent, the answer's tool calls or text). */
export function makeLMCall(id: string, ms: number, recorded: LMCallRecorded, converted: ConvertedLMCall, place: Place, copyTool: (tool: object) => Record<string, unknown>): { event: LMCallEvent; messages: TracedMessage[] } {
  const { call, usage, latency } = recorded;
  const { input, outputMessage, toolCalls, outputText } = converted;
  const base = eventBase(id, call.systemId ?? "policy", call.metadata, call.startedAt ? call.startedAt.getTime() : ms, place);
  // Written out field by field: a literal that spreads another object takes V8's slow path.
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
    cost_usd: call.costUsd ?? null,
    latency_ms: latency === null ? null : Math.max(0, Math.round(latency)),
    span_id: null,
    trace_id: null,
    call_records: [
      {
        call_id: id,
        api_type: call.apiType ?? "chat_completions",
        provider: call.provider ?? null,
        model_name: call.model,
        input_messages: input,
        output_messages: outputMessage ? [outputMessage] : [],
        output_text: outputText,
        output_tool_calls: toolCalls,
        ...(call.tools?.length ? { tools: call.tools.map(copyTool) } : {}),
        usage,
        latency_ms: latency,
        started_at: call.startedAt?.toISOString() ?? null,
        completed_at: call.completedAt?.toISOString() ?? null,
        metadata: { ...call.metadata },
      },
    ],
  };
  const messages: TracedMessage[] = [];
  const placed = (messageId: string, type: TracedMessage["message_type"], text: string | null, json: string | null, metadata: Metadata) =>
    messages.push({ message_id: messageId, message_type: type, content: { text, json_payload: json }, time_record: timeRecord(ms, place), metadata });
  if (recorded.userId) {
    let user: LMMessage | undefined;
    for (let i = input.length - 1; i >= 0 && !user; i--) if (input[i]!.role === "user") user = input[i];
    const images = user!.parts.filter((p) => p.type !== "text").length;
    placed(recorded.userId, "user", textOf(user!.parts), null, images ? { event_id: id, image_parts: images } : { event_id: id });
  }
  if (recorded.toolUseId) placed(recorded.toolUseId, "tool_use", outputText, JSON.stringify(toolCalls), { event_id: id });
  if (recorded.assistantId) placed(recorded.assistantId, "assistant", outputText, null, { event_id: id });
  return { event, messages };
}

/** An environment step's event. */
export function makeEnvironmentEvent(id: string, ms: number, input: EnvironmentEventInput, place: Place): TracedEvent {
  const base = eventBase(id, input.systemId ?? "environment", input.metadata, ms, place);
  return {
    event_id: base.event_id,
    system_instance_id: base.system_instance_id,
    time_record: base.time_record,
    metadata: base.metadata,
    event_metadata: null,
    event_type: "environment",
    reward: input.reward,
    terminated: input.terminated ?? false,
    truncated: input.truncated ?? false,
    system_state_before: input.stateBefore ?? null,
    system_state_after: input.stateAfter ?? null,
  };
}

/** A runtime event (its actions copied). */
export function makeRuntimeEvent(id: string, ms: number, input: RuntimeEventInput, place: Place): TracedEvent {
  return { ...eventBase(id, input.systemId ?? "runtime", input.metadata, ms, place), event_type: "runtime", actions: [...input.actions] };
}

/** A session message (its metadata copied); `json` is its payload, serialised. */
export function makeMessage(id: string, ms: number, input: MessageInput, json: string | null, place: Place): TracedMessage {
  return { message_id: id, message_type: input.type, content: { text: input.text ?? null, json_payload: json }, time_record: timeRecord(ms, place), metadata: { ...input.metadata } };
}

/** A session's turns, events and messages, made from its journal entries in order. */
export class SessionBuild {
  readonly steps: TracedTimeStep[] = [];
  readonly events: TracedEvent[] = [];
  readonly messages: TracedMessage[] = [];
  #open: TracedTimeStep | null = null;
  /**
   * Input messages already converted, by the object given (an agent loop
   * sends its growing conversation with every call: each message is
   * converted once per session), with the fields the conversion read, so an
   * object whose role, content, name or tool_call_id was replaced since is
   * converted again.
   */
  readonly #converted = new WeakMap<object, { role: unknown; content: unknown; name: unknown; id: unknown; message: LMMessage }>();
  /** Tool definitions already copied, by the object given: the same tools go with every call of a session. */
  readonly #tools = new WeakMap<object, Record<string, unknown>>();
  readonly #toLM = (message: ChatMessageLike) => this.#toLMMessage(message);

  /** Adds what `entries` recorded, in order. */
  apply(entries: readonly Entry[]): void {
    for (const entry of entries) {
      switch (entry.kind) {
        case EntryKind.StartTurn:
          this.#startTurn(entry);
          break;
        case EntryKind.FinishTurn:
          if (this.#open) this.#open.completed_at = isoOf(entry.ms);
          this.#open = null;
          break;
        case EntryKind.LMCall: {
          const recorded = entry.detail as LMCallRecorded;
          const { event, messages } = makeLMCall(entry.id, entry.ms, recorded, recorded.converted ?? this.convert(recorded.call, recorded.output), this.#place(), this.copyTool);
          this.#addEvent(event);
          for (const message of messages) this.#addMessage(message);
          break;
        }
        case EntryKind.Environment:
          this.#addEvent(makeEnvironmentEvent(entry.id, entry.ms, entry.input as EnvironmentEventInput, this.#place()));
          break;
        case EntryKind.Message:
          this.#addMessage(makeMessage(entry.id, entry.ms, entry.input as MessageInput, entry.detail as string | null, this.#place()));
          break;
        case EntryKind.MadeEvent:
          this.#addEvent(entry.input as TracedEvent);
          for (const message of (entry.detail as TracedMessage[] | null) ?? []) this.#addMessage(message);
          break;
        case EntryKind.MadeMessage:
          this.#addMessage(entry.input as TracedMessage);
          break;
      }
    }
  }

  /** A call's converted form, its input messages converted once per session. */
  convert(call: LMCallInput, output: ChatMessageLike | null): ConvertedLMCall {
    return convertLMCall(call, output, this.#toLM);
  }

  /** A copy of a tool definition, made the first time the session sees the object (a change to it after is not recorded). */
  readonly copyTool = (tool: object): Record<string, unknown> => {
    let copy = this.#tools.get(tool);
    if (!copy) this.#tools.set(tool, (copy = structuredClone(tool) as Record<string, unknown>));
    return copy;
  };

  #place(): Place {
    return { turn: this.#open?.turn_number ?? null, stepId: this.#open?.step_id ?? null };
  }

  #startTurn(entry: Entry): void {
    const step: TracedTimeStep = {
      step_id: entry.id,
      step_index: this.steps.length,
      turn_number: entry.detail as number,
      timestamp: isoOf(entry.ms),
      completed_at: null,
      events: [],
      markov_blanket_messages: [],
      step_metadata: (entry.input as Metadata | undefined) ?? {},
    };
    this.steps.push(step);
    this.#open = step;
  }

  #addEvent(event: TracedEvent): void {
    this.events.push(event);
    this.#open?.events.push(event);
  }

  #addMessage(message: TracedMessage): void {
    this.messages.push(message);
    this.#open?.markov_blanket_messages.push(message);
  }

  #toLMMessage(message: ChatMessageLike): LMMessage {
    if (typeof message !== "object" || message === null) return toLMMessage(message);
    const seen = this.#converted.get(message);
    if (seen && seen.role === message.role && seen.content === message.content && seen.name === message.name && seen.id === message.tool_call_id) return seen.message;
    const converted = toLMMessage(message);
    this.#converted.set(message, { role: message.role, content: message.content, name: message.name, id: message.tool_call_id, message: converted });
    return converted;
  }
}
