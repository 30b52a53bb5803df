/**
 * Builds a session's tracing-v3 objects from what its tracer recorded. The
 * tracer (tracer.ts) checks each `record*` call and keeps it as a journal
 * entry; the turns, events and messages are made here, in the order they
 * were recorded, when the session is read (`toSessionTrace`): a rollout whose
 * trace nobody reads costs the checks and the journal, not the objects.
 */
import type { LMCallEvent, LMMessage, TracedEvent, TracedMessage, TracedTimeStep } from "../schemas/session-trace.js";
import { isoOf } from "../time/iso-now.js";
import { textOf, toLMMessage, toLMToolCall, type ChatMessageLike } from "./messages.js";
import type { EnvironmentEventInput, LMCallInput, MessageInput, RuntimeEventInput } from "./types.js";

type Metadata = Record<string, unknown>;

/** What a journal entry records. */
export const enum EntryKind {
  StartTurn,
  FinishTurn,
  LMCall,
  Environment,
  Runtime,
  Message,
}

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
 * `input` is the call's input (as given when the caller said it is unchanging, else a copy made
 * when it was recorded) or a turn's metadata copy, and `detail` a turn's number, an LM call's
 * {@link LMCallRecorded} or a message's serialised JSON.
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
        case EntryKind.LMCall:
          this.#lmCall(entry);
          break;
        case EntryKind.Environment:
          this.#environment(entry);
          break;
        case EntryKind.Runtime: {
          const input = entry.input as RuntimeEventInput;
          this.#addEvent({ ...this.#base(entry, input.systemId ?? "runtime", input.metadata), event_type: "runtime", actions: [...input.actions] });
          break;
        }
        case EntryKind.Message:
          this.#message(entry);
          break;
      }
    }
  }

  /** The converted form of a call recorded as unchanging (made now: the session is being read). */
  convert(call: LMCallInput, output: ChatMessageLike | null): ConvertedLMCall {
    return convertLMCall(call, output, this.#toLM);
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

  #time(ms: number) {
    return { event_time: ms / 1000, message_time: this.#open?.turn_number ?? null };
  }

  #base(entry: Entry, systemId: string, metadata: Metadata | undefined, at?: Date) {
    const turn = this.#open?.turn_number ?? null;
    const stepId = this.#open?.step_id ?? null;
    return {
      event_id: entry.id,
      system_instance_id: systemId,
      time_record: this.#time(at ? at.getTime() : entry.ms),
      metadata: metadata === undefined ? { turn, step_id: stepId } : { ...metadata, turn, step_id: stepId },
      event_metadata: null,
    };
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

  /** A copy of a tool definition, made the first time the session sees the object (a change to it after is not recorded). */
  copyTool(tool: object): Record<string, unknown> {
    let copy = this.#tools.get(tool);
    if (!copy) this.#tools.set(tool, (copy = structuredClone(tool) as Record<string, unknown>));
    return copy;
  }

  #lmCall(entry: Entry): void {
    const recorded = entry.detail as LMCallRecorded;
    const { call, usage, latency } = recorded;
    const { input, outputMessage, toolCalls, outputText } = recorded.converted ?? this.convert(call, recorded.output);
    const base = this.#base(entry, call.systemId ?? "policy", call.metadata, call.startedAt);
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
          call_id: entry.id,
          api_type: call.apiType ?? "chat_completions",
          provider: call.provider ?? null,
          model_name: call.model,
          input_messages: input,
          output_messages: outputMessage ? [outputMessage] : [],
          output_text: outputText,
          output_tool_calls: toolCalls,
          ...(call.tools?.length ? { tools: call.tools.map((tool) => this.copyTool(tool)) } : {}),
          usage,
          latency_ms: latency,
          started_at: call.startedAt?.toISOString() ?? null,
          completed_at: call.completedAt?.toISOString() ?? null,
          metadata: { ...call.metadata },
        },
      ],
    };
    this.#addEvent(event);
    // The call's session messages: the last user message sent and the answer (its tool calls, else its text).
    const placed = (id: string, type: TracedMessage["message_type"], text: string | null, json: string | null, metadata: Metadata) =>
      this.#addMessage({ message_id: id, message_type: type, content: { text, json_payload: json }, time_record: this.#time(entry.ms), metadata });
    if (recorded.userId) {
      let user: LMMessage | undefined;
      for (let i = input.length - 1; i >= 0 && !user; i--) if (input[i]!.role === "user") user = input[i];
      const images = user!.parts.filter((p) => p.type !== "text").length;
      placed(recorded.userId, "user", textOf(user!.parts), null, images ? { event_id: entry.id, image_parts: images } : { event_id: entry.id });
    }
    if (recorded.toolUseId) placed(recorded.toolUseId, "tool_use", outputText, JSON.stringify(toolCalls), { event_id: entry.id });
    if (recorded.assistantId) placed(recorded.assistantId, "assistant", outputText, null, { event_id: entry.id });
  }

  #environment(entry: Entry): void {
    const input = entry.input as EnvironmentEventInput;
    const base = this.#base(entry, input.systemId ?? "environment", input.metadata);
    this.#addEvent({
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
    });
  }

  #message(entry: Entry): void {
    const input = entry.input as MessageInput;
    const metadata = { ...input.metadata };
    this.#addMessage({ message_id: entry.id, message_type: input.type, content: { text: input.text ?? null, json_payload: entry.detail as string | null }, time_record: this.#time(entry.ms), metadata });
  }
}
